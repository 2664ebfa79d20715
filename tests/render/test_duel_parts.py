"""Duel drawing from render-side scenes: pawn position, pyramid slots, draft, determinism."""

from __future__ import annotations

from dataclasses import replace

from render import kit
from render.duel import draw_scene, pyramid_origin, threats, track_box
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
    x0, y0 = pyramid_origin(scene)
    for i in (14, 19):
        a, b, _, _ = slot_rect(1, i, x0, y0)
        assert _close(pixel(c.img, (a - 2, b + 60)), kit.GOLD)
    a, b, _, _ = slot_rect(1, 3, x0, y0)  # not accessible: no ring
    assert not _close(pixel(c.img, (a - 2, b + 60)), kit.GOLD)


def test_no_card_hides_another_in_any_age() -> None:
    """Rows of the pyramid never overlap, so every printed cost and effect stays visible."""
    for age in LAYOUTS:
        rects = [slot_rect(age, i, 0, 0) for i in range(20)]
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (age, a, b)


def test_supremacy_threats_are_marked(drawn_text: list[str]) -> None:
    near = _scene(pawn=-8)
    assert threats(near, ["Ana", "Bo"]) == ["Bo is one shield from military supremacy"]
    draw_scene(near, ["Ana", "Bo"])
    assert any("one shield from military supremacy" in t for t in drawn_text)
    five = ["compass", "gear", "tablet", "globe", "sundial"]
    sci = replace(near, pawn=3, cities=[CityScene(0), CityScene(1, science=five)])
    assert threats(sci, ["Ana", "Bo"]) == ["Bo is one symbol from scientific supremacy"]
    assert threats(replace(sci, cities=[CityScene(0), CityScene(1, science=five[:4])]), []) == []


def test_draft_shows_the_offer(drawn_text: list[str]) -> None:
    draw_scene(_scene(phase="draft"), ["Ana", "Bo"])
    assert "The Sphinx" in drawn_text
    assert not any("Card 1" in t for t in drawn_text)  # no pyramid during the draft


def test_same_scene_same_pixels() -> None:
    a = draw_scene(_scene(pawn=2), ["Ana", "Bo"]).img.tobytes()
    b = draw_scene(_scene(pawn=2), ["Ana", "Bo"]).img.tobytes()
    assert a == b


def test_the_final_board_warns_of_no_supremacy(drawn_text: list[str]) -> None:
    """Issue 35.14: once the game is over nothing is one step from supremacy any more."""
    over = _scene(pawn=-8, phase="over")
    assert threats(over, ["Ana", "Bo"]) == []
    draw_scene(over, ["Ana", "Bo"])
    assert not any("supremacy" in t for t in drawn_text), drawn_text
