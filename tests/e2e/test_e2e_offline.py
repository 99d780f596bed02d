"""End to end: the hall's Wi-Fi drops and the tables keep scoring (issue 24).

A phone plays its table through the link, loses the network (Playwright's
``set_offline``), records hands that wait on the phone while the page works out the
next dealer, the targets and the cards to pass with the server's rules in Pyodide,
reloads without the server, and sends them in order, once, when it answers again.
Another phone records the same hand meanwhile: the first is shown both entries and
chooses. A browser closed with hands waiting sends them on the next visit. A table locked
while a hand waited (another phone confirmed it, or the round was closed): the hand stays,
refused, with the server's message, until the table drops it.

One browser for the test process; the phone that goes offline is one context for the
module's tests (its service worker and Pyodide are fetched once).
"""

import re

import pytest
from django.contrib.auth import get_user_model

from matches import offline, rules
from matches.models import Table
from matches.services import closing, drafting, registration, table_results
from tests.e2e_support import (
    CHROMIUM_ARGS,
    PHONE,
    TIMEOUT_MS,
    browser_context,
    chromium_path,
    logged_in,
    shot,
    unavailable,
)
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
HANDS = 6  # per round (a multiple of the table size): four leave the match open
# By offset from the dealer: the dealer one over, eldest one under, so cards change hands.
UNEVEN = (9, 4, 3)
LEVEL = (8, 5, 3)
# Pyodide's first load in a fresh context (download from the live server, compile).
RULES_MS = 60_000


@pytest.fixture(scope="module")
def held_phone(browser):
    """The phone that goes offline, with its service worker (one context for the module's
    tests on this worker: the worker and Pyodide are fetched once)."""
    with browser_context(browser, PHONE, service_workers="allow") as (page, expect):
        yield page, expect


@pytest.fixture
def phone(transactional_db, held_phone):
    """The module's phone for one test, which leaves its page before the test's database is
    emptied (this fixture's teardown runs first, as it needs the database): a table page
    left polling met the half-emptied database, and a 500, on its way to the set-up page."""
    from playwright.sync_api import Error as PlaywrightError

    yield held_phone
    page = held_phone[0]
    try:
        page.goto("about:blank")
    except PlaywrightError:  # the page was loading itself again (a refused hand): after it
        page.wait_for_load_state()
        page.goto("about:blank")


def _started():
    organiser = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=HANDS)
    for entry in registration.register_players(tournament, organiser, NAMES):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=5)
    drafting.start_round(round_, organiser)
    return {table.number: table for table in Table.objects.filter(round=round_)}


def _open(page, expect, url):
    page.goto(url)
    # The service worker holds the page and the rules before the network goes.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    expect(page.locator("#offline")).to_have_attribute("data-cached", "yes", timeout=RULES_MS)


def _dealer_online(page):
    roles = page.locator(".seats .seat .role").all_inner_texts()
    return next(i for i, role in enumerate(roles) if "deal" in role.lower())


def _fill(page, expect, number, dealer, pattern, trump="hearts"):
    expect(page.locator("form#record h2")).to_have_text(f"Record hand {number} of {HANDS}")
    return _enter(page, dealer, pattern, trump)


def _enter(page, dealer, pattern, trump="hearts"):
    """Tricks by offset from the dealer, and the trump, into the hand form, and send it."""
    form = page.locator("form#record")
    form.locator(f"label.suit-button.{trump}").click()
    for offset, count in enumerate(pattern):
        form.locator("input.tricks").nth((dealer + offset) % 3).fill(str(count))
    form.locator("input.tricks").nth(0).dispatch_event("input")
    form.locator("button[type=submit]").click()
    return {"tricks": [pattern[(seat - dealer) % 3] for seat in range(3)], "trump": trump}


def _expect_next_deal(page, expect, table, inputs):
    """The panel shows what the server's rules say after these hands: dealer, targets,
    exchanges, marked as not yet confirmed."""
    players = _players(table)
    ruleset = rules.get_ruleset("sergeant-major", "8-5-3")
    state = rules.replay(ruleset, players, inputs, table.first_dealer)
    coming = state.next_hand
    panel = page.locator("#offline-panel")
    expect(panel).to_contain_text("Not yet confirmed by the server")
    expect(panel.locator(".offline-dealer")).to_have_text(
        f"Hand {coming.number}: {players[coming.dealer]} deals.", timeout=RULES_MS
    )
    targets = [f"{players[seat]} needs {coming.targets[seat]}" for seat in range(3)]
    expect(panel.locator(".offline-targets li")).to_have_text(targets)
    passes = [
        f"{players[e.giver]} passes {e.cards} card{'s' if e.cards > 1 else ''} to "
        f"{players[e.receiver]}."
        for e in coming.exchanges
    ] or ["No cards change hands before this deal."]
    expect(panel.locator(".offline-exchanges li")).to_have_text(passes)
    return coming.dealer


