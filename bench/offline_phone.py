"""A table's phone on a slow network (issue 24): what the offline mode costs it.

Starts the server on loopback on a fresh SQLite database (as `make bench` does), with one
tournament round playing, and opens a table link in headless Chromium (Debian's) at
360×740 through a throttling proxy with DevTools' "Fast 3G" figures (1.44 Mbit/s down,
675 kbit/s up, 562.5 ms latency per request: every request of the page, its service
worker and its rules worker pays them) and the page's main thread throttled 4× (CDP
``Emulation.setCPUThrottlingRate``). Prints:

- the page: until it is shown (load event), and what it transferred;
- offline-ready: until the service worker has kept the page, its scripts, Pyodide and the
  rules (what a phone needs before the network may drop), and the bytes it fetched;
- Python: how long the rules worker takes to start Pyodide and import the rules from the
  service worker's copy, once offline, and a hand worked out after that;
- memory: the page's JavaScript heap (CDP), the WebAssembly memory Python runs in, and
  what the phone keeps on disk (``navigator.storage.estimate``).

With ``--shots DIR`` it also draws the offline states at 360×740 in English and German
(three hands waiting, after a reload offline, another phone's entry beside ours).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import HOST, Site, django_up, free_port, load_average  # noqa: E402

# DevTools' "Fast 3G" (Chromium's network presets): 1.6 Mbit/s and 750 kbit/s with
# 90 % throughput, and 150 ms × 3.75 latency.
DOWN = 1.6 * 1_000_000 * 0.9 / 8  # bytes per second
UP = 0.75 * 1_000_000 * 0.9 / 8
LATENCY = 0.5625
CPU_SLOWDOWN = 4
PHONE = {"width": 360, "height": 740}


def setup_data() -> dict:
    django_up()
    from django.contrib.auth import get_user_model

    from matches.models import Table
    from matches.services import drafting, registration
    from tests.factories import tournament as make_tournament

    organiser = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=9)
    names = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    for entry in registration.register_players(tournament, organiser, names):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=5)
    drafting.start_round(round_, organiser)
    return {"tokens": [t.token for t in Table.objects.filter(round=round_).order_by("number")]}


# -- the throttling proxy -----------------------------------------------------------------


class Throttle:
    """A TCP proxy on loopback: each answer waits the latency after its request, and
    each direction is paced to its rate (bytes per second; seconds of latency): each
    connection on its own, or with ``shared`` all of them together (one phone's link, as
    DevTools throttles a page). Counts the bytes sent down."""

    def __init__(
        self,
        target_port: int,
        down: float = DOWN,
        up: float = UP,
        latency: float = LATENCY,
        shared: bool = False,
    ):
        self.target_port = target_port
        self.down, self.up, self.latency, self.shared = down, up, latency, shared
        self.free = {"up": 0.0, "down": 0.0}  # when the shared link is free again
        self.port = free_port()
        self.down_bytes = 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()
        self.ready.wait()

    def _run(self):
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._client, HOST, self.port))
        self.ready.set()
        self.loop.run_until_complete(server.serve_forever())

    async def _pace(self, direction: str, seconds: float) -> None:
        if not self.shared:
            await asyncio.sleep(seconds)
            return
        now = time.monotonic()
        self.free[direction] = max(now, self.free[direction]) + seconds
        await asyncio.sleep(self.free[direction] - now)

    async def _client(self, reader, writer):
        upstream_reader, upstream_writer = await asyncio.open_connection(HOST, self.target_port)
        asked = {"at": time.monotonic()}

        async def up():
            while data := await reader.read(16384):
                asked["at"] = time.monotonic()
                await self._pace("up", len(data) / self.up)
                upstream_writer.write(data)
                await upstream_writer.drain()
            upstream_writer.close()

        async def down():
            while data := await upstream_reader.read(16384):
                wait = asked["at"] + self.latency - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                asked["at"] = 0  # the rest of this answer streams at the rate alone
                await self._pace("down", len(data) / self.down)
                self.down_bytes += len(data)
                writer.write(data)
                await writer.drain()
            writer.close()

        try:
            await asyncio.gather(up(), down())
        except (ConnectionError, OSError):
            writer.close()


# -- the phone ----------------------------------------------------------------------------


def measure(base: str, token: str, throttle: Throttle, slowdown: float) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.e2e_support import CHROMIUM_ARGS, chromium_path

    figures: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, locale="en-GB")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        cdp.send("Performance.enable")
        started = time.monotonic()
        page.goto(f"{base}/t/{token}/", wait_until="load", timeout=300_000)
        figures["page_s"] = time.monotonic() - started
        figures["page_bytes"] = throttle.down_bytes
        page.wait_for_selector("#offline[data-cached=yes]", state="attached", timeout=600_000)
        figures["ready_s"] = time.monotonic() - started
        figures["ready_bytes"] = throttle.down_bytes
        context.set_offline(True)
        # The first hand offline: Python starts (from the service worker's copy) and
        # works out the next deal.
        form = page.locator("form#record")
        for number, pattern in enumerate(((8, 5, 3), (3, 8, 5)), start=1):
            form.locator("label.suit-button.hearts").click()
            for seat, count in enumerate(pattern):
                form.locator("input.tricks").nth(seat).fill(str(count))
            form.locator("input.tricks").nth(0).dispatch_event("input")
            clicked = time.monotonic()
            form.locator("button[type=submit]").click()
            page.wait_for_selector(
                f"#offline-panel .offline-dealer:has-text('{number + 1}:')", timeout=300_000
            )
            figures[f"hand{number}_s"] = time.monotonic() - clicked
        offline = page.locator("#offline")
        figures["python_s"] = int(offline.get_attribute("data-loaded-in")) / 1000
        figures["wasm_mb"] = int(offline.get_attribute("data-wasm-bytes")) / 2**20
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        figures["js_heap_mb"] = metrics["JSHeapUsedSize"] / 2**20
        figures["stored_mb"] = page.evaluate("navigator.storage.estimate()")["usage"] / 2**20
        browser.close()
    return figures


def shots(base: str, tokens: list[str], folder: Path) -> None:
    """The offline states at 360×740, English and German."""
    from playwright.sync_api import expect, sync_playwright

    from tests.e2e_support import CHROMIUM_ARGS, chromium_path

    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for language, locale, token in (("en", "en-GB", tokens[1]), ("de", "de-DE", tokens[2])):
            context = browser.new_context(viewport=PHONE, locale=locale)
            page = context.new_page()
            page.goto(f"{base}/t/{token}/")
            page.wait_for_selector("#offline[data-cached=yes]", state="attached", timeout=120_000)
            context.set_offline(True)
            for number in (1, 2, 3):
                _hand(page, (9, 4, 3) if number != 2 else (8, 5, 3))
                expect(page.locator("#offline-panel .offline-hand")).to_have_count(
                    number, timeout=120_000
                )
                expect(page.locator("#offline-panel .offline-dealer")).to_contain_text(
                    str(number + 1), timeout=120_000
                )
            _shot(page, folder / f"offline-waiting-{language}.png")
            page.reload()
            page.wait_for_selector("#offline-panel .offline-dealer", timeout=120_000)
            _shot(page, folder / f"offline-reloaded-{language}.png")
            # Another phone records hand 1 its own way; ours comes back beside it.
            other = browser.new_context(viewport=PHONE, locale=locale).new_page()
            other.goto(f"{base}/t/{token}/")
            _hand(other, (8, 5, 3), trump="spades")
            other.wait_for_selector("form#record input[name=number][value='2']", state="attached")
            context.set_offline(False)
            page.wait_for_selector("#offline-panel li.conflict .both-entries", timeout=120_000)
            _shot(page, folder / f"offline-both-entries-{language}.png")
            context.close()
        browser.close()


def _shot(page, path: Path) -> None:
    """The panel at the top of the screen, and the whole page beside it."""
    page.evaluate("document.getElementById('offline-panel').scrollIntoView()")
    page.screenshot(path=str(path), caret="initial")
    page.screenshot(path=str(path.with_suffix("")) + "-full.png", caret="initial", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{path.name}: {width} px wide"


def _hand(page, pattern, trump="hearts"):
    form = page.locator("form#record")
    form.locator(f"label.suit-button.{trump}").click()
    for seat, count in enumerate(pattern):
        form.locator("input.tricks").nth(seat).fill(str(count))
    form.locator("input.tricks").nth(0).dispatch_event("input")
    form.locator("button[type=submit]").click()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=Path, help="also draw the offline states here")
    parser.add_argument("--cpu", type=float, default=CPU_SLOWDOWN, help="CPU slowdown (4)")
    parser.add_argument("--setup-data", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.setup_data:
        print(json.dumps(setup_data()))
        return 0
    print(f"A table's phone on Fast 3G with a {args.cpu:g}x slower CPU (issue 24)")
    print(f"  load average at start: {load_average()} (comparable only on an idle machine)")
    site = Site.fresh("scorekeeper-phone-")
    try:
        data = site.set_up(__file__)
        port = site.serve(2)
        throttle = Throttle(port)
        # localhost, not 127.0.0.1: both are a secure context, the name reads as one.
        figures = measure(
            f"http://localhost:{throttle.port}", data["tokens"][0], throttle, args.cpu
        )
        print(
            f"  page shown (load event)      {figures['page_s']:6.1f} s  "
            f"{figures['page_bytes'] / 2**20:5.2f} MB"
        )
        print(
            f"  ready to go offline          {figures['ready_s']:6.1f} s  "
            f"{figures['ready_bytes'] / 2**20:5.2f} MB (page, scripts, Pyodide, rules)"
        )
        print(
            f"  first hand offline, worked out {figures['hand1_s']:4.1f} s  (Python started "
            f"in the worker in {figures['python_s']:.1f} s)"
        )
        print(f"  second hand offline          {figures['hand2_s']:6.1f} s")
        print(
            f"  memory: page JS heap {figures['js_heap_mb']:.1f} MB, Python's WebAssembly "
            f"memory {figures['wasm_mb']:.1f} MB; kept on the phone {figures['stored_mb']:.1f} MB"
        )
        if args.shots:
            shots(f"http://localhost:{port}", data["tokens"], args.shots)
            print(f"  screenshots in {args.shots}")
    finally:
        site.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
