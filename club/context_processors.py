from functools import cache

from django.conf import settings
from django.utils import translation


def club(request):
    member = getattr(request.user, "member", None) if request.user.is_authenticated else None
    return {"club_name": settings.CLUB_NAME, "current_member": member, "open_signup": settings.OPEN_SIGNUP,
            "club_api_version": settings.CLUB_API_VERSION,
            # The offline script's words (a member's pages only: only members record taps).
            "offline_words": _words_of(member) if member is not None else None}


@cache
def _offline_words_in(language: str | None) -> dict:
    # The words depend on the code and the language alone: translated once per language and process.
    from games.presenters import offline_words

    return offline_words()


def _words_of(member) -> dict:
    # Whose taps a phone sends: a phone shared by two members sends each one's only in his name.
    return {**_offline_words_in(translation.get_language()), "me": member.pk}
