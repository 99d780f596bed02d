"""The JSON API (API.md): one NinjaAPI (``base``), endpoints by subject."""

from . import play, players  # noqa: F401  (register the match and player endpoints)
from .base import api

__all__ = ["api"]
