"""A sitting read once: everything the engine and the deal page need to know about one deal.

:func:`sitting_for` reads a deal's Game (players, the deals up to this one with their cards, bets,
claims and results), the readings the binding precedents put in force on the sitting's date, and
the previous Game's document when one of those readings looks back at it, in a fixed number of
queries. The :class:`Sitting` it returns is handed down to the service that records a card, to
the step API, the provisional judgement and the page; nothing below it reads the database again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, prefetch_related_objects

from rules.judging import sitting_date
from rules.selectors import readings_in_force

from . import engine
from .models import Bet, Claim, Deal, DealtCard, Game, GamePlayer, Result


@dataclass(frozen=True)
class Sitting:
    """One deal in its sitting, as read once. ``document`` is the sitting document up to and
    including ``deal`` (without ``previous_game``, which stands apart in ``previous_game``);
    ``in_force`` and ``applied`` are the readings the binding precedents put in force on the
    sitting's date and the precedents behind them; ``readings`` are those the judge uses (the
    points the engine knows, the Game's own readings over them)."""

    deal: Deal
    game: Game
    players: tuple[GamePlayer, ...]        # clockwise from North
    cards: tuple[DealtCard, ...]           # the deal's recorded cards, in dealing order
    results: tuple[Result, ...]            # the deal's results, newest version first
    document: Mapping[str, Any]
    in_force: Mapping[str, str]
    applied: tuple
    readings: Mapping[str, str]
    previous_game: Mapping[str, Any] | None = None

    @property
    def recorded(self) -> tuple[str, ...]:
        return tuple(c.card for c in self.cards)

    @property
    def live(self) -> Result | None:
        """The version that counts: the confirmed one, else the draft waiting for confirmation."""
        rows = [r for r in self.results if r.status in Result.LIVE]
        confirmed = [r for r in rows if r.status == Result.Status.CONFIRMED]
        return (confirmed or rows or [None])[0]

    @property
    def judged_document(self) -> dict:
        """The document as the judge and the provisional judgement read it: with the previous
        Game at the table when the readings in use look back at it."""
        doc = dict(self.document)
        if self.previous_game is not None:
            doc["previous_game"] = self.previous_game
        return doc

    @property
    def precedents(self) -> tuple[dict[str, str], list]:
        """``readings_in_force``'s answer, as ``rules.judging.judge_with_precedents`` takes it."""
        return dict(self.in_force), list(self.applied)

    def with_card(self, row: DealtCard) -> Sitting:
        """This sitting once ``row`` is recorded (no query: the row was just written)."""
        deals = list(self.document["deals"])
        last = dict(deals[-1])
        last["cards"] = [*last.get("cards", []), row.card]
        deals[-1] = last
        return dataclasses.replace(self, cards=(*self.cards, row), document={**self.document, "deals": deals})


def _cache(deal: Deal, name: str, model) -> None:
    """Mark ``deal``'s ``name`` rows as read and empty (the deals query said there are none)."""
    empty = model.objects.none()
    empty._result_cache = []
    cache = getattr(deal, "_prefetched_objects_cache", None)
    if cache is None:
        cache = deal._prefetched_objects_cache = {}
    cache[name] = empty


_CARD_FIELDS = tuple(f.attname for f in DealtCard._meta.concrete_fields)


def _cards_of(recorded: list[Deal], pk: int) -> dict[int, list[str]]:
    """The cards of the ``recorded`` deals in dealing order (deal id -> cards), in one query. Only
    deal ``pk`` gets its rows (its ``cards``, as a prefetch would leave them): the page shows where
    each of its cards lies, while the earlier deals are only their cards in the sitting document
    (a row each for every earlier card of the sitting was most of the time a tap took here)."""
    if not recorded:
        return {}
    by_deal: dict[int, list[str]] = {d.pk: [] for d in recorded}
    this = next((d for d in recorded if d.pk == pk), None)
    rows = []
    db = DealtCard.objects.db
    deal_id, card = _CARD_FIELDS.index("deal_id"), _CARD_FIELDS.index("card")
    for values in (DealtCard.objects.filter(deal__in=recorded).order_by("seq").values_list(*_CARD_FIELDS)):
        by_deal[values[deal_id]].append(values[card])
        if values[deal_id] == pk:
            row = DealtCard.from_db(db, _CARD_FIELDS, values)
            row.deal = this
            rows.append(row)
    if this is not None:
        read = DealtCard.objects.filter(deal_id=pk).order_by("seq")
        read._result_cache, read._prefetch_done = rows, True
        if getattr(this, "_prefetched_objects_cache", None) is None:
            this._prefetched_objects_cache = {}
        this._prefetched_objects_cache["cards"] = read
    return by_deal


