"""The JSON API (API.md): one NinjaAPI (``base``), endpoints by subject."""

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
from .base import api

__all__ = ["api"]
