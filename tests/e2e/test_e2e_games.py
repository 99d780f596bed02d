"""End to end: players drive Sheepshead and Sieben in headless Chromium.

Each test starts from an empty site (the first visit leads to /setup/), picks its variant
in the new-match chooser (the rules card and the name fields follow by htmx), and records
hands with the taps a player would use: seat buttons and quick points for Sheepshead, the
counters stepper for Sieben. The expected figures are worked out here by hand from
sheepshead/rules.md §2 and sieben/rules.md §3, never by the app's code.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import re

import pytest

from tests.e2e.steps import record, start_match
from tests.e2e_support import browser_page, create_organiser, shot, signed

pytestmark = pytest.mark.e2e


# -- Sheepshead, five players (sheepshead/rules.md §2) -------------------------------------
# Ann deals hand 1; the deal passes to the left. Multiplier m: 61-90 is +1, 91-120 +2,
# every trick +3. Opponents score -m, the partner +m, the picker the rest (sum zero).
SHEEPSHEAD = ("Ann", "Ben", "Cy", "Dee", "Eve")
# Hand 1: Ann picks, Ben is her partner, 61 points: m = +1, three opponents.
SH_HAND1 = (+2, +1, -1, -1, -1)
# Hand 2: nobody picks; the default is a redeal with nothing scored.
SH_HAND2 = (0, 0, 0, 0, 0)
# Hand 3: Dee alone, 120 points: m = +2 (+8 for Dee, four opponents at -2) until the
# "every trick" toggle makes it m = +3: Dee +12, the four others -3.
SH_HAND3_120 = (-2, -2, -2, +8, -2)
SH_HAND3 = (-3, -3, -3, +12, -3)
SH_TOTALS = {
    1: (+2, +1, -1, -1, -1),
    2: (+2, +1, -1, -1, -1),
    3: (-1, -2, -4, +11, -4),  # Dee wins
}

# -- Sieben, two players (sieben/rules.md §3) ----------------------------------------------
# The side with more of the 90 counters wins the round: 1 point, 2 if the losers have no
# counters, 3 if they took no trick. The loser deals next. First to 12 wins.
# Round 1: Ann 60, Ben 30 -> Ann 1. Rounds 2-5: Ann 0, Ben 90 and Ann took no trick ->
# Ben 3 each: 3, 6, 9, 12, and Ben wins.
SIEBEN = ("Ann", "Ben")


def test_sheepshead_five_players_in_the_browser(live_server):
    with browser_page() as (page, expect):
        base = live_server.url
        create_organiser(page, expect, base)
        _new_match(page, expect, "Sheepshead, five players", seats=5, first_line="5 players")

        # The options: stop after three hands.
        options = page.locator("#new-match details.options")
        stop_after = page.get_by_label("Stop after this many hands")
        expect(stop_after).to_be_hidden()
        options.locator("summary").click()
        expect(stop_after).to_be_visible()
        stop_after.fill("3")
        start_match(page, expect, SHEEPSHEAD)

        seats = page.locator(".seats .seat")
        expect(seats.locator(".name")).to_have_text(list(SHEEPSHEAD))
        expect(seats.locator(".total")).to_have_text(["0"] * 5)
        exchange = page.locator("#exchange")
        expect(exchange).to_contain_text("Ann deals.")
        expect(exchange).to_contain_text("Ben is first to pick or pass, and leads.")

        # Hand 1: tap Ann as picker, Ben as partner, and 61.
        form = page.locator("form#record")
        expect(form.locator("h2")).to_have_text("Record hand 1 of 3")
        preview = form.locator("#preview")
        expect(preview).to_contain_text("The scores of this hand appear here")
        _tap_seat(expect, form, "Picker", "Ann")
        expect(form.locator("input[name=partner][value=alone]")).to_be_checked()
        _tap_seat(expect, form, "Partner", "Ben")
        _quick_points(expect, form, 61)
        _expect_preview(expect, preview, SHEEPSHEAD, SH_HAND1)
        expect(seats.locator(".total")).to_have_text(["0"] * 5)  # nothing saved yet
        record(form)
        expect(form.locator("h2")).to_have_text("Record hand 2 of 3")
        expect(seats.locator(".total")).to_have_text([signed(t) for t in SH_TOTALS[1]])
        expect(exchange).to_contain_text("Ben deals.")
        _expect_sheepshead_history(expect, page, [SH_HAND1])

        # Hand 2: nobody picked; the fresh form has an empty preview again.
        expect(preview).to_contain_text("The scores of this hand appear here")
        _tap_seat(expect, form, "Picker", "Nobody picked")
        _expect_preview(expect, preview, SHEEPSHEAD, SH_HAND2)
        record(form)
        expect(form.locator("h2")).to_have_text("Record hand 3 of 3")
        expect(seats.locator(".total")).to_have_text([signed(t) for t in SH_TOTALS[2]])
        expect(exchange).to_contain_text("Cy deals.")
        _expect_sheepshead_history(expect, page, [SH_HAND1, SH_HAND2])

        # Hand 3: Dee alone takes every trick: quick 120, then the toggle.
        _tap_seat(expect, form, "Picker", "Dee")
        expect(form.locator("input[name=partner][value=alone]")).to_be_checked()
        _quick_points(expect, form, 120)
        _expect_preview(expect, preview, SHEEPSHEAD, SH_HAND3_120)
        every_trick = form.get_by_label("The picker side took every trick")
        every_trick.check()
        expect(every_trick).to_be_checked()
        _expect_preview(expect, preview, SHEEPSHEAD, SH_HAND3)
        # Saved with Enter (a phone's Go key) in the points field: after an htmx swap the
        # form's default button must still be "Record the hand", not the no-JS preview.
        form.locator("input.points").press("Enter")

        # Three hands played: the match is over, Dee has the highest total.
        winner = page.locator("section.winner")
        expect(winner.locator("h2")).to_have_text("Dee wins the match!")
        expect(winner).to_contain_text("After 3 hands: the highest total wins.")
        expect(page.locator("form#record")).to_have_count(0)
        expect(page.locator("#exchange")).to_have_count(0)
        expect(seats.locator(".total")).to_have_text([signed(t) for t in SH_TOTALS[3]])
        expect(page.locator(".seats .seat.won .name")).to_have_text(["Dee"])
        _expect_sheepshead_history(expect, page, [SH_HAND1, SH_HAND2, SH_HAND3])
        expect(page.locator("#history tfoot th")).to_have_text(
            ["Totals", *[signed(t) for t in SH_TOTALS[3]], ""]
        )
        shot(page, "e2e-sheepshead", full_page=True)


def test_sieben_two_players_in_the_browser(live_server):
    with browser_page() as (page, expect):
        base = live_server.url
        create_organiser(page, expect, base)
        _new_match(page, expect, "Sieben, two players", seats=2, first_line="Two players.")
        start_match(page, expect, SIEBEN)

        seats = page.locator(".seats .seat")
        exchange = page.locator("#exchange")
        expect(seats.locator(".name")).to_have_text(list(SIEBEN))
        expect(seats.locator(".total")).to_have_text(["0", "0"])
        expect(exchange).to_contain_text("Before round 1")
        expect(exchange).to_contain_text("Ann deals.")
        expect(exchange).not_to_contain_text("lost the last round")

        form = page.locator("form#record")
        expect(form.locator("h2")).to_have_text("Record round 1")
        counters = form.locator("input.counters")
        rest = form.locator("output[data-other-side]")
        no_trick_toggle = form.locator("label[data-no-trick]")
        no_trick = form.get_by_label("The losing side took no trick")
        preview = form.locator("#preview")
        expect(form.locator(".other-side")).to_contain_text("Ben: the rest of 90")
        expect(counters).to_have_value("")
        expect(rest).to_have_text("")
        expect(no_trick_toggle).to_be_hidden()

        # Round 1: up in tens to 90 (the toggle appears), back to 60 (it goes), Ben 30.
        for step in range(1, 10):
            _counters_step(expect, form, +1, 10 * step)
            expect(rest).to_have_text(str(90 - 10 * step))
            if step < 9:
                expect(no_trick_toggle).to_be_hidden()
        expect(no_trick_toggle).to_be_visible()
        _counters_step(expect, form, +1, 90)  # the stepper stops at 90
        expect(rest).to_have_text("0")
        for value in (80, 70, 60):
            _counters_step(expect, form, -1, value)
            expect(rest).to_have_text(str(90 - value))
            expect(no_trick_toggle).to_be_hidden()
        expect(preview).to_have_text("Round to Ann: 1 point.")
        record(form)
        expect(form.locator("h2")).to_have_text("Record round 2")
        expect(seats.locator(".total")).to_have_text(["1", "0"])
        expect(exchange).to_contain_text("Ben lost the last round and deals.")
        expect(exchange).to_contain_text("Ann leads.")

        # Rounds 2 to 5: Ann 0 counters, so Ben has 90; Ann took no trick: Ben 3 each.
        ben = 0
        for number in range(2, 6):
            expect(counters).to_have_value("")
            expect(no_trick_toggle).to_be_hidden()
            _counters_step(expect, form, -1, 0)  # one tap down from empty: 0
            expect(rest).to_have_text("90")
            expect(no_trick_toggle).to_be_visible()
            no_trick.check()
            expect(no_trick).to_be_checked()
            expect(preview).to_have_text("Round to Ben: 3 points.")
            if number == 3:  # Enter in the counters field saves the round too
                counters.press("Enter")
            else:
                record(form)
            ben += 3
            if number < 5:
                expect(form.locator("h2")).to_have_text(f"Record round {number + 1}")
                expect(seats.locator(".total")).to_have_text(["1", str(ben)])
                expect(exchange).to_contain_text("Ann lost the last round and deals.")
                expect(exchange).to_contain_text("Ben leads.")

        # Ben reached 12: the match is over.
        winner = page.locator("section.winner")
        expect(winner.locator("h2")).to_have_text("Ben wins the match!")
        expect(winner).to_contain_text("Ben reached 12 points in round 5.")
        expect(page.locator("form#record")).to_have_count(0)
        expect(page.locator("#exchange")).to_have_count(0)
        expect(seats.locator(".total")).to_have_text(["1", "12"])
        expect(page.locator(".seats .seat.won .name")).to_have_text(["Ben"])
        rows = page.locator("#history tbody tr")
        expect(rows).to_have_count(5)
        expect(rows.nth(0).locator("td").nth(3)).to_have_text("Ann")
        expect(rows.nth(4).locator("td").nth(3)).to_have_text("Ben")
        expect(page.locator("#history tfoot th")).to_have_text(["Points", "1", "12", ""])
        shot(page, "e2e-sieben", full_page=True)


# -- helpers ------------------------------------------------------------------------------


def _new_match(page, expect, variant, *, seats, first_line):
    """Open New match and pick ``variant`` in the chooser: htmx swaps in its rules card
    and a name field per seat."""
    page.locator("a.new").click()
    expect(page).to_have_url(re.compile(r"/matches/new/$"))
    title = page.locator("#rules-title")
    # The names a player sees (a three-player game hides the sitter's seat until asked).
    names = page.locator("#new-match input[name^=player_]:visible")
    expect(title).to_have_text("Sergeant Major: the rules in short")
    expect(names).to_have_count(3)
    choice = page.locator("#variants").get_by_label(variant, exact=True)
    choice.check()
    expect(title).to_have_text(f"{variant}: the rules in short")
    expect(page.locator(".rules-card li").first).to_contain_text(first_line)
    expect(names).to_have_count(seats)
    expect(choice).to_be_checked()
    expect(page).to_have_url(re.compile(r"/matches/new/\?preset="))


def _tap_seat(expect, form, group, name):
    """Tap a seat button (the radio inside is hidden; a player taps its label)."""
    buttons = form.get_by_role("group", name=group, exact=True)
    buttons.locator("label.seat-button", has_text=re.compile(f"^{re.escape(name)}$")).click()
    expect(buttons.get_by_label(name, exact=True)).to_be_checked()


def _quick_points(expect, form, points):
    form.locator(".quick-points").get_by_role("button", name=str(points), exact=True).click()
    expect(form.locator("input.points")).to_have_value(str(points))


def _counters_step(expect, form, direction, value):
    """Tap the counters stepper's + (direction 1) or − (-1) once; it moves in tens."""
    form.locator(f"button.step[data-step='{10 * direction}']").click()
    expect(form.locator("input.counters")).to_have_value(str(value))


def _expect_preview(expect, preview, names, scores):
    items = preview.locator(".preview-scores li")
    expect(items.locator("span")).to_have_text(list(names))
    expect(items.locator("b")).to_have_text([signed(s) for s in scores])


def _expect_sheepshead_history(expect, page, hands):
    rows = page.locator("#history tbody tr")
    expect(rows).to_have_count(len(hands))
    running = [0] * len(SHEEPSHEAD)
    for number, scores in enumerate(hands, 1):
        running = [r + s for r, s in zip(running, scores, strict=True)]
        row = rows.nth(number - 1)
        expect(row.locator("td").first).to_have_text(str(number))
        expect(row.locator(".cell b")).to_have_text([signed(s) for s in scores])
        expect(row.locator(".cell .running")).to_have_text([f"Σ {signed(t)}" for t in running])
