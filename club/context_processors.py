from django.conf import settings


def club(request):
    member = getattr(request.user, "member", None) if request.user.is_authenticated else None
    return {"club_name": settings.CLUB_NAME, "current_member": member, "open_signup": settings.OPEN_SIGNUP,
            "club_api_version": settings.CLUB_API_VERSION,
            # The offline script's words (a member's pages only: only members record taps).
            "offline_words": _words_of(member) if member is not None else None}


def _words_of(member) -> dict:
    from games.presenters import offline_words

    # Whose taps a phone sends: a phone shared by two members sends each one's only in his name.
    # The words themselves are kept per language by the presenter.
    return {**offline_words(), "me": member.pk}
