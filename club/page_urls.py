from django.urls import path

from . import views

app_name = "club"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("members/", views.member_list, name="member_list"),
    path("members/<int:pk>/", views.member_detail, name="member_detail"),
    path("members/<int:pk>/anonymise/", views.member_anonymise, name="member_anonymise"),
    path("dimensions/", views.dimension_list, name="dimension_list"),
    path("dimensions/<slug:slug>/", views.dimension_detail, name="dimension_detail"),
    path("venues/<slug:slug>/", views.venue_detail, name="venue_detail"),
    path("sessions/", views.session_list, name="session_list"),
    path("sessions/<int:pk>/", views.session_detail, name="session_detail"),
    path("sessions/<int:pk>/rsvp/", views.session_rsvp, name="session_rsvp"),
    path("sessions/<int:pk>/transition/", views.session_transition, name="session_transition"),
    path("sessions/<int:pk>/seating/", views.session_seating, name="session_seating"),
    path("sessions/<int:pk>/checkin/", views.session_checkin, name="session_checkin"),
    path("invitations/new/", views.invitation_create, name="invitation_create"),
    path("invitations/import/", views.member_import, name="member_import"),
    path("invitations/<str:token>/", views.invitation_open, name="invitation_open"),
    path("profile/", views.profile_edit, name="profile_edit"),
    path("profile/calendar/reset/", views.calendar_reset, name="calendar_reset"),
    path("profile/mails/", views.mail_preferences, name="mail_preferences"),
    path("profile/my-data.zip", views.member_data, name="member_data"),
    path("calendar/sessions.ics", views.calendar_public, name="calendar_public"),
    path("calendar/member/<str:token>.ics", views.calendar_member, name="calendar_member"),
    path("mails/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("sessions/new/", views.session_create, name="session_create"),
    path("audit/", views.audit, name="audit"),
    path("audit/<slug:kind>/<int:pk>/", views.audit, name="audit_object"),
]
