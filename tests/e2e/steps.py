"""What several browser tests do alike: start a match on the new-match page, fill in and
record a hand, play a tournament table's three hands; and the started round they play,
its rows made with the services (the browser's fixtures are in conftest.py, the browser
itself in tests/e2e_support.py)."""

import re

from django.contrib.auth import get_user_model

from matches.models import Table
from matches.services import drafting, registration
from tests.factories import tournament as make_tournament

TARGETS = (8, 5, 3)  # dealer, eldest, third
FIRST_HAND = (10, 4, 2)
# The organiser of ``started_round``, who logs in on the organiser's pages.
OTTO = ("otto", "Club-night-42")


def start_match(page, expect, players):
    """The new-match page, its game already chosen: ``players`` in seat order, the
    first seat dealing; on to the match page."""
    for seat, name in enumerate(players):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=first_dealer][value='0']").check()
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect(page.locator(".match-head .players")).to_have_text(" · ".join(players))


def record(form):
    """The hand form's button, whatever the game calls it."""
    form.get_by_role("button", name=re.compile(r"^Record the (hand|round)$")).click()


def hand_title(number):
    """The hand form's title: "Record hand 2" (of how many, when the table has a limit)."""
    return re.compile(rf"^Record hand {number}( of \d+)?$")


def fill_on_target(page, gains=(0, 0, 0), suit="hearts"):
    """A Sergeant Major hand on target, plus ``gains`` for the seats that need 8, 5 and
    3; the seats are read off the page."""
    form = page.locator("form#record")
    roles = page.locator(".seats .seat .role").all_inner_texts()
    form.locator(f"label.suit-button.{suit}").click()
    extra = dict(zip((8, 5, 3), gains, strict=True))
    for seat, role in enumerate(roles):
        needs = re.search(r"needs (\d+)", role)
        if needs:
            target = int(needs.group(1))
            form.locator("input.tricks").nth(seat).fill(str(target + extra[target]))
    form.locator("input.tricks").nth(0).dispatch_event("input")


def play_table(page, expect):
    """Three hands on a tournament table's match page: in the first the dealer takes 10
    tricks (target 8: +2), eldest 4 (−1), third 2 (−1); in the two after, everyone makes
    the target. The seats are read off the page."""
    form = page.locator("form#record")
    for number in range(1, 4):
        # A tournament table has a limit: "Record hand 1 of 3".
        expect(form.locator("h2")).to_have_text(re.compile(rf"^Record hand {number} of \d+$"))
        roles = page.locator(".seats .seat .role").all_inner_texts()
        dealer = next(i for i, role in enumerate(roles) if "deal" in role.lower())
        tricks = FIRST_HAND if number == 1 else TARGETS
        form.locator("label.suit-button.hearts").click()
        for offset, count in enumerate(tricks):
            form.locator("input.tricks").nth((dealer + offset) % 3).fill(str(count))
        form.locator("input.tricks").nth(0).dispatch_event("input")
        form.locator("button[type=submit]").click()
    # Up to 30 s: on a busy machine the table page's service worker is still fetching the
    # rules' Python from the same test server, and a hand whose post waits more than 10 s
    # is kept on the phone and sent again by the offline script (issue 24).
    expect(page.locator(".winner")).to_be_visible(timeout=30_000)


def started_round(names=("Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")):
    """A Sergeant Major tournament of ``names``, all checked in, by ``OTTO``, its round 1
    drawn and started (three hands a table): the tournament and its tables by number."""
    username, password = OTTO
    organiser = get_user_model().objects.create_user(username, password=password, is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=3)
    for entry in registration.register_players(tournament, organiser, names):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=5)
    drafting.start_round(round_, organiser)
    tables = {table.number: table for table in Table.objects.filter(round=round_)}
    return tournament, tables
