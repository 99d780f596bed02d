"""End to end (issue 19, item 6): at the door an organiser ticks players from the register
(searched as they type, the ticks kept while searching), is asked before a typed name
becomes a new player, and imports the club's member list with a preview; on a phone
(360×740) and a laptop (1280×800), nothing panning sideways."""

import re

import pytest
from django.contrib.auth import get_user_model

from matches.services import players as register
from tests.e2e_support import PHONE, browser_page, shot
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1280, "height": 800}
MEMBERS = (
    "\ufeffName;E-Mail;Mitgliedsnummer\r\n"
    "Jürgen Weiß;juergen@example.org;101\r\n"
    "ann;;\r\n"
    ";nobody@example.org;102\r\n"
    "Cy;not-an-address;103\r\n"
    "Dora;;101\r\n"
    "Fay Maximiliane Oberhuber-Schwarzenegger;fay@example.org;104\r\n"
)


def shoot(page, name):
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(size)
        shot(page, f"e2e-{name}-{label}", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], (name, label, width)


def test_the_door_ticks_asks_and_imports(live_server, transactional_db):
    otto = get_user_model().objects.create_user("otto", password="Club-night-42", is_staff=True)
    for name in ("Ann", "Anton", "Ben", "Bernadette Katharina von Hohenlohe", "Cy"):
        register.create_player(name=name, by=otto)
    cup = make_tournament(otto, name="Friday night")
    base = live_server.url
    with browser_page(LAPTOP) as (page, expect):
        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "otto")
        page.fill("#id_password", "Club-night-42")
        page.get_by_role("button", name=re.compile("Log in")).click()

        # Tick from the register: the list narrows as the organiser types, and a tick
        # stays while they search on.
        page.goto(f"{base}/tournaments/{cup.pk}/")
        picks = page.locator("#candidates li")
        expect(picks).to_have_count(5)
        page.fill("#find", "an")
        expect(picks).to_have_count(2)  # Ann, Anton
        picks.filter(has_text="Ann").get_by_role("checkbox").check()
        page.fill("#find", "be")
        expect(picks.filter(has_text="Ann").get_by_role("checkbox")).to_be_checked()
        picks.filter(has_text="Bernadette").get_by_role("checkbox").check()
        shoot(page, "door-ticks")
        page.get_by_role("button", name="Add the ticked players").click()
        expect(page.locator("#entries li")).to_have_count(2)
        expect(page.locator("#entries")).to_contain_text("Bernadette Katharina von Hohenlohe")
        expect(picks).to_have_count(3)  # the entered ones are off the list

        # A typed name the register does not know: asked first, nothing entered yet.
        page.fill("#names", "Benn\ncy")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator("#confirm")).to_contain_text("This name is not in the register:")
        expect(page.locator("#confirm li")).to_have_text(["Benn"])
        expect(page.locator("#confirm")).to_contain_text("entered as they are: Cy")
        shoot(page, "door-ask")
        page.get_by_role("button", name="No, go back to the names").click()
        expect(page.locator("#names")).to_have_value("Benn\ncy")
        expect(page.locator("#entries li")).to_have_count(2)
        page.fill("#names", "Ben\ncy")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator("#entries li")).to_have_count(4)  # no question: both known

        # The member list: a preview of every row, then the yes.
        page.goto(base + "/players/import/")
        page.set_input_files(
            "#id_file",
            files=[{"name": "members.csv", "mimeType": "text/csv", "buffer": MEMBERS.encode()}],
        )
        page.get_by_role("button", name="Show what would be added").click()
        expect(page.locator("#import")).to_contain_text(
            "2 new players · 1 already in the register · 3 refused"
        )
        expect(page.locator(".import-rows li.row-refused")).to_have_count(3)
        shoot(page, "import-preview")
        page.get_by_role("button", name="Add the 2 new players").click()
        expect(page.locator(".messages")).to_contain_text("2 players were added to the register.")
        page.goto(base + "/players/?q=weiss")
        expect(page.locator("#results")).to_contain_text("Jürgen Weiß")
        shoot(page, "register-import-link")  # the register's head holds both buttons
