"""Skat on its pages (issue 35): a match made on the new-match page, its games recorded
with the hand form (with htmx and without), the preview's words, and the list's figures
per seat, the next dealer (who sits out at four) and the series' count on the match
page, a scorer link and a tournament's table link, in English and German.

The figures are skat/rules.md §4.10's, example 17 (a short series of six games)."""

import datetime

import pytest

from matches.models import AuditEntry, Hand, Match, Table
from matches.services import drafting, registration, tournaments
from matches.services import play as services
from tests.factories import HTMX, game_match, text

THREE = ("Ann", "Ben", "Cy")
FOUR = ("Ann", "Ben", "Cy", "Dan")
A, B, C = 0, 1, 2

pytestmark = pytest.mark.django_db


def skat_form(number, declarer, game=None, matadors=None, won=None, **extra):
    """A game as the browser posts the hand form: radio values, ticked boxes "on", the
    bid picker's value (18 unless told)."""
    data = {"number": number, "declarer": str(declarer), "bid": "18"}
    if game:
        data["game"] = game
    if matadors:
        data["matadors_with"], data["matadors_n"] = matadors.split()
    if won is not None:
        data["won"] = "won" if won else "lost"
    for name, value in extra.items():
        data[name] = "on" if value is True else str(value)
    return data


# skat/rules.md §4.10, example 17: C deals first.
SERIES = [
    skat_form(1, A, "grand", "with 4", True, schneider=True),
    skat_form(2, A, "diamonds", "without 2", False),
    skat_form(3, C, "null", won=True, ouvert=True),
    skat_form(4, "passed"),
    skat_form(5, B, "hearts", "with 1", False, points=58),
    skat_form(6, B, "clubs", "with 2", True),
]


def skat_match(owner, players=THREE, first_dealer=C, hands_limit=None):
    variant = "isko" if len(players) == 3 else "isko-four"
    options = {"hands_limit": hands_limit} if hands_limit else None
    return game_match(owner, "skat", variant, players, first_dealer=first_dealer, options=options)


def record(client, url, data, **headers):
    return client.post(url, data, **headers)


def page(client, match):
    return client.get(f"/matches/{match.pk}/")


# -- the new-match page --------------------------------------------------------------------


def test_the_new_match_page_offers_skat_and_creates_a_match(client_of, owner):
    client = client_of(owner)
    response = client.get("/matches/new/?preset=skat/isko-four")
    assert response.status_code == 200
    words = text(response)
    assert "Four players: the dealer deals and sits out each game" in words
    assert "The series is 48 games" in words
    data = {
        "game": "skat",
        "variant": "isko-four",
        "first_dealer": "1",
        "options_shown": "1",
        "hands_limit": "12",
        **{f"player_{seat}": name for seat, name in enumerate(FOUR)},
    }
    response = client.post("/matches/new/", data)
    assert response.status_code == 302, text(response)
    match = Match.objects.get()
    assert (match.game, match.variant, match.names) == ("skat", "isko-four", list(FOUR))
    assert match.ruleset.options["hands_limit"] == 12
    words = text(page(client, match))
    assert "Game 1 of 12" in words
    assert "Ben deals and sits out this game." in words
    assert "Cy is Vorhand and leads; Dan Mittelhand; Ann Hinterhand." in words


def test_the_new_match_page_refuses_a_series_the_table_cannot_share(client_of, owner):
    data = {
        "game": "skat",
        "variant": "isko",
        "first_dealer": "0",
        "options_shown": "1",
        "hands_limit": "10",
        **{f"player_{seat}": name for seat, name in enumerate(THREE)},
    }
    response = client_of(owner).post("/matches/new/", data)
    assert response.status_code == 422
    assert "A series has a multiple of 3 games" in text(response)
    assert not Match.objects.exists()


def test_the_new_match_page_lists_skat_in_german(client_of, owner):
    client = client_of(owner)
    response = client.get("/matches/new/?preset=skat/isko", HTTP_ACCEPT_LANGUAGE="de")
    words = text(response)
    assert "Skat, Dreiertisch" in words
    assert "Drei Spieler: Der Geber spielt als Hinterhand." in words


