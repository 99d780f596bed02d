"""Every player's own link (issue 36, docs/tournaments.md "Player links"): made with the
entry, replaced by the organiser, and on the player's phone where to sit, who else is at
the table, who deals first, the hands sat out, a bye, the results; self check-in until
the draft; the way to the player's own table and nowhere else."""

import re

from django.urls import reverse

from matches.models import Entry, Round, Table, TableSeat, TournamentAudit
from matches.services import closing, drafting, play, registration, selectors, table_results
from tests.factories import text
from tests.tournaments.evenings import NAMES, club, play_table

HTMX = {"HTTP_HX_REQUEST": "true"}


def page_of(entry):
    return reverse("tournaments:player_link", args=[entry.token])


def check_in_of(entry):
    return reverse("tournaments:player_check_in", args=[entry.token])


def registered(organiser, names=NAMES, *, checked_in=(), **changes):
    """A tournament of ``names``, none checked in but ``checked_in``."""
    from tests.factories import tournament as make_tournament

    tournament = make_tournament(organiser, hands_per_round=3, **changes)
    entries = registration.register_players(tournament, organiser, list(names))
    for entry in entries:
        if entry.name in checked_in:
            registration.check_in(entry, organiser)
    return tournament


def entry_named(tournament, name):
    return Entry.objects.select_related("player").get(tournament=tournament, player__name=name)


def started(organiser, **changes):
    tournament = club(organiser, **changes)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return tournament, round_


def seat_of(round_, entry):
    return TableSeat.objects.select_related("table").get(round=round_, entry=entry)


# -- the link itself ----------------------------------------------------------------------


def test_every_entry_has_its_own_secret_link_from_the_start(organiser):
    tournament = registered(organiser)
    tokens = list(tournament.entries.values_list("token", flat=True))
    assert len(tokens) == len(set(tokens)) == len(NAMES)
    # 27 URL-safe characters: 160 random bits (at least 128 are asked for).
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{27}", token) for token in tokens)


def test_an_unknown_or_malformed_link_is_404(client, organiser):
    registered(organiser)
    assert client.get("/p/" + "x" * 27 + "/").status_code == 404
    assert client.get("/p/short/").status_code == 404


def test_the_link_answers_only_get_and_its_check_in_only_post(client, organiser):
    entry = registered(organiser).entries.first()
    assert client.post(page_of(entry)).status_code == 405
    assert client.get(check_in_of(entry)).status_code == 405


# -- what it shows ------------------------------------------------------------------------


def test_before_the_draft_it_says_the_round_is_being_drafted(client, organiser):
    tournament = registered(organiser, checked_in=("Ann",))
    page = text(client.get(page_of(entry_named(tournament, "Ann"))))
    assert "Round 1 is being drafted" in page
    assert "You are checked in." in page and "Club night" in page and "Ann" in page
    # Without self check-in, no button: the organiser checks in at the door.
    ben = text(client.get(page_of(entry_named(tournament, "Ben"))))
    assert "You are not checked in." in ben
    assert "The organiser checks players in at the door." in ben
    assert "check me in" not in ben


def test_once_the_round_starts_it_shows_the_seat_the_table_and_the_dealer(client, organiser):
    tournament, round_ = started(organiser)
    ann = entry_named(tournament, "Ann")
    seat = seat_of(round_, ann)
    table = seat.table
    page = text(client.get(page_of(ann)))
    assert f"Round 1 · Table {table.number} · Seat {seat.number + 1}" in page
    others = [s.entry.name for s in table.seats.order_by("number") if s.entry_id != ann.pk]
    listed = re.findall(
        r'<span class="name">(.*?)</span>', client.get(page_of(ann)).content.decode()
    )
    assert listed[: len(others)] == others  # in seat order
    dealer = table.seats.get(number=table.first_dealer).entry
    assert ("You deal first." if dealer == ann else f"{dealer.name} deals first.") in page
    # The way to the player's own table, and to no other.
    html = client.get(page_of(ann)).content.decode()
    assert reverse("tournaments:table_link", args=[table.token]) in html
    for other in Table.objects.filter(round=round_).exclude(pk=table.pk):
        assert other.token not in html
    assert "sit out" not in page


