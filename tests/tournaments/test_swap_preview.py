"""Swaps and moves of a draft (issue 19, item 2; docs/tournaments.md §3): a change that would
seat a keep-apart pair together is refused naming both, and the page shows the repeat
pairs a change would create before it is made, with and without JavaScript."""

import pytest

from matches.models import Entry, Table
from matches.rules import RuleError
from matches.services import closing, drafting, registration
from tests.factories import HTMX, text
from tests.tournaments.evenings import club, play_table, seated


def entries(tournament):
    return {entry.pk: entry for entry in tournament.entries.select_related("player")}


def kept_apart_draft(organiser):
    """Nine players drawn at three tables, two at different tables kept apart: (the
    tournament, the round, one of the pair, the other, a tablemate of the other)."""
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    tables = seated(round_)
    people = entries(tournament)
    first, second, mate = people[tables[1][0]], people[tables[2][0]], people[tables[1][1]]
    registration.keep_apart(tournament, organiser, first, second)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    return tournament, round_, first, second, mate


def test_a_swap_seating_a_keep_apart_pair_together_is_refused_naming_them(organiser):
    tournament, round_, first, second, _mate = kept_apart_draft(organiser)
    before = seated(round_)
    table = next(n for n, people in before.items() if first.pk in people)
    mate = entries(tournament)[next(pk for pk in before[table] if pk != first.pk)]
    with pytest.raises(RuleError) as refused:
        drafting.swap(round_, organiser, mate, second)
    assert str(refused.value) == (
        f"{first.name} and {second.name} are kept apart; "
        f"this swap would seat them at table {table}."
    ) or str(refused.value) == (
        f"{second.name} and {first.name} are kept apart; "
        f"this swap would seat them at table {table}."
    )
    assert seated(round_) == before


def test_a_move_seating_a_keep_apart_pair_together_is_refused_naming_them(organiser):
    tournament = club(organiser, names=["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus"])
    ann, ben = (Entry.objects.get(player__name=n) for n in ("Ann", "Ben"))
    registration.keep_apart(tournament, organiser, ann, ben)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    tables = seated(round_)  # 4 + 3, Ann and Ben at different tables
    four = next(n for n, t in tables.items() if len(t) == 4)
    three = next(n for n, t in tables.items() if len(t) == 3)
    mover, stayer = (ann, ben) if ann.pk in tables[four] else (ben, ann)
    with pytest.raises(RuleError) as refused:
        drafting.move(round_, organiser, mover, three)
    assert str(refused.value) == (
        f"{mover.name} and {stayer.name} are kept apart; "
        f"this move would seat them at table {three}."
    ) or str(refused.value) == (
        f"{stayer.name} and {mover.name} are kept apart; "
        f"this move would seat them at table {three}."
    )
    assert seated(round_) == tables


def round_two(organiser):
    """Round 1 played and closed, round 2 drafted by `mixed` (no pair meets again), and a
    swap of two entries that would seat a round-1 pair together: (tournament, round 2,
    the two entries, the pairs the swap would create, as sets of names)."""
    tournament = club(organiser)
    first_round = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    one = seated(first_round)
    drafting.start_round(first_round, organiser)
    for table in Table.objects.filter(round=first_round):
        play_table(table, organiser)
    closing.close_round(first_round, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="mixed", seed=1)
    two = seated(round_)
    assert round_.repeat_pairs == 0
    people = entries(tournament)
    met = {frozenset((p, q)) for t in one.values() for p in t for q in t if p != q}
    p, q = two[1][0], two[2][0]
    created = {
        frozenset((people[q].name, people[x].name))
        for x in two[1]
        if x != p and frozenset((q, x)) in met
    } | {
        frozenset((people[p].name, people[y].name))
        for y in two[2]
        if y != q and frozenset((p, y)) in met
    }
    assert created  # each player of table 1 met one of table 2 in round 1
    return tournament, round_, people[p], people[q], created