def _live_results(results) -> list[Result]:
    """Confirmed first ("confirmed" sorts before "draft"), then the newest version."""
    return sorted((r for r in results if r.status in Result.LIVE), key=lambda r: (r.status, -r.version))


def sitting_for(deal: Deal) -> Sitting:
    """The sitting of ``deal`` (loaded with ``game__session__venue``, as :mod:`games.access`
    returns it), read once. Queries: the players, the deals up to this one, their cards and their
    bets; their claims and results only where some exist (the deals query says which); the
    precedents in force; the previous Game only when a reading in force looks back at it."""
    game = deal.game
    prefetch_related_objects([game], Prefetch("players", queryset=GamePlayer.objects.select_related("member__dimension")))
    players = tuple(sorted(game.players.all(), key=lambda gp: gp.seat_index))
    # The deals played before this one, and this one (a voided deal's page shows it in its place).
    deals = list(Deal.all_objects.filter(game_id=game.pk)
                 .filter(Q(pk=deal.pk) | Q(number__lt=deal.number, voided_at__isnull=True))
                 .annotate(has_claims=Exists(Claim.objects.filter(deal=OuterRef("pk"))),
                           has_results=Exists(Result.objects.filter(deal=OuterRef("pk"))))
                 .order_by("number"))
    for d in deals:
        d.game = game
    recorded = [d for d in deals if d.mode != Deal.Mode.QUICK]
    cards = _cards_of(recorded, deal.pk)
    prefetch_related_objects(recorded, Prefetch("bets", queryset=Bet.objects.order_by("pk")))
    prefetch_related_objects([d for d in recorded if d.has_claims],
                             Prefetch("claims", queryset=Claim.objects.order_by("pk")))
    # The results read: this deal's (the page shows every version) and the quick deals' (an
    # unrecorded deal in the document carries its live result).
    wanted = [d for d in deals if d.has_results and (d.pk == deal.pk or d.mode == Deal.Mode.QUICK)]
    prefetch_related_objects(wanted, Prefetch(
        "results", queryset=Result.objects.select_related("submitted_by", "confirmed_by", "closed_by")
        .prefetch_related("winners").order_by("-version")))
    for d in deals:
        if not d.has_claims and d.mode != Deal.Mode.QUICK:
            _cache(d, "claims", Claim)
        if d not in wanted:
            _cache(d, "results", Result)
        d.live_results = _live_results(d.results.all())
    # The page names who bet and claimed: the players read above, not a join per row.
    members = {gp.member_id: gp.member for gp in players}
    for d in recorded:
        for row in (*d.bets.all(), *d.claims.all()):
            if row.member_id in members:
                row.member = members[row.member_id]
    this = next(d for d in deals if d.pk == deal.pk)
    tz = game.session.venue.tz
    others = [d for d in deals if d.mode == Deal.Mode.QUICK and d.number < deal.number]
    document = engine.sitting_document(game, recorded, others=others, cards=cards)
    if this.mode == Deal.Mode.QUICK and not recorded:
        document["deals"] = [*document["deals"], engine.unrecorded_document(this, tz)]
    in_force, applied = readings_in_force(sitting_date(document), game="dragon")
    readings = engine.readings_from(document, in_force)
    previous = None
    if engine.reads_previous_game(document, readings):
        previous = engine.previous_game_document(game)
    return Sitting(deal=this, game=game, players=players, cards=tuple(this.cards.all()) if this in recorded else (),
                   results=tuple(this.results.all()), document=document, in_force=in_force, applied=tuple(applied),
                   readings=readings, previous_game=previous)
