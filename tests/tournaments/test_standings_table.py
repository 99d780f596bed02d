"""The standings table the standings page, the results page and the board share: each
shows what it showed before it was one partial."""

from types import SimpleNamespace

from django.template.loader import render_to_string


def _rows():
    row = SimpleNamespace(name="Anna", withdrawn=True, rounds_played=2)
    return [{"rank": "1", "row": row, "cells": [("game points", -3)], "why": "more wins"}]


def _table(**flags) -> str:
    context = {"rows": _rows(), "columns": ["game points"], **flags}
    return render_to_string("tournaments/standings_table.html", context)


def test_the_standings_page_greys_who_withdrew_and_says_why():
    table = _table(show_why=True, mark_withdrawn=True)
    assert '<tr class="withdrawn">' in table and "more wins" in table
    assert 'data-label="Game points">−3</td>' in table


def test_the_results_page_says_why_but_greys_no_one():
    table = _table(show_why=True)
    assert '<tr class="withdrawn">' not in table and "more wins" in table


def test_the_board_shows_the_names_alone():
    table = _table()
    assert '<td class="name">Anna</td>' in table and "withdrawn" not in table
