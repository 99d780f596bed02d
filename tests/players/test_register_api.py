"""The register in the JSON API (matches/api/API.md "Players and tournaments"): GET/POST
/api/players, and the additions GET/PATCH /api/players/{id} and POST /api/players/{id}/merge."""

import pytest
from django.test import Client

from matches.models import Player, PlayerAudit, Seat
from matches.services import players as register
from tests.api_support import assert_error, bearer, key_for, login, send
from tests.players.support import player_of, written


def requests(ann, annie):
    """Every endpoint, with a body that an organiser would get a 2xx for."""
    return [
        ("get", "/api/players", None),
        ("post", "/api/players", {"name": "Zed"}),
        ("get", f"/api/players/{ann.pk}", None),
        ("patch", f"/api/players/{ann.pk}", {"name": "Anna"}),
        ("post", f"/api/players/{annie.pk}/merge", {"into": ann.pk}),
    ]


# -- who may ------------------------------------------------------------------------------


class TestWhoMay:
    def test_anonymous_requests_get_401_and_write_nothing(self, ann, annie):
        before = written()
        for method, url, body in requests(ann, annie):
            response = send(Client(), method, url, body)
            assert_error(response, 401, "not_authenticated")
        assert written() == before

    @pytest.mark.parametrize("credentials", ["session", "key"])
    def test_players_who_are_not_organisers_get_403_and_write_nothing(
        self, owner, ann, annie, credentials
    ):
        client = login(owner) if credentials == "session" else Client()
        headers = bearer(key_for(owner)) if credentials == "key" else None
        before = written()
        for method, url, body in requests(ann, annie):
            response = send(client, method, url, body, headers=headers)
            body = assert_error(response, 403, "forbidden")
            assert body["message"] == (
                "Only organisers can see and change the register of players."
            )
        assert written() == before

    def test_a_share_token_is_no_credential_here(self, ann, annie, make_match):
        token = make_match().share_token
        response = send(Client(), "get", f"/api/players?share={token}")
        assert_error(response, 401, "not_authenticated")
        response = send(Client(), "get", "/api/players", headers=bearer(token))
        assert_error(response, 401, "not_authenticated")

    def test_an_organisers_api_key_reaches_everything(self, organiser, ann, annie):
        headers = bearer(key_for(organiser))
        client = Client(enforce_csrf_checks=True)
        for method, url, body in requests(ann, annie):
            response = send(client, method, url, body, headers=headers)
            assert response.status_code in (200, 201), (url, response.content)

    def test_a_session_write_needs_its_csrf_token(self, organiser):
        client = login(organiser, enforce_csrf_checks=True)
        response = send(client, "post", "/api/players", {"name": "Zed"})
        assert_error(response, 403, "forbidden")
        assert not Player.objects.exists()
        # Reads need none.
        assert send(client, "get", "/api/players").status_code == 200

    @pytest.mark.parametrize(
        "method, url",
        [
            ("delete", "/api/players"),
            ("put", "/api/players/{ann}"),
            ("get", "/api/players/{ann}/merge"),
        ],
    )
    def test_the_wrong_method_is_405_in_json(self, organiser, ann, method, url):
        before = written()
        response = send(login(organiser), method, url.format(ann=ann.pk), {})
        assert_error(response, 405, "method_not_allowed")
        assert written() == before


# -- the register -------------------------------------------------------------------------


class TestList:
    @pytest.fixture
    def club(self, organiser, ann, annie):
        gone = register.create_player(name="Bernd", by=organiser)
        register.deactivate_player(gone, by=organiser)

    def test_it_lists_every_player_by_name_in_the_contract_shape(self, organiser, club, ann):
        response = send(login(organiser), "get", "/api/players")
        assert response.status_code == 200
        players = response.json()
        assert [p["name"] for p in players] == ["Ann", "Annie", "Bernd", "Dora", "Ed"]
        assert players[0] == {
            "id": ann.pk,
            "name": "Ann",
            "email": "ann@example.org",
            "member_no": "17",
            "active": True,
            "casual": False,
        }
        assert players[1]["email"] is None and players[1]["casual"] is True
        assert players[2]["active"] is False

    @pytest.mark.parametrize(
        "query, names",
        [
            ("?q=ANN", ["Ann", "Annie"]),
            ("?q=nni", ["Annie"]),
            ("?q=", ["Ann", "Annie", "Bernd", "Dora", "Ed"]),
            ("?q=zz", []),
            ("?show=inactive", ["Bernd"]),
            ("?q=d&show=casual", ["Dora", "Ed"]),
            ("?show=active&q=b", []),
        ],
    )
    def test_it_filters(self, organiser, club, query, names):
        response = send(login(organiser), "get", "/api/players" + query)
        assert [p["name"] for p in response.json()] == names

    def test_an_unknown_filter_is_a_422(self, organiser, club):
        body = assert_error(
            send(login(organiser), "get", "/api/players?show=everyone"), 422, "invalid"
        )
        assert body["fields"] == {"show": ["Show one of: active, casual, inactive, all."]}


