"""Mini Tricks' plugin: what its pages say, its form and its API hand body."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.games.base import Game

from .forms import MiniHandForm
from .rules import MiniTricks
from .schema import MiniTricksHand


class MiniTricksGame(Game):
    ruleset_class = MiniTricks
    name = gettext_lazy("Mini Tricks")
    hand_form = MiniHandForm
    hand_body = MiniTricksHand
    paper_seat_column = gettext_lazy("Tricks")

    def rules_card(self, ruleset) -> list[str]:
        return [_("Six tricks a hand; each seat scores the tricks it took over two.")]
