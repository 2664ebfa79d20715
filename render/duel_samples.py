"""Duel sample images for the preview and the benchmark.

Until the Duel engine's views land these are synthetic scenes (render-side models, not games).
"""

from __future__ import annotations

from collections.abc import Callable

from render.duel import draw_scene
from render.duel_parts import Slot
from render.duel_scene import CityScene, DuelScene, WonderScene
from render.kit import to_png

__all__ = ["bench_cases", "demo_scene", "duel_images"]

_NAMES = ["Ana", "Bo"]


def demo_scene(age: int, draft: bool = False) -> DuelScene:
    """A full pyramid mixing face-up, face-down, taken and accessible slots."""
    back: int | str = "guild" if age == 3 else age
    slots = [Slot(i, None if (i // 4) % 2 else ("Caravansery" if i % 2 else "Library"),
                  "yellow" if i % 2 else "green", back, i >= 15, i == 19, "build 4 · discard 3")
             for i in range(20)]
    cities = [
        CityScene(0, 12, [WonderScene("The Pyramids", True),
                          WonderScene("The Great Library", cost="3 wood, glass, papyrus")],
                  [("Lumber Yard", "brown"), ("Scriptorium", "green"), ("Tavern", "yellow")],
                  ["Law"], ["quill", "wheel"], {"wood": 2, "clay": 1}, [["glass", "papyrus"]],
                  12),
        CityScene(1, 4, [WonderScene("Piraeus"), WonderScene("The Sphinx", True),
                         WonderScene("Circus Maximus"), WonderScene("The Colossus")],
                  [("Stone Pit", "brown"), ("Garrison", "red")], [], [], {"stone": 1}, [], 3),
    ]
    offer = [WonderScene("The Appian Way", effect="3 coins; rival loses 3 coins; play again; 3 VP",
                         cost="2 stone, 2 clay, papyrus")] * 4
    return DuelScene(age, "draft" if draft else "play", 1, "", slots, 3,
                     {-7: True, -4: True, 4: False, 7: True},
                     ["Agriculture", "Urbanism", "Strategy", "Theology", "Economy"], cities,
                     offer, None, 4, ["Ana built Library", "Bo took Law"])


def duel_images() -> dict[str, Callable[[], bytes]]:
    out: dict[str, Callable[[], bytes]] = {}
    for age in (1, 2, 3):
        def board(age: int = age) -> bytes:
            return to_png(draw_scene(demo_scene(age), _NAMES))

        out[f"duel_scene_age{age}.png"] = board
    out["duel_scene_draft.png"] = lambda: to_png(draw_scene(demo_scene(1, True), _NAMES))
    return out


def bench_cases() -> dict[str, Callable[[], bytes]]:
    scene = demo_scene(3)
    return {"duel_board": lambda: to_png(draw_scene(scene, _NAMES))}
