from django.apps import AppConfig


class MiniTricksConfig(AppConfig):
    name = "tests.play.minigame"
    label = "minigame"
    verbose_name = "Mini Tricks"

    def ready(self):
        from matches.games.registry import register

        from .game import MiniTricksGame

        register(MiniTricksGame())
