"""Image probes shared by the render tests."""

from __future__ import annotations

import io

from PIL import Image

__all__ = ["load", "non_bg_fraction", "pixel"]


def load(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def non_bg_fraction(img: Image.Image) -> float:
    """Share of pixels that differ from the top-left (background) pixel."""
    bg = img.getpixel((0, 0))
    hist = img.getcolors(maxcolors=1 << 20) or []
    same = sum(n for n, col in hist if col == bg)
    return 1 - same / (img.width * img.height)


def pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    px = img.getpixel(xy)
    assert isinstance(px, tuple)
    return (int(px[0]), int(px[1]), int(px[2]))
