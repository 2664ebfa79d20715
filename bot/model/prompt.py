"""Discord-free component specs of a prompt (the Discord layer turns them into a View)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PAGE", "ButtonSpec", "OptionSpec", "Prompt", "SelectSpec", "cut"]

PAGE = 25


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    custom_id: str
    style: str = "secondary"  # primary / secondary / success / danger
    disabled: bool = False


@dataclass(frozen=True)
class OptionSpec:
    label: str
    value: str
    description: str = ""
    default: bool = False


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]


@dataclass(frozen=True)
class Prompt:
    """Rows: each select is a row; ``buttons`` fill the rows after them (5 per row)."""

    text: str
    selects: tuple[SelectSpec, ...] = ()
    buttons: tuple[ButtonSpec, ...] = ()
    image: bool = False


def cut(text: str, size: int = 100) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"
