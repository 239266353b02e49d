"""Anonymising a member reaches every stored copy of his name and address: the tournament report
that anyone downloads, the dice match's record, result notes, disputes, precedents and their
search index, the outbox, the history tables, the admin site's log and his followed searches;
and nothing a cache kept before (the archive's lists and searches, his sessions) is served after.

The check reads every text and JSON column of every model the site has (the historical ones
too), so a copy that a new model starts to keep is caught here as well."""

from __future__ import annotations

import datetime
import json
import uuid
from importlib import import_module

import pytest
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.core.cache import caches
from django.db import models
from django.test import Client
from django.urls import reverse

from club import services as club_services
from club.anonymise import member_anonymise
from club.models import RSVP, Invitation, Member, OutboxMessage
from games import services as game_services
from games.tables import services as table_services
from games.tables.models import DiceMatch
from games.tournaments import services as tournament_services
from games.tournaments.models import Stage, Tournament
from rules import search
from rules import services as rules_services
from rules.engines import dice as dice_engine
from rules.engines import tricks
from tests import factories

pytestmark = pytest.mark.django_db

FIRST_NAME = "Zanzibar"
NAME = "Zanzibar Quill"
EMAIL = "zanzibar.quill@example.org"
SEATS = ("N", "E", "S", "W")


@pytest.fixture(autouse=True)
def _chips_on_credit(settings):
    # New members hold no chips; what a dice match may cost is not what this test is about.
    settings.CLUB_CREDIT_LIMIT = 100_000


def stored_texts():
    """(model, field, pk, text) of every text and JSON value of every row in the database."""
    for model in apps.get_models():
        fields = [f for f in model._meta.concrete_fields
                  if isinstance(f, (models.CharField, models.TextField, models.JSONField))]
        if not fields:
            continue
        for row in model._default_manager.values_list("pk", *[f.attname for f in fields]).iterator():
            for f, value in zip(fields, row[1:], strict=True):
                if value is None:
                    continue
                text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                yield model._meta.label, f.name, row[0], text


def copies_of(*needles: str) -> list[tuple[str, str, object]]:
    lowered = [n.lower() for n in needles]
    return [(label, field, pk) for label, field, pk, text in stored_texts()
            if any(n in text.lower() for n in lowered)]


@pytest.fixture
def club(db):
    admin = factories.member(Member.Role.ADMIN)
    croupier = factories.member(Member.Role.CROUPIER)
    # He came by an invitation, under the name he had first.
    Invitation.objects.create(email=EMAIL, dimension=factories.dimension(), display_name=FIRST_NAME,
                              token=uuid.uuid4().hex, invited_by=admin)
    quill = factories.member(display_name=FIRST_NAME, email=EMAIL)
    others = [factories.member() for _ in range(3)]
    return {"admin": admin, "croupier": croupier, "quill": quill, "others": others}


def play_everything(admin, croupier, quill, others) -> dict:
    """He plays a tournament to its final report (under his first name: he is renamed after it,
    and the history keeps both names), a Dragon Poker evening with a quick result, a
    dice match; he is named in a dispute, a precedent, a session's notes, a failed mail's outbox
    row and the admin site's log; he follows a search."""
    players = [quill, *others]
    # A tournament, finished, with its report made.
    tournament = tournament_services.tournament_create(
        actor=croupier, name="Autumn cup", date=datetime.date(2026, 11, 1), seed="anon")
    for member in players:
        tournament_services.entry_add(actor=croupier, tournament=tournament, member=member)
    stage = tournament_services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    for table in stage.tables.order_by("number"):
        game = tricks.play_game(f"anon:{table.number}", first_dealer=table.first_dealer)
        tournament_services.table_record_game(actor=croupier, table=table, game=game)
        tournament_services.table_rescore(table_id=table.pk)
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.FINISHED)
    tournament_services.report_generate(tournament_id=tournament.pk)
    club_services.member_update(member=quill, actor=admin, display_name=NAME)
    quill.refresh_from_db()

    # A Dragon Poker evening: his session's notes name him; a quick result with a note.
    session = factories.session(actor=croupier, days=-1)
    club_services.session_update(session=session, actor=croupier, notes=f"{NAME} brings the cards.")
    for member in players:
        club_services.rsvp_set(session=session, member=member, actor=member, answer="going")
    club_services.seating_set(session=session, actor=croupier,
                              assignments={m.pk: seat for m, seat in zip(players, SEATS, strict=True)})
    game = game_services.game_start(session=session, actor=croupier)
    deal = game_services.deal_start(game=game, actor=croupier, quick=True)
    result = game_services.result_submit_quick(deal=deal, actor=others[0], winners=[quill], pot=8,
                                               note=f"{NAME} paid the ante late")
    game_services.result_confirm(result=result, actor=croupier)
    game_services.dispute_raise(deal=deal, actor=others[0], question=f"Did {NAME} see the dark card?")
    rules_services.precedent_file(actor=croupier, title="A peek at the dark card",
                                  situation=f"{NAME} looked at the dark card before the claim.",
                                  question="Does the claim stand?", ruling="It does not.",
                                  status="binding")

    # A dice match against another member: its record names both players.
    match = table_services.dice_match_create(actor=croupier, first=quill, second=others[1], stake=2)
    table_services.dice_match_move(match=match, actor=croupier, player=quill, action="roll", dice=[6, 6, 5, 2, 1])

    # A mail to him that failed: the outbox row keeps the error, which names his address.
    OutboxMessage.objects.create(task="club.tasks.reminder_waitlist_place", task_id=uuid.uuid4(), args=[1],
                                 attempts=1, last_error=f"SMTPRecipientsRefused: {{'{EMAIL}': (550, b'no')}}")
    # An admin changed his answer in the admin site: the log names the answer by his name.
    rsvp = RSVP.objects.get(session=session, member=quill)
    LogEntry.objects.log_actions(user_id=admin.user_id, queryset=[rsvp], action_flag=CHANGE,
                                 change_message="Changed answer.", single_object=True)
    followed = rules_services.saved_search_create(actor=quill, params={"q": NAME})
    return {"tournament": tournament, "match": match, "followed": followed}


