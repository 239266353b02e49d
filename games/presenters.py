"""What a person reads of the Dragon Poker engine's answers: trace lines, the provisional
judgement, the advisor's suggestions and hand names, in the member's language. The engine returns
codes and values; this is the one place they become words."""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation
from django.utils.dates import MONTHS
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext_lazy, ngettext, npgettext, pgettext
from django.utils.translation import gettext as _

from club.models import GameKind
from club.seats import Seat
from club.templatetags.club_tags import SEAT_SHORT
from rules import titles

from . import ratings as rating_rules
from .engine import ADVICE_SHOWN, HANDS, Card, RulesError, interpretation_point, parse_one, rank_text


def lang() -> str:
    """The engine's language for the active one: Russian or English."""
    return "ru" if (get_language() or "en").startswith("ru") else "en"


def trace_lines(trace: list[dict], lang: str | None = None, names: Mapping[str, str] | None = None) -> list[str]:
    """The trace of a judgement as a croupier explains it, one sentence per rule that acted (the
    same change of several cards by one rule in one sentence), players by their display names.
    ``lang``: "en" or "ru"; the active language when None."""
    with translation.override(lang or get_language()):
        return trace_sentences(trace, names or {})


def preview_lines(found, lang: str | None = None, names: Mapping[str, str] | None = None) -> list[str]:
    """The rules a provisional judgement shows as fired, in the member's language."""
    if found is None:
        return []
    return trace_lines([e.as_dict() for e in found.fired], lang, names)


def advice_lines(advice_doc: dict | None, names: Mapping[str, str]) -> list[dict]:
    """The stored advice as hints: who, what he could have claimed, under which rule, and the hand
    it would have made."""
    rows = []
    for player, suggestions in (advice_doc or {}).items():
        if player.startswith("_"):
            continue
        for s in suggestions[:ADVICE_SHOWN]:
            category = (s.get("hand") or {}).get("category")
            rows.append({"player": player_name(player, names), "rule": rule_label(s.get("rule", "")),
                         "claim": advice_claim(s), "hand": hand_name(category, lang()),
                         "category": category,
                         "text": advice_sentence(s, names)})
    return rows


def hand_name(category, lang: str = "en") -> str:
    """A hand by its number, as the club names it: the seed's Russian name, or the English one."""
    try:
        hand = HANDS[int(category)]
    except (KeyError, TypeError, ValueError):
        return _("no hand")
    if lang == "ru":
        return hand.seed_name or pgettext("hand", "Nothing")
    return hand.english


def state_labels() -> dict[str, str]:
    return {"wild": _("wild"), "home": _("home"), "free": _("free"), "dead": _("dead"), "natural": _("natural")}


def order_label(value: str) -> str:
    return pgettext("card or suit order", "inverted") if value == "inverted" else pgettext("card or suit order", "natural")


def preview_panel(found, rows: list[dict], names: Mapping[str, str], lang: str = "en") -> dict | None:
    """The cards dealt so far judged as if the deal ended now: the rules that acted and the states
    they left, marked provisional. The card tiles of ``rows`` (the page's players) take the
    provisional states. None when the engine could not judge these cards yet."""
    if found is None:
        return None
    states = {c.seq: c.state for c in found.cards}
    for row in rows:
        row["cards"] = [(c, states.get(c.seq, state)) for c, state in row["cards"]]
    labels = state_labels()
    changed = [{"card": c.card, "state": c.state, "label": labels.get(c.state, c.state),
                "player": names.get(c.player, c.player)}
               for c in found.cards if c.state != "natural"]
    return {"dealt": found.dealt, "total": found.total, "complete": found.complete,
            "sources": list(found.sources), "changed": changed,
            "lines": preview_lines(found, lang, names),
            "card_order": order_label(found.card_order), "suit_order": order_label(found.suit_order),
            "weakest_wins": found.weakest_wins}


