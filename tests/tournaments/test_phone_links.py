"""Table links a phone can open (issue 18, item 1): the links, QR codes and printed
table cards carry the laptop's local-network address when the organiser's browser is on
127.0.0.1, and say so in large words when no such address is known."""

import pytest
from django.urls import reverse

from matches.models import Table
from tests.factories import text

LAPTOP = {"HTTP_HOST": "127.0.0.1:8000"}
WARNING = "Phones cannot open these links"


@pytest.fixture
def no_lan(settings):
    settings.LAN_HOSTS = []
    settings.PUBLIC_URL = ""


def pages(tournament):
    return {
        "links": reverse("tournaments:table_links", args=[tournament.pk, 1]),
        "round": reverse("tournaments:round", args=[tournament.pk, 1]),
        "cards": reverse("tournaments:print_tables", args=[tournament.pk, 1]),
    }


def test_it_warns_on_every_page_when_the_links_point_at_the_laptop(
    client_of, running, organiser, no_lan
):
    boss = client_of(organiser)
    for name, url in pages(running).items():
        response = boss.get(url, **LAPTOP)
        assert response.status_code == 200, name
        words = text(response)
        assert WARNING in words, name
        assert "make run" in words and "firewall" in words, name
        assert "(http://127.0.0.1:8000)" in words, name
    cards = boss.get(pages(running)["cards"], **LAPTOP).content.decode()
    # Every printed table card says it beside its QR code, not only the first.
    assert cards.count(WARNING) == Table.objects.filter(round__tournament=running).count() == 3
    assert cards.count('<figure class="table-qr loopback">') == 3


def test_the_links_carry_the_local_network_address_and_no_warning(
    client_of, running, organiser, settings
):
    settings.LAN_HOSTS = ["192.168.1.20"]
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    boss = client_of(organiser)
    tables = Table.objects.filter(round__tournament=running)
    for name, url in pages(running).items():
        page = boss.get(url, **LAPTOP).content.decode()
        assert WARNING not in page, name
    for name in ("links", "cards"):
        page = boss.get(pages(running)[name], **LAPTOP).content.decode()
        for table in tables:
            assert f"http://192.168.1.20:8000/t/{table.token}/" in page
        assert "127.0.0.1" not in page
        assert page.count("<svg") >= 3  # the QR codes


def test_a_phone_reachable_address_gets_no_warning(client_of, running, organiser, no_lan, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    boss = client_of(organiser)
    for name, url in pages(running).items():
        page = boss.get(url, HTTP_HOST="192.168.1.20:8000")
        assert page.status_code == 200, name
        assert WARNING not in page.content.decode(), name


def test_the_round_page_kept_for_the_laptop_is_not_shown_to_the_network(
    client_of, running, organiser, no_lan, settings
):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    boss = client_of(organiser)
    url = pages(running)["round"]
    assert WARNING in text(boss.get(url, **LAPTOP))
    assert WARNING not in text(boss.get(url, HTTP_HOST="192.168.1.20:8000"))


def test_the_warning_in_german(client_of, running, organiser, no_lan):
    boss = client_of(organiser)
    page = text(boss.get(pages(running)["links"], HTTP_ACCEPT_LANGUAGE="de", **LAPTOP))
    assert "Handys können diese Links nicht öffnen" in page
    assert "Firewall" in page and "Starten Sie die App mit make run" in page
    cards = text(boss.get(pages(running)["cards"], HTTP_ACCEPT_LANGUAGE="de", **LAPTOP))
    assert "Dieser Code öffnet das Handy selbst" in cards


def test_make_run_serves_the_local_network_by_default():
    from pathlib import Path

    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert "\nHOST ?= 0.0.0.0\n" in makefile
