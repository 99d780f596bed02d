"""The README's first club night names the buttons a newcomer presses: each name in
*italics* of a step is on the page that step is about (issue 32, item 12: step 2 said
*Save* where the button says *Add the player*, and left out the import and the "New
players?" page)."""

import re
from pathlib import Path

import pytest

from tests.factories import text
from tests.factories import tournament as make_tournament

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
NIGHT = README.split("## Your first club night", 1)[1].split("\n## ", 1)[0]


def step(number: int) -> str:
    return re.search(rf"^{number}\. (.*?)(?=^\d+\. |\Z)", NIGHT, re.M | re.S).group(1)


def named(number: int) -> list[str]:
    """The names in italics of step ``number``, without a closing ellipsis."""
    return [
        name.rstrip("… ").strip()
        for name in re.findall(r"(?<![*\w])\*([^*\n]+)\*(?![*\w])", step(number))
    ]


def pages_of_step_2(boss):
    return [boss.get("/players/"), boss.get("/players/new/"), boss.get("/players/import/")]


def pages_of_step_4(boss, organiser):
    tournament = make_tournament(organiser)
    url = f"/tournaments/{tournament.pk}/"
    return [boss.get(url), boss.post(url + "entries/", {"names": "Ann\nBerta Neu"})]


@pytest.mark.parametrize("number", [2, 4])
def test_every_button_a_step_names_is_on_its_pages(boss, organiser, number):
    pages = pages_of_step_2(boss) if number == 2 else pages_of_step_4(boss, organiser)
    shown = " ".join(text(page) for page in pages)
    header = {"Players", "Tournaments"}  # the header's links, on every page
    missing = [name for name in named(number) if name not in shown and name not in header]
    assert named(number) and missing == []


def test_step_2_names_the_import_and_step_4_the_new_players_page():
    assert "Import the member list" in named(2)
    assert "New players?" in named(4)
