"""Members' ratings in each of the club's games, and the all-rounder ranking.

Pure: matches in, ratings out (no Django). Every game is rated on its own with openskill's
Plackett-Luce model, as the tournaments' ratings are (:mod:`games.tournaments.ratings`): a match
is a ranking of its players by a score (higher is better, equal scores share a place), replayed
in the order of play, each player starting at openskill's default (mu 25, sigma 25/3, ordinal
mu - 3 sigma = 0). What one match is in each game is decided by the caller
(:func:`games.selectors.rating_matches`); the house of the casino table takes part as the
competitor :data:`HOUSE` and is rated like a player, but is never listed.

The all-rounder ranking: a game counts for a member once he has played
:data:`ALL_ROUNDER_MIN_MATCHES` matches of it; a member with at least
:data:`ALL_ROUNDER_MIN_GAMES` such games is ranked by the mean of his latest ordinals in them.

The trick game's bidding record (:func:`bid_record`) reads the rounds a member played: how often
his bid was exactly the tricks he took, and how often, dealing, one bid was forbidden to him.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.tournaments import engine as tricks

# The club's games (club.models.GameKind's values), in the order the ratings page shows them.
GAMES = ("dragon", "casino", "dice", "draker", "tricks")
ALL_ROUNDER = "all"
HOUSE = "house"
# The ordinal (mu - 3 sigma) already discounts a rating built on few matches.
ALL_ROUNDER_MIN_MATCHES = 2
ALL_ROUNDER_MIN_GAMES = 2


@dataclass(frozen=True)
class Match:
    """One match of ``game``: its competitors (member ids, or :data:`HOUSE`) with their scores.

    ``order`` sorts the matches of one game into the order they were played; ``when`` is the
    date shown beside the rating the match left; ``ref`` names the match (a sitting's, hand's,
    dice match's or tournament table's id)."""

    game: str
    order: tuple
    when: dt.date
    ref: int
    scores: tuple[tuple[Hashable, float], ...]


@dataclass(frozen=True)
class RatingPoint:
    """A member's rating in ``game`` after a match (``played``: his matches of the game so far)."""

    game: str
    member_id: int
    when: dt.date
    ref: int
    mu: float
    sigma: float
    ordinal: float
    played: int


@dataclass(frozen=True)
class Standing:
    member_id: int
    mu: float
    sigma: float
    ordinal: float
    played: int


@dataclass(frozen=True)
class AllRounder:
    member_id: int
    score: float
    games: tuple[str, ...]


def replay(matches: Iterable[Match]) -> dict[str, list[RatingPoint]]:
    """Every game's history: one point per member per match, in the order of play."""
    by_game: dict[str, list[Match]] = defaultdict(list)
    for match in matches:
        if match.game not in GAMES:
            raise ValueError(f"not a game of the club: {match.game!r}")
        by_game[match.game].append(match)
    model = PlackettLuce()
    history: dict[str, list[RatingPoint]] = {game: [] for game in GAMES}
    for game, game_matches in by_game.items():
        current: dict[Hashable, object] = {}
        played: dict[Hashable, int] = defaultdict(int)
        for match in sorted(game_matches, key=lambda m: (m.order, m.ref)):
            scores = sorted(match.scores, key=lambda pair: str(pair[0]))
            if len({who for who, _score in scores}) != len(scores) or len(scores) < 2:
                continue
            teams = [[current.get(who) or model.rating(name=str(who))] for who, _score in scores]
            rated = model.rate(teams, scores=[score for _who, score in scores])
            for (who, _score), team in zip(scores, rated, strict=True):
                current[who] = team[0]
                if who == HOUSE:
                    continue
                played[who] += 1
                rating = team[0]
                history[game].append(RatingPoint(game, who, match.when, match.ref, rating.mu, rating.sigma,
                                                 rating.ordinal(), played[who]))
    return history


def standings(points: Sequence[RatingPoint]) -> list[Standing]:
    """Each member's latest rating in one game, best first (ties by mu, then member id)."""
    latest: dict[int, RatingPoint] = {}
    for point in points:
        latest[point.member_id] = point
    rows = [Standing(p.member_id, p.mu, p.sigma, p.ordinal, p.played) for p in latest.values()]
    return sorted(rows, key=lambda s: (-s.ordinal, -s.mu, s.member_id))


def all_rounder(history: dict[str, Sequence[RatingPoint]], *, min_matches: int = ALL_ROUNDER_MIN_MATCHES,
                min_games: int = ALL_ROUNDER_MIN_GAMES) -> list[AllRounder]:
    """Members with at least ``min_games`` games of ``min_matches`` matches each, by the mean of
    their latest ordinals in those games, best first."""
    counted: dict[int, dict[str, float]] = defaultdict(dict)
    for game in GAMES:
        for row in standings(history.get(game, ())):
            if row.played >= min_matches:
                counted[row.member_id][game] = row.ordinal
    rows = [AllRounder(member_id, sum(games.values()) / len(games), tuple(g for g in GAMES if g in games))
            for member_id, games in counted.items() if len(games) >= min_games]
    return sorted(rows, key=lambda r: (-r.score, r.member_id))


@dataclass(frozen=True)
class BidRecord:
    """A member's bidding in the trick game's bid rounds (1-22).

    ``bids``: rounds he bid in; ``exact``: those where his bid equalled the tricks he took;
    ``dealt``: those he dealt (bidding last); ``restricted``: those of them where one bid was
    forbidden to him (the others' bids left the number of cards within reach)."""

    bids: int
    exact: int
    dealt: int
    restricted: int

    @property
    def accuracy(self) -> float | None:
        return self.exact / self.bids if self.bids else None

    @property
    def restricted_share(self) -> float | None:
        return self.restricted / self.dealt if self.dealt else None


def bid_record(rounds: Iterable[tuple[int, int, int, Sequence[int] | None, Sequence[int]]]) -> BidRecord:
    """``rounds``: (the member's seat, round number, dealer's seat, bids by seat or None, tricks
    taken by seat) for each round he played."""
    bids = exact = dealt = restricted = 0
    for seat, number, dealer, round_bids, taken in rounds:
        if round_bids is None:
            continue
        bids += 1
        exact += round_bids[seat] == taken[seat]
        if seat == dealer:
            dealt += 1
            cards_each, _kind = tricks.schedule(number)
            earlier = [round_bids[s] for s in tricks.bidding_order(dealer)[:-1]]
            restricted += tricks.forbidden_dealer_bid(cards_each, earlier) is not None
    return BidRecord(bids, exact, dealt, restricted)