# -- the hand form --------------------------------------------------------------------------


def test_the_form_asks_in_few_taps_with_the_bid_values(client_of, owner):
    match = skat_match(owner)
    body = page(client_of(owner), match).content.decode()
    # The declarer by name and role, or passed in: one radio each.
    assert body.count('name="declarer"') == 4
    for role in ("Vorhand", "Mittelhand", "Hinterhand"):
        assert role in body
    assert 'value="passed"' in body
    assert body.count('name="game"') == 6
    assert body.count('name="matadors_with"') == 2
    assert body.count('name="matadors_n"') == 11
    assert body.count('name="won"') == 2
    # Hand, ouvert and the announcements behind one tap.
    disclosure = body.split('<details class="skat-more"')[1].split("</details>")[0]
    for name in ("hand", "ouvert", "schneider_announced", "schwarz_announced"):
        assert f'name="{name}"' in disclosure
    # The bid picker: the 63 bid values, 18 chosen.
    picker = body.split('name="bid"')[1].split("</select>")[0]
    assert picker.count("<option") == 63
    assert '<option value="18" selected>' in picker
    assert 'name="points"' in body
    assert "Record game 1 of 36" in text(page(client_of(owner), match))


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_game_recorded_with_the_form(client_of, owner, headers):
    match = skat_match(owner)
    client = client_of(owner)
    url = f"/matches/{match.pk}/hands/"
    response = record(client, url, skat_form(1, A, "clubs", "with 2", True, points=75), **headers)
    if headers:
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<div id="table"')
        words = text(response)
    else:
        assert response.status_code == 302
        words = text(page(client, match))
    hand = Hand.objects.get()
    assert hand.input["matadors"] == {"with": True, "n": 2}
    assert hand.input["points"] == 75
    assert hand.scores == [86, 0, 0]
    assert "Record game 2 of 36" in words
    assert "♣ Clubs with 2" in words


def test_a_passed_in_deal_is_one_tap(client_of, owner):
    match = skat_match(owner)
    client = client_of(owner)
    response = record(client, f"/matches/{match.pk}/hands/", skat_form(1, "passed"))
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.input == {"passed": True}
    assert hand.scores == [0, 0, 0]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (skat_form(1, A, "clubs", "with 2", True, bid=19), "Select a valid choice"),
        (skat_form(1, A, "clubs", won=True), "Enter the matadors: with or without"),
        (skat_form(1, A, "null", "with 1", True), "Null games have no matadors."),
        (skat_form(1, A, "clubs", "with 2"), "Was the game won or lost?"),
        (skat_form(1, A, None, "with 2", True), "Which game was played?"),
        ({**skat_form(1, A, "clubs", "with 2", True), "declarer": ""}, "Who declared?"),
        (skat_form(1, "passed", "clubs"), "A passed-in game has no declarer and no result."),
        (skat_form(1, A, "clubs", "with 2", True, points=130), "less than or equal to 120"),
        (skat_form(1, A, "clubs", "with 2", True, ouvert=True), "always a hand game"),
        (skat_form(1, A, "grand", "with 5", True), "a grand with or without 1 to 4"),
        ({**skat_form(1, A, "clubs", "with 2", True), "matadors_n": ""}, "and how many"),
    ],
)
def test_bad_input_writes_nothing(client_of, owner, data, message):
    match = skat_match(owner)
    client = client_of(owner)
    for headers in ({}, HTMX):
        response = record(client, f"/matches/{match.pk}/hands/", data, **headers)
        assert response.status_code == 422, text(response)
        assert message in text(response)
    assert not Hand.objects.exists()
    assert not AuditEntry.objects.filter(action="record").exists()


def test_an_overbid_entered_as_won_is_refused_with_its_figure(client_of, owner):
    match = skat_match(owner)
    data = skat_form(1, A, "diamonds", "without 1", True, bid=22)
    response = record(client_of(owner), f"/matches/{match.pk}/hands/", data)
    assert response.status_code == 422
    assert "Overbid: this game is worth 18, below the bid of 22." in text(response)
    assert "it counts −54" in text(response)
    assert not Hand.objects.exists()


