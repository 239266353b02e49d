"""The 30-round trick game for four ("poker without a name"), the club's tournament game.

The authority is ``seeds/trick-game-30-rounds.txt``; ``rules/trick-game.md`` is its structured
reading. Seats are numbered 0..3 clockwise, so the player left of seat ``d`` is ``(d + 1) % 4``.
Cards are :class:`rules.engines.cards.Card` (jokers ``Jo``); every function also takes card
tokens (``"7h"``, ``"10c"``, ``"Тп"``, ``"Jo"``). A trump is a suit letter ``h d c s`` or ``None``
(no trumps: a joker was turned up). Wrong input raises :class:`RulesError` naming the value.

Rules, one function each::

    PLAYERS == 4; ROUNDS == 30; KINDS; DEMANDS == ("highest", "lowest"); INTERPRETATION_POINTS
    schedule(19) == (8, "dark")            # (cards each, kind); kinds "open" "dark" "minimum" "maximum"
    has_bids(23) is False                  # rounds 1-22 are bid, 23-30 are not
    dealer_of(n, first_dealer=0, readings=None)          # the dealer of round n
    bidding_order(dealer) == (d+1, d+2, d+3, d)          # clockwise from the dealer's left
    forbidden_dealer_bid(1, [1, 0, 0]) == 0   # None where every bid is allowed
    allowed_bids(8, [2, 2, 2]) == (0, 1, 3, 4, 5, 6, 7, 8)   # the dealer's choices
    legal_plays(hand=["7h", "2s", "Jo"], played=["Ah"], trump="s") == ["7h"]
    legal_plays(hand=..., played=["Jo"], trump="s", demand="highest" | "lowest" | None)
    play_obligation(hand=..., played=..., trump=..., demand=None) -> (legal cards, reason)
    obligation(...) -> Obligation(legal, reason, code, values, joker_any_time)   # code: OBLIGATIONS
    trick_winner(["7h", "Ah", "2s", "Kh"], trump="s") == 2    # index in play order
    round_score(5, bid=3, taken=3) == 30   # rounds 23-30 take no bid (bid=None)
    game_scores(rounds) -> (4 totals)      # 30 RoundRecord / PlayedRound / dicts, validated
    score_sheet(rounds) -> ((4 scores) per round)

``legal_plays`` returns the cards of ``hand`` that may be played now, in the hand's order and of
the kind given (Card objects for Cards, the caller's own strings for strings).

Records::

    RoundRecord(number, dealer, bids, taken)   # bids by seat, None in rounds 23-30; frozen,
        RoundRecord.from_dict({...}), .to_dict(), .scores()   # checked on construction
    Trick(leader, cards, demand, winner)       # cards in play order from the leader; winner a seat
    PlayedRound(number, dealer, trump_card, hands, bids, tricks, taken, scores)   # one played round
        .summary() -> RoundRecord, .to_dict(), PlayedRound.from_dict(doc)
    GameRecord(seed, first_dealer, readings, rounds, totals)   # a whole game
        .to_dict() / GameRecord.from_dict(doc)   # JSON-able; from_dict checks scores and totals
    validate_round_play(recorded_round, readings=None) -> [Problem(round, trick, seat, message)]
    validate_game_play(game_record, readings=None) -> [Problem, ...]   # neither ever raises
        Problem.code (one of PROBLEM_CODES), Problem.values: the problem for a site to put into
        its own words (the English message stays); .to_dict() holds them too

The stored game (``GameRecord.to_dict()``)::

    {"game": "tricks", "format": 1, "seed": 7, "first_dealer": 0,
     "readings": {"IP-TRICK-OVER": "per_overtrick"},          # only the readings chosen
     "rounds": [{"number": 1, "cards_each": 1, "kind": "open", "dealer": 0,
                 "trump_card": "9s", "trump": "s",            # "trump": None when a joker is up
                 "hands": [["Ah"], ["7h"], ["Jo"], ["4c"]],   # by seat, as dealt
                 "bids": [0, 1, 0, 1],                        # by seat; None in rounds 23-30
                 "tricks": [{"leader": 1, "cards": ["7h", "Jo", "4c", "Ah"],
                             "demand": None, "winner": 2}],   # demand: a joker leader's
                 "taken": [0, 0, 1, 0], "scores": [5, -10, 1, -10]}, ...],
     "totals": [...]}

A recorded round given to ``validate_round_play`` has the same keys, of which only ``number``,
``dealer``, ``tricks`` (each with its ``cards``) and ``trump_card`` or ``trump`` are needed: the
hands are then what each seat played, and leaders, winners, taken and scores are checked where
given.

State machines (deal from a seeded shuffle, bid, play with legality checks, score). The deal goes
one card at a time clockwise from the dealer's left; the next card of the deck is turned up::

    r = Round.deal(number, dealer, seed, readings=None)   # or Round(number, dealer, deck=54 cards)
    r.phase ("bidding" | "playing" | "done"), r.to_act, r.trump_card, r.trump, r.hands (as dealt)
    r.bids, r.taken, r.tricks, r.current, r.leader, r.demand
    r.view(seat) -> SeatView     # what that seat sees: no hand while a dark round is bid
    r.allowed_bids(); r.bid(seat, n); r.legal_plays(); r.play(seat, card, demand=None) -> Trick | None
    r.scores(); r.record() -> PlayedRound
    g = GameState(seed, first_dealer=0, readings=None)    # round n is dealt with seed f"{seed}:{n}"
    g.round, g.phase ("bidding" | "playing" | "finished"), g.to_act, g.view(seat), g.totals,
    g.bid(seat, n), g.play(seat, card, demand=None), g.played, g.record() -> GameRecord

A move out of turn, a bid the dealer may not make, a card not held or not legal raises
RulesError whose message gives the reason (``"must follow the led suit h (legal: 7h 9h)"``).

Bots: ``SimpleBot(rng, wander=0.15)`` (always legal; bids its sure-looking tricks and plays to make
them) and ``play_game(seed, readings=None, first_dealer=0, bots=None) -> GameRecord`` (four
SimpleBots seeded from ``seed`` by default; the same seed gives the same game).

Every function takes an optional ``readings`` mapping of the interpretation points of the game
(``INTERPRETATION_POINTS``, registered with game ``"tricks"``); a missing id takes its default:

* IP-TRICK-OVER ``per_trick_taken`` | ``per_overtrick``: over the bid, +1 for each trick taken or
  for each trick over the bid;
* IP-TRICK-DEALER-ROTATION ``clockwise`` | ``fixed``: the deal passes each round, or not;
* IP-JOKER-ANYTIME ``only_when_void`` | ``any_time``: may a joker always be played;
* IP-NO-TRUMP-VOID ``joker_if_held`` | ``any_card``: no trumps, void in the led suit: the joker;
* IP-JOKER-SECOND ``any_player`` | ``second_only``: who must answer a joker lead with the other
  joker when holding no trump;
* IP-JOKER-IS-TRUMP ``no`` | ``yes``: is the joker a trump when answering a joker lead;
* IP-JOKER-DEMAND-ORDER ``joker_first`` | ``demand_first``: the other joker or the demand;
* IP-JOKER-LEAD-NO-TRUMP ``demand_on_all_cards`` | ``as_void_of_trump``: a joker led with no
  trumps obliges only the demand, or counts everyone as holding no trump.

A demand ("highest" / "lowest") picks by rank; cards of equal rank in different suits are all
"the highest"; a joker has no rank, so it answers a demand only when the hand holds nothing else
(or as the highest trump under IP-JOKER-IS-TRUMP ``yes``).
"""

