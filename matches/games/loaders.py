"""Each game's templates and script live in its own package (``templates/`` and
``static/``): the template loader and the static files finder here find them under
``games/<slug>/`` for every registered game, so that a new game adds no directory to the
settings and a game registered later (the tests' own) is found all the same."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from django.contrib.staticfiles import utils
from django.contrib.staticfiles.finders import BaseFinder
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import FileSystemStorage
from django.template import Origin
from django.template.loaders.filesystem import Loader
from django.utils._os import safe_join

PREFIX = "games"


def _folder(path: str, kind: str) -> tuple[Path, str] | None:
    """The game folder's ``kind`` directory and the rest of ``path``, for a path
    ``games/<slug>/<rest>`` of a registered game (None otherwise)."""
    from . import GAMES

    parts = path.split("/", 2)
    if len(parts) < 3 or parts[0] != PREFIX or parts[1] not in GAMES:
        return None
    return GAMES[parts[1]].folder / kind, parts[2]


class GameTemplates(Loader):
    """``games/<slug>/table.html`` is ``templates/table.html`` in the game's package."""

    def get_dirs(self):
        from . import GAMES

        return [game.folder / "templates" for game in GAMES.values()]

    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        found = _folder(template_name, "templates")
        if found is None:
            return
        directory, rest = found
        try:
            name = safe_join(directory, rest)
        except SuspiciousFileOperation:
            return
        yield Origin(name=name, template_name=template_name, loader=self)


class GameStatic(BaseFinder):
    """``games/<slug>/hand.js`` is ``static/hand.js`` in the game's package."""

    def check(self, **kwargs):
        return []

    def find(self, path: str, find_all: bool = False, **kwargs):
        found = _folder(path, "static")
        if found is not None:
            directory, rest = found
            try:
                full = safe_join(directory, rest)
            except SuspiciousFileOperation:
                full = None
            if full and os.path.isfile(full):
                return [full] if find_all else full
        return []

    def list(self, ignore_patterns):
        from . import GAMES

        for game in GAMES.values():
            directory = game.folder / "static"
            if not directory.is_dir():
                continue
            storage = FileSystemStorage(location=directory)
            storage.prefix = f"{PREFIX}/{game.slug}"  # collectstatic puts them there
            for path in utils.get_files(storage, ignore_patterns):
                yield path, storage
