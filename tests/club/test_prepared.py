"""A prepared read (club/prepared.py) returns what its queryset returns, compiled once."""

import datetime as dt

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models import Count, Prefetch, QuerySet
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.models import RSVP, Member, ScheduledSession
from club.prepared import prepared
from tests import factories

pytestmark = pytest.mark.django_db


def _sessions_after(since: dt.datetime, title: str) -> QuerySet[ScheduledSession]:
    return (ScheduledSession.objects.filter(starts_at__gte=since).exclude(title=title)
            .select_related("venue").annotate(answers=Count("rsvps"))
            .prefetch_related(Prefetch("rsvps", queryset=RSVP.objects.select_related("member")))
            .order_by("starts_at", "pk"))


@prepared
def sessions_after(since: dt.datetime, title: str) -> QuerySet[ScheduledSession]:
    return _sessions_after(since, title)


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


@pytest.fixture
def sessions(croupier, plain_member):
    made = [factories.session(actor=croupier, days=days) for days in (1, 3, 5)]
    RSVP.objects.create(session=made[1], member=plain_member, answer=RSVP.Answer.GOING)
    return made


def test_it_returns_what_the_queryset_returns(sessions):
    since = timezone.now() + dt.timedelta(days=2)
    got = sessions_after(since, sessions[2].title + "-not-this")
    expected = list(_sessions_after(since, sessions[2].title + "-not-this"))
    assert [s.pk for s in got] == [s.pk for s in expected] == [sessions[1].pk, sessions[2].pk]
    for mine, theirs in zip(got, expected, strict=True):
        assert _fields(mine) == _fields(theirs)
        assert _fields(mine.venue) == _fields(theirs.venue)
        assert mine.answers == theirs.answers
        assert [r.member.display_name for r in mine.rsvps.all()] == [r.member.display_name for r in theirs.rsvps.all()]
    assert got[0].answers == 1 and isinstance(got[0].starts_at, dt.datetime) and got[0].starts_at.tzinfo


def test_each_run_sends_its_own_values(sessions):
    later = timezone.now() + dt.timedelta(days=4)
    assert [s.pk for s in sessions_after(later, "")] == [sessions[2].pk]
    assert [s.pk for s in sessions_after(timezone.now(), sessions[0].title)] == [
        s.pk for s in sessions if s.title != sessions[0].title]
    assert sessions_after(later + dt.timedelta(days=30), "") == []


def test_the_sql_is_compiled_once(sessions, monkeypatch):
    sessions_after(timezone.now(), "")
    from django.db.models.sql.compiler import SQLCompiler

    compiled = []
    original = SQLCompiler.as_sql
    monkeypatch.setattr(SQLCompiler, "as_sql", lambda self, *a, **k: compiled.append(self.query.model) or
                        original(self, *a, **k))
    monkeypatch.setattr("django.conf.settings.TESTING", False)  # the shape check compiles on purpose
    with CaptureQueriesContext(connection) as queries:
        sessions_after(timezone.now(), "")
    # The sessions' read is not compiled again; the prefetch of their answers is.
    assert ScheduledSession not in compiled and RSVP in compiled
    assert len(queries.captured_queries) == 2


def test_a_read_whose_shape_follows_its_values_is_refused(croupier):
    @prepared
    def changing(member_id: int) -> QuerySet[Member]:
        queryset = Member.objects.filter(pk=member_id)
        return queryset.filter(role=Member.Role.CROUPIER) if member_id > 0 else queryset

    with pytest.raises(ImproperlyConfigured, match="changed its shape"):
        changing(croupier.pk)


def test_an_argument_it_does_not_send_is_refused(croupier):
    @prepared
    def ignores(member_id: int) -> QuerySet[Member]:
        return Member.objects.filter(pk__gt=0)

    with pytest.raises(ImproperlyConfigured, match="arguments"):
        ignores(croupier.pk)


def test_arguments_of_other_kinds_are_refused():
    with pytest.raises(ImproperlyConfigured, match="int, str and datetime"):
        @prepared
        def by_day(day: dt.date) -> QuerySet[Member]:
            return Member.objects.filter(joined=day)

    @prepared
    def by_id(member_id: int) -> QuerySet[Member]:
        return Member.objects.filter(pk=member_id)

    with pytest.raises(TypeError, match="takes int"):
        by_id("3")


def test_values_are_refused():
    @prepared
    def names(member_id: int) -> QuerySet[Member]:
        return Member.objects.filter(pk=member_id).values_list("display_name", flat=True)

    with pytest.raises(ImproperlyConfigured, match="model objects"):
        names(1)


def test_a_run_leaves_the_kept_prefetch_as_it_was(sessions):
    sessions_after(timezone.now(), "")
    compiled = next(iter(sessions_after._compiled.values()))
    (kept,) = compiled.prefetch
    sessions_after(timezone.now(), "")
    assert kept.queryset._hints == {} and kept.queryset._result_cache is None