class TestCreate:
    def test_it_adds_a_player_and_answers_201(self, organiser):
        response = send(
            login(organiser),
            "post",
            "/api/players",
            {"name": " Zed  Ray ", "email": "zed@example.org", "member_no": "4", "active": False},
        )
        assert response.status_code == 201, response.content
        zed = Player.objects.get()
        assert response.json() == {
            "id": zed.pk,
            "name": "Zed Ray",
            "email": "zed@example.org",
            "member_no": "4",
            "active": False,
            "casual": False,
        }
        entry = PlayerAudit.objects.get()
        assert (entry.action, entry.by) == ("create", organiser)

    def test_only_a_name_is_needed(self, organiser):
        response = send(login(organiser), "post", "/api/players", {"name": "Zed", "email": None})
        assert response.status_code == 201
        assert response.json()["email"] is None and response.json()["active"] is True

    # 422 when the request must change; 409 when it is well formed but what is stored
    # stands in its way (another state of the register would take it).
    @pytest.mark.parametrize(
        "body, status, fields",
        [
            ({"name": "  "}, 422, {"name": ["Enter a name."]}),
            ({"name": "x" * 41}, 422, {"name": ["A name can have at most 40 characters."]}),
            ({"name": "Zed", "email": "zed"}, 422, {"email": ["Enter a valid e-mail address."]}),
            (
                # Bad input and a clash at once: the input must change first.
                {"name": "Ann", "email": "ann"},
                422,
                {
                    "email": ["Enter a valid e-mail address."],
                    "name": ["There is already a player called Ann."],
                },
            ),
            ({}, 422, {"name": ["This field is required."]}),
            ({"name": 5}, 422, {"name": ["name must be text."]}),
            ({"name": "Zed", "active": "yes"}, 422, {"active": ["active must be true or false."]}),
            ({"name": "Zed", "id": 3}, 422, {"id": ["Unknown field id."]}),
            ({"name": "ANN"}, 409, {"name": ["There is already a player called Ann."]}),
            (
                {"name": "Ann", "member_no": "17"},
                409,
                {
                    "name": ["There is already a player called Ann."],
                    "member_no": ["Membership number 17 belongs to Ann already."],
                },
            ),
        ],
    )
    def test_a_refusal_names_the_fields_and_writes_nothing(
        self, organiser, ann, body, status, fields
    ):
        before = written()
        response = send(login(organiser), "post", "/api/players", body)
        answer = assert_error(response, status, "invalid" if status == 422 else "conflict")
        assert answer["fields"] == fields
        assert answer["message"] == next(iter(fields.values()))[0]
        assert written() == before

    @pytest.mark.parametrize("raw", [b"", b"[1]", b"{nope"])
    def test_a_body_that_is_no_json_object_is_a_400(self, organiser, raw):
        response = send(login(organiser), "post", "/api/players", raw=raw)
        assert_error(response, 400, "bad_request")
        assert not Player.objects.exists()

    def test_the_german_messages_follow_the_request(self, organiser, ann):
        response = send(
            login(organiser),
            "post",
            "/api/players",
            {"name": "ann"},
            headers={"Accept-Language": "de"},
        )
        answer = assert_error(response, 409, "conflict")
        assert answer["message"] == "Es gibt schon einen Spieler namens Ann."


# -- one player ---------------------------------------------------------------------------


