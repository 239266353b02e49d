"""The admin shows what was played; changes go through the services, so it is read-mostly."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Bet, Claim, Deal, DealtCard, Game, GamePlayer, LedgerEntry, Result


class GamePlayerInline(admin.TabularInline):
    model = GamePlayer
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "status", "min_stake", "max_stake", "started_at"]
    list_filter = ["status", "kind"]
    list_select_related = ["session"]
    inlines = [GamePlayerInline]


class DealtCardInline(admin.TabularInline):
    model = DealtCard
    extra = 0
    can_delete = False


@admin.register(Deal)
class DealAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "mode", "seed", "started_at"]
    list_filter = ["mode"]
    list_select_related = ["game__session"]
    inlines = [DealtCardInline]


@admin.register(Result)
class ResultAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "status", "kind", "pot", "submitted_by", "confirmed_by"]
    list_filter = ["status", "kind"]
    list_select_related = ["deal__game__session", "submitted_by", "confirmed_by"]
    readonly_fields = [f.name for f in Result._meta.fields]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(SimpleHistoryAdmin):
    list_display = ["posting", "account", "member", "kind", "amount", "deal", "casino_hand", "dice_match",
                    "created_at"]
    list_filter = ["account", "kind"]
    list_select_related = ["member", "deal", "casino_hand", "dice_match"]
    readonly_fields = [f.name for f in LedgerEntry._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False  # corrections reverse and re-post; a row is never edited


admin.site.register(Bet, SimpleHistoryAdmin)
admin.site.register(Claim, SimpleHistoryAdmin)
