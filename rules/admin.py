"""The archive in the admin: reading is free, writes go through the services (precedents and
disputes are read-only here; the rulebook is loaded from the engines)."""

from django.contrib import admin

from .models import Dispute, InterpretationPoint, Precedent, PrecedentCitation, ReadingFix, RulebookEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RulebookEntry)
class RulebookEntryAdmin(ReadOnlyAdmin):
    list_display = ["key", "game", "kind", "title", "title_ru"]
    list_filter = ["game", "kind"]
    search_fields = ["key", "title", "title_ru", "text_ru", "summary_en"]


@admin.register(InterpretationPoint)
class InterpretationPointAdmin(ReadOnlyAdmin):
    list_display = ["point_id", "game", "default"]
    list_filter = ["game"]
    search_fields = ["point_id", "question"]


class ReadingFixInline(admin.TabularInline):
    model = ReadingFix
    extra = 0
    readonly_fields = ["point", "reading"]


class CitationInline(admin.TabularInline):
    model = PrecedentCitation
    fk_name = "citing"
    extra = 0
    readonly_fields = ["cited", "treatment"]


@admin.register(Precedent)
class PrecedentAdmin(ReadOnlyAdmin):
    list_display = ["permanent_id", "title", "status", "ruled_on", "effective_from", "founding"]
    list_filter = ["status", "founding", "ruled_by_kind"]
    search_fields = ["permanent_id", "title", "question", "ruling"]
    list_select_related = ["ruled_by"]
    inlines = [ReadingFixInline, CitationInline]


@admin.register(Dispute)
class DisputeAdmin(ReadOnlyAdmin):
    list_display = ["id", "deal_ref", "raised_by", "status", "raised_at"]
    list_filter = ["status"]
    list_select_related = ["raised_by"]
