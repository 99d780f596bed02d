"""The issue's "done when", through the pages and in German: 13 players registered, 11
checked in, three rounds of Sergeant Major 8-5-3 at tables of 3+4+4 with sitters, every
hand entered on its table's match page, and standings that match a computation by hand.

The hands: in each table's first hand the dealer takes 10 tricks (target 8: +2), eldest
4 (target 5: −1), the third 2 (target 3: −1), a sitter nothing (0); in every later hand
everyone takes exactly their target (0). So each table's first dealer ends on +2 and wins
it alone (2 match points), the eldest and third of hand 1 on −1, its sitter on 0.
"""

import re

from django.test import Client, override_settings

from matches.models import Entry, Round, Table
from tests.factories import text
from tests.print.evening import EFFORT

NAMES = [
    "Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gisela", "Horst", "Ilse",
    "Jörg", "Karin", "Lutz", "Monika",
]  # fmt: skip
TARGETS = (8, 5, 3)  # dealer, eldest, third


def german(user):
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(user)
    return client


@override_settings(SEATING_EFFORT=EFFORT)  # the pages and standings, not the seating's quality
def test_three_rounds_with_sitters_in_german(organiser):
    boss = german(organiser)
    page = boss.post(
        "/tournaments/new/",
        {
            "name": "Vereinsabend",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3",
            "rounds": 3,
            "hands_per_round": 3,
            "remainder": "sitters",
            "tie_break_0": "game_points",
        },
        follow=True,
    )
    assert "Spieler hinzufügen" in text(page)  # the page, in German
    base = page.redirect_chain[-1][0]
    boss.post(base + "entries/", {"names": "\n".join(NAMES), "confirm": "yes"})
    for entry in Entry.objects.filter(player__name__in=NAMES[:11]):
        boss.post(base + f"entries/{entry.pk}/check-in/")
    assert "11 anwesend" in text(boss.get(base))

    expected = {name: [0, 0] for name in NAMES[:11]}  # match points, game points
    for number, method in enumerate(("draw", "mixed", "mixed"), start=1):
        boss.post(base + "rounds/", {"method": method})
        round_page = text(boss.get(base + f"rounds/{number}/"))
        assert f"Runde {number}" in round_page and "gibt zuerst" in round_page
        assert round_page.count("In jedem Spiel setzt ein Platz aus") == 2  # the 4-seat tables
        boss.post(base + f"rounds/{number}/change/", {"action": "start"})
        tables = Table.objects.filter(round__number=number).select_related("match")
        assert sorted(table.seats.count() for table in tables) == [3, 4, 4]
        for table in tables:
            names = [seat.entry.player.name for seat in table.seats.order_by("number")]
            size, first = len(names), table.first_dealer
            _score_by_hand(expected, names, first)
            for hand in range(1, table.match.options["hands_limit"] + 1):
                dealer = (first + hand - 1) % size
                tricks = [0] * size
                for offset, target in enumerate(TARGETS):
                    gain = (2, -1, -1)[offset] if hand == 1 else 0
                    tricks[(dealer + offset) % size] = target + gain
                data = {"number": hand, "trump": "hearts"}
                data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
                answer = boss.post(f"/matches/{table.match_id}/hands/", data)
                assert answer.status_code == 302, text(answer)[:500]
        assert "fertig, wartet auf Bestätigung" in text(boss.get(base + f"rounds/{number}/"))
        tables = [str(table.number) for table in Table.objects.filter(round__number=number)]
        boss.post(base + f"rounds/{number}/change/", {"action": "close", "confirming": tables})
        assert Round.objects.get(number=number).status == "closed"

    standings = boss.get(base + "standings/")
    page = standings.content.decode()
    assert "Tabelle" in text(standings) and "Endstand" in text(standings)
    # The page's own table (the print sheet before it is for the printer only).
    page = page[page.index('<table class="standings">') :]
    shown = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, flags=re.S)[1:]:
        cells = [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
        name = cells[1].split("  ")[0].strip()
        shown[name] = [int(cells[2].replace("−", "-")), int(cells[3].replace("−", "-"))]
    assert shown == {name: points for name, points in expected.items()}
    # Best first: match points, then game points (the chosen tie-break).
    order = [name for name in shown]
    assert order == sorted(order, key=lambda n: (-expected[n][0], -expected[n][1], n.casefold()))


def _score_by_hand(expected, names, first):
    """Each table's result, worked out from the seats alone (see the module's docstring)."""
    size = len(names)
    expected[names[first]][0] += 2
    expected[names[first]][1] += 2
    for offset in (1, 2):  # eldest and third of hand 1
        expected[names[(first + offset) % size]][1] -= 1


def text_of(cell):
    words = re.sub(r"<br>", "  ", cell)
    return re.sub(r"<[^>]+>", "", words).strip()
