"""/api/openapi.json and /api/docs, and JSON answers for everything under /api/."""

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from ninja.errors import ValidationError

from matches import rules, text
from matches.api import tournaments
from matches.api.base import api
from matches.api.schemas import CreateIn, presets
from matches.services import selectors
from tests.api_support import assert_error, login, match_url, send


def test_it_serves_the_openapi_description(client, db):
    response = client.get("/api/openapi.json")

    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "Scorekeeper API"
    assert set(schema["paths"]) == {
        "/api/games",
        "/api/matches",
        "/api/matches/{match_id}",
        "/api/matches/{match_id}/hands",
        "/api/matches/{match_id}/hands/{number}",
        "/api/matches/{match_id}/history",
        "/api/matches/{match_id}/archive",
        "/api/matches/{match_id}/stop",  # additions to matches/api/API.md
        "/api/matches/{match_id}/reopen",
        "/api/players",
        "/api/players/{player_id}",  # additions to matches/api/API.md
        "/api/players/{player_id}/merge",
        "/api/players/{player_id}/stats",
        "/api/ratings/{game}",
        "/api/tournaments",
        "/api/tournaments/{tournament_id}",
        "/api/tournaments/{tournament_id}/entries",
        "/api/tournaments/{tournament_id}/entries/{entry_id}/check-in",
        "/api/tournaments/{tournament_id}/entries/{entry_id}/withdraw",
        "/api/tournaments/{tournament_id}/entries/{entry_id}/link",
        "/api/me",
        "/api/me/check-in",
        "/api/tournaments/{tournament_id}/rounds",
        "/api/tournaments/{tournament_id}/rounds/{number}/start",
        "/api/tournaments/{tournament_id}/rounds/{number}/close",
        "/api/tournaments/{tournament_id}/standings",
        "/api/tournaments/{tournament_id}/board",
        "/api/tournaments/{tournament_id}/export",  # additions to matches/api/API.md
        "/api/series",
        "/api/series/{series_id}",
        "/api/series/{series_id}/tournaments",
        "/api/series/{series_id}/tournaments/{tournament_id}",
        "/api/matches/{match_id}/share",
        "/api/matches/{match_id}/scorer",
    }
    assert set(schema["paths"]["/api/matches/{match_id}/share"]) == {"get", "post"}
    assert set(schema["paths"]["/api/matches/{match_id}/hands/{number}"]) == {"put", "delete"}


def test_it_documents_bodies_errors_and_credentials(client, db):
    schema = client.get("/api/openapi.json").json()

    record = schema["paths"]["/api/matches/{match_id}/hands"]["post"]
    assert "number" in record["requestBody"]["content"]["application/json"]["schema"]["required"]
    assert {"201", "400", "401", "403", "404", "409", "422"} <= set(record["responses"])
    assert {"BearerAuth", "SessionAuth", "ShareQuery"} <= set(
        schema["components"]["securitySchemes"]
    )
    exchange = schema["components"]["schemas"]["ExchangeOut"]
    assert set(exchange["properties"]) == {"from", "to", "cards"}


BODIES = {
    ("/api/matches", "post"),
    ("/api/matches/{match_id}/hands", "post"),
    ("/api/matches/{match_id}/hands/{number}", "put"),
    ("/api/matches/{match_id}/hands/{number}", "delete"),
    ("/api/matches/{match_id}/stop", "post"),
    ("/api/matches/{match_id}/reopen", "post"),
    ("/api/matches/{match_id}/archive", "post"),
    ("/api/players", "post"),
    ("/api/players/{player_id}", "patch"),
    ("/api/players/{player_id}/merge", "post"),
    ("/api/tournaments", "post"),
    ("/api/tournaments/{tournament_id}/entries", "post"),
    ("/api/tournaments/{tournament_id}/entries/{entry_id}/withdraw", "post"),
    ("/api/tournaments/{tournament_id}/rounds", "post"),
    ("/api/tournaments/{tournament_id}/rounds/{number}/close", "post"),
    ("/api/matches/{match_id}/share", "post"),
    ("/api/matches/{match_id}/scorer", "post"),
    ("/api/series", "post"),
    ("/api/series/{series_id}/tournaments", "post"),
}


