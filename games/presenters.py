"""What a person reads of the Dragon Poker engine's answers: trace lines, the provisional
judgement, the advisor's suggestions and hand names, in the member's language. The engine returns
codes and values; this is the one place they become words."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from rules.engines import cards as card_lib
from rules.engines.dragon import HANDS
from rules.engines.dragon.trace import TraceEntry, render_entry
from rules.engines.errors import RulesError

from .engine import ADVICE_SHOWN


def lang() -> str:
    """The engine's language for the active one: Russian or English."""
    return "ru" if (get_language() or "en").startswith("ru") else "en"


def trace_lines(trace: list[dict], lang: str = "en", names: Mapping[str, str] | None = None) -> list[str]:
    """The trace of a judgement in the member's language, rendered by the engine's own renderer,
    players named by their display names."""
    names = names or {}
    lines = []
    for row in trace or []:
        try:
            entry = TraceEntry(source=str(row.get("source", "")), change=str(row.get("change", "")),
                               cards=card_lib.parse(row.get("cards") or []), before=row.get("before"),
                               after=row.get("after"), player=names.get(row.get("player"), row.get("player")),
                               text=row.get("text") or "")
            lines.append(render_entry(entry, lang))
        except RulesError:
            lines.append(f"{row.get('source', '')}: {row.get('text', '')}")
    return lines


def preview_lines(found, lang: str = "en", names: Mapping[str, str] | None = None) -> list[str]:
    """The rules a provisional judgement shows as fired, in the member's language."""
    if found is None:
        return []
    return trace_lines([e.as_dict() for e in found.fired], lang, names)


def advice_lines(advice_doc: dict | None, names: Mapping[str, str]) -> list[dict]:
    """The stored advice as rows for the page: who, the claim, and the hand it would have made."""
    rows = []
    for player, suggestions in (advice_doc or {}).items():
        if player.startswith("_"):
            continue
        for s in suggestions[:ADVICE_SHOWN]:
            detail = " ".join(str(s[k]) for k in ("card", "target", "suit", "rank", "direction") if s.get(k))
            rows.append({"player": names.get(player, player), "rule": s.get("rule", ""), "detail": detail,
                         "hand": (s.get("hand") or {}).get("name", ""),
                         "category": (s.get("hand") or {}).get("category")})
    return rows


def hand_name(category, lang: str = "en") -> str:
    """A hand by its number, as the club names it: the seed's Russian name, or the English one."""
    try:
        hand = HANDS[int(category)]
    except (KeyError, TypeError, ValueError):
        return str(category)
    if lang == "ru":
        return hand.seed_name or "Ничего"
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
        "no_right": _("Refused: %(rule)s gives %(name)s no right in this deal.") % {"rule": claim.rule, "name": name},
        "not_held": (_("Refused: %(name)s does not hold %(card)s.") % {"name": name, "card": card} if card
                     else _("Refused: %(name)s does not hold the card the claim names.") % {"name": name}),
        "not_played": _("Refused: %(rule)s is not played in this game's rules.") % {"rule": claim.rule},
    }
    return words.get(code, _("Refused: %(rule)s does not let %(name)s make this claim in this deal (its conditions "
                             "are not met).") % {"rule": claim.rule, "name": name})


def _card_words(token: str, lang: str) -> str:
    try:
        return card_lib.parse_one(token).text(lang)
    except RulesError:
        return token
