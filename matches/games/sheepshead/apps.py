from django.apps import AppConfig


class SheepsheadConfig(AppConfig):
    name = "matches.games.sheepshead"
    label = "sheepshead"
    verbose_name = "American Sheepshead"

    def ready(self):
        from matches.games.registry import register

        from .game import SheepsheadGame

        register(SheepsheadGame())