# -- the preview ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (
            skat_form(1, A, "clubs", "with 2", True),
            "♣ Clubs with 2, game 3 — 36, won. List +36; Ann +86.",
        ),
        (
            skat_form(1, A, "spades", "without 1", False, hand=True, schneider=True),
            "♠ Spades without 1, game 2, hand 3, schneider 4 — 44, lost. List −88; Ann −138, "
            "the others +40 each.",
        ),
        (
            skat_form(1, C, "null", won=True, ouvert=True),
            "Null Ouvert — 46, won. List +46; Cy +96.",
        ),
        (
            skat_form(1, A, "diamonds", "without 1", False, bid=22, points=89),
            "♦ Diamonds without 1, game 2 — 18, overbid (bid 22): lost at 27. List −54; "
            "Ann −104, the others +40 each.",
        ),
        (skat_form(1, "passed"), "Passed in: the game counts in the series, nobody scores."),
    ],
)
def test_the_preview_words_the_game_before_saving(client_of, owner, data, words):
    match = skat_match(owner)
    client = client_of(owner)
    response = client.post(f"/matches/{match.pk}/preview/", data, **HTMX)
    assert response.status_code == 200
    assert words in text(response)
    plain = client.post(f"/matches/{match.pk}/preview/", data)
    assert words in text(plain)
    assert not Hand.objects.exists()


def test_the_preview_reads_german(client_of, owner):
    match = skat_match(owner)
    response = client_of(owner).post(
        f"/matches/{match.pk}/preview/",
        skat_form(1, A, "clubs", "with 2", True),
        HTTP_ACCEPT_LANGUAGE="de",
        **HTMX,
    )
    assert "♣ Kreuz mit 2, Spiel 3 — 36, gewonnen." in text(response)


# -- the match page, a scorer link, a table link -------------------------------------------------


def played_series(owner, client):
    match = skat_match(owner, hands_limit=6)
    for data in SERIES[:5]:
        assert record(client, f"/matches/{match.pk}/hands/", data).status_code == 302
    return match


def list_of(words):
    """The list section's words: from its heading to the next section's."""
    return words.split("The list", 1)[1].split("Game 6 of 6", 1)[0]


def test_the_match_page_shows_the_list_per_seat(client_of, owner):
    client = client_of(owner)
    match = played_series(owner, client)
    words = text(page(client, match))
    figures = list_of(words)
    # Per seat: list total, won, lost, others lost, Seeger-Fabian (after game 5).
    assert "Ann +90 1 1 1 +130" in figures
    assert "Ben −40 0 1 1 −50" in figures
    assert "Cy +46 1 0 2 +176" in figures
    assert "1 game to go" in words
    assert "Game 6 of 6" in words
    assert "Ben deals." in words
    assert "Cy is Vorhand and leads; Ann Mittelhand; Ben Hinterhand." in words
    assert "passed in" in words
    # The last game ends the series.
    assert record(client, f"/matches/{match.pk}/hands/", SERIES[5]).status_code == 302
    words = text(page(client, match))
    assert "Cy wins the match!" in words
    assert "After 6 games: the highest score wins" in words
    assert "Ben −4 1 1 1 +36" in words


