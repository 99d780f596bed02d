"""Mini Tricks' hand form: the tricks each seat took (its rules read them:
``MiniTricks.hand_from_fields``)."""

from django import forms

from matches.forms.play import HandForm


class MiniHandForm(HandForm):
    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, state=state, ruleset=ruleset, **kwargs)
        for seat, name in enumerate(state.players):
            self.fields[f"taken_{seat}"] = forms.IntegerField(label=name, min_value=0)

    def taken_fields(self):
        return [self[name] for name in self.fields if name.startswith("taken_")]

    @staticmethod
    def field_for(rule_field: str) -> str:
        return rule_field.replace("taken.", "taken_")

    @classmethod
    def initial_for(cls, number: int, hand=None) -> dict:
        taken = hand.input["taken"] if hand else []
        return {"number": number, **{f"taken_{seat}": value for seat, value in enumerate(taken)}}
