"""Every preview image is readable at a phone's 400 px display width (sizes as drawn)."""

from __future__ import annotations

import pytest

from render import kit
from render.legibility import DISPLAY_WIDTH, KEY_FLOOR, TEXT_FLOOR, Legibility, is_key_number, table


@pytest.fixture(scope="module")
def rows() -> list[Legibility]:
    return table()


def test_every_preview_image_meets_the_phone_floors(rows: list[Legibility]) -> None:
    assert len(rows) >= 30  # every image kind of render.preview
    for r in rows:
        assert 800 <= r.width <= 1000, (r.name, r.width)
        assert r.min_text >= TEXT_FLOOR, (r.name, r.min_text, r.smallest)
        assert r.min_key is not None and r.min_key >= KEY_FLOOR, (r.name, r.min_key)


def test_key_numbers_are_told_from_other_text() -> None:
    for text in ("7", "-2", "+3", "x2", "2/3", "12 VP"):
        assert is_key_number(text), text
    for text in ("Age III", "#12", "3 shields", "Ana", "1."):
        assert not is_key_number(text), text


def test_the_probe_scales_to_the_display_width() -> None:
    def tiny() -> bytes:
        c = kit.Canvas(1600, 100)
        c.text((0, 0), "12", 40)
        c.text((0, 50), "coins", 16)
        return kit.to_png(c)

    from render.legibility import measure

    r = measure("tiny", tiny)
    assert r.min_key == 40 * DISPLAY_WIDTH / 1600 and r.min_text == 16 * DISPLAY_WIDTH / 1600
    assert r.smallest == "coins" and r.min_text < TEXT_FLOOR
