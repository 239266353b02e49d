"""The recorder's card tap: queries and server time of one card tapped, and of the finished deal page.

A six-player Game is recorded card by card through the deal page's view (the Django test client,
htmx requests, as a phone at the table sends them), ``--deals`` deals one after another, each
judged and confirmed before the next begins so that the later deals have a history. The server
time of a tap is the time the view takes in-process (no network). Printed against the targets:

    queries of the 54th tap (the deal's last card)   <= 12   (statements that read or write rows;
                                                               BEGIN/COMMIT left out)
    p95 server time of a tap                          <  50 ms
    p95 server time of the finished deal page         < 100 ms

SQLite (a throwaway test database) by default; PostgreSQL when DATABASE_URL is set (its test
database, ``test_<name>``, is created and dropped).

    .venv/bin/python bench/recorder.py [--deals 4] [--page-views 30]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/club_bench .venv/bin/python bench/recorder.py
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
os.environ.setdefault("SECRET_KEY", "bench-recorder-only")

TAP_QUERIES = 12
TAP_P95_MS = 50.0
PAGE_P95_MS = 100.0
SEATS = ("N", "NE", "SE", "S", "SW", "NW")
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals recorded card by card (54 taps each)")
    parser.add_argument("--page-views", type=int, default=30, help="requests of the finished deal page")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    # No setup_test_environment(): its instrumented template rendering (the test client keeps a
    # copy of every context) is no part of a server's time.
    logging.getLogger("club.request").setLevel(logging.WARNING)     # one line per request otherwise
    warnings.filterwarnings("ignore", message="No directory at")
    settings.GAMES_ADVISE_AFTER_SUBMIT = False      # the advisor runs in a task, not in a tap
    # No collectstatic here: static URLs without the manifest, as in the tests.
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from django.test import Client

        from club import services as club_services
        from club.models import Member
        from games import services
        from games.models import DealtCard
        from tests import factories

        croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
        players = [factories.member(display_name=f"Player {n}", password=None) for n in range(6)]
        session = factories.session(actor=croupier, days=-1)
        for p in players:
            club_services.rsvp_set(session=session, member=p, actor=p, answer="going")
        club_services.seating_set(session=session, actor=croupier,
                                  assignments={p.pk: seat for p, seat in zip(players, SEATS, strict=True)})
        game = services.game_start(session=session, actor=croupier)
        client = Client()
        client.force_login(players[0].user)

        taps: list[float] = []
        last_tap_queries = []
        deal = None
        for n in range(args.deals):
            # A deal the engine accepts card by card: the cards of a seeded digital deal, replayed.
            digital = services.deal_digital(game=game, actor=croupier, seed=f"bench-{n}")
            cards = list(DealtCard.objects.filter(deal=digital).order_by("seq").values_list("card", flat=True))
            digital.delete()
            deal = services.deal_start(game=game, actor=croupier)
            url = reverse("games:deal_card", args=[deal.pk])
            for i, token in enumerate(cards):
                last = i == len(cards) - 1
                capture = CaptureQueriesContext(connection) if last else None
                if capture is not None:
                    capture.__enter__()
                started = time.perf_counter()
                response = client.post(url, {"card": token}, HTTP_HX_REQUEST="true", secure=True)
                elapsed = time.perf_counter() - started
                if capture is not None:
                    capture.__exit__(None, None, None)
                    last_tap_queries.append([q["sql"] for q in capture.captured_queries
                                             if not q["sql"].lstrip().upper().startswith(TRANSACTION_CONTROL)])
                    if n == 0:
                        continue        # the captured tap pays for the capture: not timed
                if response.status_code != 200 or b'id="card-error"' in response.content:
                    print(f"tap {i + 1} of deal {n + 1} ({token}) was refused", file=sys.stderr)
                    return 2
                taps.append(elapsed * 1000)
            result = services.result_submit(deal=deal, actor=players[0])
            services.result_confirm(result=result, actor=players[1])

        page_times = []
        page_url = deal.get_absolute_url()
        client.get(page_url, secure=True)                    # warm
        for _ in range(args.page_views):
            started = time.perf_counter()
            response = client.get(page_url, secure=True)
            page_times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200

        queries = max(len(q) for q in last_tap_queries)
        tap_p95, page_p95 = p95(taps), p95(page_times)
        vendor = connection.vendor
        print(f"recorder benchmark: {vendor}, 6 players, {args.deals} deals recorded card by card "
              f"({len(taps)} taps timed), finished deal page x{args.page_views}")
        print(f"  54th tap queries          {queries:>7d}      target <= {TAP_QUERIES}   "
              f"{'ok' if queries <= TAP_QUERIES else 'MISSED'}")
        print(f"  tap p95 server time       {tap_p95:>7.1f} ms   target < {TAP_P95_MS:.0f} ms "
              f"{'ok' if tap_p95 < TAP_P95_MS else 'MISSED'}  (median {statistics.median(taps):.1f} ms)")
        print(f"  finished deal page p95    {page_p95:>7.1f} ms   target < {PAGE_P95_MS:.0f} ms "
              f"{'ok' if page_p95 < PAGE_P95_MS else 'MISSED'}  (median {statistics.median(page_times):.1f} ms)")
        return 0 if queries <= TAP_QUERIES and tap_p95 < TAP_P95_MS and page_p95 < PAGE_P95_MS else 1
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
