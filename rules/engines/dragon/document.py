"""The sitting document and the judge's output as published formats (JSON Schema, draft 2020-12).

Both schemas are built from the engine's own definitions: the key sets :mod:`.judge` accepts, the
dataclasses of :mod:`.context` with their defaults and the values they allow, the rulesets of
:mod:`.presets`. A key without a description here is an error at generation, so the published
format cannot fall behind the judge. ``python -m rules.engines.dragon.document`` writes
``docs/sitting-document.schema.json`` and ``docs/judge-output.schema.json``.

:func:`validate_document` checks a document against the schema (the ``jsonschema`` package) and
raises a RulesError naming the JSON path; :func:`~.judge.judge_game` does not call it.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from ..errors import RulesError
from . import context, judge
from .presets import RULESETS

__all__ = ["DOCUMENT_VERSION", "sitting_schema", "output_schema", "validate_document", "write_schemas"]

DOCUMENT_VERSION = judge.DOCUMENT_VERSION
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_CARD = {"type": "string", "minLength": 1,
         "description": "A card: rank 2-10 J Q K A (or T for ten) and suit h d c s, e.g. \"Ah\", \"10c\"; Russian "
                        "\"Тч\" is read too."}
_COUNT = {"type": "integer", "minimum": 0}
_FLAG = {"type": "boolean"}
_MAYBE_FLAG = {"type": ["boolean", "null"]}


def _enum(values, *, null: bool = False) -> dict:
    return {"enum": [*values, None] if null else list(values)}


_TOP = {
    "version": ({"enum": [1, DOCUMENT_VERSION]}, "The format's version. A document without it is read as version 1, "
                "which is accepted as before; version 2 adds refused claims to the output and this key."),
    "ruleset": (_enum(RULESETS), "The ruleset: " + "; ".join(f"{r.name}: {r.title}" for r in RULESETS.values())
                + ". Default club-2.2.1."),
    "readings": ({"type": "object", "additionalProperties": {"type": "string"}},
                 "Interpretation points (IP-... -> reading) where the rules can be read more than one way; every "
                 "point left out takes its default reading."),
    "players": ({"type": "array", "minItems": 2, "maxItems": 8, "items": {"$ref": "#/$defs/player"}},
                "The players, 2 to 8, in any order; each in a seat of their own. Six or more players play two "
                "52-card decks shuffled together (IP-DECKS two_decks_when_needed, the default; one_deck_only "
                "refuses such a table), so a card may be dealt twice."),
    "room": ({"$ref": "#/$defs/room"}, "The room's facts; left out: the neutral room."),
    "place": ({"$ref": "#/$defs/place"}, "Where the sitting is played."),
    "weather": (_enum(context._WEATHER, null=True),
                "The weather. Left out or null: not recorded, which fires neither modifier 89 nor 90."),
    "croupier": ({"type": "object", "additionalProperties": {"type": "string"}},
                 "The croupier's calls where the facts leave a doubt, e.g. {\"clothing\": \"hard_to_tell\"}."),
    "stakes": ({"$ref": "#/$defs/stakes"}, "The table's stakes. Left out: not recorded, and modifier 62 (the "
               "previous deal's winnings above 10 minimum stakes) does not act."),
    "deals": ({"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/deal"}, {"$ref": "#/$defs/unrecorded_deal"}]}},
              "The deals in order, numbered 1, 2, ... by their place here; deal n is judged with deals 1..n-1 as "
              "its history. A deal may be unrecorded (see unrecorded_deal): it keeps its number."),
    "previous_game": ({"$ref": "#"}, "The sitting document of the previous Game at the same table (same format). "
                      "It is judged first and read only under the readings that look past the Game: "
                      + ", ".join(f"{k} {v}" for k, v in judge.PREVIOUS_GAME_READINGS.items()) + "."),
}

_PLAYER = {
    "id": ({"type": "string", "minLength": 1}, "The player's id, unique at the table; bets, claims and winners name it."),
    "seat": (_enum(context.SEATS), "The compass seat, unique at the table; the deal passes clockwise from North."),
    "dimension": ({"type": "string"}, "The player's home dimension (modifiers 53-77)."),
    "dimension_phonetic": ({"type": "string"}, "The dimension's name as spoken, for the vowel counts of modifiers 76-77."),
    "sex": (_enum(context._SEXES, null=True), "m or f. Left out or null: not recorded; any recorded sex counts "
            "towards modifier 73's even number."),
    "beard": (_MAYBE_FLAG, "Whether the player wears a beard. Left out or null: not recorded; modifier 56 counts "
              "the bearded players only when every player's beard is recorded."),
    "glasses": (_FLAG, "Whether the player wears glasses."),
    "headwear": (_FLAG, "Whether the player wears a hat or other headwear."),
    "clothing": (_enum(context._CLOTHING, null=True),
                 "The tone of the clothing. A recorded \"none\" (no dominant tone) counts, for modifiers 85-88; "
                 "left out or null is not recorded and counts for no clothing modifier (78-88)."),
    "drink": (_enum(context._DRINKS), "What the player drinks."),
    "spare_decks": (_COUNT, "Spare decks the player has at the table."),
    "analog_watches": (_COUNT, "Watches with hands the player wears or carries (counted with the room's clocks)."),
    "digital_watches": (_COUNT, "Digital watches the player wears or carries."),
    "clothing_hue": (_enum(context.HUES, null=True),
                     "The colour covering most of the clothing (IP-M85-NO-DOMINANT hue); null: not recorded."),
}

_ROOM = {
    "saint_images": (_COUNT, "Images of saints in the room."),
    "animals": ({"type": ["integer", "null"], "minimum": 0}, "Animals in the room; null or left out: not counted "
                "(modifiers 36 and 37 do not act; a counted 0 is even under IP-M37-ZERO zero_is_even)."),
    "analog_clocks": (_COUNT, "Clocks with hands in the room."),
    "digital_clocks": (_COUNT, "Digital clocks in the room."),
    "natural_table": (_MAYBE_FLAG, "Whether the table is of a natural material; null or left out: not recorded "
                      "(modifier 50 acts only on a table recorded as not natural)."),
    "exits": ({"type": ["integer", "null"], "minimum": 0}, "The room's exits; null: not counted."),
    "closed_room": (_FLAG, "Whether the room is closed (doors and windows)."),
    "natural_surface": (_MAYBE_FLAG, "Whether the playing surface (a cloth on the table) is natural; null: the "
                        "table itself (IP-M50-SURFACE)."),
    "doors_closed": (_MAYBE_FLAG, "Every door closed, whatever the windows; null: as closed_room says."),
    "closed_throughout": (_MAYBE_FLAG, "Closed for the whole deal; null: as closed_room says."),
    "bearded_onlookers": (_COUNT, "People present who do not play (the croupier, onlookers) with a beard."),
}

_PLACE = {
    "latitude": ({"type": "number", "minimum": -90, "maximum": 90}, "Latitude in degrees."),
    "longitude": ({"type": "number", "minimum": -180, "maximum": 180}, "Longitude in degrees."),
    "timezone": ({"type": "string"}, "The IANA time zone of the place. It decides local time: a started_at with "
                 "an offset fixes the moment, which is read in this zone; one without an offset is local time here."),
}

_STAKES = {"min": (_COUNT, "The smallest stake."), "max": (_COUNT, "The largest stake.")}

_DEAL = {
    "started_at": ({"type": "string", "minLength": 10},
                   "ISO 8601 moment of the first dealt card. Its offset only fixes the moment: the local time the "
                   "rules read is that moment in place.timezone (without an offset it is that zone's local time)."),
    "cards": ({"type": "array", "items": _CARD}, "Every card in dealing order; the engine knows the circles "
              "(nine cards each, eight to ten when modifiers 5 and 6 change the circles)."),
    "bets": ({"type": "object", "additionalProperties": _COUNT}, "Total put in by each player (id -> chips), ante "
             "included."),
    "claims": ({"type": "array", "items": {"$ref": "#/$defs/claim"}}, "What players claimed under base rule 1 or "
               "a modifier that takes claims. A claim the rules do not allow is refused in the deal's output "
               "(refused_claims) and the deal judged without it."),
    "bank": ({"type": "string"}, "The bank holder's id (base rule 6: equal hands go to the bank holder, then the "
             "dealer). Without it the bank goes to the first player in dealing order (the player after the dealer), "
             "or under IP-BANK-HOLDER highest_bet to the player with the highest bet."),
    "unrecorded": ({"const": False}, "false, or left out: a recorded deal."),
}

_UNRECORDED = {
    "started_at": (_DEAL["started_at"][0], "ISO 8601 moment of the first dealt card (decides the dealer by "
                   "rotation and the deal's time)."),
    "unrecorded": ({"const": True}, "A deal played but logged without its cards: nothing of it is judged; the "
                   "rules that read the previous deal's hand or cards find nothing in it."),
    "winners": ({"type": "array", "items": {"type": "string"}, "uniqueItems": True}, "Who won; default none known."),
    "pot": (_COUNT, "The pot; default 0."),
    "bets": (_DEAL["bets"][0], "Total put in by each player, if known."),
}

_CLAIM = {
    "player": ({"type": "string"}, "The claiming player's id."),
    "rule": ({"type": "string", "pattern": "^(B1|M[0-9]+)$"}, "B1 (base rule 1: change one card's suit, once per "
             "Game) or Mn, a modifier that takes claims. A claim under a rule that takes none is an error of the "
             "document; a claim the rules refuse in its deal is listed in that deal's refused_claims."),
    "card": (_CARD, "The claimant's card the claim acts on: base rule 1 and modifiers 14, 19-23, 28-32, 35, "
             "42-46, 51, 52, 54, 56, 70 and 74."),
    "cards": ({"type": "array", "items": _CARD}, "The cards a claim acts on where a rule takes several: modifiers "
              "14 and 44, and the incrementing and decrementing cards of modifiers 28-32."),
    "suit": ({"enum": list(judge._SUITS)}, "The suit chosen: base rule 1's new suit (required there), modifiers "
             "21, 35 and 51."),
    "rank": ({"type": "integer", "minimum": 2, "maximum": 14}, "The rank chosen, 2..14 (14 the ace): modifiers 19, "
             "35 and 51."),
    "direction": ({"type": "string"}, "The way a claim goes: up or down (modifiers 20, 21, 32, 52), incrementing "
                  "or decrementing (the roles of modifiers 45 and 46), free or home (modifier 46)."),
    "cancels": ({"type": "string"}, "The rule modifier 23's claim cancels (\"M7\", \"B5\" ...)."),
    "target": (_CARD, "Another card the claim aims at: modifiers 22, 43, 44, 52 and 74, and the card an "
               "incrementing or decrementing card acts on (modifiers 28-32)."),
    "shown_before_betting": (_FLAG, "Whether the claim was shown before the betting (default true): modifiers 23 "
                             "and 35 read it and refuse a claim made after the betting."),
}


def _object(keys: set[str], described: Mapping[str, tuple[dict, str]], where: str,
            defaults: object = None, required: tuple[str, ...] = ()) -> dict:
    """An object schema of exactly the keys the judge accepts, each described (and with its default)."""
    missing = sorted(keys - set(described))
    extra = sorted(set(described) - keys)
    if missing or extra:
        raise RulesError(f"the schema of {where} is out of step with the judge: "
                         f"undescribed {missing}, unknown {extra}", value=missing or extra)
    found = {}
    if defaults is not None:
        for f in dataclasses.fields(defaults):
            if f.default is not dataclasses.MISSING:
                found[f.name] = f.default
    props = {}
    for key in sorted(keys):
        schema, text = described[key]
        props[key] = {**schema, "description": text}
        if key in found:
            props[key]["default"] = found[key]
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def sitting_schema() -> dict:
    """The sitting document (``engine-api.md``, "Sitting documents") as a JSON Schema."""
    schema = _object(judge._TOP_KEYS, _TOP, "the sitting document", required=("players", "deals"))
    schema["properties"]["weather"]["default"] = None
    return {
        "$schema": _DRAFT, "$id": "https://dragon-poker.club/schemas/sitting-document.schema.json",
        "title": "Dragon Poker sitting document",
        "description": "One sitting (a Game: the same players in the same seats) as judge_game reads it. Unknown "
                       "keys are errors; a fact left out takes its neutral value (the one no modifier fires on).",
        **schema,
        "$defs": {
            "player": _object(judge._PLAYER_KEYS, _PLAYER, "a player", context.Player, ("id", "seat")),
            "room": _object(judge._ROOM_KEYS, _ROOM, "the room", context.Room),
            "place": _object(judge._PLACE_KEYS, _PLACE, "the place", context.Place),
            "stakes": _object(judge._STAKE_KEYS, _STAKES, "the stakes", context.Stakes),
            "deal": _object(judge._DEAL_KEYS, _DEAL, "a deal", required=("started_at", "cards")),
            "unrecorded_deal": _object(judge._UNRECORDED_KEYS, _UNRECORDED, "an unrecorded deal",
                                       required=("started_at", "unrecorded")),
            "claim": _object(judge._CLAIM_KEYS, _CLAIM, "a claim", required=("player", "rule")),
        },
    }


_STATES = ["natural", "home", "free", "wild", "dead"]
_ORDER = {"enum": ["natural", "inverted"]}


def _props(described: Mapping[str, tuple[dict, str]], required: bool = True) -> dict:
    out = {"type": "object", "properties": {k: {**s, "description": t} for k, (s, t) in described.items()},
           "additionalProperties": False}
    if required:
        out["required"] = list(described)
    return out


def output_schema() -> dict:
    """What :func:`~.judge.judge_game` returns, as a JSON Schema."""
    card = _props({
        "card": ({"type": "string"}, "The card as dealt."),
        "circle": ({"type": "integer", "minimum": 1}, "The circle it was dealt in."),
        "open": (_FLAG, "Dealt face up."),
        "state": ({"enum": _STATES}, "Its state after the rules and modifiers."),
        "rank": ({"type": "integer", "minimum": 2, "maximum": 14}, "Its rank as changed by rules or modifiers."),
        "suit": ({"enum": list(judge._SUITS)}, "Its suit as changed by rules or modifiers."),
        "role": ({"enum": ["incrementing", "decrementing", None]}, "A role a modifier gave it, or null."),
    })
    trace = _props({
        "source": ({"type": "string"}, "What acted: B1..B25 base rules, M1..M100 modifiers, T1..T3 tables, H1..H64 "
                   "hands, or an interpretation point id (IP-...)."),
        "cards": ({"type": "array", "items": {"type": "string"}}, "The cards it acted on (as dealt)."),
        "change": ({"type": "string"}, "What changed: a state, suit, rank, pattern (the circles dealt dark or open), "
                   "order, winner, refused (a claim or change refused), cancelled ..."),
        "before": ({}, "The value before (null: none)."),
        "after": ({}, "The value after (for a refused claim: its code)."),
        "player": ({"type": ["string", "null"]}, "The player concerned, or null."),
        "text": ({"type": "string"}, "Why, in English."),
    })
    refused = _props({
        "claim": ({"$ref": "sitting-document.schema.json#/$defs/claim"}, "The claim as the document gives it."),
        "code": ({"enum": ["once_per_game", "no_right", "not_held", "not_played", "not_allowed"]},
                 "once_per_game: a once-a-Game right used already; no_right: the rule gives no right in this deal; "
                 "not_held: the player does not hold the card; not_played: the ruleset leaves the modifier out; "
                 "not_allowed: the rule refuses it for the reason given."),
        "reason": ({"type": "string"}, "Why, in English."),
    })
    deal = _props({
        "number": ({"type": "integer", "minimum": 1}, "The deal's number."),
        "dealer": ({"type": "string"}, "The dealer's id."),
        "pattern": ({"type": "array", "items": {"enum": ["dark", "open"]}}, "The kind of every circle dealt."),
        "orders": (_props({"cards": (_ORDER, "Card order."), "suits": (_ORDER, "Suit order.")}), "Orders in force."),
        "weakest_wins": (_FLAG, "Whether the weakest hand wins (base rule 15)."),
        "players": ({"type": "object", "additionalProperties": _props({
            "cards": ({"type": "array", "items": card}, "The player's cards in dealing order."),
            "hand": (_props({"category": ({"type": "integer", "minimum": 1, "maximum": 64}, "1..64, lower is better."),
                             "name": ({"type": "string"}, "The hand's name."),
                             "cards": ({"type": "array", "items": {"type": "string"}}, "The cards it uses.")}),
                     "The best hand."),
        })}, "Per player id."),
        "winners": ({"type": "array", "items": {"type": "string"}}, "The winners' ids."),
        "chips": ({"type": "object", "additionalProperties": {"type": "integer"}}, "Each player's chip result."),
        "trace": ({"type": "array", "items": trace}, "Everything the judge did, in order."),
        "refused_claims": ({"type": "array", "items": refused}, "The claims the rules do not allow, the deal judged "
                           "without them."),
    })
    unrecorded = _props({
        "number": ({"type": "integer", "minimum": 1}, "The deal's number."),
        "dealer": ({"type": "string"}, "The dealer by rotation."),
        "unrecorded": ({"const": True}, "Played without recording its cards: nothing judged."),
        "winners": ({"type": "array", "items": {"type": "string"}}, "As the document gives them."),
        "pot": (_COUNT, "As the document gives it."),
        "trace": ({"type": "array", "maxItems": 0}, "Empty."),
    })
    return {"$schema": _DRAFT, "$id": "https://dragon-poker.club/schemas/judge-output.schema.json",
            "title": "Dragon Poker judgement of a sitting", "description": "What judge_game returns.",
            "type": "object", "required": ["deals"], "additionalProperties": False,
            "properties": {"deals": {"type": "array", "description": "One judgement per deal, in order.",
                                     "items": {"anyOf": [{"$ref": "#/$defs/deal"},
                                                         {"$ref": "#/$defs/unrecorded_deal"}]}}},
            "$defs": {"deal": deal, "unrecorded_deal": unrecorded}}


def _path(parts) -> str:
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def validate_document(doc: object) -> None:
    """Check a sitting document against :func:`sitting_schema`: a RulesError naming the JSON path of the
    first error (e.g. ``$.deals[0].claims[1].suit``)."""
    validator = Draft202012Validator(sitting_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)
    error = best_match(validator.iter_errors(doc))
    if error is not None:
        path = _path(error.absolute_path)
        raise RulesError(f"{path}: {error.message[:200]}", value=path)


def write_schemas(folder: str | Path = "docs") -> list[Path]:
    """Write both schemas into ``folder``."""
    folder = Path(folder)
    out = []
    for name, schema in (("sitting-document.schema.json", sitting_schema()),
                         ("judge-output.schema.json", output_schema())):
        path = folder / name
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":
    for written in write_schemas(sys.argv[1] if len(sys.argv) > 1 else "docs"):
        print(written)
