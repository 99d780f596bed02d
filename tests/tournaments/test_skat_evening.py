"""Issue 35, item 5: a 23-player Skat evening, as the README's first club night plays it
with Skat chosen (docs/tournaments.md §2, §4, §5). The app seats 4+4+4+4+4+3, each
table's series ends at 48 games at a four and 36 at a three, and the standings rank by
the Seeger-Fabian total, then games won, fewer games lost, the best round (the SkWO's
order), on the page (English and German), the board, the printed standings, the CSV
and the API. A second round, and a season of Skat.

The games come from a fixed cycle of the rules' valid inputs (won and lost suit games,
a grand, a deal passed in), turned by the table's number so that the tables differ;
table 1 and table 2 of round 1 play scripts instead, which leave two pairs level on
Seeger-Fabian: one split by games won, one by fewer games lost. The expected order is
worked out here from the hands as recorded, with plain sums, not read from the app.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest
from django.test import Client, override_settings

from matches.models import Entry, Hand, Match, Round, Table, Tournament
from matches.services import closing, drafting, play, registration, table_results
from matches.services import series as season
from tests.api_support import login, send
from tests.factories import text

PLAYERS = [f"Skatspieler {n:02}" for n in range(1, 24)]
HANDS = 36  # each player's games a round: 36 at a three, 48 at a four (§4)
EFFORT = 20_000  # the seating's search kept short: the seating is not what is tested


def suit(declarer, game="clubs", n=1, won=True, **more):
    return {"declarer": declarer, "game": game, "matadors": {"with": True, "n": n},
            "won": won, **more}  # fmt: skip


PASSED = {"passed": True}
# By the game's place in the cycle, who declares (0 Vorhand, 1 Mittelhand, 2 Hinterhand)
# and what: won and lost suit games, a grand, a deal passed in.
CYCLE = [
    (0, {"game": "clubs", "n": 1, "won": True}),  # 24: +74
    (1, {"game": "spades", "n": 2, "won": False}),  # 33: −116, the others +40 or +30
    (None, None),
    (2, {"game": "grand", "n": 1, "won": True}),  # 48: +98
    (0, {"game": "hearts", "n": 1, "won": False}),  # 20: −90
    (1, {"game": "diamonds", "n": 3, "won": True}),  # 36: +86
    (2, {"game": "clubs", "n": 1, "won": True}),
]


def playing(match: Match, number: int) -> list[int]:
    """The seats that play game ``number``: Vorhand, Mittelhand, Hinterhand (the deal
    passes to the left; at a four the dealer sits out, skat/rules.md §4.6)."""
    size = len(match.seat_list)
    dealer = (match.first_dealer + number - 1) % size
    return [(dealer + step) % size for step in range(1, size + 1) if size == 3 or step < size]


def cycled(table_number: int):
    def game(match, number):
        place, what = CYCLE[(number + table_number) % len(CYCLE)]
        return PASSED if what is None else suit(playing(match, number)[place], **what)

    return game


def scripted(items, entries):
    """Every deal passed in but the games ``items`` name, in order: (the entry that
    declares, the game), each at the next deal its entry plays; ``entries`` are the
    table's in seat order."""
    waiting = list(items)

    def game(match, number):
        if not waiting:
            return PASSED
        entry, what = waiting[0]
        seat = entries.index(entry)
        if seat not in playing(match, number):
            return PASSED
        waiting.pop(0)
        return suit(seat, **what)

    return game


def round_one_ties(tables):
    """Round 1's scripts for its first two tables of four, which leave two pairs level on
    Seeger-Fabian (skat/rules.md §4.3: won, value + 50; lost, −2 × value − 50 and 30 to each
    other player at a four). At the first, seat 1 wins a hearts with 11 (120: 170) and
    seat 2 a clubs with 1 (24: 74). At the second, seat 1 wins two hearts with 1 (20:
    70 each) and takes 30 for seat 2's lost game, 170 in two games won; seat 2 wins a
    hearts with 10 (110: 160) and loses a diamonds with 1 (18: −86), 74 with a game lost
    more. Everyone else there passes."""
    first, second = [table for table in tables if table.seats.count() == 4][:2]
    one, two = seated(first), seated(second)
    return {
        first: [(one[0], {"game": "hearts", "n": 11}), (one[1], {"game": "clubs", "n": 1})],
        second: [
            (two[0], {"game": "hearts", "n": 1}),
            (two[0], {"game": "hearts", "n": 1}),
            (two[1], {"game": "hearts", "n": 10}),
            (two[1], {"game": "diamonds", "n": 1, "won": False}),
        ],
    }


