"""A sitting read once, and the one builder of the sitting document.

:func:`sitting_document` turns a Game's rows into the sitting document of the engines' contract
(engine-api.md, "Sitting documents"; a deal logged as a quick result is an unrecorded deal there, so
every deal keeps its number in the Game), and :func:`game_document` gives a Game's document up to a
deal with the previous Game at the table where the readings in use look back at it. Everything the
engine's face (:mod:`games.engine`, pure functions over data) is handed is read here: the readings
the binding precedents put in force on a sitting's date (:func:`precedents_for`,
:func:`readings_used`), the previous Game's document (:func:`previous_game_document`), and the
earlier deals of a Game judged once for all the cards of a deal (:func:`history_before_last`).

:func:`sitting_for` reads a deal's Game (players, the deals up to this one with their cards, bets,
claims and results), the readings the binding precedents put in force on the sitting's date, and
the previous Game's document when one of those readings looks back at it, in a fixed number of
queries. The :class:`DealInSitting` it returns is handed down to the service that records a card, to
the step API, the provisional judgement and the page; nothing below it reads the database again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Subquery, prefetch_related_objects

from rules.judging import sitting_date
from rules.selectors import readings_in_force

from . import engine
from .models import Bet, Claim, Deal, DealtCard, Game, GamePlayer, Result, Weather

# --- the sitting document -------------------------------------------------------------------------

def _player_doc(gp) -> dict:
    member = gp.member
    doc = {
        "id": engine.player_key(member.pk), "seat": gp.seat,
        "dimension": member.dimension.name_en, "dimension_phonetic": member.dimension.phonetic,
        "sex": member.sex, "beard": member.beard,
        "glasses": gp.glasses, "headwear": gp.headwear, "drink": gp.drink,
        "spare_decks": gp.spare_decks, "analog_watches": gp.analog_watches, "digital_watches": gp.digital_watches,
    }
    if gp.clothing:                 # left out when not recorded
        doc["clothing"] = gp.clothing
    if gp.clothing_hue:
        doc["clothing_hue"] = gp.clothing_hue
    return doc


def deal_document(deal, tz, *, cards: Sequence[str] | None = None) -> dict:
    """One deal of the document: its cards in dealing order, the bets (total per player, ante
    included) and the claims. Reads ``deal.cards``, ``deal.bets`` and ``deal.claims`` through
    ``.all()`` so prefetched rows are used; ``cards``: the cards in dealing order, already read."""
    bets: dict[str, int] = {}
    for bet in deal.bets.all():
        key = engine.player_key(bet.member_id)
        bets[key] = bets.get(key, 0) + bet.amount
    claims = []
    # A sitting's deals carry their claims as read (``claim_rows``, :func:`sitting_for`).
    for claim in (deal.claim_rows if hasattr(deal, "claim_rows") else deal.claims.all()):
        row: dict[str, Any] = {"player": engine.player_key(claim.member_id), "rule": claim.rule}
        if claim.card:
            row["card"] = claim.card
        if claim.suit:
            row["suit"] = claim.suit
        for name in ("target", "direction", "cancels"):
            if getattr(claim, name, ""):
                row[name] = getattr(claim, name)
        if getattr(claim, "rank", None) is not None:
            row["rank"] = claim.rank
        if getattr(claim, "cards", ""):
            row["cards"] = claim.cards.split()
        claims.append(row)
    return {
        "started_at": deal.started_at.astimezone(tz).isoformat(),
        "cards": list(cards) if cards is not None else [c.card for c in sorted(deal.cards.all(), key=lambda c: c.seq)],
        "bets": bets,
        "claims": claims,
    }


def sitting_document(game, deals: Iterable | None = None, *, others: Iterable | None = None,
                     cards: Mapping[int, Sequence[str]] | None = None) -> dict:
    """The Game as the engine's sitting document. ``deals`` are the deals judged from their cards
    (default: every deal of the Game whose cards were recorded). The deals logged as quick results
    were dealt all the same: each quick deal numbered before the last of ``deals`` is in the
    document as an unrecorded deal (its winners, pot and bets), so every deal has its number in the
    Game as its place in the document. With the default, the Game's quick deals come in whole but
    for a last one still waiting for its result. ``others`` gives those unrecorded deals already
    read (each with ``live_results``), so nothing is read here; ``cards`` the cards of ``deals``
    already read (deal id -> cards in dealing order), for the deals it names."""
    venue = game.session.venue
    tz = venue.tz
    if deals is None:
        every = list(game.deals.all())
        deals = [d for d in every if d.mode != "quick"]
        last = max((d.number for d in every), default=0)
        others = [d for d in _other_deals(game, before=None, given=()) if d.number < last or d.live_results]
    else:
        deals = list(deals)
        last = max((d.number for d in deals), default=0)
        if not deals:
            others = []
        elif others is None:
            others = _other_deals(game, before=last, given={d.number for d in deals})
        else:
            others = [d for d in others if d.number < last]
    rows = [(d.number, deal_document(d, tz, cards=(cards or {}).get(d.pk))) for d in deals]
    rows += [(d.number, unrecorded_document(d, tz)) for d in others]
    return {
        "ruleset": game.ruleset,
        "readings": dict(game.readings or {}),
        "players": [_player_doc(gp) for gp in sorted(game.players.all(), key=lambda p: p.seat_index)],
        "room": game.room_facts(),
        "place": {"latitude": float(venue.latitude), "longitude": float(venue.longitude),
                  "timezone": venue.timezone},
        "croupier": dict(game.croupier_calls or {}),
        "stakes": {"min": game.min_stake, "max": game.max_stake},
        "deals": [doc for _number, doc in sorted(rows, key=lambda row: row[0])],
    } | ({} if game.weather == Weather.NOT_RECORDED else {"weather": game.weather})


def _other_deals(game, *, before: int | None, given) -> list:
    """The Game's deals that stand in the document as unrecorded (numbered below ``before``): its
    quick deals, and, where only some deals are given (the archive's confirmed ones), every other
    deal, which was dealt all the same; each with ``live_results``: its confirmed and draft results
    with their winners, the confirmed first ("confirmed" sorts before "draft")."""
    if given:
        rows = Deal.objects.filter(game_id=game.pk).exclude(number__in=given)
    else:
        rows = Deal.objects.filter(game_id=game.pk, mode=Deal.Mode.QUICK)
    if before is not None:
        rows = rows.filter(number__lt=before)
    live = Result.objects.filter(status__in=Result.LIVE).prefetch_related("winners").order_by("status", "-version")
    return list(rows.prefetch_related(Prefetch("results", queryset=live, to_attr="live_results")).order_by("number"))


def unrecorded_document(deal, tz) -> dict:
    """A deal logged as a quick result, as the document's unrecorded deal: who won, the pot and what
    each player put in (the quick result's accounting: the chips are each winner's share less what
    the player put in). A quick deal with no live result, or a deal of recorded cards left out of
    the document, counts with nothing known of it."""
    doc: dict[str, Any] = {"started_at": deal.started_at.astimezone(tz).isoformat(), "unrecorded": True}
    result = deal.live_results[0] if deal.live_results else None
    if result is None or deal.mode != "quick":
        return doc
    winners = [engine.player_key(w.pk) for w in sorted(result.winners.all(), key=lambda m: m.pk)]
    share = result.pot // len(winners) if winners else 0
    doc.update(winners=winners, pot=result.pot,
               bets={player: (share if player in winners else 0) - int(chips)
                     for player, chips in sorted((result.chips or {}).items())})
    return doc


# --- the readings a judgement uses and the previous Game ------------------------------------------------

def precedents_for(doc: Mapping) -> engine.Precedents:
    """The readings the binding precedents put in force on the sitting's date and the precedents
    behind them (``rules.selectors.readings_in_force``), as the engine's face takes them."""
    in_force, applied = readings_in_force(sitting_date(doc), game="dragon")
    return in_force, applied


def readings_used(doc: Mapping) -> dict[str, str]:
    """The readings the site judges ``doc`` by: :func:`games.engine.readings_from` with the readings
    in force on the sitting's date looked up."""
    in_force, _applied = precedents_for(doc)
    return engine.readings_from(doc, in_force)


def previous_game_document(game) -> dict | None:
    """The sitting document of the Game played before ``game`` at the same table (the Game of the
    same session it followed, after a reseat or a new start), or None for a session's first Game.
    Its deals are those that were played: every deal with a live result (a last deal left without
    one when the table changed was not), a quick deal as an unrecorded deal. Its readings are those
    it was judged by (:func:`readings_used`); it carries no ``previous_game`` of its own."""
    previous = (Game.objects.filter(session_id=game.session_id, number__lt=game.number).order_by("-number")
                .select_related("session__venue").prefetch_related("players__member__dimension").first())
    if previous is None:
        return None
    recorded = list(Deal.objects.filter(game=previous, results__status__in=Result.LIVE)
                    .exclude(mode=Deal.Mode.QUICK).distinct().prefetch_related("cards", "bets", "claims")
                    .order_by("number"))
    doc = sitting_document(previous, recorded)
    last = max((d.number for d in recorded), default=0)
    tz = previous.session.venue.tz
    doc["deals"] += [unrecorded_document(d, tz) for d in _other_deals(previous, before=None, given=())
                     if d.number > last and d.live_results]
    doc["readings"] = readings_used(doc)
    return doc


def with_previous_game(doc: dict, game, *, readings: Mapping[str, str] | None = None) -> dict:
    """``doc`` (the sitting document of ``game``) as every judging path of the site hands it to the
    engine: with ``previous_game``, the previous Game's document at the same table, when the readings
    the judgement uses (:func:`readings_used`, or ``readings`` when the caller has them already) read
    it, and without it otherwise (judging the previous Game costs time and changes nothing then)."""
    if readings is None:
        readings = readings_used(doc)
    if "previous_game" in doc or not engine.reads_previous_game(doc, readings):
        return doc
    previous = previous_game_document(game)
    return doc if previous is None else {**doc, "previous_game": previous}


def game_document(game: Game, *, upto: Deal | None = None, previous_game: bool = True) -> dict:
    """The Game's sitting document up to ``upto`` (its deals with cards; the quick deals before the
    last of them come in as unrecorded deals, see :func:`sitting_document`), as the judgement and
    (through the stored document) the advisor read it: with the previous Game at the table when the
    readings in use read it (:func:`with_previous_game`). The dealing, which never reads it, asks
    for none (``previous_game=False``)."""
    deals = list(Deal.objects.filter(game=game).exclude(mode=Deal.Mode.QUICK)
                 .prefetch_related("cards", "bets", "claims").order_by("number"))
    if upto is not None:
        deals = [d for d in deals if d.number <= upto.number]
    game = Game.objects.select_related("session__venue").prefetch_related("players__member__dimension").get(pk=game.pk)
    doc = sitting_document(game, deals)
    return with_previous_game(doc, game) if previous_game else doc


# --- the earlier deals judged once for a deal's provisional judgements --------------------------------

# The history a deal's provisional judgement starts from (every earlier deal of the Game judged
# in full) is the same for each card of the deal, and judging it again was most of a tap's time:
# it is kept here, by what it is judged from (the document without its last deal).
_HISTORIES: OrderedDict[bytes, Any] = OrderedDict()
_HISTORIES_KEPT = 64
_histories_lock = threading.Lock()


def history_before_last(doc: Mapping):
    """:func:`games.engine.history_before_last` of ``doc`` (with the readings it is judged by),
    judged once for all the cards of its last deal; a fresh copy each time. None when ``doc`` has
    no deals to preview."""
    deals = doc.get("deals")
    if not isinstance(deals, list) or not deals:
        return None
    earlier = json.dumps({**doc, "deals": deals[:-1]}, sort_keys=True, default=str, ensure_ascii=False)
    key = hashlib.blake2b(earlier.encode(), digest_size=16).digest()
    with _histories_lock:
        kept = _HISTORIES.get(key)
        if kept is not None:
            _HISTORIES.move_to_end(key)
    if kept is None:
        kept = engine.history_before_last(doc)
        with _histories_lock:
            _HISTORIES[key] = kept
            while len(_HISTORIES) > _HISTORIES_KEPT:
                _HISTORIES.popitem(last=False)
    return engine.history_copy(kept)


# --- a deal read once ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealInSitting:
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
    def claims(self) -> tuple[Claim, ...]:
        """The deal's claims, oldest first, as read with it."""
        return tuple(self.deal.claim_rows)

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
    def precedents(self) -> engine.Precedents:
        """``readings_in_force``'s answer, as ``rules.judging.judge_with_precedents`` takes it."""
        return dict(self.in_force), list(self.applied)

    # The earlier deals of a document judged in full, kept across the taps of a deal (the
    # provisional judgement, ``games.engine.preview_deal``).
    history_of = staticmethod(history_before_last)

    def with_card(self, row: DealtCard) -> DealInSitting:
        """This sitting once ``row`` is recorded (no query: the row was just written). Writing it
        moved the deal's revision on by one (games/live.py); a write by someone else in between
        would have moved it further, so the page drawn from here polls once more, never once less."""
        deals = list(self.document["deals"])
        last = dict(deals[-1])
        last["cards"] = [*last.get("cards", []), row.card]
        deals[-1] = last
        self.deal.revision += 1
        return dataclasses.replace(self, cards=(*self.cards, row), document={**self.document, "deals": deals})


_CARD_FIELDS = tuple(f.attname for f in DealtCard._meta.concrete_fields)


def _cards_of(recorded: list[Deal], pk: int) -> tuple[dict[int, list[str]], list[DealtCard]]:
    """The cards of the ``recorded`` deals in dealing order (deal id -> cards), in one query, and
    the rows of deal ``pk``'s cards: the page shows where each of its cards lies, while the earlier
    deals are only their cards in the sitting document (a row each for every earlier card of the
    sitting was most of the time a tap took here)."""
    if not recorded:
        return {}, []
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
    return by_deal, rows


def _live_results(results) -> list[Result]:
    """Confirmed first ("confirmed" sorts before "draft"), then the newest version."""
    return sorted((r for r in results if r.status in Result.LIVE), key=lambda r: (r.status, -r.version))


def _with_rows_known(deals: QuerySet[Deal]) -> QuerySet[Deal]:
    """``deals`` in dealing order, each saying whether it has claims and results to read."""
    return deals.annotate(has_claims=Exists(Claim.objects.filter(deal=OuterRef("pk"))),
                          has_results=Exists(Result.objects.filter(deal=OuterRef("pk")))).order_by("number")


def deals_upto(pk: int) -> QuerySet[Deal]:
    """The deal ``pk`` and the deals played before it in its Game (not voided), with its Game,
    session and venue and who voided or replays it: what :func:`sitting_for` reads of the deals,
    in the query that also finds the deal (:func:`games.access.access_deals_upto`)."""
    this = Deal.all_objects.filter(pk=pk)
    return _with_rows_known(
        Deal.all_objects.select_related("game__session__venue", "voided_by", "replay_of")
        .filter(game_id=Subquery(this.values("game_id")[:1]))
        .filter(Q(pk=pk) | Q(number__lt=Subquery(this.values("number")[:1]), voided_at__isnull=True)))


def sitting_for(deal: Deal, *, deals: list[Deal] | None = None) -> DealInSitting:
    """The sitting of ``deal`` (loaded with ``game__session__venue``, as :mod:`games.access`
    returns it), read once. Queries: the players, the deals up to this one (unless ``deals`` has
    them already, as :func:`deals_upto` reads them), their cards and their bets; their claims and
    results only where some exist (the deals query says which); the precedents in force; the
    previous Game only when a reading in force looks back at it."""
    game = deal.game
    prefetch_related_objects([game], Prefetch("players", queryset=GamePlayer.objects.select_related("member__dimension")))
    players = tuple(sorted(game.players.all(), key=lambda gp: gp.seat_index))
    if deals is None:
        # The deals played before this one, and this one (a voided deal's page shows it in its place).
        deals = list(_with_rows_known(Deal.all_objects.filter(game_id=game.pk)
                                      .filter(Q(pk=deal.pk) | Q(number__lt=deal.number, voided_at__isnull=True))))
    for d in deals:
        d.game = game
    recorded = [d for d in deals if d.mode != Deal.Mode.QUICK]
    cards, this_cards = _cards_of(recorded, deal.pk)
    prefetch_related_objects(recorded, Prefetch("bets", queryset=Bet.objects.order_by("pk")))
    # Claims and results are read only where the deals query says some exist (``claim_rows``,
    # ``result_rows``); the other deals have none, and nothing is asked of the database for them.
    prefetch_related_objects([d for d in recorded if d.has_claims],
                             Prefetch("claims", queryset=Claim.objects.order_by("pk"), to_attr="claim_rows"))
    # The results read: this deal's (the page shows every version) and the quick deals' (an
    # unrecorded deal in the document carries its live result).
    wanted = [d for d in deals if d.has_results and (d.pk == deal.pk or d.mode == Deal.Mode.QUICK)]
    prefetch_related_objects(wanted, Prefetch(
        "results", queryset=Result.objects.select_related("submitted_by", "confirmed_by", "closed_by")
        .prefetch_related("winners").order_by("-version"), to_attr="result_rows"))
    for d in deals:
        if not hasattr(d, "claim_rows"):
            d.claim_rows = []
        if not hasattr(d, "result_rows"):
            d.result_rows = []
        d.live_results = _live_results(d.result_rows)
    # The page names who bet and claimed: the players read above, not a join per row.
    members = {gp.member_id: gp.member for gp in players}
    for d in recorded:
        for row in (*d.bets.all(), *d.claim_rows):
            if row.member_id in members:
                row.member = members[row.member_id]
    this = next(d for d in deals if d.pk == deal.pk)
    tz = game.session.venue.tz
    others = [d for d in deals if d.mode == Deal.Mode.QUICK and d.number < deal.number]
    document = sitting_document(game, recorded, others=others, cards=cards)
    if this.mode == Deal.Mode.QUICK and not recorded:
        document["deals"] = [*document["deals"], unrecorded_document(this, tz)]
    in_force, applied = precedents_for(document)
    readings = engine.readings_from(document, in_force)
    previous = None
    if engine.reads_previous_game(document, readings):
        previous = previous_game_document(game)
    return DealInSitting(deal=this, game=game, players=players, cards=tuple(this_cards),
                   results=tuple(this.result_rows), document=document, in_force=in_force, applied=tuple(applied),
                   readings=readings, previous_game=previous)