def _server_hands(page, base, table):
    answer = page.request.get(
        f"{base}/api/matches/{table.match_id}",
        headers={"Authorization": f"Bearer {table.token}"},
    )
    assert answer.ok, answer.status
    history = page.request.get(
        f"{base}/api/matches/{table.match_id}/history",
        headers={"Authorization": f"Bearer {table.token}"},
    ).json()
    recorded = [entry["number"] for entry in history if entry["action"] == "record"]
    return answer.json()["hands"], recorded


def _one_hand_kept_through_a_reload(page, expect):
    """Offline, a hand entered waits on the phone, and still waits on the service worker's
    copy of the page after a reload; returns the panel that counts it."""
    page.context.set_offline(True)
    _enter(page, _dealer_online(page), LEVEL)
    panel = page.locator("#offline-panel")
    expect(panel.locator(".offline-count")).to_have_text("1 hand waiting to send")
    page.reload()
    expect(panel.locator(".offline-count")).to_have_text("1 hand waiting to send")
    return panel


def _expect_rules_on_the_phone(panel, expect):
    """The rules ran on the phone offline: the panel names the next dealer (Ben deals the
    second hand of a match Ann dealt first), also for a hand kept before Python had
    started and read it, the page reloaded meanwhile (it said the rules could not load).
    A match page's and a scorer link's worker lives under the page's own scope, whose
    service worker keeps it: under /t/ it found no copy of itself offline."""
    expect(panel.locator(".offline-dealer")).to_have_text("Hand 2: Ben deals.", timeout=RULES_MS)


def _players(table):
    return [seat.entry.name for seat in table.seats.order_by("number")]


def test_three_hands_offline_a_reload_and_back(live_server, transactional_db, phone):
    if not offline.pyodide_present():
        unavailable("needs Pyodide: `make test` or `manage.py fetch_pyodide` fetches it")
    tables = _started()
    table = tables[1]
    page, expect = phone
    base = live_server.url
    _open(page, expect, f"{base}/t/{table.token}/")
    inputs = [_fill(page, expect, 1, _dealer_online(page), UNEVEN)]
    expect(page.locator("form#record h2")).to_have_text(f"Record hand 2 of {HANDS}")

    page.context.set_offline(True)
    dealer = _dealer_online(page)
    for number in (2, 3, 4):
        inputs.append(_fill(page, expect, number, dealer, UNEVEN if number != 3 else LEVEL))
        dealer = _expect_next_deal(page, expect, table, inputs)
    panel = page.locator("#offline-panel")
    expect(panel.locator(".offline-count")).to_have_text("3 hands waiting to send")
    expect(panel.locator(".offline-status")).to_contain_text("Offline since")
    shot(page, "offline-three-waiting-en")

    # A reload without the server: the service worker's copy, the hands still waiting.
    page.reload()
    expect(panel.locator(".offline-count")).to_have_text("3 hands waiting to send")
    expect(panel.locator(".offline-status")).to_contain_text("Offline since")
    _expect_next_deal(page, expect, table, inputs)
    expect(page.locator("form#record h2")).to_have_text(f"Record hand 5 of {HANDS}")
    expect(page.locator("#table .seats")).to_be_hidden()  # the server's, one hand old
    shot(page, "offline-reloaded-en")

    page.context.set_offline(False)
    # Sent in order, then the server's own page again.
    expect(page.locator("#offline-panel")).to_have_count(0, timeout=RULES_MS)
    expect(page.locator("form#record h2")).to_have_text(f"Record hand 5 of {HANDS}")
    expect(page.locator("#table .seats")).to_be_visible()
    hands, recorded = _server_hands(page, base, table)
    assert [hand["number"] for hand in hands] == [1, 2, 3, 4]
    assert [dict(hand["input"]) for hand in hands] == inputs
    assert recorded == [1, 2, 3, 4]  # each once