def claim_refusals(judgement: Mapping | None, claims, lang: str = "en") -> dict[int, str]:
    """Why the judge refused a deal's claims, in words, by claim row id: the judgement's
    ``refused_claims`` (code and claim) matched to the claims recorded. The engine's own reason is
    English and names players by their ids, so the words come from the code."""
    refused = list((judgement or {}).get("refused_claims") or [])
    out: dict[int, str] = {}
    for claim in claims:
        for entry in refused:
            doc = entry.get("claim") or {}
            if (doc.get("player") == str(claim.member_id) and doc.get("rule") == claim.rule
                    and (doc.get("card") or "") == (claim.card or "") and (doc.get("suit") or "") == (claim.suit or "")):
                out[claim.pk] = _claim_refusal_words(entry.get("code") or "", claim, lang)
                refused.remove(entry)
                break
    return out


def _claim_refusal_words(code: str, claim, lang: str) -> str:
    name = claim.member.display_name
    card = _card_words(claim.card, lang) if claim.card else ""
    words = {
        "once_per_game": _("Refused: %(name)s has already used this right in this game.") % {"name": name},
        "no_right": _("Refused: %(rule)s gives %(name)s no right in this deal.") % {"rule": rule_label(claim.rule),
                                                                                      "name": name},
        "not_held": (_("Refused: %(name)s does not hold %(card)s.") % {"name": name, "card": card} if card
                     else _("Refused: %(name)s does not hold the card the claim names.") % {"name": name}),
        "not_played": _("Refused: %(rule)s is not played in this game's rules.") % {"rule": rule_label(claim.rule)},
    }
    return words.get(code, _("Refused: %(rule)s does not let %(name)s make this claim in this deal (its conditions "
                             "are not met).") % {"rule": rule_label(claim.rule), "name": name})


def _card_words(token: str, lang: str) -> str:
    try:
        return parse_one(token).text(lang)
    except RulesError:
        return token


# --- the trace and the advice in words ------------------------------------------------------------
# One presenter per kind of trace entry (rules.engines.dragon.trace.TraceEntry.change): the entry
# carries the source, the cards, before / after values and the player; the sentence is built here.

_RULE_CODE = re.compile(r"[BMTDHE]\d{1,3}")
STATES = ("natural", "wild", "home", "free", "dead", "incrementing", "decrementing")


def rule_label(code: str) -> str:
    """A rule code with its title, "M15 · <title>"; an interpretation point by its reading."""
    code = str(code or "")
    if _RULE_CODE.fullmatch(code):
        title = titles.title(code)
        return f"{code} · {title}" if title else code
    if code.startswith("IP-"):
        return reading_label(code)
    return ""


def reading_label(point_id: str) -> str:
    """An interpretation point as the rule it reads: "the club's reading of M5 · <title>"."""
    try:
        point = interpretation_point(point_id)
    except RulesError:
        point = None
    found = _RULE_CODE.search(point.seed_reference) if point is not None else None
    if found is None:
        return _("the club's reading of the rules")
    return _("the club's reading of %(rule)s") % {"rule": rule_label(found.group())}


def player_name(pid, names: Mapping[str, str]) -> str:
    return names.get(str(pid)) or names.get(pid) or _("a player who has left the table")


def _rank_names() -> dict[int, str]:
    return {2: pgettext("card", "Two"), 3: pgettext("card", "Three"), 4: pgettext("card", "Four"),
            5: pgettext("card", "Five"), 6: pgettext("card", "Six"), 7: pgettext("card", "Seven"),
            8: pgettext("card", "Eight"), 9: pgettext("card", "Nine"), 10: pgettext("card", "Ten"),
            11: pgettext("card", "Elf"), 12: pgettext("card", "Unicorn"), 13: pgettext("card", "Giant"),
            14: pgettext("card", "Dragon")}


def rank_label(rank: int) -> str:
    """A rank as a select offers it: as written on a card, with its name ("Q · Unicorn")."""
    return f"{rank_text(rank, lang())} · {_rank_names()[rank]}"


def rank_words(rank) -> str:
    """A claim's chosen rank in words: "the Unicorn (Q)" / "единорог (Д)"."""
    try:
        rank = int(rank)
        name = _rank_names()[rank]
    except (KeyError, TypeError, ValueError):
        return _("a rank")
    return _("the %(rank)s (%(written)s)") % {"rank": name, "written": rank_text(rank, lang())}


def _suit_names() -> dict[str, str]:
    return {"h": pgettext("of the suit", "hearts"), "d": pgettext("of the suit", "diamonds"),
            "c": pgettext("of the suit", "clubs"), "s": pgettext("of the suit", "spades")}


