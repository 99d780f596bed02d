"""A figure typed while the page fetches what follows a change of game stays: choosing
Sheepshead asks the server for its options and its hands per round; an organiser who
types the hands per round before the answer is back keeps the figure typed (a slow phone
or a busy hall; CI's club-night test once got "39" for a typed "3"). A figure not typed
into follows the game as before.

Needs Debian's Chromium (tests/e2e_support.py).
"""

import pytest

from tests.e2e_support import PHONE, browser_context, logged_in

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1280, "height": 800}


def _held(page):
    """Hold the page's requests for the new-tournament form (htmx's reload on a change of
    game) until released: the list they wait in."""
    held = []
    page.route("**/tournaments/new/?*", lambda route: held.append(route))
    return held


def _release(page, held):
    page.wait_for_function("() => document.querySelector('.htmx-request') !== null")
    while not held:
        page.wait_for_timeout(20)
    for route in held:
        route.continue_()
    page.wait_for_function("() => document.querySelector('.htmx-request') === null")


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_hands_typed_while_the_game_loads_are_kept(live_server, browser, organiser, viewport):
    with browser_context(browser, viewport) as (page, expect):
        logged_in(page.context, live_server.url, organiser)
        page.goto(f"{live_server.url}/tournaments/new/")
        hands = page.locator("#id_hands_per_round")
        expect(hands).to_have_value("9")
        held = _held(page)
        page.select_option("#id_preset", "sheepshead/standard")
        hands.fill("25")  # while the answer is held
        _release(page, held)

        expect(page.locator("#id_table_size")).to_be_visible()  # the options came
        expect(hands).to_have_value("25")


def test_hands_not_typed_into_follow_the_game(live_server, browser, organiser):
    with browser_context(browser, LAPTOP) as (page, expect):
        logged_in(page.context, live_server.url, organiser)
        page.goto(f"{live_server.url}/tournaments/new/")
        held = _held(page)
        page.select_option("#id_preset", "sheepshead/standard")
        _release(page, held)

        expect(page.locator("#id_hands_per_round")).to_have_value("20")


def test_a_key_pressed_as_the_answer_comes_replaces_the_figure(live_server, browser, organiser):
    """The finger on the field, its figure selected to be typed over, when the answer puts
    in the new game's figure: the next key still replaces the whole figure (a number
    field keeps no caret, and the key went before the 20 as "320")."""
    with browser_context(browser, PHONE) as (page, expect):
        logged_in(page.context, live_server.url, organiser)
        page.goto(f"{live_server.url}/tournaments/new/")
        hands = page.locator("#id_hands_per_round")
        held = _held(page)
        page.select_option("#id_preset", "sheepshead/standard")
        hands.focus()
        hands.evaluate("input => input.select()")
        _release(page, held)
        expect(hands).to_have_value("20")
        page.keyboard.type("3")

        expect(hands).to_have_value("3")