def test_the_page_polls_and_an_unchanged_tournament_is_204(client, organiser):
    tournament = registered(organiser, checked_in=NAMES)
    ann = entry_named(tournament, "Ann")
    html = client.get(page_of(ann)).content.decode()
    assert 'hx-trigger="every 5s, poll-now"' in html and "data-poll" in html
    shown = re.search(r'"X-Player-Revision": "(\d+)"', html).group(1)
    poll = {"HTTP_X_PLAYER_REVISION": shown, **HTMX}
    assert client.get(page_of(ann), **poll).status_code == 204
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafted = client.get(page_of(ann), **poll)
    assert drafted.status_code == 200 and "Round 1 is being drafted" in text(drafted)
    assert "<html" not in drafted.content.decode()  # the live part alone
    drafting.start_round(round_, organiser)
    moved = client.get(page_of(ann), **poll)
    assert moved.status_code == 200
    assert re.search(r"Round 1 · Table \d · Seat \d", text(moved))
    # A reload without JavaScript shows it too.
    assert re.search(r"Round 1 · Table \d · Seat \d", text(client.get(page_of(ann))))


def test_a_sitter_table_says_which_hands_the_player_sits_out(client, organiser):
    # Ten at Sergeant Major with sitters: 3 + 3 + 4, the four sitting out in turn.
    tournament, round_ = started(organiser, names=[*NAMES, "Jo"])
    four = next(t for t in round_.tables.all() if t.seats.count() == 4)
    match = four.match
    said = {}
    for seat in four.seats.select_related("entry__player"):
        page = text(client.get(page_of(seat.entry)))
        found = re.search(r"You sit out hands? ([\d, ]+)\.", page)
        said[seat.number] = [int(n) for n in found.group(1).split(", ")]
        assert "Each hand one seat sits out (the dealer" in page
    # As the match plays: at each hand the seat that sits out is the one the page named.
    hands = match.options["hands_limit"]
    assert hands == 4  # each player plays 3
    for number in range(1, hands + 1):
        coming = selectors.snapshot(match).head.next_hand
        out = [seat for seat in range(4) if seat not in coming.active]
        assert [seat for seat, hands in said.items() if number in hands] == out
        tricks = list(coming.targets)  # everyone on target, the sitter's 0
        match = play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=organiser)
        match = match.match
    assert sorted(hand for out in said.values() for hand in out) == list(range(1, hands + 1))
    assert selectors.snapshot(match).head.next_hand is None


def test_a_bye_says_so(client, organiser):
    tournament, round_ = started(organiser, names=[*NAMES, "Jo"], remainder="byes")
    bye = round_.byes.get().entry
    page = text(client.get(page_of(bye)))
    assert "Round 1 · Bye" in page


def test_results_place_and_why_then_the_final_place(client, organiser):
    tournament, round_ = started(organiser, rounds=1)
    ann = entry_named(tournament, "Ann")
    table = seat_of(round_, ann).table
    play_table(table, organiser)
    page = text(client.get(page_of(ann)))
    assert "Your results so far" in page and re.search(r"Place \d=? of 9", page)
    assert re.search(
        rf'<td class="num">1</td>\s*<td class="num">{table.number}</td>',
        client.get(page_of(ann)).content.decode(),
    )
    for other in round_.tables.exclude(pk=table.pk):
        play_table(other, organiser)
    closing.close_round(Round.objects.get(pk=round_.pk), organiser)
    page = text(client.get(page_of(ann)))
    assert re.search(r"Final place: \d+=? of 9", page) and "Your final result" in page


def test_a_withdrawn_player_sees_their_results_and_since_when(client, organiser):
    tournament, round_ = started(organiser)
    ann = entry_named(tournament, "Ann")
    registration.withdraw(ann, organiser, from_round=2)
    for table in round_.tables.all():
        play_table(table, organiser)
    closing.close_round(Round.objects.get(pk=round_.pk), organiser)
    page = text(client.get(page_of(ann)))
    assert "Withdrawn from round 2" in page and "Your results so far" in page