def card_name(token) -> str:
    """A card by name: "the Six of spades" / "шестёрка пик"."""
    try:
        c = parse_one(token)
    except RulesError:
        return _("a card")
    return _card_name(get_language(), c)


# A trace names the same few cards again and again, each name from three catalogue look-ups: a
# card's name is looked up once per language (``language`` is the active one, the cache's key).
@lru_cache(maxsize=512)
def _card_name(language: str | None, c: Card) -> str:
    if c.is_joker:
        return _("the Joker")
    return _("the %(rank)s of %(suit)s") % {"rank": _rank_names()[c.rank], "suit": _suit_names()[c.suit]}


@receiver(setting_changed)
def _forget_words(*, setting: str, **kwargs) -> None:
    """The catalogues are read again when these change (as Django's own translations are)."""
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:
        _card_name.cache_clear()
        _offline_words.cache_clear()


def _state_phrase(state: str, count: int = 1) -> str:
    # Only the phrase asked for is looked up: a trace asks for one per sentence.
    phrases = {
        "natural": lambda: npgettext("card state", "a natural card", "natural cards", count),
        "wild": lambda: npgettext("card state", "a wild card", "wild cards", count),
        "home": lambda: npgettext("card state", "a home card", "home cards", count),
        "free": lambda: npgettext("card state", "a free card", "free cards", count),
        "dead": lambda: npgettext("card state", "a dead card", "dead cards", count),
        "incrementing": lambda: npgettext("card state", "an incrementing card", "incrementing cards", count),
        "decrementing": lambda: npgettext("card state", "a decrementing card", "decrementing cards", count),
    }
    return phrases.get(str(state), phrases["natural"])()


def _list(items: list[str]) -> str:
    items = [i for i in items if i]
    if len(items) < 2:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def _cards(rows: list[dict], names: Mapping[str, str]) -> str:
    """The cards of a group of entries, each player's together: "the Six of spades (Skeeve)", or
    "the Six and the Ten of spades (Skeeve); the Four of clubs (Aahz)"."""
    by_player: dict[object, list[str]] = {}
    for row in rows:
        for token in row.get("cards") or []:
            cards = by_player.setdefault(row.get("player"), [])
            name = card_name(token)
            if name not in cards:
                cards.append(name)
    parts = [f"{_list(cards)} ({player_name(who, names)})" if who else _list(cards)
             for who, cards in by_player.items()]
    if all(len(cards) == 1 for cards in by_player.values()):
        return _list(parts)
    return "; ".join(parts)


def _count(rows: list[dict]) -> int:
    return sum(len(r.get("cards") or []) for r in rows) or 1


def _time(value) -> str:
    text = str(value or "")
    found = re.search(r"(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d:\d\d))?", text)
    if not found:
        return text
    if found.group(4):
        return found.group(4)
    return date_format(dt.date(*map(int, found.group(1, 2, 3))), "j E Y")  # E: "1 февраля" in Russian


def _month(value) -> str:
    try:
        return str(MONTHS[int(value)])
    except (KeyError, TypeError, ValueError):
        return str(value)


def _on_state(rows, names):
    row = rows[0]
    return _("%(cards)s: now %(state)s") % {"cards": _cards(rows, names),
                                           "state": _state_phrase(row["change"], _count(rows))}


def _on_not_state(rows, names):
    state = str(rows[0]["change"])[4:]
    return _("%(cards)s: no longer %(state)s") % {"cards": _cards(rows, names),
                                                 "state": _state_phrase(state, _count(rows))}


def _on_revived(rows, names):
    return _("%(cards)s comes back into play: now %(state)s") % {
        "cards": _cards(rows, names), "state": _state_phrase(rows[0].get("after") or "natural", _count(rows))}


def _on_played_as(rows, names):
    row = rows[0]
    return _("%(card)s now plays as %(new)s") % {"card": _cards(rows, names), "new": card_name(row.get("after"))}


def _on_frozen(rows, names):
    return _("%(cards)s: no rule changes it any more") % {"cards": _cards(rows, names)}


def _on_protected(rows, names):
    return _("%(cards)s: cannot be killed for the rest of the deal") % {"cards": _cards(rows, names)}


