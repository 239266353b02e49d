"""The copies of a member's name that the tables keep, rewritten when he is anonymised
(registered with :mod:`club.erasure` in :class:`games.tables.apps.TablesConfig`): a dice match's
record names its players (the engine replays it by those names, so every one of them is
rewritten alike), a casino hand's record, the Draker turns of his games and every Draker game's
note, with their history."""

from __future__ import annotations

from django.db.models import Q

from club import erasure

from .models import CasinoHand, DiceMatch, DrakerGame, DrakerTurn


def scrub(former: erasure.FormerMember) -> None:
    member = former.member_id
    erasure.rewrite(DiceMatch.objects.filter(Q(first_id=member) | Q(second_id=member)),
                    ["document", "entries"], former)
    erasure.rewrite(CasinoHand.objects.filter(player_id=member), ["document", "odds"], former)
    played = DrakerGame.objects.filter(players__member_id=member).values("pk")
    erasure.rewrite(DrakerTurn.objects.filter(game__in=played), ["declared", "score", "balance"], former)
    erasure.rewrite(DrakerGame.objects.all(), ["note"], former)
