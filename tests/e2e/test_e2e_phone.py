"""At the table on a phone (issue 9), in headless Chromium at 360 × 740: every game's match
page with seven hands fits the screen (no sideways scrolling, every Correct and Undo
within reach), in English and German, and so it does on a laptop at 1280 × 800 (issue
32, item 7); and the hand forms say what is missing rather than contradict themselves.

One browser for the module. Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py
does (see tests/e2e_support.py).
"""

import re

import pytest

from tests import factories
from tests.e2e import seven_hands
from tests.e2e_support import BROKEN_WORDS, PASSWORD, PHONE, browser_context, shot

pytestmark = pytest.mark.e2e


# Where each Correct and Undo of the history is, scrolled to vertically only: within the
# viewport's width and not covered (elementFromPoint finds it, so no scroll area clips it).
REACH = """() => {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const controls = [...document.querySelectorAll('#history a[href*="/hands/"]')];
  const out = [];
  for (const control of controls) {
    const before = control.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + before.top - height / 2);
    const box = control.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const inside = box.width > 0 && box.left >= 0 && box.right <= width;
    if (!inside || !hit || !(hit === control || control.contains(hit))) {
      out.push(control.textContent.trim() + " at x=" + Math.round(box.left));
    }
  }
  window.scrollTo(0, 0);
  return {scrollWidth: document.documentElement.scrollWidth, width, controls: controls.length,
          out};
}"""


def log_in(page, expect, base):
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", "ann")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(base + "/")


def test_every_game_fits_a_phone(live_server, browser, ann):
    matches = seven_hands.matches(ann)
    for locale in ("en-GB", "de-DE"):
        with browser_context(browser, PHONE, locale) as (page, expect):
            log_in(page, expect, live_server.url)
            problems = {}
            for label, match in matches:
                page.goto(f"{live_server.url}/matches/{match.pk}/")
                found = page.evaluate(REACH)
                # Seven hands: a Correct each, and Undo on the last.
                if found["scrollWidth"] != PHONE["width"] or found["controls"] != 8 or found["out"]:
                    problems[label] = found
            page.goto(live_server.url + "/")
            home = page.evaluate("() => document.documentElement.scrollWidth")
            assert (problems, home) == ({}, PHONE["width"]), locale


LAPTOP = {"width": 1280, "height": 800}
# Whether a box of the page scrolls sideways by itself (the history's): panning too.
BOX_PANS = (
    "() => [...document.querySelectorAll('.scroll')].some((b) => b.scrollWidth > b.clientWidth)"
)


def test_every_game_fits_a_laptop(live_server, browser, ann):
    # Issue 32, item 7: at 1280 × 800 a Sheepshead page of five or six seats panned
    # sideways. No game's page does, nor its history's box; every Correct and Undo is in
    # reach (the history is a table here: its widest, Sheepshead's seven seats, too).
    # In German only, the wider words ("Zurücknehmen"): the phone's test reads both.
    matches = seven_hands.matches(ann)
    for locale in ("de-DE",):
        with browser_context(browser, LAPTOP, locale) as (page, expect):
            log_in(page, expect, live_server.url)
            problems = {}
            for label, match in matches:
                page.goto(f"{live_server.url}/matches/{match.pk}/")
                found = page.evaluate(REACH)
                found["box pans"] = page.evaluate(BOX_PANS)
                found["cards"] = page.locator("#history thead").is_hidden()
                if found["scrollWidth"] > LAPTOP["width"] or found["controls"] != 8:
                    problems[label] = found
                elif found["out"] or found["box pans"] or found["cards"]:
                    problems[label] = found
            assert problems == {}, locale


