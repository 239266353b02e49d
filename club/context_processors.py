from django.conf import settings


def club(request):
    member = getattr(request.user, "member", None) if request.user.is_authenticated else None
    return {"club_name": settings.CLUB_NAME, "current_member": member, "open_signup": settings.OPEN_SIGNUP}