def request_bodies(schema):
    return {
        (path, method): operation["requestBody"]["content"]["application/json"]["schema"]
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
    }


def refs(node):
    if isinstance(node, dict):
        if "$ref" in node:
            yield node["$ref"]
        for value in node.values():
            yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def nullable(prop):
    """The non-null branch of an optional property."""
    return next(branch for branch in prop["anyOf"] if branch.get("type") != "null")


def resolve(schema, node):
    """``node`` with its ``$ref`` followed, and the non-null branch of an optional."""
    if "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].removeprefix("#/components/schemas/")]
    if "anyOf" in node:
        return resolve(schema, nullable(node))
    return node


def walk(schema, node, where):
    """Every (place, typed schema) in a request body, nested objects and items included."""
    node = resolve(schema, node)
    yield where, node
    for name, prop in node.get("properties", {}).items():
        yield from walk(schema, prop, f"{where}.{name}")
    if "items" in node:
        yield from walk(schema, node["items"], f"{where}[]")


# Free-form by design: option values differ from preset to preset (GET /api/games lists
# them); their names are bounded by propertyNames.
FREE_FORM = {"/api/matches post.options", "/api/tournaments post.options"}


def test_every_request_body_declares_its_limits(client, db):
    schema = client.get("/api/openapi.json").json()
    bodies = request_bodies(schema)
    assert set(bodies) == BODIES

    for (path, method), body in bodies.items():
        for where, node in walk(schema, body, f"{path} {method}"):
            kind = node.get("type")
            if kind == "object" and where in FREE_FORM:
                assert node["propertyNames"]["enum"], where
            elif kind == "object":
                assert node["additionalProperties"] is False, where
            elif kind == "array":
                assert "maxItems" in node, where
            elif kind == "string":
                assert "maxLength" in node or "enum" in node, where
            elif kind == "integer":
                assert "minimum" in node or "enum" in node, where
            else:
                assert kind == "boolean", (where, node)


