"""The JSON API (API.md): one NinjaAPI (``base``), endpoints by subject."""

from . import exports, play, players, series, tournaments  # noqa: F401  (they register their endpoints)
from .base import api

__all__ = ["api"]
