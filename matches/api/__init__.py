"""The JSON API (API.md): one NinjaAPI (``base``), endpoints by subject."""

from . import play  # noqa: F401  (registers the match endpoints)
from .base import api

__all__ = ["api"]
