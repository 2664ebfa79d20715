"""Persistent components: two ``DynamicItem`` templates route every click to the handlers.

Messages carry plain buttons/selects whose ``custom_id`` follows ``bot.model.ids``; the
templates below match them on any message, also after a restart (no state lives in a View).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.model.ids import BUTTON_RE, SELECT_RE, ComponentId, button_id, parse
from bot.model.prompt import ButtonSpec, Prompt, SelectSpec

__all__ = [
    "ComponentHandler",
    "WtButton",
    "WtSelect",
    "buttons_view",
    "lobby_view",
    "play_view",
    "prompt_view",
    "shows",
]

log = logging.getLogger(__name__)

ComponentHandler = Callable[[discord.Interaction, ComponentId, list[str]], Awaitable[None]]

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def picked_values(data: Mapping[str, object]) -> list[str]:
    """The values a select's click picked (its payload's list; none for a button)."""
    values = data.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


def shows(message: discord.Message | None, custom_id: str, component_type: object) -> bool:
    """Whether ``message`` shows a component of that type with that id (else the click's id
    was forged, or is foreign)."""
    if message is None:
        return False
    for row in message.components:
        for item in getattr(row, "children", (row,)):
            if getattr(item, "custom_id", None) == custom_id and item.type.value == component_type:
                return True
    return False


async def _route(interaction: discord.Interaction, values: list[str]) -> None:
    data: Mapping[str, object] = interaction.data or {}
    parsed = parse(str(data.get("custom_id", "")))
    handler: ComponentHandler | None = getattr(interaction.client, "component_handler", None)
    if parsed is not None and handler is not None:
        # Claimed before any await: the client's "unhandled click" fallback must never answer
        # a click a handler owns (that would be a second response, or call it invalid).
        claim: Callable[[int], None] | None = getattr(interaction.client, "claim", None)
        if claim is not None:
            claim(interaction.id)
        await handler(interaction, parsed, values)


class WtButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=re.compile(BUTTON_RE.pattern)
):
    """Every ``wt:…`` button."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WtButton:
        if not isinstance(item, discord.ui.Button):
            item = discord.ui.Button(custom_id=match.string)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, [])


class WtSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=re.compile(SELECT_RE.pattern)
):
    """Every ``ws:…`` select."""

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WtSelect:
        if not isinstance(item, discord.ui.Select):
            item = discord.ui.Select(custom_id=match.string)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, object] = interaction.data or {}
        await _route(interaction, picked_values(data))


def _button(spec: ButtonSpec, row: int) -> WtButton:
    return WtButton(
        discord.ui.Button(
            label=spec.label[:80],
            custom_id=spec.custom_id,
            style=_STYLES.get(spec.style, discord.ButtonStyle.secondary),
            disabled=spec.disabled,
            row=row,
        )
    )


def _select(spec: SelectSpec, row: int) -> WtSelect:
    options: list[discord.SelectOption] = []
    seen: set[str] = set()
    for o in spec.options:
        value = o.value[:100]
        if value in seen:  # Discord refuses the whole message; the same value is the same choice
            log.error("select %s repeats option value %r; dropped", spec.custom_id, value)
            continue
        seen.add(value)
        options.append(
            discord.SelectOption(
                label=o.label[:100],
                value=value,
                description=o.description[:100] or None,
                default=o.default,
            )
        )
    options = options[:25]
    return WtSelect(
        discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, options=options, row=row
        )
    )


def buttons_view(
    buttons: list[ButtonSpec] | tuple[ButtonSpec, ...], selects: tuple[SelectSpec, ...] = ()
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    row = 0
    for spec in selects:
        if spec.options:
            view.add_item(_select(spec, row))
            row += 1
    for index, button in enumerate(buttons[: 5 * (5 - row)]):
        view.add_item(_button(button, row + index // 5))
    return view


def prompt_view(prompt: Prompt) -> discord.ui.View:
    return buttons_view(prompt.buttons, prompt.selects)


def play_view(game_id: int, version: int, label: str = "Play your turn") -> discord.ui.View:
    return buttons_view([ButtonSpec(label, button_id("play", game_id, version), "primary")])


def lobby_view(game_id: int, challenge: bool = False) -> discord.ui.View:
    """Join / Leave / Add AI / Start / Cancel (``wt:<verb>:<game>``); a Duel challenge's
    Leave reads "Leave / Decline" (the challenged member's Leave declines)."""
    return buttons_view(
        [
            ButtonSpec("Join", button_id("join", game_id), "success"),
            ButtonSpec("Leave / Decline" if challenge else "Leave", button_id("leave", game_id)),
            ButtonSpec("Add AI", button_id("addai", game_id)),
            ButtonSpec("Start", button_id("start", game_id), "primary"),
            ButtonSpec("Cancel", button_id("cancel", game_id), "danger"),
        ]
    )
