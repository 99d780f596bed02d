"""The README is a newcomer's page and the reference lives in docs/: every page there
must be reachable from the README, and every link between them must lead somewhere (a
file of this repository, and the heading it names), since a moved section leaves dead
links behind without anyone noticing."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# [text](target) outside code; images and bare URLs are not used in these pages.
LINK = re.compile(r"\[[^\]]+\]\(([^)\s]+)\)")


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return LINK.findall(text)


def anchors(page: Path) -> set[str]:
    """GitHub's anchors: each heading lower-cased, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_it_links_every_docs_page_from_the_readme():
    linked = {target.split("#")[0] for target in links(ROOT / "README.md")}
    pages = {f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")}
    assert pages, "docs/ has the reference"
    assert pages - linked == set()


def test_every_link_in_the_readme_and_docs_is_relative_and_leads_somewhere():
    dead = []
    for page in PAGES:
        for target in links(page):
            if target.startswith(("http://", "https://")):
                dead.append(f"{page.name}: {target} (not relative)")
                continue
            path, _hash, anchor = target.partition("#")
            if path.startswith("/"):
                dead.append(f"{page.name}: {target} (not relative)")
                continue
            goal = (page.parent / path).resolve() if path else page
            if not goal.is_file():
                dead.append(f"{page.name}: {target} (no such file)")
            elif anchor and anchor not in anchors(goal):
                dead.append(f"{page.name}: {target} (no such heading)")
    assert dead == []


def test_the_readme_stays_a_short_page_for_newcomers():
    readme = (ROOT / "README.md").read_text()
    assert len(readme) < 15_000, "the reference belongs in docs/"
    for heading in ("## Two commands", "## Phones at the tables", "## Your first club night"):
        assert heading in readme
    assert "several minutes" in readme  # what `make test` costs, said before it is run
