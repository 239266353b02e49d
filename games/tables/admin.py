"""Read-only admin views of the tables: hands and matches change only through the services, so
the admin shows them without editing. Their chip postings are rows of the club's ledger
(``games.models.LedgerEntry``, in the games admin)."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import CasinoHand, DiceMatch, DrakerGame, DrakerPlayer, DrakerTurn


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(CasinoHand)
class CasinoHandAdmin(ReadOnly):
    list_display = ["pk", "player", "session", "stake", "phase", "minute", "net", "started_at"]
    list_filter = ["phase"]
    list_select_related = ["player", "session__venue"]
    search_fields = ["player__display_name", "seed"]


@admin.register(DiceMatch)
class DiceMatchAdmin(ReadOnly):
    list_display = ["pk", "first", "second", "mode", "phase", "pool", "winner", "created_by", "invitee",
                    "created_at"]
    list_filter = ["mode", "phase"]
    list_select_related = ["first", "second", "winner", "created_by", "invitee"]



class DrakerPlayerInline(admin.TabularInline):
    model = DrakerPlayer
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class DrakerTurnInline(DrakerPlayerInline):
    model = DrakerTurn


@admin.register(DrakerGame)
class DrakerGameAdmin(ReadOnly, SimpleHistoryAdmin):
    """Recorded and confirmed through the services only; the admin shows them and their history."""

    list_display = ["pk", "played_at", "status", "session", "entered_by", "confirmed_by"]
    list_filter = ["status"]
    list_select_related = ["session", "entered_by", "confirmed_by"]
    inlines = [DrakerPlayerInline, DrakerTurnInline]
