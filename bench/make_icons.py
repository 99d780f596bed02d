"""Draw the home-screen icons of the web app manifest (issue 20, item 6) once, from the
favicon's spade, with Debian's Chromium (tests/e2e_support.py finds it); the PNGs are
committed in static/icons/, so nothing here runs on a server.

    .venv/bin/python bench/make_icons.py

"any" icons: the favicon as it is (a dark rounded square, the white spade). The maskable
one fills its square with the dark colour and keeps the spade inside the middle 60 %: a
phone cuts the icon to its own shape (a circle, a squircle) and keeps only the central
circle of 80 % for sure.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "static" / "icons"
INK = "#1d2326"  # the header's colour: app.css --ink, the manifest's theme_color
SPADE = "M16 4c-3 5-10 8-10 14a5 5 0 0 0 8.6 3.4L13 28h6l-1.6-6.6A5 5 0 0 0 26 18C26 12 19 9 16 4z"


def svg(maskable: bool) -> str:
    if maskable:
        # The spade's 24 units tall into the middle 60 % of 32: scaled 0.8 about the centre.
        body = (
            f'<rect width="32" height="32" fill="{INK}"/>'
            f'<path fill="#fff" transform="translate(3.2 3.2) scale(0.8)" d="{SPADE}"/>'
        )
    else:
        body = f'<rect width="32" height="32" rx="6" fill="{INK}"/><path fill="#fff" d="{SPADE}"/>'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">{body}</svg>'


ICON_FILES = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),  # iOS rounds the corners itself
}


def main() -> None:
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.e2e_support import CHROMIUM_ARGS, chromium_path

    ICONS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, (size, maskable) in ICON_FILES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            drawing = svg(maskable).replace("<svg ", '<svg width="100%" height="100%" ')
            page.set_content(
                '<body style="margin:0;background:transparent">'
                f'<div style="width:{size}px;height:{size}px">{drawing}</div></body>'
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"{name}: {size} x {size}")
        browser.close()


if __name__ == "__main__":
    main()
