"""Members imported from a CSV: the check names every bad cell, nothing is saved while one is
bad, and a good file makes one invitation (and one mail, through the outbox) per member."""

from __future__ import annotations

import pytest
from django.core import mail

from club import member_import, services
from club.errors import Forbidden, InvalidInput
from club.models import Invitation, Member, OutboxMessage
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def klah(db):
    return factories.dimension(slug="klah", name_en="Klah", name_ru="Клах")


def errors_of(text: str | bytes) -> list[tuple[int, str]]:
    data = text.encode() if isinstance(text, str) else text
    return [(e.line, e.field) for e in member_import.plan(data=data).errors]


def test_a_good_file_with_commas_plans_every_row(klah):
    plan = member_import.plan(data=b"name,email,dimension,role,language\n"
                                   b"Ann,ANN@example.org,Klah,croupier,ru\nBob,bob@example.org,klah,,\n")
    assert plan.ok and not plan.errors
    assert [(r.line, r.name, r.email, r.dimension, r.role, r.language) for r in plan.rows] == [
        (2, "Ann", "ann@example.org", klah, "croupier", "ru"), (3, "Bob", "bob@example.org", klah, "member", "")]


def test_semicolons_a_bom_russian_headers_and_names_are_read(klah):
    text = "\ufeffимя;почта;измерение;роль;язык\nАня;anya@example.org;Клах;Крупье;русский\n"
    plan = member_import.plan(data=text.encode("utf-8"))
    assert plan.ok, plan.errors
    row = plan.rows[0]
    assert (row.name, row.dimension, row.role, row.language) == ("Аня", klah, "croupier", "ru")


def test_every_bad_cell_is_named_by_line_and_column(klah, plain_member):
    factories.member(email="taken@example.org", display_name="Taken")
    text = ("name;email;dimension;role;language\n"
            "Ann;not-an-email;Klah;;\n"            # line 2: email
            "Bob;bob@example.org;Nowhere;;\n"      # line 3: dimension
            "Cid;cid@example.org;Klah;king;xx\n"   # line 4: role and language
            "Dan;bob@example.org;Klah;;\n"         # line 5: the email of line 3
            "Taken;taken@example.org;Klah;;\n"     # line 6: a member's name and address
            ";eve@example.org;;;\n")               # line 7: name and dimension missing
    assert errors_of(text) == [(2, "email"), (3, "dimension"), (4, "role"), (4, "language"), (5, "email"),
                               (6, "name"), (6, "email"), (7, "name"), (7, "dimension")]
    messages = [member_import.error_message(e) for e in member_import.plan(data=text.encode()).errors]
    assert messages[0] == "Line 2, email: This is not an email address."
    assert messages[4] == "Line 5, email: The same email address is on line 3."
    assert "Klah" in messages[1]


def test_an_address_invited_already_is_refused(klah, admin_member):
    services.invitation_create(actor=admin_member, email="ann@example.org", display_name="Ann", dimension=klah)
    assert errors_of("name,email,dimension\nAnnie,Ann@Example.org,Klah\n") == [(2, "email")]


def test_the_header_is_checked_first(klah):
    assert errors_of("name,mail,seat\nAnn,ann@example.org,N\n") == [(1, "file"), (1, "file")]
    seat = member_import.plan(data=b"name,email,dimension,seat\nAnn,ann@example.org,Klah,N\n").errors
    assert [(e.line, e.value) for e in seat] == [(1, "seat")] and "drawn for each session" in seat[0].message
    assert errors_of("name,email\n") == [(1, "file")]
    assert errors_of("") == [(1, "file")]
    assert errors_of("name,email,dimension\n") == [(2, "file")]


def test_a_line_with_more_cells_than_columns_is_named(klah):
    assert errors_of("name,email,dimension\nAnn,ann@example.org,Klah,extra\n") == [(2, "file")]


def test_a_quoted_cell_over_two_lines_keeps_the_next_rows_line_numbers(klah):
    assert errors_of('name,email,dimension\n"Ann\nSmith",ann@example.org,Klah\nBob,bad,Klah\n') == [(4, "email")]


def test_size_row_count_and_encoding_are_bounded(klah):
    assert errors_of(b"x" * (member_import.MAX_BYTES + 1)) == [(0, "file")]
    assert errors_of("name,email,dimension\nАня,anya@example.org,Klah\n".encode("cp1251")) == [(0, "file")]
    rows = "".join(f"M{i},m{i}@example.org,Klah\n" for i in range(member_import.MAX_ROWS + 1))
    errors = member_import.plan(data=("name,email,dimension\n" + rows).encode()).errors
    assert [(e.line, e.field) for e in errors] == [(member_import.MAX_ROWS + 2, "file")]
    assert str(member_import.MAX_ROWS) in errors[0].message


def test_the_import_invites_everyone_in_one_transaction_and_mails_each(klah, admin_member):
    data = b"name,email,dimension,language\nAnn,ann@example.org,Klah,ru\nBob,bob@example.org,Klah,en\n"
    plan, invitations = member_import.members_import(actor=admin_member, data=data, site_url="https://x.example")
    assert [i.email for i in invitations] == ["ann@example.org", "bob@example.org"]
    assert Invitation.objects.count() == 2
    assert OutboxMessage.objects.filter(task="club.tasks.invitation_send").count() == 2
    # The mail goes out in the invitee's language.
    ann = Invitation.objects.get(email="ann@example.org")
    assert services.invitation_mail(invitation_id=ann.pk, site_url="https://x.example")
    assert "приглаш" in mail.outbox[-1].body.lower() and "invited" not in mail.outbox[-1].body


