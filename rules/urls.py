from django.urls import path

from . import feeds, views

app_name = "rules"

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search_page, name="search"),
    path("in-force/", views.readings_page, name="readings"),
    path("points/", views.point_list, name="point_list"),
    path("points/<str:point_id>/", views.point_detail, name="point_detail"),
    path("precedents/", views.precedent_list, name="precedent_list"),
    path("precedents/feed/", feeds.RulingsFeed(), name="feed"),
    path("precedents/new/", views.precedent_new, name="precedent_new"),
    path("precedents/follow/", views.follow, name="follow"),
    path("precedents/followed/", views.followed_list, name="followed_list"),
    path("precedents/followed/unsubscribe/<str:token>/", views.followed_unsubscribe, name="followed_unsubscribe"),
    path("precedents/followed/<str:token>/", views.followed_detail, name="followed_detail"),
    path("precedents/followed/<str:token>/feed/", feeds.FollowedSearchFeed(), name="followed_feed"),
    path("precedents/followed/<str:token>/delete/", views.followed_delete, name="followed_delete"),
    path("precedents/followed/<str:token>/digest/", views.followed_digest, name="followed_digest"),
    path("precedents/<str:permanent_id>/", views.precedent_detail, name="precedent_detail"),
    path("precedents/<str:permanent_id>/graph/", views.precedent_graph_page, name="precedent_graph"),
    path("precedents/<str:permanent_id>/transition/", views.precedent_transition, name="precedent_transition"),
    path("disputes/", views.dispute_list, name="dispute_list"),
    path("disputes/new/", views.dispute_new, name="dispute_new"),
    path("disputes/<int:pk>/", views.dispute_detail, name="dispute_detail"),
    path("disputes/<int:pk>/<str:what>/", views.dispute_act, name="dispute_act"),
    path("<str:key>/", views.entry_detail, name="entry_detail"),
]
