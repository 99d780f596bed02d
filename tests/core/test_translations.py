"""The German catalogues (the project's in ``locale/`` and each game's in its app's
``locale/``): complete, not fuzzy, compiled, and in step with the source.

No database and no extra packages: a small .po reader below, Python's gettext for the .mo.
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = Path("locale") / "de" / "LC_MESSAGES" / "django.po"
# The project's, then each game's (an app's catalogue is found by Django as any app's).
POS = [ROOT / CATALOGUE, *sorted((ROOT / "matches" / "games").glob(f"*/{CATALOGUE}"))]

# What must survive translation unchanged: %(name)s and %s placeholders, a literal %%,
# and anything in angle brackets (HTML, or text such as <token>).
KEPT = re.compile(r"%\(\w+\)[sdir]|%%|%[sdir]|<[^<>]*>")


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.msgctxt, self.msgid, self.msgid_plural)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (header first), without obsolete (#~) ones."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    current: str | None = None

    def finish():
        if "msgid" in fields:
            entry = Entry(
                msgid=fields["msgid"],
                msgid_plural=fields.get("msgid_plural"),
                msgctxt=fields.get("msgctxt"),
                flags=set(flags),
            )
            for name, text in fields.items():
                if name == "msgstr":
                    entry.msgstr[0] = text
                elif name.startswith("msgstr["):
                    entry.msgstr[int(name[7:-1])] = text
            entries.append(entry)
        fields.clear()
        flags.clear()

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            current = None
        elif line.startswith("#,"):
            if "msgid" in fields:  # a new entry starts without a blank line
                finish()
            flags.update(flag.strip() for flag in line[2:].split(",") if flag.strip())
        elif line.startswith("#"):
            continue  # comments, references and obsolete entries
        elif line.startswith('"'):
            assert current is not None, f"{path}:{number}: a string continues nothing"
            fields[current] += ast.literal_eval(line)
        else:
            keyword, _, literal = line.partition(" ")
            assert re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?", keyword), (
                f"{path}:{number}: unexpected {line!r}"
            )
            if keyword in ("msgctxt", "msgid") and "msgid" in fields:
                finish()
            current = keyword
            fields[current] = ast.literal_eval(literal)
    finish()
    return entries


def nplurals(entries: list[Entry]) -> int:
    header = entries[0]
    assert header.msgid == "", "the catalogue starts with its header"
    match = re.search(r"Plural-Forms:\s*nplurals=(\d+)", header.msgstr[0])
    assert match, "the header names the plural forms"
    return int(match.group(1))


def without_creation_date(header: str) -> str:
    """msgfmt leaves POT-Creation-Date out of the compiled header; compare the rest."""
    return re.sub(r"^POT-Creation-Date:.*\n", "", header, flags=re.MULTILINE)


def catalogue(entries: list[Entry]) -> dict:
    """The entries as Python's gettext holds a compiled catalogue."""
    compiled: dict = {}
    for entry in entries:
        msgid = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is None:
            compiled[msgid] = entry.msgstr[0]
        else:
            for index, text in entry.msgstr.items():
                compiled[(msgid, index)] = text
    return compiled


def test_the_project_and_every_game_have_a_catalogue():
    from django.apps import apps

    folders = {Path(app.path) for app in apps.get_app_configs()}
    games = {folder for folder in folders if folder.parent == ROOT / "matches" / "games"}
    assert games and {po.parents[3] for po in POS[1:]} == games


@pytest.fixture(scope="module", params=POS, ids=lambda po: str(po.relative_to(ROOT)))
def po(request) -> Path:
    return request.param


@pytest.fixture(scope="module")
def entries(po) -> list[Entry]:
    return read_po(po)


def test_every_message_is_translated_and_none_is_fuzzy(entries):
    plurals = nplurals(entries)
    assert plurals == 2
    assert "fuzzy" not in entries[0].flags, "the header is still marked fuzzy"
    assert "Language: de\n" in entries[0].msgstr[0]
    messages = entries[1:]
    assert messages, "the catalogue is empty"
    for entry in messages:
        assert "fuzzy" not in entry.flags, f"fuzzy: {entry.msgid!r}"
        forms = range(plurals) if entry.msgid_plural is not None else range(1)
        assert sorted(entry.msgstr) == list(forms), f"plural forms of {entry.msgid!r}"
        for index in forms:
            text = entry.msgstr[index]
            assert text.strip(), f"untranslated: {entry.msgid!r} (form {index})"
            # The same placeholders and markup as the English, in whatever order.
            source = entry.msgid_plural if index and entry.msgid_plural else entry.msgid
            assert sorted(KEPT.findall(text)) == sorted(KEPT.findall(source)), (
                f"placeholders differ: {source!r} -> {text!r}"
            )


# Two placeholders with only a space between: "in Spiel 7 12 Stiche" reads as one number.
SIDE_BY_SIDE = re.compile(r"%\(\w+\)[sd] %\(\w+\)[sd]")


def test_no_german_message_puts_two_figures_side_by_side(entries):
    close = [
        (entry.msgid, text)
        for entry in entries[1:]
        for text in entry.msgstr.values()
        if SIDE_BY_SIDE.search(text) and not SIDE_BY_SIDE.search(entry.msgid)
    ]
    assert close == []


def test_compiled_catalogue_matches_the_po(po, entries):
    with po.with_suffix(".mo").open("rb") as handle:
        compiled = dict(gettext.GNUTranslations(handle)._catalog)
    expected = catalogue(entries)
    for found in (compiled, expected):
        found[""] = without_creation_date(found.get("", ""))
    assert compiled == expected, (
        "django.mo is stale: run `.venv/bin/python manage.py compilemessages --ignore=.venv`"
    )


def test_catalogue_lists_every_message_of_the_source(fresh, po, entries):
    made = {entry.key for entry in read_po(fresh / po.relative_to(ROOT))}
    committed = {entry.key for entry in entries}
    assert made - committed == set(), "new messages: run `make messages` and translate them"
    assert committed - made == set(), "messages no longer in the source: run `make messages`"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    """A copy of the sources with every catalogue made anew by ``makemessages`` (once for
    all the catalogues: one run writes each app's ``locale/``)."""
    if shutil.which("xgettext") is None:
        pytest.skip(
            "waits for GNU gettext (apt-get install gettext) to compare the catalogue "
            "with the source; CI installs it"
        )
    tmp_path = tmp_path_factory.mktemp("messages")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for name in ("matches", "templates", "scorekeeper", "locale"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=ignore)
    shutil.copy2(ROOT / "manage.py", tmp_path / "manage.py")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATA_DIR": str(tmp_path / "var"),
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "--no-obsolete"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return tmp_path


def test_german_is_rendered():
    with translation.override("de"):
        german = translation.gettext("Log in")
        hands = translation.ngettext(
            "After %(number)s hand: the highest total wins.",
            "After %(number)s hands: the highest total wins.",
            3,
        )
    assert german == "Anmelden"
    assert german != "Log in"
    assert hands % {"number": 3} == "Nach 3 Spielen: Der höchste Stand gewinnt."
