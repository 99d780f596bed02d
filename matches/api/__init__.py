"""The JSON API (API.md): one NinjaAPI (``base``), endpoints by subject."""

from . import play, players, tournaments  # noqa: F401  (they register their endpoints)
from .base import api

__all__ = ["api"]
