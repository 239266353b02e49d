"""The one place the tournaments meet the trick game's engine (``rules.engines.tricks``, the
30-round trick game), and the other apps that read its rules: pure names over data.

The round schedule (:data:`ROUNDS`, :func:`schedule`, :func:`has_bids`), who deals and bids in
what order (:func:`dealer_of`, :func:`bidding_order`, :func:`forbidden_dealer_bid`), a trick's
winner (:func:`trick_winner`), a round's score (:func:`round_score`, :class:`RoundRecord`) and a
played round or game as the engine checks it (:class:`PlayedRound`, :class:`GameRecord`,
:func:`validate_round_play`); :func:`play_game` plays a whole seeded game for the demo data.
:class:`Card` and :func:`parse_card` are the engine's cards, jokers included, as typed on a round's
sheet; :class:`RulesError` is the engine's refusal, naming the bad value.

Used by the tournaments' services, selectors, forms, presenters and demo data, by
:mod:`games.ratings` (the dealer's forbidden bid) and by :mod:`games.seasons.demo`. Pure: the
engine's own names, no database read, no cache.
"""

from rules.engines.cards import Card
from rules.engines.cards import parse_one as parse_card
from rules.engines.errors import RulesError
from rules.engines.tricks import (
    ROUNDS,
    GameRecord,
    PlayedRound,
    RoundRecord,
    bidding_order,
    dealer_of,
    forbidden_dealer_bid,
    has_bids,
    play_game,
    round_score,
    schedule,
    trick_winner,
    validate_round_play,
)

__all__ = [
    "ROUNDS", "schedule", "has_bids", "dealer_of", "bidding_order", "forbidden_dealer_bid", "trick_winner",
    "round_score", "RoundRecord", "PlayedRound", "GameRecord", "validate_round_play", "play_game",
    "Card", "parse_card", "RulesError",
]