def test_another_phone_recorded_the_hand_meanwhile(live_server, transactional_db, phone, browser):
    tables = _started()
    table = tables[2]
    page, expect = phone
    base = live_server.url
    _open(page, expect, f"{base}/t/{table.token}/")
    _fill(page, expect, 1, _dealer_online(page), LEVEL)
    expect(page.locator("form#record h2")).to_have_text(f"Record hand 2 of {HANDS}")

    page.context.set_offline(True)
    dealer = _dealer_online(page)
    ours = _fill(page, expect, 2, dealer, UNEVEN)
    expect(page.locator("#offline-panel .offline-count")).to_have_text(
        "1 hand waiting to send", timeout=RULES_MS
    )

    # The other phone at the table, online, records hand 2 its own way.
    with browser_context(browser, PHONE) as (other, _expect):
        other.goto(f"{base}/t/{table.token}/")
        theirs = _fill(other, expect, 2, _dealer_online(other), LEVEL, trump="spades")
        expect(other.locator("form#record h2")).to_have_text(f"Record hand 3 of {HANDS}")

    page.context.set_offline(False)
    conflict = page.locator("#offline-panel li.conflict")
    expect(conflict).to_contain_text("Hand 2 was recorded by another phone meanwhile")
    expect(conflict.locator(".both-entries h2")).to_have_text("Hand 2: both entries")
    expect(conflict.locator("tr.differs").first).to_be_visible()
    shot(page, "offline-both-entries-en")
    hands, recorded = _server_hands(page, base, table)
    assert [hand["input"] for hand in hands][1] == theirs != ours
    assert recorded == [1, 2]  # nothing doubled

    # The table chooses ours: a correction of hand 2, with its reason, in the audit.
    expect(conflict.get_by_role("button", name=re.compile("Keep the recorded one"))).to_be_visible()
    conflict.get_by_label("Reason for the correction").fill("Ours was right: checked the tricks")
    conflict.get_by_role("button", name="Correct it to ours").click()
    expect(page.locator("#offline-panel")).to_have_count(0, timeout=RULES_MS)
    expect(page.locator("form#record h2")).to_have_text(f"Record hand 3 of {HANDS}")
    hands, recorded = _server_hands(page, base, table)
    assert recorded == [1, 2] and hands[1]["input"] == ours and len(hands) == 2
    history = page.request.get(
        f"{base}/api/matches/{table.match_id}/history",
        headers={"Authorization": f"Bearer {table.token}"},
    ).json()
    corrected = [entry for entry in history if entry["action"] == "correct"]
    assert [(e["number"], e["reason"]) for e in corrected] == [
        (2, "Ours was right: checked the tricks")
    ]


def test_a_closed_browser_sends_its_hands_on_the_next_visit(
    live_server, transactional_db, browser, tmp_path
):
    tables = _started()
    table = tables[3]
    base = live_server.url
    from playwright.sync_api import expect

    def launch():
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=chromium_path(),
            args=CHROMIUM_ARGS,
            viewport=PHONE,
            locale="en-GB",
        )
        context.set_default_timeout(TIMEOUT_MS)
        return context, context.pages[0] if context.pages else context.new_page()

    context, page = launch()
    _open(page, expect, f"{base}/t/{table.token}/")
    context.set_offline(True)
    dealer = _dealer_online(page)
    inputs = [_fill(page, expect, 1, dealer, LEVEL)]
    expect(page.locator("#offline-panel .offline-count")).to_have_text(
        "1 hand waiting to send", timeout=RULES_MS
    )
    context.close()

    context, page = launch()
    try:
        page.goto(f"{base}/t/{table.token}/")
        expect(page.locator("form#record h2")).to_have_text(
            f"Record hand 2 of {HANDS}", timeout=RULES_MS
        )
        expect(page.locator("#offline-panel")).to_have_count(0)
        hands, recorded = _server_hands(page, base, table)
        assert [hand["input"] for hand in hands] == inputs and recorded == [1]
    finally:
        context.close()


def _leave(page):
    """Unregister the page's service workers and leave it: the phone is shared by the
    module's tests, and a worker of /matches/ or /k/ refreshing its match after the test
    (whose database is being emptied) met a 500 in the next test."""
    page.evaluate(
        "navigator.serviceWorker.getRegistrations()"
        ".then(found => Promise.all(found.map(one => one.unregister())))"
    )
    page.goto("about:blank")


def test_a_logged_in_match_page_keeps_scoring_too(live_server, transactional_db, phone):
    from tests.factories import game_match

    keeper = get_user_model().objects.create_user("kim", password="Kitchen-table-7")
    match = game_match(keeper, "sergeant-major", "8-5-3", ["Ann", "Ben", "Cy"])
    page, expect = phone
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "kim")
    page.fill("#id_password", "Kitchen-table-7")
    page.get_by_role("button", name=re.compile("Log in")).click()
    _open(page, expect, f"{base}/matches/{match.pk}/")
    panel = _one_hand_kept_through_a_reload(page, expect)
    _expect_rules_on_the_phone(panel, expect)
    form = page.locator("form#record")
    expect(form.locator("h2")).to_have_text("Record hand 2")
    page.context.set_offline(False)
    expect(panel).to_have_count(0, timeout=RULES_MS)
    expect(form.locator("h2")).to_have_text("Record hand 2")
    expect(page.locator("#history")).to_contain_text("Correct")  # hand 1, on the server
    _leave(page)


