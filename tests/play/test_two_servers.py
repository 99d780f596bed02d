"""Two app servers, each with its own data directory (so nothing shared but the database),
on one PostgreSQL database: hands recorded and corrected through either of them in turn,
both answer the same state after every write. A write reads the match's state from its
row, so neither server needs to have seen the other's writes."""

import http.client
import json
import os
import random
import secrets
from contextlib import ExitStack
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection

from matches.services import accounts
from matches.services import play as services
from tests.server_support import HOST, serving

PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Eve"]
RECORDS, CORRECTIONS = 60, 12

pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="needs PostgreSQL (DATABASE_URL): two servers cannot share a SQLite file's "
    "writers' queue across data directories",
)


def database_url() -> str:
    """DATABASE_URL naming the database this test run made (test_...)."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


def call(port: int, method: str, path: str, key: str, body=None):
    client = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Authorization": f"Bearer {key}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    try:
        client.request(
            method, path, body=json.dumps(body) if body is not None else None, headers=headers
        )
        answer = client.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        client.close()


def a_hand(rng: random.Random) -> dict:
    picker = rng.randrange(5)
    partner = rng.choice([None, *[seat for seat in range(5) if seat != picker]])
    return {"picker": picker, "partner": partner, "points": rng.randrange(121)}


@pytest.mark.django_db(transaction=True)
def test_two_servers_agree_after_every_record_and_correction(owner, tmp_path):
    key = accounts.issue_token(owner, "two servers")[1]
    match = services.create_match(
        owner, game="sheepshead", variant="standard", players=PLAYERS, first_dealer=0
    ).match
    url = f"/api/matches/{match.pk}"
    rng = random.Random(22)
    # A correction after every fifth record, through the other server.
    plan = ["record"] * RECORDS
    for place in range(CORRECTIONS):
        plan.insert(5 * (place + 1) + place, "correct")
    secret = secrets.token_urlsafe(50)
    with ExitStack() as stack:
        ports = [
            stack.enter_context(
                serving(tmp_path / name, secret, workers=1, DATABASE_URL=database_url())
            )
            for name in ("one", "two")
        ]
        recorded, state = 0, None
        for turn, write in enumerate(plan):
            port, other = ports[turn % 2], ports[1 - turn % 2]
            if write == "record":
                recorded += 1
                status, state = call(
                    port, "POST", f"{url}/hands", key, {"number": recorded, **a_hand(rng)}
                )
                assert status == 201, state
            else:
                number = rng.randint(1, recorded)
                version = state["hands"][number - 1]["version"]
                status, state = call(
                    port, "PUT", f"{url}/hands/{number}", key, {"version": version, **a_hand(rng)}
                )
                assert status == 200, state
            # The server that wrote answered with the state; the other one reads the same.
            assert call(other, "GET", url, key) == (200, state), (turn, write)
        assert len(state["hands"]) == RECORDS
        assert sum(hand["version"] > 1 for hand in state["hands"]) >= 1
