"""The repository documents its own rules (issue 34, item 2).

The code, templates, scripts, tests and docs cite the project's own pages: a game's
``matches/games/<game>/rules.md`` (numbered as the scoring contract: ``§1`` Sergeant
Major, ``§2`` Sheepshead, ``§3`` Sieben, ``§4`` Skat) and ``docs/tournaments.md``
(``§1``–``§10``), never the team's contracts, which are not in the repository. Every
citation ``<game>/rules.md §N.M`` (``rules.md §N.M`` inside a game's folder) and
``docs/tournaments.md §N`` names a heading of that page; a third figure (``§1.1.6``) names
an item of the numbered list in that section.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("matches", "scorekeeper", "templates", "static", "bench", "tests", "docs")
SKIPPED_SUFFIXES = {".pyc", ".mo", ".png", ".jpg", ".svg", ".ico", ".woff2", ".zip", ".pdf"}
THIS = Path(__file__).resolve()
# The API contract as the team wrote it, served at /api/contract and held to the team's
# copy by tests/play/test_small_things.py: its words are the team's, not the project's.
CONTRACT_COPY = ROOT / "matches" / "api" / "API.md"

# The team's contracts, by the names they go by outside the repository.
CONTRACTS = re.compile(r"\b(?:RULES|TOURNAMENTS|API|DESIGN)\.md\b")
# Where "API.md" is the served copy's own name, not a citation of the team's file: its
# path, the docs page's link to /api/contract, and the file name in code.
COPY_NAMES = re.compile(
    r'matches/api/API\.md|shared/API\.md|\[API\.md\]\(/api/contract\)|"API\.md"'
)

REF = r"§?\d+(?:\.\d+)*"
CITATION = re.compile(
    r"(?:\b(?P<game>[a-z_]+)/)?(?P<page>rules\.md|(?<=docs/)tournaments\.md)"
    rf"(?P<refs> §{REF}(?:[-–]{REF})?(?:(?:, | and )§{REF}(?:[-–]{REF})?)*)"
)
HEADING = re.compile(r"^#+ §(\d+(?:\.\d+)*)\b", re.MULTILINE)


def scanned_files():
    yield ROOT / "README.md"
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix not in SKIPPED_SUFFIXES:
                if "__pycache__" not in path.parts:
                    yield path


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None


def sections(page: Path) -> dict[str, str]:
    """Each numbered heading of ``page`` and the text under it, up to the next heading."""
    text = page.read_text(encoding="utf-8")
    found = {}
    marks = list(HEADING.finditer(text))
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        end = after.start() if after else len(text)
        found[mark.group(1)] = text[mark.end() : end]
    return found


def page_of(match: re.Match, path: Path) -> Path | None:
    if match.group("page") == "tournaments.md":
        return ROOT / "docs" / "tournaments.md"
    game = match.group("game")
    if game is None:  # inside a game's folder, its own page
        parts = path.relative_to(ROOT).parts
        if parts[:2] != ("matches", "games") or len(parts) < 4:
            return None
        game = parts[2]
    return ROOT / "matches" / "games" / game / "rules.md"


def missing(ref: str, page_sections: dict[str, str]) -> bool:
    """Whether ``ref`` (``1.3``, or ``1.1.6`` for item 6 of §1.1) is not on the page."""
    if ref in page_sections:
        return False
    head, _, item = ref.rpartition(".")
    return not (head in page_sections and re.search(rf"^\s*{item}\. ", page_sections[head], re.M))


def citations():
    """(file, line, citation, page, the refs it names) for every citation found."""
    for path in scanned_files():
        text = text_of(path)
        if text is None:
            continue
        for match in CITATION.finditer(text):
            refs = []
            for part in re.findall(rf"§{REF}(?:[-–]{REF})?", match.group("refs")):
                first, _, last = part.partition("–") if "–" in part else part.partition("-")
                refs += [first, last] if last else [first]
            refs = [ref.lstrip("§") for ref in refs]
            # "§9–10": the end of a range keeps the figures its start shares.
            refs = [
                ref if "." in ref or "." not in refs[0] else f"{refs[0].rpartition('.')[0]}.{ref}"
                for ref in refs
            ]
            line = text.count("\n", 0, match.start()) + 1
            yield path, line, match.group(0), page_of(match, path), refs


def test_nothing_names_the_team_s_contracts():
    named = []
    for path in scanned_files():
        if path in (THIS, CONTRACT_COPY):
            continue
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if CONTRACTS.search(COPY_NAMES.sub("", line)):
                named.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not named, "cite the project's pages instead:\n" + "\n".join(named)


def test_every_citation_names_a_heading():
    found = list(citations())
    assert len(found) > 100, "the citations are not found: the pattern no longer fits"
    cache: dict[Path, dict[str, str]] = {}
    wrong = []
    for path, line, cited, page, refs in found:
        where = f"{path.relative_to(ROOT)}:{line}: {cited}"
        if page is None:
            wrong.append(f"{where} (outside a game's folder: name the game)")
            continue
        if not page.exists():
            wrong.append(f"{where} (no page {page.relative_to(ROOT)})")
            continue
        if page not in cache:
            cache[page] = sections(page)
        wrong += [f"{where} (no §{ref})" for ref in refs if missing(ref, cache[page])]
    assert not wrong, "citations of sections that do not exist:\n" + "\n".join(wrong)


def test_the_pages_are_numbered_as_the_contract():
    """Each game's page carries its contract number; docs/tournaments.md §1–§10."""
    for game, number in (("sergeant_major", 1), ("sheepshead", 2), ("sieben", 3), ("skat", 4)):
        numbered = sections(ROOT / "matches" / "games" / game / "rules.md")
        assert str(number) in numbered and f"{number}.1" in numbered, game
    assert set(sections(ROOT / "docs" / "tournaments.md")) >= {str(n) for n in range(1, 11)}