def test_a_scorer_link_keeps_scoring_too(live_server, transactional_db, phone):
    """The scorer link (no account): a hand kept offline, the page again from the service
    worker (scope /k/), the hand on the server once the network is back."""
    from matches.models import Hand
    from matches.services import play
    from tests.factories import game_match

    keeper = get_user_model().objects.create_user("sam", password="Kitchen-table-7")
    match = game_match(keeper, "sergeant-major", "8-5-3", ["Ann", "Ben", "Cy"])
    match = play.new_scorer_link(match, by=keeper)
    page, expect = phone
    _open(page, expect, f"{live_server.url}/k/{match.scorer_token}/")
    panel = _one_hand_kept_through_a_reload(page, expect)
    _expect_rules_on_the_phone(panel, expect)
    form = page.locator("form#record")
    page.context.set_offline(False)
    expect(panel).to_have_count(0, timeout=RULES_MS)
    expect(form.locator("h2")).to_have_text("Record hand 2")
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1]
    _leave(page)


def test_a_laptop_gone_from_a_wifi_that_stays_up(live_server, transactional_db, phone):
    """The browser still says online (a phone's Wi-Fi without the laptop, or Android on
    mobile data): the post fails, the hand waits, and the phone sends it once the
    laptop answers again."""
    table = _started()[1]
    page, expect = phone
    base = live_server.url
    _open(page, expect, f"{base}/t/{table.token}/")

    def gone(route):
        route.abort("connectionrefused")

    page.route("**/hands/", gone)
    _fill(page, expect, 1, _dealer_online(page), LEVEL)
    panel = page.locator("#offline-panel")
    expect(panel.locator(".offline-count")).to_have_text("1 hand waiting to send")
    expect(panel.locator(".offline-status")).to_contain_text("Offline since")
    page.unroute("**/hands/", gone)
    expect(panel).to_have_count(0, timeout=RULES_MS)  # the next try, within seconds
    hands, recorded = _server_hands(page, base, table)
    assert recorded == [1] and len(hands) == 1


# -- a table locked while a hand waited on the phone (issue 31, item 3) ----------------------


def _kept(page, expect, number, pattern):
    """Offline, the phone records hand ``number``: it waits on the phone."""
    page.context.set_offline(True)
    ours = _fill(page, expect, number, _dealer_online(page), pattern)
    expect(page.locator("#offline-panel .offline-count")).to_have_text("1 hand waiting to send")
    return ours


def _recorded(table):
    """The server's hands (inputs) of the table's match, and the numbers of the hands its
    audit trail says were recorded (a table locked since reads no history through its link)."""
    from matches.models import AuditEntry, Hand

    hands = Hand.objects.filter(match_id=table.match_id).order_by("number")
    audit = AuditEntry.objects.filter(match_id=table.match_id, action="record")
    return [hand.input for hand in hands], list(
        audit.order_by("pk").values_list("number", flat=True)
    )


def _back_online(page):
    """The network returns; the phone sends the hand, and the server, refusing it, asks
    for its page again (the read-only page, loaded anew)."""
    with page.expect_navigation(timeout=RULES_MS):
        page.context.set_offline(False)