def test_the_hand_forms_say_what_is_missing(live_server, browser, ann):
    eight = factories.game_match(ann, "sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"))
    calls = factories.game_match(ann, "sergeant-major", "alternate", ("Ann", "Ben", "Cy"))
    sheep = factories.sheep(ann)
    with browser_context(browser, PHONE) as (page, expect):
        base = live_server.url
        log_in(page, expect, base)

        # Sergeant Major: the count never reads "All tricks placed" while it is not so.
        page.goto(f"{base}/matches/{eight.pk}/")
        form = page.locator("form#record")
        remaining = form.locator("[data-remaining]")
        record = form.get_by_role("button", name="Record the hand")

        def tricks(*counts):
            for seat, count in enumerate(counts):
                form.locator(f"#id_tricks_{seat}").fill(count)

        tricks("17", "-1", "0")  # adds up to 16, but a seat cannot take −1
        expect(remaining).to_have_text("Tricks cannot be negative.")
        expect(remaining).not_to_have_class(re.compile(r"\bdone\b"))
        expect(record).to_be_disabled()
        tricks("16", "", "")
        expect(remaining).to_have_text("The tricks add up; enter 0 for each seat left empty.")
        expect(record).to_be_disabled()
        tricks("9", "4", "3")  # no trumps yet
        expect(remaining).to_have_text("All tricks placed: now choose trumps.")
        expect(remaining).not_to_have_class(re.compile(r"\bdone\b"))
        expect(record).to_be_disabled()
        form.locator("label.suit-button.hearts").click()
        expect(remaining).to_have_text("All tricks placed.")
        expect(remaining).to_have_class(re.compile(r"\bdone\b"))
        expect(record).to_be_enabled()

        # The calls game: in miz each target is a maximum.
        page.goto(f"{base}/matches/{calls.pk}/")
        hints = page.locator("form#record .stepper label small")
        expect(hints).to_have_text(["needs 8", "needs 5", "needs 3"])
        page.locator("form#record label.suit-button.miz").click()
        expect(hints).to_have_text(["at most 8", "at most 5", "at most 3"])
        page.locator("form#record label.suit-button.clubs").click()
        expect(hints).to_have_text(["needs 8", "needs 5", "needs 3"])

        # Sheepshead: after "Nobody picked" the partner, points and flags are gone, and
        # points typed before are left out (the preview scores a pass, nothing refused).
        page.goto(f"{base}/matches/{sheep.pk}/")
        form = page.locator("form#record")
        partner = form.locator("fieldset", has_text="Partner")
        points = form.locator("input.points")
        every_trick = form.get_by_label("The picker side took every trick")
        form.locator("label.seat-button", has_text="Ann").first.click()
        points.fill("61")
        expect(partner).to_be_visible()
        form.locator("label.seat-button", has_text="Nobody picked").click()
        for hidden in (partner, points, every_trick):
            expect(hidden).to_be_hidden()
        preview = form.locator("#preview")
        expect(preview.locator(".preview-scores b")).to_have_text(["0"] * 5)
        form.locator("label.seat-button", has_text="Ben").first.click()
        expect(partner).to_be_visible()
        expect(points).to_have_value("61")  # kept for when someone did pick
        form.locator("label.seat-button", has_text="Nobody picked").click()
        form.get_by_role("button", name="Record the hand").click()
        expect(form.locator("h2")).to_have_text("Record hand 2")
        expect(page.locator("#history tbody tr").first).to_contain_text("nobody picked")


# Long German names (issue 32, item 12: "seat tiles break names mid-word at 360").
LONG_NAMES = ["Bartholomäus Oberhuber", "Maximiliane Schwarzenberger", "Friedrich-Wilhelm Zott",
              "Apollonia Hinterstoißer", "Kunigunde Zwirnmaier", "Theresia Obermüller",
              "Engelbert Wimmer"]  # fmt: skip


@pytest.mark.parametrize("width", [360, 1280])
def test_long_names_keep_their_words_whole_in_the_seat_tiles(live_server, browser, ann, width):
    tables = [
        ("sergeant-major", "8-5-3", 3),
        ("sheepshead", "standard", 5),
        ("sheepshead", "6-handed", 6),
        ("sheepshead", "7-handed", 7),
    ]
    viewport = {"width": width, "height": 740 if width == 360 else 800}
    broken = {}
    with browser_context(browser, viewport, "de-DE") as (page, expect):
        log_in(page, expect, live_server.url)
        for game, variant, seats in tables:
            match = factories.game_match(ann, game, variant, LONG_NAMES[:seats])
            page.goto(f"{live_server.url}/matches/{match.pk}/")
            found = page.locator(".seats").evaluate(BROKEN_WORDS)
            if found:
                broken[f"{game}/{variant}"] = found
            shot(page, f"seats-{seats}-{width}")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert broken == {}
