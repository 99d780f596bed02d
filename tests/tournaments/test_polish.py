"""Friday-night polish (issue 19, item 11): the small things a club night trips over."""

import datetime
import html
import re

from django.test import Client
from django.utils import timezone, translation

from matches.models import Entry, Round, Table, Tournament
from matches.services import drafting, registration, table_results
from matches.services import tournaments as services
from tests.factories import text
from tests.print.evening import night


def _options(page: str) -> list[str]:
    select = re.search(r'<select name="preset".*?</select>', page, re.S).group(0)
    return [html.unescape(label) for label in re.findall(r">([^<]+)</option>", select)]


def _game_options(page: str) -> str:
    return re.search(r'<div id="game-options">(.*?)</div>\s*<button', page, re.S).group(1)


# -- a. the new-tournament form ---------------------------------------------------------------


def test_it_dates_a_new_tournament_today(boss):
    page = boss.get("/tournaments/new/").content.decode()
    field = re.search(r'<input type="date" name="date"[^>]*>', page).group(0)
    # An <input type="date"> takes the ISO form whatever the page's language.
    assert f'value="{timezone.localdate().isoformat()}"' in field
    with translation.override("de"):
        german = boss.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert timezone.localdate().isoformat() in re.search(r'name="date"[^>]*>', german).group(0)


def test_it_names_a_variant_named_as_its_game_once(boss):
    labels = _options(boss.get("/tournaments/new/").content.decode())
    assert "Sergeant Major" in labels
    assert not any(label.count("Sergeant Major") > 1 for label in labels), labels
    assert not any(label.count("Sheepshead") > 1 for label in labels), labels
    assert "Sergeant Major · Points race" in labels


def test_it_asks_the_table_size_for_sheepshead_alone(boss):
    page = boss.get("/tournaments/new/").content.decode()
    assert 'name="table_size"' not in page
    # A change of game (htmx, or the button without JavaScript) brings it in the game's part.
    for game in ("sheepshead/standard", "sheepshead/4-handed"):
        sheepshead = boss.get("/tournaments/new/", {"preset": game}).content.decode()
        assert 'name="table_size"' in _game_options(sheepshead)
    sieben = boss.get("/tournaments/new/", {"preset": "sieben/two-player"}).content.decode()
    assert 'name="table_size"' not in sieben


def test_it_still_creates_a_sheepshead_night_at_tables_of_four(boss):
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Schafkopf",
            "date": "2026-12-04",
            "preset": "sheepshead/standard",
            "rounds": 2,
            "hands_per_round": 8,
            "table_size": "4",
            "remainder": "sitters",
            "bye_game_points": "0",
            "bye_match_points": "1",
            "option_all_pass": "redeal",
        },
    )
    assert response.status_code == 302, text(response)[:2000]
    assert Tournament.objects.get(name="Schafkopf").table_size == 4


# -- b. no draft after the last round ---------------------------------------------------------


def test_it_offers_no_draft_after_the_last_round(boss, organiser):
    tournament = night(organiser, rounds=2)
    page = boss.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Draft the seating" not in page
    assert "All 2 rounds have been played." in html.unescape(page)
    response = boss.post(f"/tournaments/{tournament.pk}/rounds/", {"method": "mixed"}, follow=True)
    assert "All 2 rounds have been played." in text(response)
    assert tournament.rounds.count() == 2


def test_it_offers_the_draft_while_rounds_remain(boss, organiser):
    tournament = night(organiser, rounds=2, played=1)
    Round.objects.filter(tournament=tournament, status=Round.Status.DRAFT).delete()
    assert "Draft the seating" in boss.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_it_offers_no_draft_while_a_round_is_played(boss, organiser):
    """The services refuse to seat the next round while one is played; the page says
    so, with the way to the round, instead of a button that would only be refused."""
    tournament = night(organiser, rounds=2, played=0)  # round 1 drafted
    drafting.start_round(Round.objects.get(tournament=tournament, number=1), organiser)

    page = html.unescape(boss.get(f"/tournaments/{tournament.pk}/").content.decode())

    assert "Draft the seating" not in page
    assert "Round 1 is being played." in page
    assert f'href="/tournaments/{tournament.pk}/rounds/1/"' in page


# -- c. a withdrawal reads as what it is --------------------------------------------------------


def test_it_shows_a_withdrawn_player_as_plain_text(boss, organiser):
    tournament = night(organiser, rounds=3, played=2)
    karin = Entry.objects.get(tournament=tournament, player__name="Karin")
    registration.withdraw(karin, organiser, from_round=3, reason="Went home")
    page = boss.get(f"/tournaments/{tournament.pk}/").content.decode()
    row = re.search(rf'<li class="entry[^"]*" id="entry-{karin.pk}">.*?</li>', page, re.S).group(0)
    # No check-in button that looks pressable (and would do nothing for the draft).
    assert "<button" not in row and "withdrawn from round 3" in row
    # Each name under "Withdraw a player" says it opens something: a real control.
    withdraw = page.split("Withdraw a player", 1)[1]
    assert re.search(r"<summary[^>]*>\s*<span class=\"name\">Anna</span>", withdraw)
    assert "Withdraw…" in withdraw


