"""Recomputing what the recorded rounds add up to: a table's scores (and the judgement of its card
play), the standings of a tournament, and every player's rating. Each is idempotent: run twice, it
gives the same rows."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils import timezone

from .. import engine as tricks
from .. import metrics, ratings
from ..models import Bye, Rating, Round, Standing, Table, TableScore, Tournament


def _seat_stats(rounds: Sequence[Round], position: int) -> dict[str, int | None]:
    exact = positive = minimum = 0
    best = None
    for r in rounds:
        score = r.scores[position]
        best = score if best is None or score > best else best
        positive += score > 0
        if r.bids is not None and r.bids[position] == r.taken[position]:
            exact += 1
        if tricks.schedule(r.number)[1] == "minimum":
            minimum += r.taken[position]
    return {"exact_bids": exact, "positive_rounds": positive, "best_round": best, "minimum_tricks": minimum}


def rescore_round(row: Round, readings: Mapping[str, str], full: bool) -> bool:
    """Recompute one round's scores with the engine and judge its card play; True if it changed."""
    record = tricks.RoundRecord(row.number, row.dealer, tuple(row.bids) if row.bids is not None else None,
                                tuple(row.taken))
    scores = list(record.scores(readings))
    flagged, problems, checked = False, [], False
    if row.play is not None:
        if full or not row.play_checked:
            problems = [p.to_dict() for p in tricks.validate_round_play(row.play, readings)]
        else:
            problems = list(row.problems)
        flagged, checked = bool(problems), True
    changed = (scores, flagged, problems, checked) != (row.scores, row.flagged, row.problems, row.play_checked)
    row.scores, row.flagged, row.problems, row.play_checked = scores, flagged, problems, checked
    return changed


@transaction.atomic
def table_rescore(*, table_id: int, full: bool = False) -> list[TableScore]:
    """Recompute a table from its live rounds: each round's scores, the card play's judgement (all
    rounds when ``full``, else those not judged yet), and every seat's result. Idempotent."""
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=table_id)
    readings = table.stage.tournament.readings
    rounds = list(table.rounds.filter(live=True).order_by("number"))
    changed = [r for r in rounds if rescore_round(r, readings, full)]
    if changed:
        Round.objects.bulk_update(changed, ["scores", "flagged", "problems", "play_checked"])
    existing = {s.entry_id: s for s in table.scores.all()}
    out, changed_scores = [], []
    for seat in table.seats.all():
        row = existing.pop(seat.entry_id, None) or TableScore(table=table, entry_id=seat.entry_id)
        fresh = (seat.position, sum(r.scores[seat.position] for r in rounds), len(rounds),
                 sum(r.flagged for r in rounds), _seat_stats(rounds, seat.position))
        if row.pk is None or fresh != (row.position, row.points, row.rounds, row.flagged_rounds, row.stats):
            row.position, row.points, row.rounds, row.flagged_rounds, row.stats = fresh
            changed_scores.append(row)
        out.append(row)
    if existing:
        TableScore.objects.filter(pk__in=[s.pk for s in existing.values()]).delete()
    # Only what changed is written: a rescore of unchanged rows writes nothing.
    TableScore.objects.bulk_update([s for s in changed_scores if s.pk],
                                   ["position", "points", "rounds", "flagged_rounds", "stats"])
    TableScore.objects.bulk_create([s for s in changed_scores if not s.pk])
    return out