def test_a_hand_kept_while_another_phone_confirmed_the_table(live_server, transactional_db, phone):
    from matches.services import play

    table = _started()[1]
    match = table.match
    for number in range(1, HANDS):  # the table's other phone, online
        dealer = (match.first_dealer + number - 1) % 3
        tricks = [LEVEL[(seat - dealer) % 3] for seat in range(3)]
        play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=table.actor)
    page, expect = phone
    base = live_server.url
    _open(page, expect, f"{base}/t/{table.token}/")
    ours = _kept(page, expect, HANDS, UNEVEN)

    # The other phone records the last hand its own way, hands the result in, confirms.
    dealer = (match.first_dealer + HANDS - 1) % 3
    theirs = {"tricks": [LEVEL[(seat - dealer) % 3] for seat in range(3)], "trump": "spades"}
    play.record_hand(match, HANDS, theirs, by=table.actor)
    first, second = [seat.entry for seat in table.seats.order_by("number")][:2]
    table_results.submit_result(Table.objects.get(pk=table.pk), first.pk)
    table_results.confirm_result(Table.objects.get(pk=table.pk), second.pk)

    _back_online(page)
    expect(page.locator("#result")).to_contain_text("Result confirmed")
    kept = page.locator("#offline-panel li.refused")
    expect(kept).to_contain_text(
        f"Hand {HANDS} was refused by the server: This table's result is confirmed; "
        "only the organiser can change it now.",
        timeout=RULES_MS,
    )
    expect(kept.locator(".both-entries h2")).to_have_text(f"Hand {HANDS}: both entries")
    expect(kept.locator("tr.differs").first).to_be_visible()
    expect(kept.get_by_role("button", name="Try again")).to_be_visible()
    expect(kept.get_by_role("button", name="Drop this hand")).to_be_visible()
    shot(page, "offline-refused-confirmed-en")
    hands, recorded = _recorded(table)
    assert hands[-1] == theirs != ours and recorded == list(range(1, HANDS + 1))

    # Dropped only when the table says so; the server's result stays as it was.
    kept.get_by_role("button", name="Drop this hand").click()
    expect(page.locator("#offline-panel")).to_have_count(0, timeout=RULES_MS)
    assert _recorded(table) == (hands, recorded)


def test_a_hand_kept_while_the_round_was_closed(live_server, transactional_db, phone):
    table = _started()[2]
    page, expect = phone
    base = live_server.url
    _open(page, expect, f"{base}/t/{table.token}/")
    _kept(page, expect, 1, UNEVEN)

    organiser = get_user_model().objects.get(username="otto")
    closing.close_round(table.round, organiser, end_unfinished=True, reason="late")

    _back_online(page)
    kept = page.locator("#offline-panel li.refused")
    refused = (
        "Hand 1 was refused by the server: This round is over; only the organiser can "
        "change its results now."
    )
    expect(kept).to_contain_text(refused, timeout=RULES_MS)
    expect(kept.locator(".both-entries")).to_have_count(0)  # the server has no hand 1
    # Trying again is refused again: the hand stays.
    with page.expect_navigation(timeout=RULES_MS):
        kept.get_by_role("button", name="Try again").click()
    expect(kept).to_contain_text(refused, timeout=RULES_MS)
    expect(kept.get_by_role("button", name="Drop this hand")).to_be_visible()
    expect(page.locator("#offline-panel .offline-count")).to_have_count(0)  # none to send
    shot(page, "offline-refused-closed-en")
    assert _recorded(table) == ([], [])


# -- a game of its own folder, offline (issue 34, item 7) ------------------------------------


def test_mini_tricks_keeps_scoring_offline(live_server, transactional_db, phone, mini):
    """Mini Tricks, installed by its folder and one line (tests/play/minigame/): its hand
    kept on the phone offline, read by its own rules in Pyodide (the next dealer in the
    panel), through a reload from the service worker, and on the server once it answers."""
    from matches.models import Hand
    from tests.factories import game_match

    keeper = get_user_model().objects.create_user("mia", password="Kitchen-table-7")
    match = game_match(keeper, "mini-tricks", "standard", ["Ann", "Ben", "Cy"])
    page, expect = phone
    base = live_server.url
    logged_in(page.context, base, keeper)
    _open(page, expect, f"{base}/matches/{match.pk}/")
    form = page.locator("form#record")
    expect(form).to_have_attribute("data-mini-ready", "yes")  # its own script ran

    page.context.set_offline(True)
    for seat, taken in enumerate((3, 2, 1)):
        form.locator(f"input[name=taken_{seat}]").fill(str(taken))
    form.get_by_role("button", name="Record the hand").click()
    panel = page.locator("#offline-panel")
    expect(panel.locator(".offline-count")).to_have_text("1 hand waiting to send")
    # Its rules, not the server's, say who deals next: the deal passes to the left.
    expect(panel.locator(".offline-dealer")).to_have_text("Hand 2: Ben deals.", timeout=RULES_MS)
    page.reload()
    expect(panel.locator(".offline-count")).to_have_text("1 hand waiting to send")
    shot(page, "offline-mini-tricks-en")

    page.context.set_offline(False)
    expect(panel).to_have_count(0, timeout=RULES_MS)
    expect(page.locator("form#record h2")).to_have_text("Record hand 2")
    hands = Hand.objects.filter(match=match)
    assert [hand.input for hand in hands] == [{"taken": [3, 2, 1]}]
    _leave(page)
