"""Duel drawing from render-side scenes: pawn position, pyramid slots, draft, determinism."""

from __future__ import annotations

from render import kit
from render.duel import draw_scene, track_box
from render.duel_parts import LAYOUTS, Slot, pyramid_size, slot_rect, track_x
from render.duel_scene import CityScene, DuelScene, WonderScene

from .helpers import pixel

_PAWN = (250, 60, 60)


def _scene(
    pawn: int = 0, viewer: int | None = None, age: int = 1, phase: str = "play"
) -> DuelScene:
    slots = [
        Slot(i, None if i < 14 else f"Card {i}", "blue", age, i >= 14, False, "2 coins")
        for i in range(20)
    ]
    cities = [
        CityScene(0, 7, [WonderScene("The Pyramids")], [("Lumber Yard", "brown")]),
        CityScene(1, 5, [WonderScene("Piraeus", True)], []),
    ]
    return DuelScene(
        age=age,
        phase=phase,
        to_act=0,
        slots=slots,
        pawn=pawn,
        loot={-7: True, -4: True, 4: True, 7: False},
        progress=["Law", "Economy"],
        cities=cities,
        offer=[WonderScene("The Sphinx", effect="replay")],
        viewer=viewer,
    )


def _close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 40


def test_pawn_is_drawn_at_its_track_position() -> None:
    x0, y0, x1, y1 = track_box()
    mid = (y0 + y1) // 2
    for pos in (-9, -5, 0, 3, 9):
        img = draw_scene(_scene(pawn=pos), ["Ana", "Bo"]).img
        assert _close(pixel(img, (track_x(pos, x0, x1), mid)), _PAWN), pos
        other = 0 if pos != 0 else 5
        assert not _close(pixel(img, (track_x(other, x0, x1), mid)), _PAWN)


def test_seat_one_sees_the_track_from_its_side() -> None:
    x0, y0, x1, y1 = track_box()
    mid = (y0 + y1) // 2
    img = draw_scene(_scene(pawn=6, viewer=1), ["Ana", "Bo"]).img
    assert track_x(6, x0, x1, flip=True) < (x0 + x1) // 2
    assert _close(pixel(img, (track_x(6, x0, x1, flip=True), mid)), _PAWN)


def test_every_slot_fits_the_pyramid_box_and_layouts_hold_20_cards() -> None:
    for age, rows in LAYOUTS.items():
        assert sum(len(r) for r in rows) == 20
        w, h = pyramid_size(age)
        for i in range(20):
            a, b, c, d = slot_rect(age, i, 0, 0)
            assert 0 <= a < c <= w and 0 <= b < d <= h


def test_accessible_slots_are_highlighted() -> None:
    scene = _scene()
    c = draw_scene(scene, ["Ana", "Bo"])
    pw, _ = pyramid_size(1)
    x0 = (1600 - pw) // 2
    y0 = 262 + 70
    for i in (14, 19):
        a, b, _, _ = slot_rect(1, i, x0, y0)
        assert _close(pixel(c.img, (a - 3, b + 60)), kit.GOLD)


def test_draft_shows_the_offer(drawn_text: list[str]) -> None:
    draw_scene(_scene(phase="draft"), ["Ana", "Bo"])
    assert "The Sphinx" in drawn_text
    assert not any("Card 1" in t for t in drawn_text)  # no pyramid during the draft


def test_same_scene_same_pixels() -> None:
    a = draw_scene(_scene(pawn=2), ["Ana", "Bo"]).img.tobytes()
    b = draw_scene(_scene(pawn=2), ["Ana", "Bo"]).img.tobytes()
    assert a == b
