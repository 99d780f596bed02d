"""Reading Chromium's PDFs with poppler's tools, for the browser tests of printed pages:
the page count (pdfinfo), a page's text as drawn (pdftotext -raw: Chromium draws a table
cell by cell, so a name wrapped over lines in a narrow column reads on, and one head
after the other), and how far right anything is drawn (pdftotext -bbox)."""

from __future__ import annotations

import re
import subprocess


def pages(pdf) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)$", info.stdout, re.M).group(1))


def drawn(pdf, page: int = 1) -> str:
    """One page's text in the order it is drawn."""
    command = ["pdftotext", "-raw", "-f", str(page), "-l", str(page), str(pdf), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def squeezed(text: str) -> str:
    """``text`` without its spaces and line breaks: however a box wraps it (a long word is
    broken where the box ends: "Maximili" / "anus"), it reads the same."""
    return "".join(text.split())


def overhang(pdf, page: int = 1) -> float:
    """How far the furthest word on the page reaches past its right edge, in points (0 or
    less: nothing is cut off)."""
    command = ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', out).group(1))
    rights = [float(right) for right in re.findall(r'<word [^>]*xMax="([\d.]+)"', out)]
    return max(rights, default=0.0) - width