def test_the_match_page_in_german(client_of, owner):
    client = client_of(owner)
    match = played_series(owner, client)
    words = text(client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Spiel 6 von 6" in words
    assert "Die Liste" in words
    assert "Ann +90 1 1 1 +130" in words
    assert "Cy ist Vorhand und spielt aus; Ann Mittelhand; Ben Hinterhand." in words
    assert "eingepasst" in words
    assert "noch 1 Spiel" in words


def test_the_scorer_link_shows_the_figures_and_records(client, owner, client_of):
    match = played_series(owner, client_of(owner))
    linked = services.new_scorer_link(match, by=owner)
    client.logout()
    url = f"/k/{linked.scorer_token}/"
    words = text(client.get(url))
    assert "Ann +90 1 1 1 +130" in words and "Game 6 of 6" in words
    response = client.post(f"{url}hands/", SERIES[5], **HTMX)
    assert response.status_code == 200
    assert "Cy wins the match!" in text(response)


def skat_night(organiser):
    night = tournaments.create_tournament(
        organiser,
        name="Skatabend",
        date=datetime.date(2026, 12, 1),
        game="skat",
        variant="isko-four",
        rounds=1,
        # Each player's games (docs/tournaments.md §4): a four plays 36 × 4 / 3 = 48.
        hands_per_round=36,
    )
    for entry in registration.register_players(night, organiser, list(FOUR)):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(night, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    return Table.objects.get(round__tournament=night)


def test_a_tournament_table_link_shows_who_sits_out_and_the_list(client, organiser):
    table = skat_night(organiser)
    match = Match.objects.get(pk=table.match_id)
    assert match.ruleset.options["hands_limit"] == 48
    url = f"/t/{table.token}/"
    words = text(client.get(url))
    dealer = match.names[match.first_dealer]
    assert f"{dealer} deals and sits out this game." in words
    assert "Game 1 of 48" in words
    assert "The list" in words
    vorhand = (match.first_dealer + 1) % 4
    data = skat_form(1, vorhand, "grand", "with 1", False, points=50)
    response = client.post(f"{url}hands/", data, **HTMX)
    assert response.status_code == 200, text(response)
    words = text(response)
    # A lost grand with 1: 48, list −96, −146; each of the other three, the sitter too, +30.
    name = match.names[vorhand]
    assert f"{name} −96 0 1 0 −146" in words
    assert f"{dealer} 0 0 0 1 +30" in words
    assert "Game 2 of 48" in words
    words = text(client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Spiel 2 von 48" in words
    assert "setzt aus" in words


# -- correcting a game, the audit trail -------------------------------------------------------


def test_a_game_is_corrected_from_its_form_prefilled(client_of, owner):
    client = client_of(owner)
    match = skat_match(owner)
    url = f"/matches/{match.pk}/hands/"
    data = skat_form(1, A, "spades", "without 2", False, hand=True, bid=33, points=50)
    assert record(client, url, data).status_code == 302
    body = client.get(f"{url}1/").content.decode()
    assert "Correct game 1" in text(client.get(f"{url}1/"))
    for name, value in (
        ("declarer", "0"),
        ("game", "spades"),
        ("matadors_with", "without"),
        ("matadors_n", "2"),
        ("won", "lost"),
    ):
        tag = body.split(f'name="{name}" value="{value}"')[1].split(">")[0]
        assert "checked" in tag, name
    assert 'name="hand" id="id_hand" checked' in body or 'name="hand" checked' in body
    assert '<option value="33" selected>' in body
    assert 'name="points" value="50"' in body
    # The table miscounted: the same game, won.
    response = client.post(f"{url}1/", {**data, "version": "1", "won": "won", "points": "70"})
    assert response.status_code == 302, text(response)
    hand = Hand.objects.get()
    assert (hand.version, hand.input["won"], hand.scores) == (2, True, [94, 0, 0])
    words = text(client.get(f"/matches/{match.pk}/history/"))
    assert "Declarer" in words and "Ann" in words
    assert "Game: Spades" in words and "without 2" in words
    assert "Result: lost → won" in words and "Card points: 50 → 70" in words


def test_a_skat_tables_printed_card_has_the_lists_columns(client_of, organiser):
    table = skat_night(organiser)
    night = table.round.tournament
    response = client_of(organiser).get(f"/tournaments/{night.pk}/print/tables/1/")
    assert response.status_code == 200
    words = text(response)
    # The card's paper backup is a blank Spielliste (tests/print/test_skat_list.py): the
    # players in its columns and its end block.
    assert "Skat, table of four (the dealer sits out)" in words
    for column in (*FOUR, "List points", "Games won × 50", "The others' lost games × 30"):
        assert column in words