def _on_kill_stopped(rows, names):
    return _("%(cards)s: the kill does not act") % {"cards": _cards(rows, names)}


def _on_kill_annulled(rows, names):
    return _("%(cards)s: the kill is annulled") % {"cards": _cards(rows, names)}


REFUSALS = {
    "once_per_game": gettext_lazy("the right was already used in this game"),
    "no_right": gettext_lazy("the rule gives no right in this deal"),
    "not_held": gettext_lazy("the player does not hold that card"),
    "not_played": gettext_lazy("the modifier is not played under these rules"),
    "not_allowed": gettext_lazy("the rule does not allow this claim"),
}


def _on_refused(rows, names):
    row = rows[0]
    if row.get("cards"):
        return _("%(cards)s stays as it was") % {"cards": _cards(rows, names)}
    reason = REFUSALS.get(str(row.get("after")), REFUSALS["not_allowed"])
    return _("the claim of %(player)s is refused: %(reason)s") % {
        "player": player_name(row.get("player"), names), "reason": reason}


def _on_ban(rows, names):
    return _("no card becomes %(state)s in this deal") % {"state": _state_phrase(rows[0].get("after"), 1)}


def _on_order(rows, names):
    row = rows[0]
    order = order_label(str(row.get("after")))
    if str(row["change"]).startswith("suits"):
        return _("the suits now rank %(order)s") % {"order": order}
    return _("the cards now rank %(order)s") % {"order": order}


def _on_weakest(rows, names):
    if rows[0].get("after"):
        return _("the weakest hand wins this deal")
    return _("the strongest hand wins again")


def _on_naturalness(rows, names):
    if rows[0].get("after"):
        return _("a less natural hand beats a more natural one")
    return _("a more natural hand beats a less natural one again")


def _on_cancelled(rows, names):
    return _("%(rule)s does not act in this deal") % {"rule": rule_label(str(rows[0].get("after") or ""))}


def _on_void(rows, names):
    if any(r.get("cards") for r in rows):
        return _("does not act on %(cards)s") % {"cards": _cards(rows, names)}
    return _("does not act in this deal")


def _on_fired(rows, names):
    who = rows[0].get("player")
    if who:
        return _("acts for %(player)s") % {"player": player_name(who, names)}
    return _("acts in this deal")


def _circle_word(kind) -> str:
    return pgettext("circle", "dark") if kind == "dark" else pgettext("circle", "open")


def circle_name(kind) -> str:
    """A circle of the dealing by its kind: open (face up) or dark."""
    return pgettext("circle", "open") if kind == "open" else pgettext("circle", "dark")


# The leaderboard's periods (games.selectors.PERIODS) as its tabs read them.
PERIOD_NAMES = {"week": gettext_lazy("Week"), "month": gettext_lazy("Month"), "year": gettext_lazy("Year"),
                "all": gettext_lazy("All time")}


def period_name(period) -> str:
    return str(PERIOD_NAMES.get(str(period), PERIOD_NAMES["all"]))


# How a match of each game is counted for its rating, as the ratings page says it.
RATING_MATCHES = {
    "dragon": gettext_lazy("A match is a sitting: its players ranked by the net chips of its confirmed deals (a "
                           "sitting still under way counts with the deals confirmed so far)."),
    "casino": gettext_lazy("A match is a settled hand against the house: a win, a loss (a fold is a loss) or a "
                           "tie. The house is rated too, but not listed."),
    "dice": gettext_lazy("A match is a finished dice match: its winner ahead of the other player."),
    "tricks": gettext_lazy("A match is a table of a finished tournament: its four players ranked by their points "
                           "there."),
    "draker": gettext_lazy("A match is a confirmed Draker game: its players ranked by their places as the club "
                           "recorded them (the winner, the last one left, first)."),
}


@dataclass(frozen=True)
class RatingTab:
    """A tab of the ratings page: the all-rounder ranking (mean ratings over games) or one game's
    board; the Draker tab also lists the latest rated games, since they are recorded from there."""

    all_rounder: bool
    lists_draker_games: bool
    rule: str


