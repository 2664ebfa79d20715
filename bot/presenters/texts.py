"""Public texts of a table: seat names, what happened in a round, who must act.

Only public information goes in here: classic picks are described from the reveal's events,
never from a seat's pending pick.
"""

from __future__ import annotations

import dataclasses
import re

from bot.model.game import Table
from bot.model.prompt import Prompt, cut
from bot.presenters.levels import level_name
from engine.common import Event

__all__ = [
    "AI_NAMES",
    "ROMAN",
    "ai_levels_text",
    "with_levels",
    "ai_name",
    "duel_sentence",
    "name_seats",
    "named_prompt",
    "round_text",
    "waiting_text",
]

ROMAN = {1: "I", 2: "II", 3: "III"}
# AI seats are named like players (one name per seat: a table has at most 7 seats).
AI_NAMES = ("Hypatia", "Archimedes", "Euclid", "Thales", "Sappho", "Pythagoras", "Aristarchus")


def ai_levels_text(table: Table, names: list[str]) -> str:
    """The AI seats' levels, e.g. "AI level: Hard" or "AI levels: Hypatia (AI) Easy ·
    Euclid (AI) Expert"; "" without AI seats."""
    levels = {
        seat: level
        for seat in range(len(names))
        if (level := table.ai_level(seat, ""))  # a resigned seat plays the server default
    }
    if not levels:
        return ""
    if len(set(levels.values())) == 1:
        return f"AI level: {level_name(next(iter(levels.values())))}"
    return "AI levels: " + " · ".join(f"{names[s]} {level_name(lv)}" for s, lv in levels.items())


def with_levels(table: Table, names: list[str]) -> list[str]:
    """``names`` with each AI seat's level inside its name: "Euclid (AI, Hard)" (a resigned
    player's seat: "ana (AI, Hard)"), so a result needs no separate "AI level" line."""
    out = list(names)
    for seat in range(len(names)):
        level = table.ai_level(seat, "")
        if level:
            name = names[seat].removesuffix(" (AI)")
            out[seat] = f"{name} (AI, {level_name(level)})"
    return out


def ai_name(seat: int) -> str:
    """The name an AI seat plays under, e.g. "Archimedes (AI)" for seat 1."""
    return f"{AI_NAMES[seat % len(AI_NAMES)]} (AI)"


_SEAT = re.compile(r"\b([Ss])eat ([0-9])\b")
_ONE_COINS = re.compile(r"\b1 coins\b")


def name_seats(text: str, names: list[str]) -> str:
    """The engine's "Seat 1 builds …" with display names ("Bo builds …")."""

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(2))
        return names[seat] if seat < len(names) else m.group(0)

    return _ONE_COINS.sub("1 coin", _SEAT.sub(name, text))


def duel_sentence(e: Event, names: list[str]) -> str | None:
    """A public Duel event as posted; None when it says nothing ("Bo loses 0 coins")."""
    if not e.text or e.kind == "choose":
        return None
    if e.kind in ("lose", "loot") and e.data.get("coins") == 0:
        seat = e.data.get("seat")
        if e.kind == "lose" or not isinstance(seat, int) or not 0 <= seat < len(names):
            return None
        return f"{names[seat]} had no coins to lose to the military token."
    return name_seats(e.text, names)


def waiting_text(table: Table, names: list[str]) -> str:
    """Who must act now, e.g. "Waiting for Bo, Cy."."""
    seats = sorted(table.to_act())
    if not seats:
        return ""
    return "Waiting for " + ", ".join(names[s] for s in seats) + "."


def round_text(
    table_before: Table,
    table_after: Table,
    events: list[Event],
    names: list[str],
    actor: tuple[int, object] | None = None,
) -> str:
    """What happened in a round (or move), as the table's game tells it."""
    return table_after.game.round_text(table_before, table_after, events, names, actor)


def named_prompt(prompt: Prompt, names: list[str]) -> Prompt:
    """``prompt`` with the engine's "seat 2" turned into the players' names wherever a person
    reads it (text, button labels, select options): a Gods & Heroes target is a player, not a
    number. Labels are cut again to Discord's limits, names being up to 32 characters."""

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