# -- d. dates in the locale's own form -------------------------------------------------------


def test_it_writes_dates_as_the_language_does(boss, organiser):
    tournament = night(organiser, rounds=1, date=datetime.date(2026, 11, 26))
    urls = ["/tournaments/", f"/tournaments/{tournament.pk}/", "/"]
    for url in urls:
        assert "26/11/2026" in text(boss.get(url)), url
    boss.cookies["django_language"] = "de"
    for url in urls:
        assert "26.11.2026" in text(boss.get(url)), url


# -- e. one minus sign -------------------------------------------------------------------------


HYPHEN_MINUS = re.compile(r"(?<![\w\-/:.])-\d")


def _shown(response) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_it_shows_every_negative_figure_with_a_minus_sign(boss, organiser):
    tournament = night(organiser, rounds=2, public=True)
    carla = Entry.objects.get(tournament=tournament, player__name="Carla")
    table_results.adjust(carla, organiser, round=2, points=-2, reason="Cards shown")  # a footnote
    base = f"/tournaments/{tournament.pk}/"
    pages = ["standings/", "results/", "board/", "print/standings/", "print/cards/", ""]
    for page in pages:
        shown = _shown(boss.get(base + page))
        assert not HYPHEN_MINUS.search(shown), (
            page,
            re.findall(r".{60}(?<![\w\-/:.])-\d.{9}", shown, re.S),
        )
    assert "−" in _shown(boss.get(base + "standings/"))
    # CSV is data: a spreadsheet reads -4, not −4.
    assert "−" not in boss.get(base + "standings.csv").content.decode("utf-8-sig")


# -- g. the paper grid names the dealer where the deal passes to the left ----------------------


def _dealer_cells(page: str) -> list[str]:
    rows = re.findall(r'<tr><td class="hand">(\d+)</td><td[^>]*>([^<]*)</td>', page)
    return [dealer.strip() for _number, dealer in rows]


def test_it_preprints_the_dealers_seat_for_each_hand(boss, organiser):
    tournament = night(organiser, rounds=1, played=0)
    round_ = Round.objects.get(tournament=tournament, number=1)
    page = html.unescape(boss.get(f"/tournaments/{tournament.pk}/print/tables/1/").content.decode())
    dealers = _dealer_cells(page)
    expected = []
    for table in Table.objects.filter(round=round_).order_by("number"):
        seats = [str(seat.number + 1) for seat in table.seats.order_by("number")]
        hands = 3 * len(seats) // 3 if len(seats) == 3 else 4  # a sitter's table plays 4
        expected += [seats[(table.first_dealer + hand) % len(seats)] for hand in range(hands)]
    assert dealers == expected


def test_it_leaves_siebens_dealer_blank(boss, organiser):
    tournament = services.create_tournament(
        organiser,
        name="Sieben",
        date=datetime.date(2026, 12, 1),
        game="sieben",
        variant="two-player",
        rounds=1,
        hands_per_round=1,
    )
    for entry in registration.register_players(tournament, organiser, ["Ann", "Ben", "Cy", "Di"]):
        registration.check_in(entry, organiser)
    drafting.draft_round(tournament, organiser, method="draw", seed=1)
    page = boss.get(f"/tournaments/{tournament.pk}/print/tables/1/").content.decode()
    dealers = _dealer_cells(page)
    assert dealers and not any(dealers)


# -- h. a closed round shows each table's result ----------------------------------------------


def test_it_shows_each_tables_result_on_a_closed_round(boss, organiser):
    tournament = night(organiser, rounds=1)
    page = boss.get(f"/tournaments/{tournament.pk}/rounds/1/")
    shown = text(page)
    for table in Table.objects.filter(round__tournament=tournament).select_related("match"):
        seats = list(table.match.seats.order_by("number"))
        winners = [seat.name for seat in seats if seat.won]
        assert winners
        for name in winners:
            assert f"Won by {name}" in shown or name in shown
        for seat in seats:
            figure = f"+{seat.total}" if seat.total > 0 else f"−{-seat.total}"
            figure = "0" if seat.total == 0 else figure
            assert re.search(rf"{seat.name}\s+{re.escape(figure)}\b", shown), (seat.name, shown)
    assert shown.count("Won by") == Table.objects.filter(round__tournament=tournament).count()


def test_it_shows_no_result_on_a_round_being_played(boss, organiser):
    tournament = night(organiser, rounds=2, played=1)
    round_ = Round.objects.get(tournament=tournament, number=2)
    drafting.start_round(round_, organiser)
    assert "Won by" not in text(boss.get(f"/tournaments/{tournament.pk}/rounds/2/"))


# -- i. a favicon ------------------------------------------------------------------------------


def test_it_has_a_favicon(boss, organiser):
    page = boss.get("/tournaments/").content.decode()
    link = re.search(r'<link rel="icon"[^>]*>', page).group(0)
    assert 'type="image/svg+xml"' in link and "favicon" in link
    answer = Client().get("/favicon.ico")
    assert answer.status_code in (200, 301, 302)
    if answer.status_code != 200:
        assert "favicon" in answer["Location"]