def test_it_declares_the_limits_the_server_enforces(client, db):
    schema = client.get("/api/openapi.json").json()
    bodies = request_bodies(schema)

    create = bodies[("/api/matches", "post")]
    properties = create["properties"]
    assert properties["game"]["enum"] == sorted(rules.GAMES)
    assert set(properties["variant"]["enum"]) == {
        variant for kind in rules.GAMES.values() for variant in kind.presets
    }
    players = properties["players"]
    seats = [
        rules.get_ruleset(game, variant).seats
        for game, kind in rules.GAMES.items()
        for variant in kind.presets
    ]
    assert (players["minItems"], players["maxItems"]) == (min(seats), max(seats)) == (2, 7)
    assert players["uniqueItems"] is True
    assert players["items"] == {
        "type": "string",
        "minLength": 1,
        "maxLength": 40,
        "pattern": text.schema_pattern(required=True),  # what the cleaning takes
    }
    assert {"type": "integer", "minimum": 0, "maximum": 6}.items() <= properties[
        "first_dealer"
    ].items()
    assert nullable(properties["bid"])["enum"] == list(range(8, 17))
    assert "win_tricks" in nullable(properties["options"])["propertyNames"]["enum"]
    assert set(create["required"]) == {"game", "variant", "players", "first_dealer"}
    # One branch per preset: its seats, its options, a bid only for Woburn.
    branches = {
        (b["properties"]["game"]["const"], b["properties"]["variant"]["const"]): b["properties"]
        for b in create["oneOf"]
    }
    assert set(branches) == {
        (game, variant) for game, kind in rules.GAMES.items() for variant in kind.presets
    }
    for (game, variant), branch in branches.items():
        ruleset = rules.get_ruleset(game, variant)
        assert branch["players"] == {"minItems": ruleset.seats, "maxItems": ruleset.seats}
        assert branch["first_dealer"] == {"maximum": ruleset.seats - 1}
        options = nullable(branch["options"])
        assert options["additionalProperties"] is False
        assert set(options["properties"]) == {option.name for option in ruleset.options_spec}
        assert ("anyOf" in branch["bid"]) == (variant == "woburn")
    sheepshead = nullable(branches[("sheepshead", "standard")]["options"])["properties"]
    assert sheepshead["all_pass"]["enum"] == ["redeal", "leaster", "doubler"]

    record = bodies[("/api/matches/{match_id}/hands", "post")]
    hand = record["properties"]
    assert {"type": "integer", "minimum": 1}.items() <= hand["number"].items()
    assert {
        "tricks",
        "trump",
        "call",
        "last_trick",
        "exchanges",
        "picker",
        "partner",
        "points",
        "counters",
        "no_trick",
    } <= set(hand)
    tricks = nullable(hand["tricks"])
    assert (tricks["minItems"], tricks["maxItems"]) == (3, 4)
    assert tricks["items"] == {"type": "integer", "minimum": 0, "maximum": 17}
    assert nullable(hand["trump"])["enum"] == ["clubs", "spades", "hearts", "diamonds"]
    assert nullable(hand["call"])["enum"][-2:] == ["no-trumps", "miz"]
    assert (nullable(hand["points"])["minimum"], nullable(hand["points"])["maximum"]) == (0, 120)
    for seat in ("picker", "partner", "leaster_winner"):
        assert {"minimum": 0, "maximum": 6}.items() <= nullable(hand[seat]).items(), seat
    assert {"minimum": 0, "maximum": 3}.items() <= nullable(hand["last_trick"]).items()
    counters = nullable(hand["counters"])
    assert (counters["minItems"], counters["maxItems"]) == (2, 3)
    assert counters["items"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 90,
        "multipleOf": 10,
    }
    assert nullable(hand["exchanges"])["maxItems"] == 6
    correct = bodies[("/api/matches/{match_id}/hands/{number}", "put")]
    assert {"type": "integer", "minimum": 1}.items() <= correct["properties"]["version"].items()
    assert "version" in correct["required"]
    assert nullable(correct["properties"]["reason"]) == {
        "type": "string",
        "maxLength": 200,
        "pattern": text.schema_pattern(required=False),
    }
    for where in (
        BODIES
        - {
            ("/api/matches", "post"),
            ("/api/matches/{match_id}/hands", "post"),
            ("/api/matches/{match_id}/hands/{number}", "put"),
            ("/api/players", "post"),  # tests/players/test_register_api.py
            ("/api/players/{player_id}", "patch"),
            ("/api/players/{player_id}/merge", "post"),
            ("/api/matches/{match_id}/archive", "post"),  # tests/api/test_api_keeping.py
        }
        - {where for where in BODIES if where[0].startswith(("/api/tournaments", "/api/series"))}
    ):
        # (the tournament bodies: tests/tournaments/test_api.py; series: tests/print/)
        assert set(bodies[where]["properties"]) == {"reason"}
        assert nullable(bodies[where]["properties"]["reason"])["maxLength"] == 200
    exchange = schema["components"]["schemas"]["ExchangeIn"]
    assert exchange["additionalProperties"] is False
    assert set(exchange["required"]) == {"from", "to", "cards"}
    assert nullable(hand["exchanges"])["items"] == {"$ref": "#/components/schemas/ExchangeIn"}


def test_every_body_operation_documents_its_errors(client, db):
    schema = client.get("/api/openapi.json").json()

    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            if path != "/api/games":
                assert {"400", "401", "403", "404", "422"} <= codes, (path, method)
            if "requestBody" in operation:
                assert "415" in codes, (path, method)
            for code, answer in operation["responses"].items():
                if "content" not in answer:  # an answer without a body (DELETE: 204)
                    assert code == "204", (path, method, code)
                    continue
                content = answer["content"]["application/json"]["schema"]
                if code.startswith("4"):
                    target = content["$ref"].rsplit("/", 1)[-1]
                    assert target in {"ErrorOut", "ConflictOut"}, (path, method, code)