def test_anonymising_leaves_no_stored_copy_of_his_name_or_address(club):
    admin, quill = club["admin"], club["quill"]
    made = play_everything(admin, club["croupier"], quill, club["others"])
    before = copies_of(FIRST_NAME, EMAIL)
    # What the test built does hold copies beyond his own rows, or it would prove nothing.
    assert {("tournaments.Report", "csv"), ("tables.DiceMatch", "document"), ("rules.Precedent", "situation"),
            ("rules.SearchDocument", "body"), ("club.OutboxMessage", "last_error"),
            ("club.HistoricalScheduledSession", "notes")} <= {(label, field) for label, field, _pk in before}
    assert search.search("Zanzibar")
    # The archive's API list is kept under the archive's version, for visitors and members alike.
    member = Client()
    member.force_login(club["others"][0].user)
    readers = (Client(), member)
    for reader in readers:
        assert FIRST_NAME in reader.get(reverse("precedent-list")).content.decode()

    member_anonymise(actor=admin, member=quill)

    assert copies_of(FIRST_NAME, EMAIL) == []
    # Nothing kept before is served: the lists are read afresh, his new name in them.
    for reader in readers:
        body = reader.get(reverse("precedent-list")).content.decode()
        assert FIRST_NAME not in body and f"Former member {quill.pk}" in body
    # Anyone may download the report: it says what the report page says.
    report = Client().get(reverse("tournaments:report_csv", args=[made["tournament"].slug]))
    body = report.content.decode()
    assert report.status_code == 200 and FIRST_NAME not in body and f"Former member {quill.pk}" in body
    assert len(body.strip().splitlines()) == 5
    # The archive's search no longer finds him; his followed search and its feed are gone.
    assert search.search("Zanzibar") == []
    assert Client().get(reverse("rules:followed_feed", args=[made["followed"].token])).status_code == 404
    # The dice match's record still replays, under his new name.
    match = DiceMatch.objects.get(pk=made["match"].pk)
    assert dice_engine.Match.from_dict(match.document).players[0] == f"Former member {quill.pk}"
    watcher = Client()
    watcher.force_login(club["others"][1].user)
    assert watcher.get(match.get_absolute_url()).status_code == 200


def test_a_name_is_rewritten_as_a_whole_word_only(club):
    """"Al Ray" is rewritten; "Al Rayburn" and "Alan" are not his name, and stay."""
    admin, croupier = club["admin"], club["croupier"]
    al = factories.member(display_name="Al Ray")
    session = factories.session(actor=croupier, days=-1)
    club_services.session_update(session=session, actor=croupier, notes="Al Ray, Al Rayburn and Alan deal.")
    member_anonymise(actor=admin, member=al)
    session.refresh_from_db()
    assert session.notes == f"Former member {al.pk}, Al Rayburn and Alan deal."


def test_a_name_he_had_that_another_member_took_is_left_to_him(club):
    """He went by "Zanzibar" first; once another member is called so, "Zanzibar" names the other
    one, and what names the other one stays."""
    admin, croupier, quill = club["admin"], club["croupier"], club["quill"]
    club_services.member_update(member=quill, actor=admin, display_name=NAME)
    namesake = factories.member(display_name=FIRST_NAME)
    session = factories.session(actor=croupier, days=-1)
    club_services.session_update(session=session, actor=croupier, notes=f"{NAME} and {FIRST_NAME} deal.")
    member_anonymise(actor=admin, member=quill)
    session.refresh_from_db()
    assert session.notes == f"Former member {quill.pk} and {FIRST_NAME} deal."
    assert Member.objects.get(pk=namesake.pk).display_name == FIRST_NAME


def test_nothing_is_half_rewritten_when_a_scrubber_fails(club):
    """A copy that cannot be rewritten stops the whole act: the member, his history and the
    copies already rewritten stay as they were."""
    from club import erasure

    admin, croupier, quill = club["admin"], club["croupier"], club["quill"]
    session = factories.session(actor=croupier, days=-1)
    club_services.session_update(session=session, actor=croupier, notes=f"{FIRST_NAME} deals.")

    def failing(former):
        raise RuntimeError("the disk is full")

    erasure.register_scrubber(failing)
    try:
        with pytest.raises(RuntimeError):
            member_anonymise(actor=admin, member=quill)
    finally:
        erasure.unregister_scrubber(failing)
    session.refresh_from_db()
    assert session.notes == f"{FIRST_NAME} deals."
    former = Member.objects.get(pk=quill.pk)
    assert former.display_name == FIRST_NAME and former.anonymised_at is None
    assert set(Member.history.filter(id=quill.pk).values_list("display_name", flat=True)) == {FIRST_NAME}


def test_his_sessions_go_from_the_session_cache_too(club, settings):
    """With sessions kept in the cache (``cached_db``, as with Redis), a session ended stays in
    neither the database nor the cache."""
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    quill = club["quill"]
    phone = Client()
    phone.force_login(quill.user)
    key = phone.cookies[settings.SESSION_COOKIE_NAME].value
    cached = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key).cache_key
    session_cache = caches[settings.SESSION_CACHE_ALIAS]
    assert session_cache.get(cached) is not None

    member_anonymise(actor=club["admin"], member=quill)

    assert session_cache.get(cached) is None
    assert phone.get(reverse("games:member_dashboard")).status_code == 302
