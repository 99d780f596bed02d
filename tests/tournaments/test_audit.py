"""A tournament's audit trail: every change as a sentence, the tables' phones included."""

from django.urls import reverse
from django.utils import translation

from matches.models import Table, TournamentAudit
from matches.services import drafting, registration, table_results
from matches.views.tournaments import audit_sentence
from tests.factories import text
from tests.tournaments.evenings import club, play_table


def started(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return tournament, Table.objects.get(round=round_, number=1)


def test_the_trail_tells_who_did_what(client_of, organiser):
    tournament, table = started(organiser)
    play_table(table, organiser)
    first, second, _third = [seat.entry for seat in table.seats.order_by("number")]
    table_results.submit_result(table, first.pk)
    table_results.unlock_table(table, organiser, reason="Ben disputes hand 2")
    page = client_of(organiser).get(reverse("tournaments:audit", args=[tournament.pk]))
    assert page.status_code == 200
    words = text(page)
    assert "otto created the tournament" in words
    assert "otto drafted round 1 (draw, 0 repeat pairs)" in words
    assert f"table 1 (phone) handed in the result of table 1, as {first.name}" in words
    assert "otto gave table 1 back to its players — Ben disputes hand 2" in words
    # Newest first.
    assert words.index("gave table 1 back") < words.index("created the tournament")


def test_every_action_has_a_sentence(organiser):
    tournament, table = started(organiser)
    entries = list(tournament.entries.all())
    registration.keep_apart(tournament, organiser, entries[0], entries[1])
    table_results.adjust(entries[0], organiser, round=1, points=-2, reason="late")
    registration.withdraw(entries[2], organiser, from_round=2)
    for entry in TournamentAudit.objects.all():
        sentence = audit_sentence(entry)
        assert sentence != entry.action and "%(" not in sentence, entry.action
    adjust = TournamentAudit.objects.get(action="adjust")
    assert audit_sentence(adjust).endswith("by −2 game points")


def test_the_trail_in_german(organiser):
    tournament, _table = started(organiser)
    start = TournamentAudit.objects.get(action="start")
    with translation.override("de"):
        assert audit_sentence(start) == "hat Runde 1 gestartet"


def test_the_trail_is_for_organisers(client, client_of, organiser, other):
    tournament, _table = started(organiser)
    url = reverse("tournaments:audit", args=[tournament.pk])
    assert client_of(other).get(url).status_code == 403
    client.logout()
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client_of(organiser).post(url).status_code == 405
    assert client_of(organiser).get(url, HTTP_HX_REQUEST="true").status_code == 200