def test_one_bad_row_saves_nothing(klah, admin_member):
    data = b"name,email,dimension\nAnn,ann@example.org,Klah\nBob,bob@,Klah\n"
    with pytest.raises(InvalidInput) as raised:
        member_import.members_import(actor=admin_member, data=data)
    assert raised.value.extra["errors"][0]["line"] == 3 and raised.value.extra["errors"][0]["field"] == "email"
    assert not Invitation.objects.exists() and not OutboxMessage.objects.exists()


def test_a_dry_run_saves_nothing(klah, admin_member):
    plan, invitations = member_import.members_import(
        actor=admin_member, data=b"name,email,dimension\nAnn,ann@example.org,Klah\n", dry_run=True)
    assert len(plan.rows) == 1 and invitations == []
    assert not Invitation.objects.exists()


@pytest.mark.parametrize("role", [Member.Role.MEMBER, Member.Role.CROUPIER])
def test_only_an_admin_imports(klah, role):
    actor = factories.member(role)
    with pytest.raises(Forbidden):
        member_import.members_import(actor=actor, data=b"name,email,dimension\nAnn,ann@example.org,Klah\n")
    assert not Invitation.objects.exists()


def test_an_accepted_invitation_gives_the_member_its_language(klah, admin_member):
    from django.contrib.auth import get_user_model

    invitation = services.invitation_create(actor=admin_member, email="ann@example.org", display_name="Ann",
                                            dimension=klah, language="ru")
    user = get_user_model().objects.create_user(username="ann", email="ann@example.org", password="x-12345678")
    member = services.invitation_accept(token=invitation.token, user=user)
    assert member.language == "ru"


# --- the page and the API ------------------------------------------------------------------------

GOOD = "name;email;dimension\nAnn;ann@example.org;Klah\n"
BAD = "name;email;dimension\nAnn;ann@example.org;Klah\nBob;bob@;Nowhere\n"


def upload(client, text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post("/invitations/import/", {"file": SimpleUploadedFile("m.csv", text.encode(), "text/csv")})


def test_the_page_previews_then_confirms(klah, admin_member, client_as):
    client = client_as(admin_member)
    page = upload(client, BAD)
    body = page.content.decode()
    assert page.status_code == 200
    assert "Line 3, email: This is not an email address." in body
    assert "Line 3, dimension: Unknown dimension" in body
    assert 'name="payload"' not in body and not Invitation.objects.exists()

    page = upload(client, GOOD)
    assert 'name="payload"' in page.content.decode() and not Invitation.objects.exists()
    payload = page.context["payload"]
    done = client.post("/invitations/import/", {"payload": payload})
    assert done.status_code == 302
    assert list(Invitation.objects.values_list("email", flat=True)) == ["ann@example.org"]
    # The same preview confirmed twice invites nobody twice.
    again = client.post("/invitations/import/", {"payload": payload})
    assert again.status_code == 200 and Invitation.objects.count() == 1
    assert "invited already" in again.content.decode()


def test_a_tampered_preview_is_refused(klah, admin_member, client_as):
    response = client_as(admin_member).post("/invitations/import/", {"payload": "x:y:z"})
    assert response.status_code == 302 and not Invitation.objects.exists()


@pytest.mark.parametrize("role", [Member.Role.MEMBER, Member.Role.CROUPIER])
def test_the_page_is_an_admins(klah, role, client_as):
    client = client_as(factories.member(role))
    assert client.get("/invitations/import/").status_code == 403
    assert upload(client, GOOD).status_code == 403
    assert not Invitation.objects.exists()


def test_the_api_dry_run_then_import(klah, admin_member, api_as):
    api = api_as(admin_member)
    dry = api.post("/api/invitations/import/", {"csv": GOOD, "dry_run": True}, format="json")
    assert dry.status_code == 200, dry.content
    assert dry.json()["count"] == 1 and dry.json()["invitations"] == [] and not Invitation.objects.exists()
    bad = api.post("/api/invitations/import/", {"csv": BAD}, format="json")
    assert bad.status_code == 400
    assert [(e["line"], e["field"]) for e in bad.json()["extra"]["errors"]] == [(3, "email"), (3, "dimension")]
    assert not Invitation.objects.exists()
    from django.core.files.uploadedfile import SimpleUploadedFile

    done = api.post("/api/invitations/import/", {"file": SimpleUploadedFile("m.csv", GOOD.encode())},
                    format="multipart")
    assert done.status_code == 200, done.content
    assert done.json()["invitations"] == list(Invitation.objects.values_list("pk", flat=True))


def test_the_api_refuses_a_member(klah, plain_member, api_as):
    response = api_as(plain_member).post("/api/invitations/import/", {"csv": GOOD}, format="json")
    assert response.status_code == 403 and not Invitation.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_the_imported_invitations_are_mailed_by_the_worker(tasks_done, admin_member):
    factories.dimension(slug="klah", name_en="Klah", name_ru="Клах")
    member_import.members_import(actor=admin_member, data=GOOD.encode(), site_url="https://x.example")
    tasks_done()
    assert Invitation.objects.get().sent_at is not None


def test_the_expiry_reminder_is_in_the_invitees_language(klah, admin_member):
    from datetime import timedelta

    from django.utils import timezone

    from club import reminders

    member_import.members_import(actor=admin_member, data="name,email,dimension,language\nАня,anya@example.org,Klah,ru\n"
                                 .encode())
    invitation = Invitation.objects.get()
    Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now(),
                                                       created_at=timezone.now() - timedelta(days=13))
    assert reminders.invitation_reminder_send(invitation_id=invitation.pk)
    assert mail.outbox[-1].subject.startswith("Ваше приглашение в ")
