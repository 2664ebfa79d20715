"""Public texts of a table: seat names, what happened in a round, who must act.

Only public information goes in here: classic picks are described from the reveal's events,
never from a seat's pending pick.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from typing import Any

from bot.services.levels import level_name
from bot.services.tables import Table
from bot.store import Store
from engine import wording
from engine.common import Event

__all__ = [
    "AI_NAMES",
    "NameBook",
    "ROMAN",
    "ai_levels_text",
    "ai_name",
    "duel_sentence",
    "military_text",
    "name_seats",
    "round_text",
    "waiting_text",
]

ROMAN = {1: "I", 2: "II", 3: "III"}
# AI seats are named like players (one name per seat: a table has at most 7 seats).
AI_NAMES = ("Hypatia", "Archimedes", "Euclid", "Thales", "Sappho", "Pythagoras", "Aristarchus")

log = logging.getLogger(__name__)


class NameBook:
    """Display names of the players: learned from interactions (``remember``) and from the
    names the store keeps per seat (``sync``, on every table load), so posts name the players
    after a restart and for seats nobody clicked yet (an admin's match)."""

    def __init__(self) -> None:
        # (guild id, user id) -> name; a guild's key holds that server's nickname, the None key
        # the newest name seen anywhere (a fallback for callers that know no guild).
        self._names: dict[tuple[int | None, int], str] = {}

    def remember(self, user_id: int, name: str, guild_id: int | None = None) -> None:
        self._names[(guild_id, user_id)] = self._names[(None, user_id)] = name[:32]

    def get(self, user_id: int, guild_id: int | None = None) -> str | None:
        return self._names.get((guild_id, user_id)) or self._names.get((None, user_id))

    def changed(self, table: Table) -> dict[int, str]:
        """The human seats' names seen in this table's server that differ from the stored
        ones (user id -> name): what ``sync`` writes."""
        guild = table.record.guild_id
        found: dict[int, str] = {}
        for seat in table.record.seats:
            if seat.user_id is None:
                continue
            seen = self._names.get((guild, seat.user_id))
            if seen is not None and seen != seat.name:
                found[seat.user_id] = seen
        return found

    async def sync(self, store: Store, table: Table) -> None:
        """Store the names this process saw change (a write only then), and learn the stored
        names of players not seen since a restart (e.g. for the lobby's "Ana opened…")."""
        changed = self.changed(table)
        if changed:
            try:
                await store.set_seat_names(table.id, changed)
            except sqlite3.Error:  # a name is not worth failing a move for; retried next load
                log.warning("could not store names of game %s", table.id, exc_info=True)
        guild = table.record.guild_id
        for seat in table.record.seats:
            if seat.user_id is not None and seat.name:
                self._names.setdefault((guild, seat.user_id), seat.name)
                self._names.setdefault((None, seat.user_id), seat.name)

    def seat_names(self, table: Table) -> list[str]:
        """One short name per seat: a user's name, "Euclid (AI)", or "Player 2" when unknown."""
        guild = table.record.guild_id
        names: list[str] = []
        for seat in sorted(table.record.seats, key=lambda s: s.seat):
            user = table.seat_user(seat.seat)
            if user is None:
                names.append(ai_name(seat.seat))
            else:
                names.append(
                    self._names.get((guild, user))
                    or seat.name
                    or self.get(user)
                    or f"Player {seat.seat + 1}"
                )
        return names


def ai_name(seat: int) -> str:
    """The name an AI seat plays under, e.g. "Archimedes (AI)" for seat 1."""
    return f"{AI_NAMES[seat % len(AI_NAMES)]} (AI)"


_coins = wording.coins


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


def _event_text(e: Event, names: list[str]) -> str | None:
    d = e.data
    seat = d.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return e.text if e.visible_to is None and e.kind not in ("picked",) else None
    who, n = names[seat], len(names)
    paid = [
        f"paid {names[(seat - 1) % n]} {_coins(d['left'])}" if d.get("left") else "",
        f"paid {names[(seat + 1) % n]} {_coins(d['right'])}" if d.get("right") else "",
    ]
    trade = ", ".join(p for p in paid if p)
    tail = f" ({trade})" if trade else ""
    if e.kind == "build":
        how = {"free": " for free (Olympia)", "salvage": " from the discard pile"}
        return f"{who} built {d.get('card')}{how.get(str(d.get('action')), '')}{tail}"
    if e.kind == "wonder":
        return f"{who} built wonder stage {d.get('stage')}{tail}"
    if e.kind == "discard":
        return f"{who} discarded (+3 coins)"
    return None


def military_text(view: Any, age: int, names: list[str]) -> str:
    """Classic age-end conflicts, each fight once (``view``: public view after), e.g.
    "Ana beats Bo 3–1 (+3 / −1) · Bo and Cy tie on 1 shield"."""
    n, win = len(names), {1: 1, 2: 3, 3: 5}.get(age, 1)
    shields = [c.shields for c in view.cities]
    parts = []
    for a in range(n if n > 2 else 1):  # each seat fights its right neighbour: every pair once
        b = (a + 1) % n
        if shields[a] == shields[b]:
            parts.append(f"{names[a]} and {names[b]} tie on {wording.count(shields[a], 'shield')}")
            continue
        w, lose = (a, b) if shields[a] > shields[b] else (b, a)
        score = f"{shields[w]}–{shields[lose]}"
        parts.append(f"{names[w]} beats {names[lose]} {score} (+{win} / −1)")
    return " · ".join(parts)


def round_text(
    table_before: Table,
    table_after: Table,
    events: list[Event],
    names: list[str],
    actor: tuple[int, Any] | None = None,
) -> str:
    """What happened in a classic round (the reveal) or in one Duel move (``actor``: the
    seat and move just applied, described with the engine's ``describe_move``)."""
    before, after = table_before.state, table_after.state
    if table_after.kind != "classic":
        return _move_text(table_before, events, names, actor)
    said = [t for t in (_event_text(e, names) for e in events if e.visible_to is None) if t]
    head = f"**{wording.age_name(before.age)}, turn {before.turn}** — "
    text = head + (" · ".join(said) or "Nothing happened.")
    if after.age != before.age or table_after.outcome() is not None:
        fights = military_text(table_after.mod.view(after, None), before.age, names)
        text += f"\n**{wording.age_name(before.age)} conflicts:** {fights}"
    return text


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


def _move_text(
    table: Table, events: list[Event], names: list[str], actor: tuple[int, Any] | None
) -> str:
    """A Duel move: its public events ("Ana builds Glassworks (1 coin)"), or the engine's
    description of the move when it caused none."""
    said = [
        t
        for t in (duel_sentence(e, names) for e in events if e.visible_to is None)
        if t is not None
    ]
    if not said and actor is not None:
        seat, move = actor
        shown = table.mod.describe_move(table.mod.view(table.state, None), move)
        said.append(f"{names[seat]}: {name_seats(shown, names)}")
    return " · ".join(said[:10]) or "Nothing happened."


def waiting_text(table: Table, names: list[str]) -> str:
    """Who must act now, e.g. "Waiting for Bo, Cy."."""
    seats = sorted(table.to_act())
    if not seats:
        return ""
    return "Waiting for " + ", ".join(names[s] for s in seats) + "."