def seated(table):
    return list(table.seats.order_by("number").values_list("entry_id", flat=True))


def play_series(table: Table, by, game) -> Match:
    """The table's whole series through the services, each game from ``game``."""
    match = Match.objects.get(pk=table.match_id)
    for number in range(1, match.options["hands_limit"] + 1):
        play.record_hand(match, number, game(match, number), by=by)
    return Match.objects.get(pk=match.pk)


def hand_in_and_confirm(table: Table) -> None:
    """The first player hands the result in, the second confirms it (§4)."""
    first, second = (seat.entry_id for seat in table.seats.order_by("number")[:2])
    table_results.submit_result(Table.objects.get(pk=table.pk), first)
    table_results.confirm_result(Table.objects.get(pk=table.pk), second)


def figures_from_hands(tournament) -> dict[int, dict]:
    """Each entry's Seeger-Fabian total, games won and lost, and best round, summed here
    from the recorded hands: declared games by their input, the scores as stored."""
    figures: dict[int, dict] = defaultdict(lambda: {"sf": 0, "won": 0, "lost": 0, "rounds": {}})
    for table in Table.objects.filter(round__tournament=tournament).select_related("round"):
        entries = list(table.seats.order_by("number").values_list("entry_id", flat=True))
        round_total = defaultdict(int)
        for hand in Hand.objects.filter(match_id=table.match_id):
            for seat, score in enumerate(hand.scores):
                round_total[entries[seat]] += score
            if not hand.input.get("passed"):
                key = "won" if hand.input["won"] else "lost"
                figures[entries[hand.input["declarer"]]][key] += 1
        for entry, total in round_total.items():
            figures[entry]["sf"] += total
            figures[entry]["rounds"][table.round.number] = total
    for row in figures.values():
        row["best"] = max(row["rounds"].values())
    return figures


def order_key(row):
    return (row["sf"], row["won"], -row["lost"], row["best"])


@override_settings(SEATING_EFFORT=EFFORT)
def play_round(tournament, by, number, scripts=lambda tables: {}):
    """Round ``number`` drafted, every table's series played to its end, handed in and
    confirmed, the round closed. ``scripts(tables)`` names the tables that play a script
    (``scripted``) and their games; the others play the cycle."""
    round_ = drafting.draft_round(tournament, by, method="draw" if number == 1 else "mixed",
                                  seed=number)  # fmt: skip
    drafting.start_round(round_, by)
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    chosen = scripts(tables)
    for table in tables:
        items = chosen.get(table)
        game = cycled(table.number) if items is None else scripted(items, seated(table))
        play_series(table, by, game)
        hand_in_and_confirm(table)
    closing.close_round(Round.objects.get(pk=round_.pk), by)
    return tables


def create_from_the_page(boss):
    """The new-tournament page with Skat chosen: the hands per round it offers are 36."""
    form = boss.get("/tournaments/new/?preset=skat/isko")
    assert form.status_code == 200
    page = form.content.decode()
    assert 'name="hands_per_round" value="36"' in page
    # Three places for the chain, each offering Skat's own tie-breaks; left empty, the
    # SkWO's order.
    assert 'name="tie_break_2"' in page and 'name="tie_break_3"' not in page
    assert page.count('<option value="fewest_games_lost">') == 3
    assert "after game points, games won, fewest games lost, best round" in text(form)
    answer = boss.post(
        "/tournaments/new/",
        {
            "name": "Skatabend",
            "date": "2026-12-01",
            "preset": "skat/isko",
            "rounds": "2",
            "hands_per_round": str(HANDS),
            "remainder": "sitters",
            "tie_break_1": "",
            "tie_break_2": "",
            "tie_break_3": "",
        },
    )
    assert answer.status_code == 302, text(answer)
    return answer["Location"]


@pytest.fixture
def evening(organiser):
    boss = login(organiser)
    create_from_the_page(boss)
    tournament = Tournament.objects.get(name="Skatabend")
    for entry in registration.register_players(tournament, organiser, PLAYERS):
        registration.check_in(entry, organiser)
    return tournament