def test_the_page_reads_in_german(client, organiser):
    tournament, round_ = started(organiser)
    ann = entry_named(tournament, "Ann")
    seat = seat_of(round_, ann)
    page = text(client.get(page_of(ann), HTTP_ACCEPT_LANGUAGE="de"))
    assert f"Runde 1 · Tisch {seat.table.number} · Platz {seat.number + 1}" in page


# -- self check-in ------------------------------------------------------------------------


def test_a_player_checks_themselves_in_until_the_draft(client, boss, organiser):
    tournament = registered(organiser, self_check_in=True)
    ann = entry_named(tournament, "Ann")
    page = text(client.get(page_of(ann)))
    assert "You are not checked in yet." in page and "I am here: check me in" in page
    answer = client.post(check_in_of(ann), **HTMX)
    assert answer.status_code == 200 and "You checked yourself in." in text(answer)
    ann.refresh_from_db()
    assert ann.checked_in and ann.self_checked_in
    # Only that player: nobody else is checked in.
    assert list(tournament.entries.filter(checked_in=True)) == [ann]
    audit = TournamentAudit.objects.filter(tournament=tournament).latest("pk")
    assert (audit.action, audit.by_name, audit.after) == (
        "self-check-in",
        "player:link",
        {"entry": "Ann"},
    )
    # The check-in page marks it.
    door = boss.get(f"/tournaments/{tournament.pk}/").content.decode()
    row = re.search(rf'<li class="entry in" id="entry-{ann.pk}">.*?</li>', door, re.S).group(0)
    assert "by themselves" in row
    # Without JavaScript: a redirect back to the page, which says so.
    ben = entry_named(tournament, "Ben")
    plain = client.post(check_in_of(ben), follow=True)
    assert plain.redirect_chain[-1][0] == page_of(ben)
    assert "You are checked in." in text(plain)
    # The organiser taking it back and checking in again: no longer the player's own.
    registration.check_in(ann, organiser, checked_in=False)
    registration.check_in(ann, organiser)
    ann.refresh_from_db()
    assert ann.checked_in and not ann.self_checked_in


def test_after_the_draft_check_in_has_closed(client, organiser):
    tournament = registered(organiser, checked_in=NAMES[:-1], self_check_in=True)
    drafting.draft_round(tournament, organiser, method="draw", seed=3)
    ivy = entry_named(tournament, "Ivy")
    page = text(client.get(page_of(ivy)))
    assert "Check-in has closed: ask the organiser." in page and "check me in" not in page
    before = TournamentAudit.objects.count()
    answer = client.post(check_in_of(ivy), **HTMX)
    assert answer.status_code == 409
    assert "Check-in has closed: ask the organiser." in text(answer)
    plain = client.post(check_in_of(ivy), follow=True)
    assert "Check-in has closed: ask the organiser." in text(plain)
    ivy.refresh_from_db()
    assert not ivy.checked_in and TournamentAudit.objects.count() == before


def test_self_check_in_is_off_unless_the_tournament_allows_it(client, organiser):
    ann = entry_named(registered(organiser), "Ann")
    assert client.post(check_in_of(ann), **HTMX).status_code == 409
    ann.refresh_from_db()
    assert not ann.checked_in


# -- the organiser's side -----------------------------------------------------------------


def test_the_check_in_list_shows_each_players_code_and_the_name_opens_it(boss, organiser):
    tournament = registered(organiser)
    door = boss.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert door.count('class="qr"') == len(NAMES)
    ann = entry_named(tournament, "Ann")
    large = f"/tournaments/{tournament.pk}/entries/{ann.pk}/link/"
    assert f'href="{large}"' in door
    shown = boss.get(large)
    assert shown.status_code == 200
    html = shown.content.decode()
    assert 'class="qr"' in html and f"/p/{ann.token}/" in html


def test_replacing_a_link_stops_the_old_one_at_once(client, boss, organiser):
    tournament = registered(organiser)
    ann = entry_named(tournament, "Ann")
    old = ann.token
    assert client.get(page_of(ann)).status_code == 200
    answer = boss.post(f"/tournaments/{tournament.pk}/entries/{ann.pk}/link/", follow=True)
    assert "Ann has a new player link" in text(answer)
    ann.refresh_from_db()
    assert ann.token != old
    assert client.get(f"/p/{old}/").status_code == 404
    assert client.get(f"/p/{old}/", **HTMX, HTTP_X_PLAYER_REVISION="0").status_code == 404
    assert client.get(page_of(ann)).status_code == 200
    audit = TournamentAudit.objects.filter(action="player-link").get()
    assert old not in str(audit.after) and ann.token not in str(audit.after)