def rating_tab(game) -> RatingTab:
    if game == rating_rules.ALL_ROUNDER:
        matches, games = rating_rules.ALL_ROUNDER_MIN_MATCHES, rating_rules.ALL_ROUNDER_MIN_GAMES
        rule = " ".join((
            ngettext("A game counts for a member once he has played %(n)s match of it;",
                     "A game counts for a member once he has played %(n)s matches of it;", matches) % {"n": matches},
            ngettext("members with at least %(n)s such game are ranked by the mean of their ratings in those games.",
                     "members with at least %(n)s such games are ranked by the mean of their ratings in those games.",
                     games) % {"n": games}))
    else:
        rule = str(RATING_MATCHES.get(str(game), ""))
    return RatingTab(all_rounder=game == rating_rules.ALL_ROUNDER, lists_draker_games=game == GameKind.DRAKER,
                     rule=rule)


def _on_pattern(rows, names):
    after = rows[0].get("after") or []
    return _("the circles are dealt: %(circles)s") % {"circles": ", ".join(_circle_word(k) for k in after)}


def _on_not_recorded(rows, names):
    return _("the previous deal was played without recording its cards")


def _on_duplicate(rows, names):
    return ngettext("%(cards)s was dealt twice: one copy counts", "%(cards)s were dealt twice: one copy of each counts",
                    _count(rows)) % {"cards": _cards(rows, names)}


def _on_winner(rows, names):
    after = rows[0].get("after")
    winners = after if isinstance(after, list | tuple) else [after] if after else []
    if not winners:
        return _("nobody wins the deal")
    who = _list([player_name(w, names) for w in winners])
    return ngettext("%(players)s wins the deal", "%(players)s share the deal", len(winners)) % {"players": who}


def _on_clock(rows, names):
    row = rows[0]
    return _("the rules read the time as %(after)s (the clock showed %(before)s)") % {
        "after": _time(row.get("after")), "before": _time(row.get("before"))}


def _on_date(rows, names):
    row = rows[0]
    return _("the rules read the date as %(after)s (it was %(before)s)") % {
        "after": _time(row.get("after")), "before": _time(row.get("before"))}


def _on_month(rows, names):
    row = rows[0]
    return _("Table 3 reads the month as %(after)s (it is %(before)s)") % {
        "after": _month(row.get("after")), "before": _month(row.get("before"))}


def _on_clock_shifts(rows, names):
    shifts = rows[0].get("after") or {}
    seats = dict(Seat.choices)
    parts = []
    for p, h in shifts.items():
        hours = {"hours": f"{int(h):+d}"}
        if str(p) in seats and str(p) not in names:  # the engine keys the shifts by seat
            parts.append(ngettext("the time at %(seat)s moves %(hours)s hour", "the time at %(seat)s moves %(hours)s hours",
                                  abs(int(h))) % {"seat": seats[str(p)], **hours})
        else:
            parts.append(ngettext("%(player)s's own time moves %(hours)s hour",
                                  "%(player)s's own time moves %(hours)s hours", abs(int(h)))
                         % {"player": player_name(p, names), **hours})
    return _list(parts) or _("every player's own time is the room's again")


def _on_seats(rows, names):
    seats = rows[0].get("after") or {}
    labels = dict(Seat.choices)
    parts = [_("%(player)s sits %(seat)s") % {"player": player_name(p, names), "seat": labels.get(s, s)}
             for p, s in seats.items()]
    return _("the seats turn: %(seats)s") % {"seats": _list(parts)}


def _on_other(rows, names):
    cards = _cards(rows, names)
    return _("%(cards)s: changed") % {"cards": cards} if cards else _("acts in this deal")


PRESENTERS = {
    **{state: _on_state for state in STATES},
    **{f"not {state}": _on_not_state for state in STATES},
    "revived": _on_revived, **{f"revived {state}": _on_revived for state in STATES},
    "rank": _on_played_as, "suit": _on_played_as,
    "frozen": _on_frozen, "protected": _on_protected,
    "kill stopped": _on_kill_stopped, "kill annulled": _on_kill_annulled,
    "refused": _on_refused, "ban": _on_ban,
    "cards order": _on_order, "suits order": _on_order,
    "weakest wins": _on_weakest, "naturalness reversed": _on_naturalness,
    "cancelled": _on_cancelled, "void": _on_void, "fired": _on_fired,
    "pattern": _on_pattern, "not recorded": _on_not_recorded, "duplicate": _on_duplicate,
    "winner": _on_winner,
    "clock": _on_clock, "date": _on_date, "table3_month": _on_month, "clock_shifts": _on_clock_shifts,
    "seats": _on_seats,
}
# Several cards changed alike by one rule make one sentence; these changes are told one by one.
_ONE_BY_ONE = {"rank", "suit", "refused", "winner", "pattern", "clock", "date", "table3_month",
               "clock_shifts", "seats", "cancelled", "fired"}


