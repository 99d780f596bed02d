"""bench/seating.py keeps running as rows are added (issue 23's seating bench): its table
has the columns the issue asks for, and a row's bound is a true lower bound."""

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "seating.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("seating_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def test_the_table_has_the_issues_columns(bench, capsys):
    assert bench.main(["--quick", "--only", "16×4×5"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("instance"))
    assert header.split()[:6] == ["instance", "repeats", "most", "met", "bound", "seconds"]
    row = next(line for line in out.splitlines() if line.startswith("16×4×5"))
    assert row.split()[1:4] == ["0", "1", "0"] and row.split()[5] == "met"


def test_every_case_has_a_name_of_its_own(bench):
    names = [case.name for _title, cases in bench.SECTIONS for case in cases()]
    assert len(names) == len(set(names))
    assert any(case.quick for _title, cases in bench.SECTIONS for case in cases())


@pytest.mark.parametrize(
    ("players", "tables", "rounds", "bound"),
    [
        (15, [3] * 5, 7, 0),  # Kirkman's schoolgirls: everyone meets everyone once
        (15, [3] * 5, 8, 15),  # one round more: 15 × 2 meetings beyond the 14 others / 2
        (13, [4, 4, 5], 8, 98),  # Sheepshead 13 over 8: 176 pairs made, 78 there are
        (16, [4] * 4, 6, 24),  # the contract's formula: ⌈16 · (18 − 15) / 2⌉
    ],
)
def test_the_event_bound(bench, players, tables, rounds, bound):
    assert bench.event_bound(players, tables, rounds) == bound
