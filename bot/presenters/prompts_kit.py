"""Discord-free component specs of a prompt (the Discord layer turns them into a View)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from engine.wording import coins

__all__ = [
    "PAGE",
    "ButtonSpec",
    "OptionSpec",
    "Prompt",
    "SelectSpec",
    "cut",
    "named_prompt",
    "pay_label",
]

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
    extra: dict[str, Any] = field(default_factory=dict)


def cut(text: str, size: int = 100) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def named_prompt(prompt: Prompt, names: list[str]) -> Prompt:
    """``prompt`` with the engine's "seat 2" turned into the players' names wherever a person
    reads it (text, button labels, select options): a Gods & Heroes target is a player, not a
    number. Labels are cut again to Discord's limits, names being up to 32 characters."""
    from bot.presenters.texts import name_seats  # texts imports the table types

    def name(text: str, size: int) -> str:
        return cut(name_seats(text, names), size) if text else text

    selects = tuple(
        dataclasses.replace(
            s,
            options=tuple(
                dataclasses.replace(
                    o, label=name(o.label, 100), description=name(o.description, 100)
                )
                for o in s.options
            ),
        )
        for s in prompt.selects
    )
    buttons = tuple(dataclasses.replace(b, label=name(b.label, 80)) for b in prompt.buttons)
    return dataclasses.replace(
        prompt, text=name_seats(prompt.text, names), selects=selects, buttons=buttons
    )


def pay_label(view: Any, city: int | None, left: int, right: int) -> str:
    """ "2 coins to Bo (left), 1 coin to Cy (right)": each neighbour paid, by name (``seat N``
    until ``named_prompt`` names it; "you" when the Free City pays the viewer)."""
    n = len(view.cities)
    at = city if city is not None else 0
    paid = []
    for amount, side, seat in ((left, "left", (at - 1) % n), (right, "right", (at + 1) % n)):
        if amount:
            who = "you" if seat == view.seat and at != view.seat else f"seat {seat}"
            paid.append(f"{coins(amount)} to {who} ({side})")
    return ", ".join(paid) or "no coins to your neighbours"