def _same(a: dict, b: dict) -> bool:
    return (a.get("source"), a.get("change"), a.get("after")) == (b.get("source"), b.get("change"), b.get("after")) \
        and a.get("change") not in _ONE_BY_ONE and bool(a.get("cards")) and bool(b.get("cards"))


def trace_sentences(trace: list[dict], names: Mapping[str, str]) -> list[str]:
    groups: list[list[dict]] = []
    for row in trace or []:
        if groups and _same(groups[-1][-1], row):
            groups[-1].append(row)
        else:
            groups.append([row])
    lines = []
    for rows in groups:
        present = PRESENTERS.get(str(rows[0].get("change")), _on_other)
        sentence = present(rows, names)
        label = rule_label(rows[0].get("source", ""))
        line = f"{label}: {sentence}" if label else sentence
        lines.append(line[:1].upper() + line[1:])
    return lines


def advice_claim(s: Mapping) -> str:
    """What a suggested claim does, in words: "playing the Six of spades as the Six of diamonds"."""
    card = s.get("card")
    if card and (s.get("suit") or s.get("rank")):
        try:
            c = parse_one(card)
            new = c
            if s.get("suit"):
                new = new.with_suit(str(s["suit"]))
            if s.get("rank"):
                new = new.with_rank(int(s["rank"]))
            return _("playing %(card)s as %(new)s") % {"card": card_name(c), "new": card_name(new)}
        except (RulesError, TypeError, ValueError):
            pass
    if card and s.get("target"):
        return _("using %(card)s on %(target)s") % {"card": card_name(card), "target": card_name(s["target"])}
    if card and s.get("direction"):
        return _("making %(card)s %(state)s") % {"card": card_name(card), "state": _state_phrase(
            "decrementing" if str(s["direction"]).startswith(("dec", "down", "-")) else "incrementing")}
    if s.get("cancels"):
        return _("cancelling %(rule)s") % {"rule": rule_label(f"M{s['cancels']}")}
    if s.get("cards"):
        return _("claiming %(cards)s") % {"cards": _list([card_name(c) for c in s["cards"]])}
    if card:
        return _("claiming %(card)s") % {"card": card_name(card)}
    return _("claiming it")


def advice_sentence(s: Mapping, names: Mapping[str, str]) -> str:
    """"Skeeve: playing the Six of spades as the Six of diamonds (B1 · Base rule 1) makes a Sated Belly"."""
    return _("%(player)s: %(claim)s (%(rule)s) makes %(hand)s") % {
        "player": player_name(s.get("player"), names), "claim": advice_claim(s),
        "rule": rule_label(s.get("rule", "")), "hand": hand_name((s.get("hand") or {}).get("category"), lang())}


