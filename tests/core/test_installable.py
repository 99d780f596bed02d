"""Issue 20, item 6: a phone can add the app to its home screen and open it without the
browser's bars. The manifest in both languages, its icons as their PNG headers say, the
tags every page carries. No service worker comes with it (issue 24's offline table
links bring their own, for /t/ only). Chromium's own verdict:
tests/e2e/test_e2e_installable.py. (A site with an account: an empty one sends every
page to its first organiser's form.)
"""

import json
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (the first, right after the signature)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def css_colour(name: str) -> str:
    css = (ROOT / "static" / "css" / "app.css").read_text()
    return css.split(f"--{name}:", 1)[1].split(";", 1)[0].strip()


@pytest.mark.usefixtures("owner")
class TestManifest:
    def manifest(self, client, language="en"):
        client.cookies["django_language"] = language
        response = client.get("/manifest.webmanifest")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/manifest+json; charset=utf-8"
        return json.loads(response.content)

    def test_it_opens_standalone_at_the_start(self, client):
        manifest = self.manifest(client)
        assert manifest["start_url"] == "/" and manifest["scope"] == "/"
        assert manifest["display"] == "standalone"
        assert (manifest["name"], manifest["short_name"]) == (
            "Scorekeeper for card games",
            "Scorekeeper",
        )

    def test_its_colours_are_the_pages(self, client):
        manifest = self.manifest(client)
        assert manifest["theme_color"] == css_colour("ink")  # the header's colour
        assert manifest["background_color"] == css_colour("bg")

    def test_it_speaks_german(self, client):
        manifest = self.manifest(client, "de")
        assert (manifest["name"], manifest["short_name"], manifest["lang"]) == (
            "Punkteblock für Kartenspiele",
            "Punkteblock",
            "de",
        )

    def test_its_icons_are_the_sizes_they_say(self, client):
        icons = self.manifest(client)["icons"]
        said = {(icon["sizes"], icon["purpose"]) for icon in icons}
        assert said == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
        for icon in icons:
            assert icon["type"] == "image/png"
            path = ROOT / "static" / icon["src"].removeprefix("/static/")
            width, height = png_size(path)
            assert f"{width}x{height}" == icon["sizes"]
            assert client.get(icon["src"]).status_code == 200

    def test_anyone_reads_it_but_nobody_posts(self, client, owner):
        assert client.post("/manifest.webmanifest").status_code == 405
        client.force_login(owner)
        assert self.manifest(client)["display"] == "standalone"


def test_every_page_links_it_with_the_theme_colour_and_a_touch_icon(client, owner):
    page = client.get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert f'<meta name="theme-color" content="{css_colour("ink")}">' in page
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in page
    assert png_size(ROOT / "static" / "icons" / "apple-touch-icon.png") == (180, 180)