def test_a_23_player_skat_evening(evening, organiser):
    tournament = evening
    assert tournament.game == "skat" and tournament.hands_per_round == HANDS
    assert tournament.score == "game_points"
    assert list(tournament.tie_breaks) == ["games_won", "fewest_games_lost", "best_round"]
    tables = play_round(tournament, organiser, 1, round_one_ties)
    assert sorted((t.seats.count() for t in tables), reverse=True) == [4, 4, 4, 4, 4, 3]
    for table in tables:
        match = Match.objects.get(pk=table.match_id)
        seats = len(match.seat_list)
        assert match.options["hands_limit"] == {4: 48, 3: 36}[seats]
        assert match.hands.count() == match.options["hands_limit"]
        assert match.state["ending"]["how"] == "hands_limit"
    rows = assert_ranked_by_the_skwo_order(tournament, organiser)
    names = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "player__name"))
    # The two pairs the scripts left level on Seeger-Fabian, each split by its tie-break.
    first, second = [table for table in tables if table.seats.count() == 4][:2]
    one, two = seated(first), seated(second)
    by_entry = {row["entry"]: row for row in rows}
    assert by_entry[two[0]]["game_points"] == by_entry[one[0]]["game_points"] == 170
    assert by_entry[two[0]]["rank"] + 1 == by_entry[one[0]]["rank"]
    assert by_entry[two[0]]["why"] == (f"Ahead of {names[one[0]]} on games won: 2 to 1.")
    assert by_entry[one[1]]["game_points"] == by_entry[two[1]]["game_points"] == 74
    assert by_entry[one[1]]["rank"] + 1 == by_entry[two[1]]["rank"]
    assert by_entry[one[1]]["why"] == (f"Ahead of {names[two[1]]} on fewer games lost: 0 to 1.")
    assert_every_view_shows(tournament, organiser, rows)

    # Round 2, seated by the standings (mixed): seat 3 of the first table (0 in round
    # 1) wins a grand with 1 (48: 98); seat 3 of the second (30 in round 1) a diamonds
    # with 1 (18: 68). Level at 98, one game won and none lost: the best round decides.
    early, late = one[2], two[2]
    tables = play_round(tournament, organiser, 2, best_round_tie(early, late))
    assert sorted((t.seats.count() for t in tables), reverse=True) == [4, 4, 4, 4, 4, 3]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rows = assert_ranked_by_the_skwo_order(tournament, organiser)
    by_entry = {row["entry"]: row for row in rows}
    assert by_entry[early]["game_points"] == by_entry[late]["game_points"] == 98
    assert by_entry[early]["rank"] + 1 == by_entry[late]["rank"]
    assert by_entry[early]["why"] == f"Ahead of {names[late]} on best round: 98 to 68."
    assert_every_view_shows(tournament, organiser, rows)


def best_round_tie(early, late):
    def scripts(tables):
        chosen: dict = defaultdict(list)
        for entry, game in ((early, "grand"), (late, "diamonds")):
            table = next(table for table in tables if entry in seated(table))
            chosen[table].append((entry, {"game": game, "n": 1}))
        return chosen

    return scripts


def assert_ranked_by_the_skwo_order(tournament, organiser) -> list[dict]:
    """The API's standings rank by the figures summed from the hands: Seeger-Fabian
    total, games won, fewer games lost, best round; equal figures share a rank."""
    figures = figures_from_hands(tournament)
    rows = send(login(organiser), "get", f"/api/tournaments/{tournament.pk}/standings").json()[
        "rows"
    ]
    assert {row["entry"] for row in rows} == set(figures) and len(rows) == len(PLAYERS)
    keys = [order_key(figures[row["entry"]]) for row in rows]
    assert keys == sorted(keys, reverse=True)
    for row, key in zip(rows, keys, strict=True):
        mine = figures[row["entry"]]
        assert row["score"] == row["game_points"] == mine["sf"]
        assert row["tie_breaks"] == {
            "games_won": mine["won"],
            "fewest_games_lost": mine["lost"],
            "best_round": mine["best"],
        }
        assert row["rank"] == 1 + sum(other > key for other in keys)
        assert row["shared"] is (keys.count(key) > 1)
    return rows


def cells(row) -> list[str]:
    """A standings row's figures as every view prints them: rank, name, game points,
    match points, games won, games lost, best round."""
    rank = f"{row['rank']}=" if row["shared"] else str(row["rank"])
    ties = row["tie_breaks"]
    figures = (row["game_points"], row["match_points"], *ties.values())
    return [rank, row["name"], *map(str, figures)]


HEADS = {
    "en": ("Game points", "Match points", "Games won", "Fewest games lost", "Best round"),
    "de": (
        "Spielpunkte",
        "Matchpunkte",
        "Gewonnene Spiele",
        "Wenigste verlorene Spiele",
        "Beste Runde",
    ),  # fmt: skip
}