def test_the_large_code_is_organisers_only(client, other, organiser):
    from tests.api_support import login

    tournament = registered(organiser)
    ann = entry_named(tournament, "Ann")
    large = f"/tournaments/{tournament.pk}/entries/{ann.pk}/link/"
    assert client.get(large).status_code == 302  # the login page
    assert login(other).get(large).status_code == 403
    assert login(other).post(large).status_code == 403
    ann.refresh_from_db()
    assert client.get(page_of(ann)).status_code == 200


def test_its_token_stays_out_of_the_logs():
    from matches.logs import redact

    assert redact("GET /p/AbCdEfGhIjKlMnOpQrStUvWxYz0/check-in/ 200") == "GET /p/…/check-in/ 200"
    assert redact("GET /players/12/ 200") == "GET /players/12/ 200"


def test_no_cache_keeps_a_page_that_carries_a_players_link(client, boss, organiser):
    def kept_by_nobody(response):
        directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
        return response.status_code == 200 and {"private", "no-store"} <= directives

    tournament = registered(organiser, self_check_in=True)
    ann = entry_named(tournament, "Ann")
    t = f"/tournaments/{tournament.pk}"
    for url in (page_of(ann), f"{t}/", f"{t}/entries/{ann.pk}/link/", f"{t}/print/players/"):
        assert kept_by_nobody(client.get(url) if url == page_of(ann) else boss.get(url)), url
    assert kept_by_nobody(boss.get(f"{t}/print/cards/"))
    assert kept_by_nobody(boss.post(f"{t}/entries/{ann.pk}/check-in/", **HTMX))
    assert kept_by_nobody(client.post(check_in_of(entry_named(tournament, "Ben")), **HTMX))


def test_the_player_slips_are_eight_to_a_page_a_to_z(boss, organiser):
    names = [*NAMES, "Jo", "Käthe", "Zed"]
    tournament = registered(organiser, names=names)
    html = boss.get(f"/tournaments/{tournament.pk}/print/players/").content.decode()
    pages = html.split('<article class="sheet slips-page">')[1:]
    assert [page.count('class="player-slip"') for page in pages] == [8, 4]
    shown = re.findall(r'<p class="slip-name[^"]*">(.*?)</p>', html)
    assert shown == sorted(names, key=lambda name: name.replace("ä", "a"))
    for entry in tournament.entries.all():
        assert f"http://testserver/p/{entry.token}/" in html
    assert html.count('<p class="slip-tournament">Club night ·') == len(names)


def test_the_score_cards_carry_the_players_links_only_for_the_organiser(client, boss, organiser):
    tournament, round_ = started(organiser, public=True)
    cards = f"/tournaments/{tournament.pk}/print/cards/"
    mine = boss.get(cards).content.decode()
    assert mine.count('class="card-qr"') == len(NAMES)
    for entry in tournament.entries.all():
        assert f"/p/{entry.token}/" in mine
    public = client.get(cards)
    assert public.status_code == 200 and "/p/" not in public.content.decode()
    assert 'class="card-qr"' not in public.content.decode()


def test_the_board_shows_the_seats_by_name_until_every_table_has_begun(client, organiser):
    tournament = club(organiser)
    board = f"/tournaments/{tournament.pk}/board/?key={tournament.board_token}"
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    assert "find your seat" not in text(client.get(board))  # a draft: its tables show it
    drafting.start_round(round_, organiser)
    html = client.get(board).content.decode()
    listed = re.findall(
        r'<li><span class="name">(.*?)</span> <span class="where">(.*?)</span></li>', html
    )
    assert [name for name, _where in listed] == sorted(NAMES)
    for name, where in listed:
        seat = seat_of(round_, entry_named(tournament, name))
        assert where == f"Table {seat.table.number} · Seat {seat.number + 1}"
    assert "Round 1: find your seat" in text(client.get(board))
    tables = list(round_.tables.order_by("number"))
    for table in tables[:-1]:
        play_table(table, organiser)
    assert "find your seat" in text(client.get(board))  # the last table is still looking
    play_table(tables[-1], organiser)
    assert "find your seat" not in text(client.get(board))