def test_the_preview_of_a_swap_lists_the_repeat_pairs_it_would_create(organiser):
    tournament, round_, first, second, created = round_two(organiser)
    before = seated(round_)
    changed = drafting.preview_swap(round_, first, second)
    names = {pk: e.name for pk, e in entries(tournament).items()}
    assert {frozenset((names[r.first], names[r.second])) for r in changed.quality.repeats} == (
        created
    )
    assert seated(round_) == before  # nothing saved


def test_the_page_previews_a_swap_without_javascript(boss, organiser):
    tournament, round_, first, second, created = round_two(organiser)
    before = seated(round_)
    url = f"/tournaments/{tournament.pk}/rounds/{round_.number}/change/"
    page = boss.post(
        url, {"action": "swap", "first": first.pk, "second": second.pk, "preview": "1"}
    )
    assert page.status_code == 200
    words = text(page)
    assert f"Swapping {first.name} and {second.name}:" in words
    for pair in created:
        a, b = sorted(pair)
        assert f"{a} and {b}, table" in words or f"{b} and {a}, table" in words
    assert "<html" in page.content.decode()  # the whole page, with the button to swap
    assert f'name="first" value="{first.pk}"' in page.content.decode()
    assert seated(round_) == before


def test_the_page_previews_a_swap_under_htmx(boss, organiser):
    tournament, round_, first, second, created = round_two(organiser)
    url = f"/tournaments/{tournament.pk}/rounds/{round_.number}/change/"
    part = boss.post(
        url, {"action": "swap", "first": first.pk, "second": second.pk, "preview": "1"}, **HTMX
    )
    html = part.content.decode()
    assert part.status_code == 200 and "<html" not in html and 'id="change-preview"' in html
    assert f"{len(created)} pair" in text(part)


def test_the_page_names_a_refused_keep_apart_swap(boss, organiser):
    tournament, round_, first, second, _mate = kept_apart_draft(organiser)
    before = seated(round_)
    table = next(n for n, people in before.items() if first.pk in people)
    mate = next(pk for pk in before[table] if pk != first.pk)
    url = f"/tournaments/{tournament.pk}/rounds/{round_.number}/change/"
    data = {"action": "swap", "first": mate, "second": second.pk}
    previewed = boss.post(url, {**data, "preview": "1"}, **HTMX)
    assert previewed.status_code == 422
    assert "are kept apart; this swap would seat them at table" in text(previewed)
    page = text(boss.post(url, data, follow=True))
    assert "are kept apart; this swap would seat them at table" in page
    assert first.name in page and second.name in page
    assert "no other seating exists" not in page
    assert seated(round_) == before


def test_the_page_names_a_keep_apart_pair_no_seating_could_separate(boss, organiser):
    tournament = club(organiser, names=["Ann", "Ben", "Cy"])
    ann, ben = (Entry.objects.get(player__name=n) for n in ("Ann", "Ben"))
    registration.keep_apart(tournament, organiser, ann, ben)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    page = text(boss.get(f"/tournaments/{tournament.pk}/rounds/{round_.number}/"))
    assert "are kept apart but share a table" in page
    assert "Ann and Ben" in page or "Ben and Ann" in page


def test_the_round_page_says_when_the_figure_is_proven_optimal(boss, organiser):
    tournament, round_, first, second, _created = round_two(organiser)
    url = f"/tournaments/{tournament.pk}/rounds/{round_.number}/"
    page = text(boss.get(url))
    assert "So far 0 repeat pairs (at least 0 unavoidable). Proven optimal." in page
    drafting.swap(round_, organiser, first, second)
    page = text(boss.get(url))
    assert "Proven optimal." not in page
    # Nine players at three tables of three: 1,680 seatings, every one tried.
    assert "Every seating of this round was tried for that least." in page
    german = text(boss.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Für dieses Minimum wurde jede Sitzordnung dieser Runde durchprobiert." in german