def ranking(tournament: Tournament) -> list[tuple[int, bool, metrics.Line]]:
    """The standings as they follow from the table scores now, as (rank, tied, line) (nothing
    written)."""
    lines = {pk: metrics.Line(entry_id=pk, name=name, withdrawn=withdrawn_after is not None)
             for pk, name, withdrawn_after in tournament.entries.values_list(
                 "pk", "member__display_name", "withdrawn_after_stage")}
    by_table: dict[int, list[dict]] = defaultdict(list)
    stage_points: dict[int, list[int]] = defaultdict(list)
    for row in TableScore.objects.filter(table__stage__tournament=tournament).values(
            "table_id", "table__stage_id", "entry_id", "points", "rounds", "stats"):
        by_table[row["table_id"]].append(row)
        stage_points[row["table__stage_id"]].append(row["points"])
    for table_id, rows in by_table.items():
        for row in rows:
            line = lines[row["entry_id"]]
            line.points += row["points"]
            line.rounds += row["rounds"]
            line.tables.append(metrics.TableLine(
                table_id=table_id, points=row["points"], stats=row["stats"],
                opponents={o["entry_id"]: o["points"] for o in rows if o["entry_id"] != row["entry_id"]}))
    for stage_id, entry_id in Bye.objects.filter(stage__tournament=tournament).values_list("stage_id", "entry_id"):
        played = stage_points.get(stage_id, [])
        # Half points round up, whatever the sign, so the rule reads the same to everyone.
        bye = math.floor(sum(played) / len(played) + 0.5) if played else 0
        lines[entry_id].bye_points += bye
        lines[entry_id].points += bye
    return metrics.rank(lines.values(), tournament.tiebreakers)


@transaction.atomic
def standings_recompute(*, tournament_id: int, token: str = "") -> list[Standing]:
    """Recompute the standings from the table scores and rewrite the lines that changed (returned).
    Runs one at a time per tournament (the row lock), each reading what is committed when it
    starts, so the last run counts every table."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    ranked = ranking(tournament)
    fresh = {line.entry_id: (rank, line.points, line.rounds, tied, {**line.metrics, "bye_points": line.bye_points})
             for rank, tied, line in ranked}
    stored = {entry_id: tuple(values) for entry_id, *values in Standing.objects.filter(
        tournament=tournament).values_list("entry_id", "rank", "points", "rounds", "tied", "metrics")}
    # Only the lines that differ are rewritten: one round moves a few players, not the whole field.
    stale = [entry_id for entry_id, values in stored.items() if fresh.get(entry_id) != values]
    if stale:
        Standing.objects.filter(tournament=tournament, entry_id__in=stale).delete()
    rows = Standing.objects.bulk_create([
        Standing(tournament_id=tournament.pk, entry_id=entry_id, rank=rank, points=points, rounds=rounds, tied=tied,
                 metrics=values)
        for entry_id, (rank, points, rounds, tied, values) in fresh.items()
        if stored.get(entry_id) != fresh[entry_id]])
    tournament.standings_at = timezone.now()
    fields = ["standings_at"]
    if token:
        tournament.rescore_token = token
        fields.append("rescore_token")
    tournament.save(update_fields=fields)
    return rows


# --- ratings --------------------------------------------------------------------------------------

@transaction.atomic
def ratings_recompute() -> int:
    """Replay every finished tournament (see :mod:`.ratings`) and store each player's rating
    after each tournament, replacing what was there: the same history, the same rows."""
    finished = list(Tournament.objects.select_for_update().filter(
        status=Tournament.Status.FINISHED).order_by("date", "pk"))
    tables: dict[int, dict[tuple[int, int], list[tuple[int, int]]]] = defaultdict(lambda: defaultdict(list))
    for row in TableScore.objects.filter(table__stage__tournament__in=finished).values(
            "table__stage__tournament_id", "table__stage__number", "table__number", "entry__member_id", "points"):
        key = (row["table__stage__number"], row["table__number"])
        tables[row["table__stage__tournament_id"]][key].append((row["entry__member_id"], row["points"]))
    history = ratings.replay((t.pk, [tables[t.pk][key] for key in sorted(tables[t.pk])]) for t in finished)
    Rating.objects.all().delete()
    Rating.objects.bulk_create([Rating(member_id=r.member_id, tournament_id=r.tournament_id, mu=r.mu,
                                       sigma=r.sigma, ordinal=r.ordinal) for r in history])
    return len(history)
