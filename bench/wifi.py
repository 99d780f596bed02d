"""A round's start on the hall's Wi-Fi (issue 34, item 5): what the table phones fetch.

Serves the app as `make run` does (Granian, 3 workers, loopback, a fresh SQLite database)
with a tournament round of ``--phones`` tables (40) started, and opens every table's link
at once, each in its own context of a headless Chromium (Debian's; one per 20 phones), a
phone each. A hall's shared link cannot be emulated exactly; each phone gets its own share of one:
40 Mbit/s ÷ 40 = 1 Mbit/s down and up, 20 ms latency per request, through a throttling
proxy of its own (``offline_phone.Throttle``, every connection of the phone paced
together). A proxy, not DevTools' network emulation: that throttles the page only, and
the service worker's fetches (Pyodide, the rules) would pass it by.

Prints, the median and the largest across the phones:

- until the page is usable (the hand form visible) and until its load event;
- until the offline runtime is kept (``#offline[data-cached=yes]``: Pyodide, the rules
  and the page in the service worker's cache), and the bytes the phone fetched by then;
- a reload's bytes, and another table link's on the same phone (the next round's):
  the runtime comes from the phone's copy.

A script that prints figures, not a test. ``.venv/bin/python bench/wifi.py [--phones N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from offline_phone import PHONE, Throttle  # noqa: E402

from bench import Site, load_average  # noqa: E402

HALL_MBIT = 40
LATENCY = 0.020
WORKERS = 3  # make run's
PER_BROWSER = 20  # phones (contexts) in one headless Chromium


def setup_data(tables: int) -> dict:
    from club_live import setup_data as club_night

    data = club_night(tables=tables, seats=3)
    return {"tokens": [table["token"] for table in data["tables"]]}


async def phone(browser, base: str, token: str, other: str, throttle: Throttle) -> dict:
    figures: dict = {}
    context = await browser.new_context(viewport=PHONE, locale="en-GB")
    page = await context.new_page()
    started = time.monotonic()
    await page.goto(f"{base}/t/{token}/", wait_until="commit", timeout=300_000)
    await page.wait_for_selector("form#record", state="visible", timeout=300_000)
    figures["usable_s"] = time.monotonic() - started
    await page.wait_for_load_state("load", timeout=300_000)
    figures["load_s"] = time.monotonic() - started
    figures["load_bytes"] = throttle.down_bytes
    await page.wait_for_selector("#offline[data-cached=yes]", state="attached", timeout=600_000)
    figures["cached_s"] = time.monotonic() - started
    figures["cached_bytes"] = throttle.down_bytes
    for name, address in (("reload", None), ("other", f"{base}/t/{other}/")):
        before = throttle.down_bytes
        if address is None:
            await page.reload(wait_until="load")
        else:
            await page.goto(address, wait_until="load")
        # What the page asks for after its load (offline.json, the worker's update check).
        await page.wait_for_timeout(1500)
        figures[f"{name}_bytes"] = throttle.down_bytes - before
    await context.close()
    return figures


async def phones(base_of, tokens: list[str], throttles: list[Throttle]) -> list[dict]:
    from playwright.async_api import async_playwright

    from tests.e2e_support import CHROMIUM_ARGS, chromium_path

    async with async_playwright() as p:
        # One Chromium for every PER_BROWSER phones: 40 contexts in one browser stalled
        # (2026-12-03: no phone kept its runtime, nothing ran), where 30 finished in 72 s;
        # the phones of a hall are as many browsers, so more of them is nearer the hall.
        count = -(-len(tokens) // PER_BROWSER)
        browsers = [
            await p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for _ in range(count)
        ]
        try:
            return await asyncio.gather(
                *(
                    phone(browsers[n % count], base_of(t), token, tokens[(n + 1) % len(tokens)], t)
                    for n, (token, t) in enumerate(zip(tokens, throttles, strict=True))
                )
            )
        finally:
            for browser in browsers:
                await browser.close()


def spread(values: list[float], unit: str, scale: float = 1, digits: int = 1) -> str:
    median, most = statistics.median(values) / scale, max(values) / scale
    return f"median {median:.{digits}f} {unit}, max {most:.{digits}f} {unit}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=40, help="phones, one a table (40)")
    parser.add_argument("--setup-data", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.setup_data:
        print(json.dumps(setup_data(args.setup_data)))
        return 0
    rate = HALL_MBIT * 1_000_000 / 8 / args.phones  # bytes per second
    print(
        f"{args.phones} phones open their table links at once, each at {HALL_MBIT} Mbit/s ÷ "
        f"{args.phones} = {rate * 8 / 1e6:.2f} Mbit/s down and up, {LATENCY * 1000:.0f} ms"
    )
    print(f"  load average at start: {load_average()}; {os.cpu_count()} cores")
    site = Site.fresh("scorekeeper-wifi-")
    try:
        data = site.set_up(__file__, str(args.phones))
        port = site.serve(WORKERS)
        throttles = [
            Throttle(port, down=rate, up=rate, latency=LATENCY, shared=True) for _ in data["tokens"]
        ]
        # localhost, not 127.0.0.1: both are a secure context (the service worker).
        started = time.monotonic()
        figures = asyncio.run(
            phones(lambda t: f"http://localhost:{t.port}", data["tokens"], throttles)
        )
        took = time.monotonic() - started
    finally:
        site.close()
    column = lambda key: [f[key] for f in figures]  # noqa: E731
    mb = 1e6
    print(f"  page usable (hand form shown)  {spread(column('usable_s'), 's')}")
    print(f"  page's load event              {spread(column('load_s'), 's')}")
    print(f"    bytes by then                {spread(column('load_bytes'), 'MB', mb, 2)}")
    print(f"  offline runtime kept           {spread(column('cached_s'), 's')}")
    print(f"    bytes by then (per phone)    {spread(column('cached_bytes'), 'MB', mb, 2)}")
    print(f"  a reload                       {spread(column('reload_bytes'), 'kB', 1e3)}")
    print(f"  another table link (next round) {spread(column('other_bytes'), 'kB', 1e3)}")
    total = sum(column("cached_bytes"))
    print(
        f"  all phones: {total / mb:.1f} MB, {total * 8 / (HALL_MBIT * 1e6):.0f} s of a "
        f"{HALL_MBIT} Mbit/s link; the run took {took:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
