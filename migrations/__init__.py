"""Numbered SQL migrations (``0001_*.sql`` …), shipped as package data and applied at start-up."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

__all__ = ["migration_files"]


def migration_files() -> list[Traversable]:
    """Every ``NNNN_*.sql`` file of this package, in order."""
    files = [f for f in resources.files(__name__).iterdir() if f.name.endswith(".sql")]
    return sorted(files, key=lambda f: f.name)
