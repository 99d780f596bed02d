"""Archive, restore and delete a match from its pages (issue 20, item 3): the owner and an
organiser may, another player may not, a visitor is asked to log in; the wrong method is
a 405, bad input says why and writes nothing; htmx gets the card, a plain request the page.
Ending a match with no hand is refused with a message."""

import pytest

from matches.models import AccountAudit, AuditEntry, Match
from matches.services import drafting
from tests.api_support import writes
from tests.factories import HTMX, sm_hand, text
from tests.tournaments.evenings import club

pytestmark = pytest.mark.django_db


def archive_url(match):
    return f"/matches/{match.pk}/archive/"


def delete_url(match):
    return f"/matches/{match.pk}/delete/"


def a_tournaments_match(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return round_.tables.first().match


# -- archive --------------------------------------------------------------------------------


def test_the_match_page_links_archive_and_delete(client_of, owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    body = client_of(owner).get(match.get_absolute_url()).content.decode()
    assert archive_url(match) in body and delete_url(match) in body


def test_archiving_asks_then_puts_it_away_and_restoring_brings_it_back(
    client_of, owner, make_match
):
    match = make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
    client = client_of(owner)

    asked = client.get(archive_url(match))
    assert asked.status_code == 200
    assert "Archive the match?" in text(asked) and "Ann · Ben · Cy" in text(asked)
    assert not Match.objects.get().archived

    response = client.post(archive_url(match), {"archived": "1"})

    assert response.status_code == 302 and response["Location"] == "/"
    assert Match.objects.get().archived
    home = client.get("/")
    assert "was archived" in text(home)
    assert f'href="/matches/{match.pk}/"' not in home.content.decode()
    assert "Archived (1 match)" in text(home)
    archived = client.get("/?archived=1").content.decode()
    assert f'href="/matches/{match.pk}/"' in archived
    page = client.get(match.get_absolute_url())
    assert "This match is archived" in text(page)
    assert AuditEntry.objects.filter(action="archive", by=owner).count() == 1

    assert "Restore the match?" in text(client.get(archive_url(match)))
    back = client.post(archive_url(match), {"archived": "0"})
    assert back.status_code == 302 and back["Location"] == match.get_absolute_url()
    assert not Match.objects.get().archived
    assert f'href="/matches/{match.pk}/"' in client.get("/").content.decode()
    assert AuditEntry.objects.filter(action="restore").count() == 1


def test_archiving_under_htmx_gets_the_card_and_leaves_by_hx_redirect(client_of, owner, make_match):
    match = make_match()
    client = client_of(owner)
    card = client.get(archive_url(match), **HTMX)
    assert card.status_code == 200
    assert not card.content.decode().lstrip().startswith("<!doctype")
    assert 'id="archive"' in card.content.decode()
    response = client.post(archive_url(match), {"archived": "1"}, **HTMX)
    assert response.status_code == 200 and response["HX-Redirect"] == "/"
    assert Match.objects.get().archived


@pytest.mark.parametrize("sent", [{}, {"archived": "yes"}, {"archived": ""}])
def test_archiving_refuses_bad_input_with_a_message(client_of, owner, make_match, sent):
    match = make_match()
    before = writes()
    response = client_of(owner).post(archive_url(match), sent)
    assert response.status_code == 422
    assert "Say whether to archive the match or restore it." in text(response)
    assert writes() == before and not Match.objects.get().archived


def test_an_organiser_archives_anothers_match(client_of, organiser, make_match):
    match = make_match()
    response = client_of(organiser).post(archive_url(match), {"archived": "1"})
    assert response.status_code == 302 and Match.objects.get().archived


def test_archiving_is_refused_to_another_player_a_visitor_and_the_wrong_method(
    client, client_of, other, owner, make_match
):
    match = make_match()
    before = writes()
    visitor = client.post(archive_url(match), {"archived": "1"})
    assert visitor.status_code == 302 and visitor["Location"].startswith("/accounts/login/")
    player = client_of(other)
    assert player.get(archive_url(match)).status_code == 403
    assert player.post(archive_url(match), {"archived": "1"}).status_code == 403
    assert player.post("/matches/999999/archive/", {"archived": "1"}).status_code == 404
    assert client_of(owner).put(archive_url(match)).status_code == 405
    assert writes() == before and not Match.objects.get().archived


# -- delete -----------------------------------------------------------------------------------


def test_deleting_asks_on_a_page_naming_the_match_then_deletes(client_of, owner, make_match):
    match = make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
    client = client_of(owner)

    asked = client.get(delete_url(match))

    assert asked.status_code == 200
    words = text(asked)
    assert "Delete this match?" in words and "Sergeant Major: Ann · Ben · Cy" in words
    assert "1 hand recorded" in words
    assert Match.objects.exists()

    response = client.post(delete_url(match), {"reason": "started by mistake"})

    assert response.status_code == 302 and response["Location"] == "/"
    assert not Match.objects.exists()
    entry = AccountAudit.objects.get()
    assert (entry.account, entry.by, entry.reason) == (owner, owner, "started by mistake")
    home = text(client.get("/"))
    assert "was deleted" in home
    account = text(client.get("/accounts/"))
    assert "Deleted matches" in account and "Ann · Ben · Cy" in account


def test_an_organiser_deletes_anothers_match_into_the_owners_log(
    client_of, owner, organiser, make_match
):
    match = make_match()
    response = client_of(organiser).post(delete_url(match), {"reason": ""})
    assert response.status_code == 302 and not Match.objects.exists()
    entry = AccountAudit.objects.get()
    assert (entry.account, entry.by_name) == (owner, "otto")


def test_deleting_under_htmx(client_of, owner, make_match):
    match = make_match()
    client = client_of(owner)
    card = client.get(delete_url(match), **HTMX)
    assert 'id="delete"' in card.content.decode()
    assert not card.content.decode().lstrip().startswith("<!doctype")
    response = client.post(delete_url(match), {}, **HTMX)
    assert response["HX-Redirect"] == "/" and not Match.objects.exists()


def test_a_tournaments_match_is_refused_with_a_clear_message(client_of, organiser):
    match = a_tournaments_match(organiser)
    client = client_of(organiser)
    asked = client.get(delete_url(match))
    assert asked.status_code == 200
    assert "tournament's table" in text(asked) and "Yes, delete" not in text(asked)
    before = writes()
    response = client.post(delete_url(match), {})
    assert response.status_code == 409 and "cannot be deleted" in text(response)
    assert writes() == before and not AccountAudit.objects.exists()


def test_deleting_refuses_a_bad_reason_and_writes_nothing(client_of, owner, make_match):
    match = make_match()
    before = writes()
    response = client_of(owner).post(delete_url(match), {"reason": "oops\x00"})
    assert response.status_code == 422
    assert "U+0000" in text(response)
    assert writes() == before and not AccountAudit.objects.exists()


def test_deleting_is_refused_to_another_player_a_visitor_and_the_wrong_method(
    client, client_of, other, owner, make_match
):
    match = make_match()
    before = writes()
    visitor = client.post(delete_url(match))
    assert visitor.status_code == 302 and visitor["Location"].startswith("/accounts/login/")
    player = client_of(other)
    assert player.get(delete_url(match)).status_code == 403
    assert player.post(delete_url(match)).status_code == 403
    assert client_of(owner).delete(delete_url(match)).status_code == 405
    assert writes() == before and not AccountAudit.objects.exists()


def test_the_delete_page_in_german(client_of, owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    client = client_of(owner)
    client.cookies["django_language"] = "de"
    body = text(client.get(delete_url(match)))
    assert "Diese Partie löschen?" in body


# -- ending a match with no hand ------------------------------------------------------------


def test_ending_a_match_with_no_hand_is_refused_with_a_message(client_of, owner, make_match):
    match = make_match()
    client = client_of(owner)
    asked = client.get(f"/matches/{match.pk}/stop/")
    assert "No hand has been recorded yet" in text(asked)
    assert "Yes, end the match" not in text(asked)
    before = writes()
    response = client.post(f"/matches/{match.pk}/stop/", {"reason": ""}, follow=True)
    assert "No hand has been recorded yet" in text(response)
    assert writes() == before and not Match.objects.get().stopped
