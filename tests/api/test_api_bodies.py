"""Request bodies are validated by the models that describe them (api.schemas), and every
refusal reads in the house's words: properties over arbitrary JSON objects, no database."""

import json

from django.test import RequestFactory
from hypothesis import given, settings
from hypothesis import strategies as st
from ninja.errors import ValidationError

from matches.api.base import MESSAGES, api, house_message, parse_body
from matches.api.schemas import CorrectIn, CreateIn, HandIn, ReasonIn, hand_model
from matches.games import registry as games

# A hand and a correction are each game's own body inside the envelope.
HANDS = {game.slug: hand_model(HandIn, game.hand_body) for game in games.GAMES.values()}
CORRECTIONS = [hand_model(CorrectIn, game.hand_body) for game in games.GAMES.values()]
MODELS = [CreateIn, HandIn, *HANDS.values(), *CORRECTIONS, ReasonIn]
rf = RequestFactory()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["from", "to", "cards", "x"]) | st.text(), inner, max_size=4
        )
    ),
    max_leaves=8,
)


def bodies(model):
    """JSON objects with the model's own keys (by their JSON names) and a few others."""
    names = [field.alias or name for name, field in model.model_fields.items()]
    return st.dictionaries(st.sampled_from(names) | st.text(max_size=8), json_values, max_size=6)


def parse(model, data):
    request = rf.post("/api/x", data=json.dumps(data), content_type="application/json")
    return request, parse_body(request, model)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(MODELS).flatmap(lambda model: st.tuples(st.just(model), bodies(model))))
def test_every_refusal_is_a_422_in_house_words(case):
    model, data = case
    try:
        request, _parsed = parse(model, data)
    except ValidationError as error:
        request = rf.post("/api/x")
        for problem in error.errors:
            assert problem["loc"][0] == "body"
            # A type the house has words for, not pydantic's English fallback.
            assert problem["type"] == "house" or problem["type"] in MESSAGES, problem
            assert house_message(problem), problem
        response = api.on_exception(request, error)
        assert response.status_code == 422
        answer = json.loads(response.content)
        assert answer["error"] == "invalid"
        assert answer["fields"] and all(answer["fields"].values())
        assert answer["message"] == next(iter(answer["fields"].values()))[0]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(list(games.GAMES)).flatmap(
        lambda slug: st.tuples(st.just(slug), bodies(HANDS[slug]))
    )
)
def test_a_hand_reaches_the_rules_as_it_was_sent(case):
    slug, data = case
    try:
        _request, hand = parse(HANDS[slug], data)
    except ValidationError:
        return
    assert hand.hand() == {key: value for key, value in data.items() if key != "number"}
    assert set(hand.hand()) <= set(games.get(slug).hand_body.model_fields)


def test_a_whole_number_is_never_a_boolean_a_fraction_or_text():
    for number in (True, 1.5, "1", None, float("inf")):
        try:
            parse(HandIn, {"number": number})
        except ValidationError as error:
            assert [(p["loc"], house_message(p)) for p in error.errors] == [
                (("body", "number"), "Enter a whole number.")
            ]
        else:
            raise AssertionError(number)


def test_a_number_with_no_fraction_is_a_whole_number():
    # JSON has one kind of number, and the description's "integer" (JSON Schema) is any
    # number with no fraction: a client that sends 3.0 sent 3.
    _request, hand = parse(HANDS["sergeant-major"], {"number": 3.0, "tricks": [9.0, 4, 3e0]})
    _request, other = parse(HANDS["sheepshead"], {"number": 3, "points": -0.0})

    assert hand.number == 3 and type(hand.number) is int
    assert hand.hand() == {"tricks": [9, 4, 3]}
    assert [type(value) for value in hand.hand()["tricks"]] == [int, int, int]
    assert other.hand() == {"points": 0} and type(other.hand()["points"]) is int
