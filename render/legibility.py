"""``python -m render.legibility``: how big every preview image's text is on a phone.

Discord shows an attached image about 400 px wide on a phone. For each image of
``render.preview`` this prints the smallest text height and the smallest key-number height
(coins, shields, points, counts) scaled to that display width, from the font sizes the
renderer actually drew (``kit.recording``), so the figures are exact, not estimated.
"""

from __future__ import annotations

import argparse
import io
import re
from dataclasses import dataclass

from PIL import Image

from render import kit
from render.preview import images

__all__ = ["DISPLAY_WIDTH", "KEY_FLOOR", "TEXT_FLOOR", "Legibility", "is_key_number", "measure"]

DISPLAY_WIDTH = 400  # px: an attachment's width in Discord's phone client
KEY_FLOOR = 12.0  # px at DISPLAY_WIDTH: numbers that decide a move
TEXT_FLOOR = 8.0  # px at DISPLAY_WIDTH: every other text (card names, labels)

# "7", "-2", "+3", "x2", "2/3", "12 VP": a figure the player reads to decide.
_KEY = re.compile(r"^[+\-x×]?\d+(/\d+)?( ?(VP|c))?$")


def is_key_number(text: str) -> bool:
    return bool(_KEY.match(text.strip()))


@dataclass(frozen=True)
class Legibility:
    name: str
    width: int
    height: int
    min_text: float  # smallest text's font size at DISPLAY_WIDTH
    min_key: float | None  # smallest key number's, None when the image draws none
    smallest: str  # the text that set min_text (to find it)


def _scaled(t: kit.DrawnText) -> float:
    return t.size * DISPLAY_WIDTH / t.image_width


def measure(name: str, make: object) -> Legibility:
    assert callable(make)
    with kit.recording() as drawn:
        png = make()
    w, h = Image.open(io.BytesIO(png)).size
    if not drawn:
        return Legibility(name, w, h, float("inf"), None, "")
    low = min(drawn, key=_scaled)
    keys = [_scaled(t) for t in drawn if is_key_number(t.text)]
    return Legibility(name, w, h, _scaled(low), min(keys) if keys else None, low.text)


def table() -> list[Legibility]:
    return [measure(name, make) for name, make in images().items()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.parse_args(argv)
    print(f"{'image':<28} {'size':>10} {'min text':>9} {'min key':>8}  smallest text")
    for r in table():
        key = f"{r.min_key:.1f}" if r.min_key is not None else "-"
        size = f"{r.width}x{r.height}"
        print(f"{r.name:<28} {size:>10} {r.min_text:>9.1f} {key:>8}  {r.smallest!r:.40}")
    print(f"floors at {DISPLAY_WIDTH} px display width: text {TEXT_FLOOR}, key numbers {KEY_FLOOR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
