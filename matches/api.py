"""The JSON API (API.md), a second face of services.py."""

from ninja import NinjaAPI

api = NinjaAPI(title="Scorekeeper API", version="1", urls_namespace="api")
