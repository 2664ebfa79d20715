"""A seat's private prompt: opening the hand (``/wonders hand``, "Play your turn"), the prompt
each click of it leads to, and the answers when the game moved on or a move is on its way."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.exts.post import image_file
from bot.exts.views import buttons_view, prompt_view
from bot.hub import Hub
from bot.model.errors import NotAllowed
from bot.model.game import Table
from bot.model.ids import ComponentId, button_id
from bot.model.prompt import ButtonSpec, Prompt
from bot.presenters.hand import build_prompt
from bot.presenters.texts import named_prompt
from bot.rendering import drawable
from bot.services.change import can_change, change_button

__all__ = [
    "not_seated_text",
    "open_hand",
    "sending_view",
    "show_prompt",
    "stale",
    "step_of",
]


def sending_view(cid: ComponentId) -> discord.ui.View:
    """The prompt while its move is on the way: if the bot stops before the answer, this
    button still tells the player what became of the move (``_sent_check``)."""
    check = button_id("sent", cid.game_id, cid.version, cid.arg)
    return buttons_view([ButtonSpec("Check my move", check)])


def not_seated_text(hub: Hub, table: Table) -> str:
    """The refusal for someone who does not play ``table``, naming whose turn it is."""
    owners = [hub.games.seat_names(table)[s] for s in table.humans_to_act()]
    whose = f"This is {' and '.join(owners)}'s turn" if owners else "This is not your game"
    return f"{whose} — you are not playing in game #{table.id}."


def step_of(table: Table, seat: int, cid: ComponentId, values: list[str]) -> Prompt:
    """The prompt a click on ``cid`` (with select ``values``) leads to."""
    value = values[0] if values else None
    arg = cid.arg or ""
    if cid.verb == "card":
        return build_prompt(table, seat, card=value)
    if cid.verb == "act":
        act, _, name = arg.partition(":")
        return build_prompt(table, seat, card=name, action=act)
    if cid.verb == "pay":
        paid_card, paid_action = _card_of_payment(table, seat, value or "")
        return build_prompt(table, seat, card=paid_card, action=paid_action, move=value)
    if cid.verb == "wonder":  # Duel: which wonder to build with pyramid card ``arg``
        return build_prompt(table, seat, card=arg, action="wonder", move=value)
    if cid.verb == "move":
        return build_prompt(table, seat, page=_int(arg), move=value)
    if cid.verb == "pw":  # Gods & Heroes: the power's target
        return build_prompt(table, seat, action="power", move=value)
    if cid.verb == "pg":
        return build_prompt(table, seat, page=_int(arg))
    return build_prompt(table, seat)


def stale(game_id: int, version: int) -> tuple[str, discord.ui.View]:
    """ "The game has moved on" with a fresh button that opens the hand at ``version``."""
    return (
        "The game has moved on since this was shown — open your current hand:",
        buttons_view(
            [ButtonSpec("Play your turn", button_id("play", game_id, version), "primary")]
        ),
    )


def _int(text: str) -> int:
    return int(text) if text.isdigit() else 0


def _card_of_payment(table: Table, seat: int, move: str) -> tuple[str | None, str | None]:
    view = table.view(seat)
    for card in getattr(view, "hand_cards", []):
        for action, payments in (("build", card.build), ("wonder", card.wonder)):
            if any(p.move == move for p in payments):
                return card.name, action
    return None, None


async def open_hand(
    hub: Hub, interaction: discord.Interaction, game_id: int, version: int | None, head: str = ""
) -> None:
    """Fill a deferred ephemeral reply with the user's hand (image + components)."""
    table = await hub.games.table_in(interaction.guild_id, game_id)
    hub.games.require_running(table)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise NotAllowed(not_seated_text(hub, table))
    if version is not None and not hub.games.is_current(table, version):
        head = "The game has moved on since this button was posted — here is your current hand.\n"
    prompt: Prompt = await asyncio.to_thread(build_prompt, table, seat, head=head)
    if seat not in table.to_act():
        change = (change_button(table),) if await can_change(hub.games, table, seat) else ()
        prompt = Prompt(head + hub.games.not_to_act_text(table, seat), buttons=change)
    await show_prompt(hub, interaction, table, seat, prompt)


async def show_prompt(
    hub: Hub, interaction: discord.Interaction, table: Table, seat: int, prompt: Prompt
) -> None:
    """Fill a deferred reply with ``prompt`` (and the hand image of ``table``'s state)."""
    game_id = table.id
    names = hub.games.seat_names(table)
    prompt = named_prompt(await hub.hints.decorate(table, seat, prompt), names)
    kwargs: dict[str, Any] = {"content": prompt.text[:2000], "view": prompt_view(prompt)}
    if prompt.image:
        file = await image_file(
            table.kind,
            "hand",
            drawable(table.view(seat)),
            names,
            filename=f"hand-{game_id}.png",
        )
        # No image (renderer failed): drop an earlier one rather than show a stale board.
        kwargs["attachments"] = [file] if file is not None else []
    await interaction.edit_original_response(**kwargs)
