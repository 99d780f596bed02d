from django.apps import AppConfig


class SkatConfig(AppConfig):
    name = "matches.games.skat"
    label = "skat"
    verbose_name = "Skat"

    def ready(self):
        from matches.games.registry import register

        from .game import SkatPlugin

        register(SkatPlugin())
