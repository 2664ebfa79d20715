"""The Hint button: the Hard AI's move for the asking seat and why (``engine.ai.hint``).

The table option defaults to on when a human plays beside an AI (any level) or when a seated
person is in their first games (``FIRST_GAMES``), off for other all-human tables and always off
in all-AI matches; the creator or an admin may switch it (``/wonders hints``). Every use is
appended to ``hint_uses`` and the final post says who used how many.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random

from bot.model.errors import NotAllowed, UserError
from bot.model.game import Table
from bot.model.ids import button_id
from bot.model.prompt import ButtonSpec, Prompt
from bot.store import Store
from engine.ai.hint import Hint, hint

__all__ = [
    "COACH",
    "FIRST_GAMES",
    "MODES",
    "OFF",
    "ON",
    "HintService",
    "default_hints",
    "hints_line",
]

OFF, ON, COACH = 0, 1, 2
MODES = {"off": OFF, "on": ON, "coach": COACH}
FIRST_GAMES = 3  # a person who finished fewer games than this is offered hints everywhere


async def default_hints(store: Store, table: Table) -> bool:
    """On for a table where a human plays beside an AI, or where someone seated had finished
    fewer than ``FIRST_GAMES`` games when it was created."""
    seats = table.record.seats
    humans = [s.user_id for s in seats if s.user_id is not None]
    if not humans:
        return False
    if any(s.is_ai for s in seats):
        return True
    for user_id in humans:
        if await store.games_before(user_id, table.id) < FIRST_GAMES:
            return True
    return False


class HintService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._options: dict[int, int | None] = {}
        self._defaults: dict[int, bool] = {}  # a running table's seats no longer change

    async def mode(self, table: Table) -> int:
        """0 off, 1 Hint button, 2 button and a coaching tip in every prompt: the table's
        choice, else ``default_hints`` (fixed once the game runs)."""
        if table.all_ai():
            return OFF
        if table.id not in self._options:
            self._options[table.id] = await self.store.hints_option(table.id)
        chosen = self._options[table.id]
        if chosen is not None:
            return chosen
        if table.id not in self._defaults:
            default = await default_hints(self.store, table)
            if table.status != "running":
                return ON if default else OFF
            self._defaults[table.id] = default
        return ON if self._defaults[table.id] else OFF

    async def enabled(self, table: Table) -> bool:
        return await self.mode(table) != OFF

    async def switch(self, table: Table, user_id: int, is_admin: bool, mode: str) -> str:
        if table.all_ai():
            raise UserError("Hints are always off in all-AI matches.")
        if not is_admin and table.record.creator_id != user_id:
            raise NotAllowed("Only the table's creator or an admin can switch hints.")
        await self.set_mode(table.id, MODES[mode])
        what = {"off": "off", "on": "on", "coach": "on, with a coaching tip in every prompt"}
        return f"Hints are {what[mode]} for game #{table.id}."

    async def set_mode(self, game_id: int, mode: int) -> None:
        await self.store.set_hints(game_id, mode)
        self._options[game_id] = mode

    async def decorate(self, table: Table, seat: int, prompt: Prompt) -> Prompt:
        """The prompt with a Hint button when the option is on and the seat must act, and in
        coaching mode a one-line tip on top (not counted as a hint used)."""
        mode = await self.mode(table)
        if seat not in table.to_act() or mode == OFF:
            return prompt
        buttons = [ButtonSpec("Hint", button_id("hint", table.id, table.version), "secondary")]
        text = prompt.text
        if mode == COACH:
            tip = await asyncio.to_thread(self._hint, table, seat)
            text = f"💡 Tip: {tip.text}\n{text}"
            # Switches the tips off for the table, for good (``coach_off``).
            buttons.append(ButtonSpec("Tips off", button_id("coachoff", table.id), "secondary"))
        return dataclasses.replace(prompt, text=text, buttons=(*prompt.buttons, *buttons))

    async def coach_off(self, table: Table, user_id: int, is_admin: bool) -> str:
        """ "Tips off" in a prompt: no more coaching tips, the Hint button stays (saved)."""
        if await self.mode(table) != COACH:
            return "Coaching tips are already off for this table."
        await self.switch(table, user_id, is_admin, "on")
        return "Coaching tips are off for this table; the **Hint** button stays."

    @staticmethod
    def _hint(table: Table, seat: int) -> Hint:
        view = table.view(seat)
        legal = table.legal_moves(seat)
        rng = random.Random(f"{table.record.seed}:{table.version}:{seat}:hint")
        found = hint(table.kind, view, legal, rng)
        return dataclasses.replace(found, text=table.game.hint_text(view, found))

    async def used(self, table: Table, names: list[str]) -> tuple[dict[int, int], str]:
        """Seat -> hints used in ``table``, and the "Ana used 3 hints" line ("" for none)."""
        counts = await self.store.hint_counts(table.id)
        return counts, hints_line(counts, names)

    async def ask(self, table: Table, seat: int) -> str:
        """The hint text for ``seat`` now, recorded in the append-only hint log."""
        if not await self.enabled(table):
            raise UserError("Hints are off for this table.")
        if seat not in table.to_act():
            raise UserError("It is not your turn: a hint is for the move you must make now.")
        found = await asyncio.to_thread(self._hint, table, seat)
        used = await self.store.record_hint(table.id, seat, table.version, str(found.move))
        return f"💡 **Hint** (what the Hard AI would play): {found.text}\n(Hints used: {used}.)"


def hints_line(counts: dict[int, int], names: list[str]) -> str:
    """ "Ana used 3 hints · Bo used 1 hint" for the final post ("" when nobody used one)."""
    parts = [
        f"{names[seat]} used {n} hint{'s' if n != 1 else ''}"
        for seat, n in sorted(counts.items())
        if seat < len(names)
    ]
    return " · ".join(parts)
