"""Mini Tricks: a trick-taking game that lives in this folder alone (issue 22), to prove
that a game is one folder: its pure rules (``rules``), its hand form (``forms``), its API
hand body (``schema``), its templates (``templates/``) and its script (``static/``).
``games.register(MiniTricksGame())`` makes it known everywhere."""

from matches.games import Game

from .forms import MiniHandForm
from .rules import MiniTricks
from .schema import MiniTricksHand


class MiniTricksGame(Game):
    ruleset_class = MiniTricks
    name = "Mini Tricks"
    hand_form = MiniHandForm
    hand_body = MiniTricksHand
    paper_seat_column = "Tricks"

    def rules_card(self, ruleset) -> list[str]:
        return ["Six tricks a hand; each seat scores the tricks it took over two."]
