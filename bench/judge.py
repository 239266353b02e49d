"""Judged Dragon Poker deals per second: 6-player deals from seeded shuffles in a busy room.

Prints, from the same run: the judge's rate without the advisor, with the advisor (base rule 25:
the best claims, three per player as the result page shows them, and the full list of every claim
that beats each hand), the card-state layer alone, and the evaluator's rate on natural 9-card hands
(its own peer figure), with the ratios. The advisor advises the judged deal (``advise_judgement``).
Rates are per second of CPU time, so other work on the machine does not count.
Target: at least 300 judged 6-player deals per second without the advisor; the advisor (the best
claims) within 20x of the judge's rate in the same run.

    .venv/bin/python bench/judge.py [--deals N] [--seconds S]
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.engines.cards import deck52, shuffled  # noqa: E402
from rules.engines.dragon import evaluate  # noqa: E402
from rules.engines.dragon.advisor import advise_judgement  # noqa: E402
from rules.engines.dragon.context import Place, Player, Room, Stakes, Table  # noqa: E402
from rules.engines.dragon.game import GameHistory  # noqa: E402
from rules.engines.dragon.judge import judge_deal, prepare_deal, setup_deal  # noqa: E402


def busy_table() -> Table:
    """Six players and a room where many of the modifiers' facts are true."""
    players = (
        Player("skeeve", "N", dimension="Klah", dimension_phonetic="klah", sex="m", glasses=True,
               drink="alcohol", clothing="dark", spare_decks=1),
        Player("aahz", "NE", dimension="Perv", dimension_phonetic="perv", sex="m", beard=True, headwear=True,
               drink="soft", clothing="dark"),
        Player("tanda", "E", dimension="Klah", dimension_phonetic="klah", sex="f", glasses=True, drink="alcohol"),
        Player("massha", "S", dimension="Jahk", dimension_phonetic="jahk", sex="f", headwear=True, drink="soft",
               clothing="dark", spare_decks=1),
        Player("chumley", "W", dimension="Trollia", dimension_phonetic="trollia", sex="m", beard=True,
               drink="alcohol", clothing="dark"),
        Player("gleep", "NW", dimension="Klah", dimension_phonetic="klah", sex="m", headwear=True, glasses=True,
               drink="soft", clothing="dark", spare_decks=1),
    )
    room = Room(saint_images=1, animals=2, analog_clocks=1, digital_clocks=1, natural_table=False, exits=3,
                closed_room=True)
    return Table(players=players, room=room, place=Place(55.75, 37.62, "Europe/Moscow"), weather="sunny",
                 stakes=Stakes(2, 20))


def deals(n: int):
    """(number within its Game, start time, cards) for n deals: Games of 12 deals, 7 minutes apart."""
    start = dt.datetime(2026, 11, 27, 19, 5)
    for i in range(n):
        number = i % 12 + 1
        cards = shuffled(deck52() * 2, i)[:54]
        yield number, (start + dt.timedelta(minutes=7 * i)).isoformat(), cards


def run_judge(table: Table, n: int, *, with_advisor: bool, **advice) -> float:
    """Deals per second of CPU time (the machine is shared: wall time would measure the others)."""
    bets = {p.id: 4 for p in table.players}
    history = GameHistory()
    begin = time.process_time()
    for number, started, cards in deals(n):
        if number == 1:
            history = GameHistory()
        judgement = judge_deal(table, number, started, cards, history=history, bets=bets)
        if with_advisor:
            advise_judgement(judgement, **advice)
        history.add(judgement.record)
    return n / (time.process_time() - begin)


def run_states(table: Table, n: int) -> float:
    """The card-state layer alone: dealing, base rules and modifiers, no hand evaluation."""
    begin = time.process_time()
    for number, started, cards in deals(n):
        rs, rd, facts, dealing = setup_deal(table, number, started, cards)
        prepare_deal(facts, dealing, rd, history=GameHistory(), ruleset=rs)
    return n / (time.process_time() - begin)


def run_evaluator(n: int) -> float:
    hands = [shuffled(deck52(), 10_000 + i)[:9] for i in range(n)]
    begin = time.process_time()
    for hand in hands:
        evaluate(hand)
    return n / (time.process_time() - begin)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--advised", type=int, default=60)
    args = parser.parse_args(argv)
    table = busy_table()
    run_judge(table, 24, with_advisor=False)                      # warm caches
    plain = run_judge(table, args.deals, with_advisor=False)
    advised = run_judge(table, args.advised, with_advisor=True)
    top3 = run_judge(table, args.advised, with_advisor=True, limit=3)
    states = run_states(table, args.deals)
    natural = run_evaluator(args.deals * 6)
    print(f"judge, 6-player deals, busy room:        {plain:9.1f} deals/s   (target >= 300)")
    print(f"judge + advisor, best 3 claims/player:   {top3:9.1f} deals/s   ({plain / top3:.1f}x slower; "
          f"target <= 20x; base rule 25 as the result page shows it)")
    print(f"judge + advisor, every claim that helps: {advised:9.1f} deals/s   ({plain / advised:.1f}x slower; "
          f"the full list)")
    print(f"card states only (deal, rules, modifiers): {states:7.1f} deals/s")
    print(f"evaluator, natural 9-card hands:         {natural:9.1f} hands/s  "
          f"(= {natural / 6:.1f} six-hand deals/s; the judge runs at {plain / (natural / 6):.2f} of that)")


if __name__ == "__main__":
    main()