def assert_every_view_shows(tournament, organiser, rows) -> None:
    """The standings page (English and German), the board, the printed standings and
    the CSV show every row's figures in the API's order, under their columns' names."""
    base = f"/tournaments/{tournament.pk}/"
    for language, heads in HEADS.items():
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organiser)
        for page in ("standings/", "print/standings/", "board/"):
            body = text(client.get(base + page))
            at = body.index(heads[0])
            assert all(body.index(head, at) >= at for head in heads), (language, page)
            for row in rows:
                assert " ".join(cells(row)) in body, (language, page, cells(row))
            order = [body.index(f" {row['name']} ", at) for row in rows]
            assert order == sorted(order), (language, page)
    exported = login(organiser).get(base + "standings.csv").content.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(exported)))
    assert table[0][:7] == ["rank", "name", "game points", "match points", "games won",
                            "fewest games lost", "best round"]  # fmt: skip
    assert [line[:7] for line in table[1:]] == [cells(row) for row in rows]


def test_a_skat_tournament_through_the_api_and_a_season_of_skat(evening, organiser):
    """A Skat tournament made through the API (its hands per round a multiple of 3),
    and a season of two Skat evenings ranked by game points (docs/tournaments.md §6)."""
    boss = login(organiser)
    body = {"name": "Skat im Januar", "date": "2027-01-05", "game": "skat",
            "variant": "isko", "rounds": 1, "hands_per_round": 35}  # fmt: skip
    refused = send(boss, "post", "/api/tournaments", body)
    assert refused.status_code == 422, refused.content
    made = send(boss, "post", "/api/tournaments", {**body, "hands_per_round": 3})
    assert made.status_code == 201, made.content
    january = Tournament.objects.get(pk=made.json()["id"])
    assert made.json()["tie_breaks"] == ["games_won", "fewest_games_lost", "best_round"]
    url = f"/api/tournaments/{january.pk}"
    for entry in send(boss, "post", f"{url}/entries", {"players": PLAYERS[:7]}).json():
        send(boss, "post", f"{url}/entries/{entry['id']}/check-in")
    tables = play_round(january, organiser, 1)
    # 7 players: a four and a three; 3 games each, so 4 at the four.
    sizes = {t.seats.count(): Match.objects.get(pk=t.match_id).hands.count() for t in tables}
    assert sizes == {4: 4, 3: 3}
    for number in (1, 2):
        play_round(evening, organiser, number)
    series = season.create_series(organiser, name="Skatsaison", game="skat",
                                  score="game_points")  # fmt: skip
    for tournament in (evening, january):
        season.add_tournament(series, organiser, tournament)
    table = send(boss, "get", f"/api/series/{series.pk}").json()
    totals = defaultdict(int)
    for tournament in (evening, january):
        standing = send(boss, "get", f"/api/tournaments/{tournament.pk}/standings").json()
        for row in standing["rows"]:
            totals[row["name"]] += row["game_points"]
    assert {row["name"]: row["total"] for row in table["rows"]} == totals
    assert [row["total"] for row in table["rows"]] == sorted(totals.values(), reverse=True)
    played = {row["name"]: row["played"] for row in table["rows"]}
    assert played == {name: 2 if name in PLAYERS[:7] else 1 for name in PLAYERS}
    page = text(boss.get(f"/series/{series.pk}/"))
    top = table["rows"][0]
    assert f"{top['name']} {top['total']}" in page


def test_the_round_page_and_table_cards_say_48_or_36_games(evening, organiser):
    """Each table's number of games, and at the fours who sits out, in the game's words
    (docs/tournaments.md §4): five fours of 48 (36 each) and a three of 36."""
    round_ = drafting.draft_round(evening, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    base = f"/tournaments/{evening.pk}/"
    for language, says in {
        "en": ("48 hands: each player plays 36", "36 hands", "48 hands at this table",
               "Each game the dealer sits out. Everyone plays 36 hands.", "36 hands at this table"),
        "de": ("48 Spiele: jeder spielt 36", "36 Spiele", "48 Spiele an diesem Tisch",
               "In jedem Spiel setzt der Geber aus. Jeder spielt 36 Spiele.",
               "36 Spiele an diesem Tisch"),
    }.items():  # fmt: skip
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organiser)
        round_page = text(client.get(base + "rounds/1/"))
        assert round_page.count(says[0]) == 5
        # The three's line is its count alone.
        assert round_page.count(says[1]) == 1
        cards = text(client.get(base + "print/tables/1/"))
        assert cards.count(says[2]) == 5 and cards.count(says[3]) == 5
        assert cards.count(says[4]) == 1
