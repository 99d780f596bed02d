"""The standings as every page shows them (the partial ``tournaments/standings_table.html``:
the standings page, the board, a player's link) and the CSV file: the columns, then a row
per entry with why it stands where it does."""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext as _

from .. import standings
from ..forms.tournaments import tie_break_labels
from ..models import Tournament
from ..services import standings as standings_reads
from ..templatetags.scoring import minus


def shown_criteria(tournament: Tournament) -> tuple[str, ...]:
    """The figures every standings view shows (§5): both scores, then the chain."""
    return standings.shown_criteria(tournament.score, tournament.tie_breaks)


def standings_columns(tournament: Tournament) -> list[str]:
    """The heads of those figures' columns, the score's first."""
    labels = tie_break_labels(tournament.game)
    return [labels[name] for name in shown_criteria(tournament)]


def standings_rows(read: standings_reads.Standings) -> list[dict]:
    shown = shown_criteria(read.tournament)
    labels = standings_columns(read.tournament)
    return [
        {
            "rank": standings.rank_label(row),
            "row": row,
            "values": [row.value(name) for name in shown],
            # Each figure with its column's head, which a phone shows beside it.
            "cells": list(zip(labels, (row.value(name) for name in shown), strict=True)),
            "why": why_text(row.why),
        }
        for row in read.rows
    ]


def why_text(reason: standings.Reason | None) -> str:
    """Why a row stands where it does, its figures as the page shows them (−3)."""
    if reason is None:
        return ""
    params = {
        key: minus(value) if isinstance(value, int) else value
        for key, value in reason.params.items()
    }
    return dataclasses.replace(reason, params=params).text(_)