def test_an_unchanged_poll_costs_one_read(
    client, organiser, django_assert_num_queries, django_capture_on_commit_callbacks
):
    tournament, round_ = started(organiser)
    ann = entry_named(tournament, "Ann")
    with django_capture_on_commit_callbacks(execute=True):  # the round's map kept
        html = client.get(page_of(ann)).content.decode()
    shown = re.search(r'"X-Player-Revision": "(\d+)"', html).group(1)
    # The entry by its token with its tournament; the rounds, the match at the player's
    # table and the entry's adjustments come from the round's map of this revision
    # (player_links.shown_key, round_map).
    with django_assert_num_queries(1):
        answer = client.get(page_of(ann), HTTP_X_PLAYER_REVISION=shown, **HTMX)
    assert answer.status_code == 204
    # Without htmx the header is no poll's: the whole page.
    assert client.get(page_of(ann), HTTP_X_PLAYER_REVISION=shown).status_code == 200


def test_a_replaced_link_says_there_is_no_such_link(client, organiser):
    tournament = registered(organiser)
    ann = entry_named(tournament, "Ann")
    old = ann.token
    registration.replace_player_link(ann, organiser)
    answer = client.get(f"/p/{old}/")
    assert answer.status_code == 404
    assert "There is no player link at this address." in text(answer)


def test_the_set_up_form_offers_self_check_in(boss):
    from matches.models import Tournament

    form = {
        "name": "Club night",
        "date": "2026-12-01",
        "preset": "sergeant-major/8-5-3",
        "rounds": 3,
        "hands_per_round": 9,
        "remainder": "sitters",
    }
    assert "Players check themselves in with their own link" in text(boss.get("/tournaments/new/"))
    assert boss.post("/tournaments/new/", {**form, "self_check_in": "on"}).status_code == 302
    made = Tournament.objects.get()
    assert made.self_check_in
    edit = boss.get(f"/tournaments/{made.pk}/edit/").content.decode()
    assert re.search(r'<input type="checkbox" name="self_check_in"[^>]* checked', edit)
    assert boss.post(f"/tournaments/{made.pk}/edit/", form).status_code == 302
    made.refresh_from_db()
    assert not made.self_check_in  # unticked: off again


def test_the_large_code_of_another_tournaments_entry_is_404_and_put_is_405(boss, organiser):
    first, second = registered(organiser), registered(organiser, names=["Zoe"])
    zoe = entry_named(second, "Zoe")
    assert boss.get(f"/tournaments/{first.pk}/entries/{zoe.pk}/link/").status_code == 404
    assert boss.post(f"/tournaments/{first.pk}/entries/{zoe.pk}/link/").status_code == 404
    assert entry_named(second, "Zoe").token == zoe.token
    assert boss.put(f"/tournaments/{second.pk}/entries/{zoe.pk}/link/").status_code == 405


def test_another_tables_hand_leaves_the_page_unchanged_its_own_tables_does_not(client, organiser):
    """The poll's key is what the player's page shows short of the other tables' hands
    (docs/tournaments.md "Player links"): 600 phones are not redrawn at every hand of a
    championship's 150 tables; the player's own table's hand, a penalty and the round's
    end are on the page within one poll."""
    tournament, round_ = started(organiser)
    ann = entry_named(tournament, "Ann")
    own = seat_of(round_, ann).table
    other = Table.objects.filter(round=round_).exclude(pk=own.pk).first()

    def poll():
        html = client.get(page_of(ann)).content.decode()
        shown = re.search(r'"X-Player-Revision": "(\d+)"', html).group(1)
        return lambda: client.get(page_of(ann), HTTP_X_PLAYER_REVISION=shown, **HTMX)

    again = poll()
    play_table(other, organiser)
    assert again().status_code == 204
    play_table(own, organiser)
    changed = again()
    assert changed.status_code == 200 and "Your results so far" in text(changed)
    again = poll()
    table_results.adjust(ann, organiser, round=1, points=-1, reason="Late")
    assert again().status_code == 200