class TestOne:
    def test_it_gives_the_player_with_their_matches(self, organiser, annie):
        seat = Seat.objects.select_related("match").get(player=annie)
        response = send(login(organiser), "get", f"/api/players/{annie.pk}")
        assert response.status_code == 200
        assert response.json() == {
            "id": annie.pk,
            "name": "Annie",
            "email": None,
            "member_no": None,
            "active": True,
            "casual": True,
            "matches": [
                {
                    "match": seat.match_id,
                    "date": seat.match.created_at.isoformat(),
                    "game": "sergeant-major",
                    "variant": "8-5-3",
                    "seat": 1,
                    "name": "Annie",
                    "total": -2,
                    "place": 3,
                    "won": False,
                    "finished": False,
                }
            ],
        }

    def test_no_such_player_is_a_404(self, organiser):
        for method, body in (("get", None), ("patch", {"name": "X"})):
            body = assert_error(
                send(login(organiser), method, "/api/players/98765", body), 404, "not_found"
            )
            assert body["message"] == "There is no player 98765."

    def test_patch_changes_only_what_was_sent(self, organiser, ann):
        response = send(
            login(organiser), "patch", f"/api/players/{ann.pk}", {"email": None, "active": False}
        )
        assert response.status_code == 200, response.content
        assert response.json()["email"] is None and response.json()["active"] is False
        ann.refresh_from_db()
        assert (ann.name, ann.email, ann.member_no, ann.active) == ("Ann", "", "17", False)
        entry = PlayerAudit.objects.get(action="edit")
        assert (entry.before["email"], entry.after["email"]) == ("ann@example.org", "")

    @pytest.mark.parametrize(
        "body, status, fields",
        [
            ({"name": "annie"}, 409, {"name": ["There is already a player called Annie."]}),
            # Neither can be removed: the description says not null.
            ({"name": None}, 422, {"name": ["name must be text."]}),
            ({"active": None}, 422, {"active": ["active must be true or false."]}),
            ({"casual": True}, 422, {"casual": ["Unknown field casual."]}),
        ],
    )
    def test_a_bad_patch_writes_nothing(self, organiser, ann, annie, body, status, fields):
        before = written()
        response = send(login(organiser), "patch", f"/api/players/{ann.pk}", body)
        code = "conflict" if status == 409 else "invalid"
        assert assert_error(response, status, code)["fields"] == fields
        assert written() == before


class TestMerge:
    def test_it_merges_and_says_what_moved(self, organiser, ann, annie):
        seat = Seat.objects.get(player=annie)
        response = send(
            login(organiser), "post", f"/api/players/{annie.pk}/merge", {"into": ann.pk}
        )
        assert response.status_code == 200, response.content
        body = response.json()
        assert body["player"]["id"] == ann.pk and body["player"]["name"] == "Ann"
        assert (body["seats_moved"], body["matches"]) == (1, [seat.match_id])
        seat.refresh_from_db()
        assert (seat.player_id, seat.total) == (ann.pk, -2)
        assert not Player.objects.filter(pk=annie.pk).exists()
        listed = send(login(organiser), "get", f"/api/players/{ann.pk}").json()
        assert [m["total"] for m in listed["matches"]] == [-2]

    def test_two_players_of_one_match_are_refused_naming_it(self, organiser, make_match):
        match = make_match(players=("Ann", "Annie", "Ben"))
        ann, annie = player_of(match, 0), player_of(match, 1)
        before = written()
        response = send(
            login(organiser), "post", f"/api/players/{annie.pk}/merge", {"into": ann.pk}
        )
        body = assert_error(response, 409, "conflict")
        assert f"Annie and Ann both sat at match {match.pk}" in body["fields"]["into"][0]
        assert written() == before

    @pytest.mark.parametrize(
        "body, status",
        [({"into": 98765}, 404), ({"into": "3"}, 422), ({}, 422), ({"into": 1, "x": 1}, 422)],
    )
    def test_a_bad_choice_writes_nothing(self, organiser, annie, body, status):
        before = written()
        response = send(login(organiser), "post", f"/api/players/{annie.pk}/merge", body)
        assert response.status_code == status, response.content
        assert written() == before


def test_the_description_lists_the_register(client, db):
    schema = client.get("/api/openapi.json").json()
    assert set(schema["paths"]["/api/players"]) == {"get", "post"}
    assert set(schema["paths"]["/api/players/{player_id}"]) == {"get", "patch"}
    create = schema["paths"]["/api/players"]["post"]
    body = create["requestBody"]["content"]["application/json"]["schema"]
    assert body["additionalProperties"] is False and body["required"] == ["name"]
    assert {"201", "401", "403", "422"} <= set(create["responses"])
    listed = schema["paths"]["/api/players"]["get"]
    assert {p["name"] for p in listed["parameters"]} == {"q", "show"}
