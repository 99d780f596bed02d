"""requirements.lock must still satisfy pyproject.toml, whose ranges are the source."""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def test_the_lock_pins_every_dependency_within_its_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(line) for line in project["dependencies"]]
    wanted += [Requirement(line) for line in project["optional-dependencies"]["dev"]]
    lock = (ROOT / "requirements.lock").read_text()
    pinned = {
        canonicalize_name(name): version
        for name, version in re.findall(r"^([\w.-]+)==([\w.+!-]+)", lock, re.M)
    }
    stale = [
        f"{requirement} (lock: {pinned.get(canonicalize_name(requirement.name), 'missing')})"
        for requirement in wanted
        if pinned.get(canonicalize_name(requirement.name)) is None
        or not requirement.specifier.contains(pinned[canonicalize_name(requirement.name)])
    ]
    assert stale == [], "requirements.lock is behind pyproject.toml: run `make lock`"
    # The extras' own packages too (psycopg[binary] brings psycopg-binary).
    assert "psycopg-binary" in pinned