def offline_recorder(page: dict) -> dict | None:
    """What the deal page's script needs to keep recording while the phone is offline: the cards
    the site has, whose turn comes in what order, how many cards and decks the deal has, the stakes,
    and the refusals it can give by itself, in the same words as the site's (``%(value)s`` and the
    like are filled in by the script); ``at``, the site's clock in milliseconds when it was drawn,
    tells a page from the phone's cache apart from what the phone heard of the deal since. None
    when nothing may be recorded here."""
    plan = page.get("plan")
    if not (page.get("recording") and page.get("can_act")) or plan is None:
        return None
    deal, game = page["deal"], page["game"]
    every = page.get("sees_every_card")
    raises: dict[str, int] = {}
    for b in page["bets"]:
        if b.kind == "raise":
            raises[str(b.member_id)] = raises.get(str(b.member_id), 0) + b.amount
    return {
        "deal": deal.pk, "number": deal.number, "lang": lang(),
        "at": time.time_ns() // 1_000_000,
        "api": f"/api/deals/{deal.pk}/",
        "order": plan["order"], "total": plan["total"], "decks": plan["decks"],
        "players": [gp.member_id for gp in page["players"]],
        "names": {str(gp.member_id): gp.member.display_name for gp in page["players"]},
        "seats": {str(gp.member_id): str(SEAT_SHORT.get(gp.seat, gp.seat)) for gp in page["players"]},
        "dealt": [{"seq": c.seq, "card": (c.card if every else None), "member": c.member_id, "open": c.open}
                  for c in page["cards"]],
        "min_stake": game.min_stake, "max_stake": game.max_stake, "raises": raises,
        "messages": {
            "empty": _("Name a card, e.g. Ah or Тч."),
            "not_a_card": _("Not a card: %(value)s. Type e.g. Ah, 10c, Тч or 5♣."),
            "joker": _("A joker is not a Dragon Poker card: %(value)s."),
            "dealt_twice": _("%(value)s is already dealt in this deal."),
            "deal_complete": _("The deal is complete: %(value)s is one card too many."),
            "bet_range": _("A bet of %(amount)s is outside 1..%(max)s (the maximum stake)."),
            "bet_min": _("A bet of %(amount)s is below the minimum stake %(min)s."),
            "bet_max": _("A bet of %(amount)s would bring %(name)s's stake in this deal to %(total)s, above "
                         "the maximum stake %(max)s."),
            "rule_empty": _("Name the rule: B1 (base rule 1) or M1..M100 (a modifier)."),
            "rule_unknown": _("%(rule)s is not a rule a claim is made under: name base rule 1 as B1 or a "
                              "modifier as M1..M100."),
            "rule_number": _("There is no modifier %(number)s: the modifiers are numbered 1 to 100."),
        },
    }


def offline_words() -> dict:
    """The words the offline script shows on every page (the indicator, the sync and its
    conflicts), in the member's language; plural forms by the browser's plural category."""
    return dict(_offline_words(get_language()))


# Every page a member opens carries these words: they are looked up once per language
# (``language`` is the active one, the cache's key).
@lru_cache(maxsize=16)
def _offline_words(language: str | None) -> dict:
    def forms(words) -> dict:
        # A number of each plural category of the browser's Intl.PluralRules, in either language.
        return {category: words(n) for category, n in (("one", 1), ("few", 2), ("many", 5), ("other", 5))}
    return {
        "offline": forms(lambda n: ngettext("offline — %(n)s tap waiting", "offline — %(n)s taps waiting", n)),
        "sending": forms(lambda n: ngettext("online — sending %(n)s waiting tap",
                                            "online — sending %(n)s waiting taps", n)),
        "held": forms(lambda n: ngettext("online — %(n)s tap waits for your choice",
                                         "online — %(n)s taps wait for your choice", n)),
        "judged_held": _("The taps marked as waiting are not sent yet; the rules acted so far and the result will "
                         "be judged once they are in."),
        "judged_later": _("Offline: the cards are checked on this phone; the rules acted so far and the result "
                          "will be judged when back online."),
        "waiting": _("waiting to be sent"),
        "circle": _("Circle %(n)s"),
        "next_to": _("next card to %(name)s"),
        "complete_later": _("Every card is dealt. When the phone is back online the deal is judged and the "
                            "result can be submitted."),
        "card": _("Card"), "deal": pgettext("verb: deal a card", "Deal"),
        "card_placeholder": _("Ah, 10c, Тч ..."), "picker": _("Card picker"),
        "undo": _("Take back the last card"),
        "no_cards": _("no cards yet"),
        "conflict": _("Another phone recorded this deal meanwhile: from card %(seq)s the two versions differ. "
                      "Choose the one that counts; the other stays in the deal's history."),
        "theirs": _("On the site"), "mine": _("On this phone"),
        "taken_back": _("Another phone took back cards %(from)s to %(to)s; keeping this phone's version puts "
                        "them back."),
        "keep_theirs": _("Keep the site's version"), "keep_mine": _("Keep this phone's version"),
        "bet": _("bet %(amount)s"), "claim": _("claim under %(rule)s"),
        "refused": _("Not sent: %(message)s"), "drop": _("Drop this tap"),
        "reload": _("Reload the page"),
        "old_page": _("This page is older than the site: reload it, then your waiting taps are sent."),
    }
