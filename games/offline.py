"""What every page of a member carries for recording taps without a network: the offline script's
words (:func:`games.presenters.offline_words`) and whose taps the phone sends. Added to every
page's context (:func:`club.context_processors.register_member_context`) by
:meth:`games.apps.GamesConfig.ready`."""

from __future__ import annotations

from club.models import Member

from .presenters import offline_words


def offline_words_for(member: Member) -> dict:
    # Whose taps a phone sends: a phone shared by two members sends each one's only in his name.
    # The words themselves are kept per language by the presenter.
    return {**offline_words(), "me": member.pk}
