"""Fixtures for render tests: seeded classic positions and a text-capturing hook."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from render import kit
from render.samples import classic_game


@pytest.fixture(scope="session")
def classic7() -> Any:
    return classic_game(7, seed=1)


@pytest.fixture(scope="session")
def classic3() -> Any:
    return classic_game(3, seed=4)


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string handed to the font rasteriser while the test runs."""
    seen: list[str] = []
    original = kit.Canvas.text

    def spy(
        self: kit.Canvas,
        xy: tuple[int, int],
        text: str,
        size: int,
        fill: tuple[int, int, int] = kit.TEXT,
        anchor: str = "la",
    ) -> None:
        seen.append(text)
        original(self, xy, text, size, fill, anchor)

    monkeypatch.setattr(kit.Canvas, "text", spy)
    yield seen


@pytest.fixture
def drawn_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """(text, pixel size) of every string rasterised while the test runs."""
    seen: list[tuple[str, int]] = []
    original = kit.Canvas.text

    def spy(
        self: kit.Canvas,
        xy: tuple[int, int],
        text: str,
        size: int,
        fill: tuple[int, int, int] = kit.TEXT,
        anchor: str = "la",
    ) -> None:
        seen.append((text, size))
        original(self, xy, text, size, fill, anchor)

    monkeypatch.setattr(kit.Canvas, "text", spy)
    yield seen
