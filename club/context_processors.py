"""What every page's template knows: the club, the member signed in, and what the apps above the
club add for him (the games: the words of the offline script). An app adds its part by
registering it (:func:`register_member_context`) from its ``AppConfig.ready()``: the club does
not import the apps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings

from .models import Member

# A part of every page's context: the member signed in -> its value.
MemberPart = Callable[[Member], Any]

_MEMBER_PARTS: dict[str, MemberPart] = {}


def register_member_context(name: str, part: MemberPart) -> None:
    """Every page's context has ``name``: ``part(member)`` for a member's pages, None on the others."""
    _MEMBER_PARTS[name] = part


def club(request):
    member = getattr(request.user, "member", None) if request.user.is_authenticated else None
    return {"club_name": settings.CLUB_NAME, "current_member": member, "open_signup": settings.OPEN_SIGNUP,
            "club_api_version": settings.CLUB_API_VERSION,
            **{name: part(member) if member is not None else None for name, part in _MEMBER_PARTS.items()}}
