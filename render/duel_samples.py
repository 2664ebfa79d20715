"""Seeded Duel sample images for the preview (filled in once the Duel engine lands)."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["duel_images"]


def duel_images() -> dict[str, Callable[[], bytes]]:
    return {}
