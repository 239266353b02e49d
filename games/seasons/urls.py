from django.urls import path

from . import views

app_name = "seasons"

urlpatterns = [
    path("", views.season_list, name="list"),
    path("new/", views.season_new, name="new"),
    path("<int:pk>/", views.season_detail, name="detail"),
    path("<int:pk>/edit/", views.season_edit, name="edit"),
    path("<int:pk>/export/", views.season_export, name="export"),
    path("<int:pk>/championship/", views.season_championship, name="championship"),
]
