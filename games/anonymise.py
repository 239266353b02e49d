"""The copies of a member's name that the games app keeps, rewritten when he is anonymised
(registered with :mod:`club.erasure` in :class:`games.apps.GamesConfig`): the results of the
games he sat at (their documents, judgements, advice and corrections, and their history), the
answers kept for replayed taps (a refusal names the player), the versions of a dealing set
aside, and the notes typed on any result."""

from __future__ import annotations

from club import erasure

from .models import ActionReceipt, Game, Result, SetAside


def scrub(former: erasure.FormerMember) -> None:
    games = Game.objects.filter(players__member_id=former.member_id).values("pk")
    erasure.rewrite(Game.objects.filter(pk__in=games), ["croupier_calls"], former)
    erasure.rewrite(Result.objects.filter(deal__game__in=games),
                    ["chips", "judgement", "document", "advice", "correction"], former)
    erasure.rewrite(Result.objects.all(), ["note"], former)
    erasure.rewrite(ActionReceipt.objects.filter(deal__game__in=games), ["body"], former, history=False)
    erasure.rewrite(SetAside.objects.filter(deal__game__in=games), ["actions"], former, history=False)