def test_every_reference_in_the_description_resolves(client, db):
    schema = client.get("/api/openapi.json").json()

    for ref in set(refs(schema)):
        assert ref.startswith("#/components/schemas/"), ref
        assert ref.removeprefix("#/components/schemas/") in schema["components"]["schemas"]


def test_it_serves_the_docs_page_without_a_cdn(client, db):
    response = client.get("/api/docs")

    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets, html
    for asset in assets:
        assert asset.startswith("/static/"), asset
        assert finders.find(asset.removeprefix("/static/")), asset
    # Swagger UI's validator badge would call validator.swagger.io.
    assert '"validatorUrl": null' in html
    assert "http://" not in html and "https://" not in html


def test_it_answers_unknown_api_paths_in_json(client, db):
    for path in ("/api/", "/api/nothing", "/api/matches/abc", "/api/games/"):
        assert_error(client.get(path), 404, "not_found")


def test_it_answers_server_errors_in_json(owner, make_match, monkeypatch):
    match = make_match()

    def broken(match):
        raise RuntimeError("boom")

    monkeypatch.setattr(selectors, "snapshot", broken)

    response = login(owner).get(match_url(match))

    assert_error(response, 500, "server_error")
    assert "boom" not in response.json()["message"]


def test_it_answers_parameter_validation_errors_in_the_house_shape(rf):
    # Should ninja ever refuse a parameter itself (here of a type the house has no words
    # for), the answer has the same shape as every other 422.
    error = ValidationError(
        [{"loc": ("query", "limit"), "msg": "Input should be a valid integer", "type": "x"}]
    )

    response = api.on_exception(rf.get("/api/games?limit=x"), error)

    assert response.status_code == 422
    assert json.loads(response.content) == {
        "error": "invalid",
        "message": "Input should be a valid integer",
        "fields": {"limit": ["Input should be a valid integer"]},
    }


def test_every_pattern_compiles_where_validators_run_it(client, db):
    # A pattern only Python's engine takes is dropped by validators that run Rust's
    # (Schemathesis among them): the description would then say less than it seems to.
    import jsonschema_rs  # Schemathesis's own validator, a dev dependency

    schema = client.get("/api/openapi.json").json()
    patterns = set(re.findall(r'"pattern": ("(?:[^"\\]|\\.)*")', json.dumps(schema)))
    assert patterns
    for pattern in patterns:
        jsonschema_rs.validator_for({"type": "string", "pattern": json.loads(pattern)})


def test_the_description_names_each_answer_once(client, db):
    # A JSON object with a key twice (a write's "201" once from django-ninja, once from
    # the Prefer header's description) parses in Python but stops Swagger UI at /api/docs.
    def no_key_twice(pairs):
        keys = [key for key, _value in pairs]
        assert len(keys) == len(set(keys)), f"a key twice: {sorted(keys)}"
        return dict(pairs)

    answer = client.get("/api/openapi.json")
    schema = json.loads(answer.content, object_pairs_hook=no_key_twice)
    record = schema["paths"]["/api/matches/{match_id}/hands"]["post"]["responses"]["201"]
    assert "Preference-Applied" in record["headers"]


EXAMPLE_BODIES = ("/api/matches", "/api/tournaments", "/api/series")


@pytest.mark.parametrize("path", EXAMPLE_BODIES)
def test_the_openapi_examples_are_bodies_the_api_takes(organiser, path):
    schema = Client().get("/api/openapi.json").json()
    example = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    assert send(login(organiser), "post", path, example["example"]).status_code == 201


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_the_openapi_examples_hold_whichever_game_comes_first(organiser, game):
    # The examples play the first registered game's first preset, which names no game.
    ruleset = presets(game)[0]
    client = login(organiser)
    assert send(client, "post", "/api/matches", CreateIn.example(ruleset)).status_code == 201
    tournament = tournaments.create_example(ruleset)
    assert send(client, "post", "/api/tournaments", tournament).status_code == 201
