from django.apps import AppConfig


class SiebenConfig(AppConfig):
    name = "matches.games.sieben"
    label = "sieben"
    verbose_name = "Sieben (Sedma)"

    def ready(self):
        from matches.games.registry import register

        from .game import SiebenGame

        register(SiebenGame())
