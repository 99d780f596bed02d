"""The JSON API (matches/api/API.md): one NinjaAPI (``base.api``), endpoints by subject,
which register on it when the package is imported (as ``base`` is, through it)."""

from . import (  # noqa: F401  (they register their endpoints)
    exports,
    keeping,
    play,
    player_links,
    players,
    ratings,
    series,
    tournaments,
)