from __future__ import annotations

from .play import Bot, GameState, Round, SeatView, SimpleBot, play_game
from .records import (
    PROBLEM_CODES,
    GameRecord,
    PlayedRound,
    Problem,
    Trick,
    validate_game_play,
    validate_round_play,
)
from .rules import (
    DEMANDS,
    IP_DEALER_ROTATION,
    IP_JOKER_ANYTIME,
    IP_JOKER_DEMAND_ORDER,
    IP_JOKER_IS_TRUMP,
    IP_JOKER_LEAD_NO_TRUMP,
    IP_JOKER_SECOND,
    IP_NO_TRUMP_VOID,
    IP_TRICK_OVER,
    KINDS,
    OBLIGATIONS,
    PLAYERS,
    ROUNDS,
    Obligation,
    RoundRecord,
    allowed_bids,
    bidding_order,
    dealer_of,
    forbidden_dealer_bid,
    game_scores,
    has_bids,
    legal_plays,
    obligation,
    play_obligation,
    round_score,
    schedule,
    score_sheet,
    trick_winner,
)

__all__ = [
    "PLAYERS", "ROUNDS", "KINDS", "DEMANDS", "INTERPRETATION_POINTS",
    "schedule", "has_bids", "dealer_of", "bidding_order", "forbidden_dealer_bid", "allowed_bids",
    "legal_plays", "play_obligation", "obligation", "Obligation", "OBLIGATIONS", "trick_winner", "round_score", "game_scores", "score_sheet",
    "RoundRecord", "Trick", "PlayedRound", "GameRecord", "Problem", "PROBLEM_CODES",
    "validate_round_play", "validate_game_play",
    "Round", "GameState", "SeatView", "Bot", "SimpleBot", "play_game",
]

INTERPRETATION_POINTS = (IP_TRICK_OVER, IP_DEALER_ROTATION, IP_JOKER_ANYTIME, IP_NO_TRUMP_VOID,
                         IP_JOKER_SECOND, IP_JOKER_IS_TRUMP, IP_JOKER_DEMAND_ORDER, IP_JOKER_LEAD_NO_TRUMP)
