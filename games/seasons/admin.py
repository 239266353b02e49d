from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Season


@admin.register(Season)
class SeasonAdmin(SimpleHistoryAdmin):
    list_display = ("name", "start_date", "end_date", "min_evenings", "best_of", "championship_size")
    readonly_fields = ("championship", "created_by", "created_at")
