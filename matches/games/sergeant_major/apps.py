from django.apps import AppConfig


class SergeantMajorConfig(AppConfig):
    name = "matches.games.sergeant_major"
    label = "sergeant_major"
    verbose_name = "Sergeant Major (3-5-8) and its family"

    def ready(self):
        from matches.games.registry import register

        from .game import SergeantMajorGame

        register(SergeantMajorGame())
