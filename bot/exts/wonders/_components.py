"""Click handlers, routed by the verb of the ``custom_id`` (formats in ``bot.model.ids``).

Every handler acknowledges at once: lobby buttons and moves with a deferred update or an
immediate message edit, "Play your turn" with an ephemeral "thinking" reply.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.exts.common import is_admin, remember
from bot.exts.errors import handle_error, say
from bot.exts.views import buttons_view, prompt_view
from bot.hub import Hub
from bot.model.errors import GameNotHere, NotAllowed, StaleVersion, UserError
from bot.model.game import Table
from bot.model.ids import NOT_OURS, ComponentId, IdTooLong, button_id
from bot.model.prompt import ButtonSpec
from bot.presenters.hand import build_prompt
from bot.services.change import (
    CHANGE,
    TooLate,
    as_change,
    base_cid,
    change_button,
    change_hand,
    change_pick,
    changeable,
)
from bot.services.games import PlayResult
from bot.services.replay import VERB as REPLAY_VERB

from ._hand import not_seated_text, open_hand, sending_view, show_prompt, stale, step_of
from ._lobby_clicks import lobby_click, start_click
from ._rematch import rematch_click
from ._replay import replay_verbs
from ._resign import cancel_resign, confirm_resign
from ._tutorial import tutorial_verbs

__all__ = ["Components"]

log = logging.getLogger(__name__)

# Seconds a prompt redraw may take before we acknowledge with a deferred update instead of
# one edit: small, so the ack never depends on event-loop lag or the engine's cost.
_FAST = 0.25
SENDING = "Sending your move…"
# Double-click guards kept (one per player and game; the oldest are dropped first).
_SENT_KEPT = 4096
# Verbs of private flows (hand prompts and their steps, change-pick, resign, tutorial pages):
# their handlers edit the clicked message, which must be the user's own ephemeral one. The
# same id on a public message (forged or replayed) gets a new private answer instead.
_HAND_FLOW = frozenset(
    {"hand", "act", "pg", "card", "pay", "move", "pw", "wonder", "sent", "coachoff", "cmv"}
    | {f"c{v}" for v in ("card", "act", "pay", "hand", "move", "pg")}
)
_PRIVATE = _HAND_FLOW | {"resign", "stay", "tut", "tutx", REPLAY_VERB}


class Components:
    """The bot's component handler (``WondersBot.route_components``): one entry point for
    every ``wt:``/``ws:`` component."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._verbs: dict[
            str, Callable[[discord.Interaction, ComponentId, list[str]], Awaitable[None]]
        ] = {
            "join": self._lobby,
            "leave": self._lobby,
            "addai": self._lobby,
            "cancel": self._lobby,
            "start": self._start,
            "resign": self._resign,
            "stay": self._resign,
            "play": self._play,
            "hand": self._step,
            "act": self._step,
            "pg": self._step,
            "card": self._step,
            "pay": self._step,
            "move": self._step,
            "pw": self._step,
            "wonder": self._step,
            "mv": self._move,
            "sent": self._sent_check,
            "hint": self._hint,
            "coachoff": self._coach_off,
            "rematch": self._rematch,
            **tutorial_verbs(hub),
            **replay_verbs(hub),
            # "Change my pick" (bot.services.change): the hand prompt's steps with a "c" verb
            CHANGE: self._change,
            "cmv": self._change_move,
            **{f"c{v}": self._change_step for v in ("card", "act", "pay", "hand", "move", "pg")},
        }
        # (game, user) -> (version, move) of the move button last sent or being sent: a second
        # click on it (a double click) must not replace the answer of the first.
        self._sent: dict[tuple[int, int], tuple[int | None, str | None]] = {}

    async def __call__(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        remember(self.hub, interaction)
        self.hub.community.notifier.seen(cid.game_id, interaction.user.id)
        handler = self._verbs.get(cid.verb)
        if cid.verb in _PRIVATE and _on_public_post(interaction):
            handler = self._privately
        try:
            if handler is None:
                raise UserError(NOT_OURS)
            await handler(interaction, cid, values)
        except IdTooLong:  # a forged id whose derived ids would not fit
            await say(interaction, NOT_OURS)
        except Exception as exc:  # the one error path: expected → sentence, else apology + log
            await handle_error(interaction, exc, cid.game_id)

    async def _privately(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """A private flow's id on a public message: a new ephemeral answer (the clicker's
        own hand, or why not), never an edit of the public message."""
        if cid.verb not in _HAND_FLOW:
            await interaction.response.send_message(NOT_OURS, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        head = "That button belongs to a private prompt; here is your own hand.\n"
        await open_hand(self.hub, interaction, cid.game_id, None, head=head)

    # -- lobby ---------------------------------------------------------------------------
    async def _lobby(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await lobby_click(self.hub, interaction, cid)

    async def _start(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await start_click(self.hub, interaction, cid)

    async def _resign(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """Confirm / Cancel of "Resign game #N?" (``_resign``)."""
        if cid.verb == "resign":
            await confirm_resign(self.hub, interaction, cid)
        else:
            await cancel_resign(interaction, cid)

    # -- a seat's prompt -----------------------------------------------------------------
    async def _play(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_hand(self.hub, interaction, cid.game_id, cid.version)

    async def _step(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """Select / Build… / Back / pages: redraw the prompt in place (no new image)."""
        await self._redraw(interaction, self._step_prompt(interaction, cid, values))

    async def _redraw(
        self, interaction: discord.Interaction, prompt: Awaitable[tuple[str, discord.ui.View]]
    ) -> None:
        build = asyncio.ensure_future(prompt)
        done, _ = await asyncio.wait({build}, timeout=_FAST)
        if done:
            text, view = build.result()
            await interaction.response.edit_message(content=text, view=view)
            return
        await interaction.response.defer()
        text, view = await build
        await interaction.edit_original_response(content=text, view=view)

    async def _step_prompt(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> tuple[str, discord.ui.View]:
        table = await self._here(interaction, cid)
        seat = self._seat(table, interaction.user.id)
        if not self.hub.games.is_current(table, cid.version):
            return stale(table.id, table.version)
        # Off the event loop: views and payment lists cost CPU, and other clicks wait for acks.
        prompt = await asyncio.to_thread(step_of, table, seat, cid, values)
        prompt = await self.hub.hints.decorate(table, seat, prompt)
        return prompt.text, prompt_view(prompt)

    async def _hint(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """Hint: a private answer beside the prompt (the prompt itself stays as it is)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._here(interaction, cid)
        seat = self._seat(table, interaction.user.id)
        if not self.hub.games.is_current(table, cid.version):
            raise UserError("The game has moved on: open your current hand for a fresh hint.")
        await say(interaction, await self.hub.hints.ask(table, seat))

    async def _coach_off(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """Tips off: the table's coaching tips stop (saved), and this prompt is redrawn
        without its tip."""
        await interaction.response.defer()
        table = await self._here(interaction, cid)
        self._seat(table, interaction.user.id)
        done = await self.hub.hints.coach_off(table, interaction.user.id, is_admin(interaction))
        await open_hand(self.hub, interaction, cid.game_id, None, head=f"{done}\n")

    async def _rematch(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await rematch_click(self.hub, interaction, cid)

    async def _here(self, interaction: discord.Interaction, cid: ComponentId) -> Table:
        """The clicked game, if it belongs to this server: a ``custom_id`` comes from the
        client and may name any game (checked after the ack: a read may wait for a write)."""
        return await self.hub.games.table_in(interaction.guild_id, cid.game_id)

    def _seat(self, table: Table, user_id: int) -> int:
        self.hub.games.require_running(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAllowed(f"This is not your seat — you are not playing in game #{table.id}.")
        return seat

    async def _move(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """Confirm / a one-payment action: apply the move, then post what it caused."""
        send = self._public_move if _on_public_post(interaction) else self._send_move
        await self._once(interaction, cid, send)

    async def _once(
        self,
        interaction: discord.Interaction,
        cid: ComponentId,
        send: Callable[[discord.Interaction, ComponentId], Awaitable[bool]],
    ) -> None:
        """``send`` the clicked move unless this user's last click sent the same one."""
        key, sent = (cid.game_id, interaction.user.id), (cid.version, f"{cid.verb}:{cid.arg}")
        # Checked and set before any await: no race. The same button of an older prompt after
        # the round moved on is no double click: ``send`` says the game moved on.
        if self._sent.get(key) == sent and not self._moved_on(cid):
            await interaction.response.send_message(
                "You already sent this move; its answer is just above.", ephemeral=True
            )
            return
        self._sent.pop(key, None)  # re-inserted last: the oldest entries go first
        if len(self._sent) >= _SENT_KEPT:
            del self._sent[next(iter(self._sent))]
        self._sent[key] = sent
        applied = False
        try:
            applied = await send(interaction, cid)
        finally:
            if not applied and self._sent.get(key) == sent:  # the same click may be retried
                del self._sent[key]

    def _moved_on(self, cid: ComponentId) -> bool:
        """The game's cached table (no await) is past the round ``cid`` was built in."""
        table = self.hub.games.cache.peek(cid.game_id)
        return table is not None and not self.hub.games.is_current(table, cid.version)

    async def _play_move(
        self, interaction: discord.Interaction, cid: ComponentId
    ) -> PlayResult | None:
        """Apply the clicked move; None when the game moved on (the answer then says so and
        shows the current hand in its place)."""
        try:
            return await self.hub.games.play(
                cid.game_id, interaction.user.id, cid.arg or "", cid.version, interaction.guild_id
            )
        except StaleVersion:
            await open_hand(self.hub, interaction, cid.game_id, cid.version)
            return None

    async def _send_move(self, interaction: discord.Interaction, cid: ComponentId) -> bool:
        """Whether the move was applied (else the prompt says why)."""
        await interaction.response.edit_message(content=SENDING, view=sending_view(cid))
        try:  # the move checks the server on the table it loads (one load per click)
            result = await self._play_move(interaction, cid)
        except GameNotHere as exc:  # a forged or foreign game id: no button to retry with
            await interaction.edit_original_response(content=str(exc), view=None)
            return False
        except UserError as exc:
            await interaction.edit_original_response(
                content=str(exc),
                view=buttons_view(
                    [
                        ButtonSpec(
                            "Play your turn", button_id("play", cid.game_id, cid.version), "primary"
                        )
                    ]
                ),
            )
            return False
        if result is None:
            return False
        again = result.table.game.acts_again(result.table, result.seat)
        if not again:
            view = (
                buttons_view([change_button(result.table)])
                if changeable(result.table, result.seat)
                else None  # drops the "Check my move" button of the sending state
            )
            await interaction.edit_original_response(content=result.text, view=view)
        self.hub.community.moved(cid.game_id, interaction.user.id)
        for report in result.reports:
            await self.hub.poster.report(report)
        # Duel "play again", the Free City's card (or a choice the move caused): the next
        # prompt at once.
        if again:
            await open_hand(self.hub, interaction, cid.game_id, None, head=result.text + "\n")
        self.hub.driver.after_move(result.table)
        return True

    async def _public_move(self, interaction: discord.Interaction, cid: ComponentId) -> bool:
        """A move button on a public post (the Duel draft's wonders): the post stays as it is;
        the clicker alone hears the outcome, and the next public post shows what follows.

        Acknowledged with a private "Sending your move…" that carries "Check my move" (not a
        "thinking…" reply): if the bot stops before answering, that button still works after
        the restart and tells the player whether their pick was saved (``_sent_check``)."""
        await interaction.response.send_message(SENDING, view=sending_view(cid), ephemeral=True)
        try:
            table = await self._here(interaction, cid)
            if table.status == "running" and table.seat_of(interaction.user.id) is None:
                raise NotAllowed(not_seated_text(self.hub, table))
            result = await self._play_move(interaction, cid)
        except UserError as exc:  # answered in place of "Sending your move…"
            await interaction.edit_original_response(content=str(exc), view=None)
            return False
        if result is None:
            return False
        again = result.table.status == "running" and result.seat in result.table.to_act()
        more = " Your next choice is in the new post below." if again else ""
        await interaction.edit_original_response(content=result.text + more, view=None)
        for report in result.reports:
            await self.hub.poster.report(report)
        self.hub.driver.kick(cid.game_id)
        return True

    async def _sent_check(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """ "Check my move" on a prompt left at "Sending your move…" (the bot stopped before
        confirming): say whether the move was saved, and reopen the current hand in place."""
        await interaction.response.defer()
        table = await self._here(interaction, cid)
        seat = self._seat(table, interaction.user.id)
        if await self.hub.games.was_saved(table.id, seat, cid.version or 0, cid.arg or ""):
            head = "✅ Your move was saved.\n"
        else:
            head = "Your move was not saved (the bot restarted before it could) — choose again.\n"
        await open_hand(self.hub, interaction, cid.game_id, None, head=head)

    # -- "Change my pick" ----------------------------------------------------------------
    async def _change(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        """Reopen the user's hand as it was at the round's start, to pick again."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._here(interaction, cid)
        try:
            table, seat, head = await change_hand(
                self.hub.games, cid.game_id, interaction.user.id, cid.version
            )
        except TooLate as exc:  # the round was revealed: a way to the current turn
            play = button_id("play", cid.game_id, None)
            view = buttons_view([ButtonSpec("Play your turn", play, "primary")])
            await interaction.edit_original_response(content=str(exc), view=view)
            return
        prompt = await asyncio.to_thread(build_prompt, table, seat, head=head)
        await show_prompt(self.hub, interaction, table, seat, as_change(prompt))

    async def _change_step(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await self._redraw(interaction, self._change_prompt(interaction, cid, values))

    async def _change_prompt(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> tuple[str, discord.ui.View]:
        await self._here(interaction, cid)
        table, seat, _ = await change_hand(
            self.hub.games, cid.game_id, interaction.user.id, cid.version
        )
        prompt = await asyncio.to_thread(step_of, table, seat, base_cid(cid), values)
        return prompt.text, prompt_view(as_change(prompt))

    async def _change_move(
        self, interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await self._once(interaction, cid, self._send_change)

    async def _send_change(self, interaction: discord.Interaction, cid: ComponentId) -> bool:
        """Confirm in a change prompt: the new pick replaces the old one."""
        await interaction.response.edit_message(content=SENDING, view=sending_view(cid))
        await self._here(interaction, cid)
        try:
            result = await change_pick(
                self.hub.games, cid.game_id, interaction.user.id, cid.arg or "", cid.version
            )
        except StaleVersion as exc:
            fresh = await self.hub.games.table(exc.game_id)  # a refusal: read the newest
            text, view = stale(fresh.id, fresh.version)
            await interaction.edit_original_response(content=text, view=view)
            return False
        except UserError as exc:
            await interaction.edit_original_response(content=str(exc), view=None)
            return False
        await interaction.edit_original_response(
            content=result.text, view=buttons_view([change_button(result.table)])
        )
        return True


def _on_public_post(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and not message.flags.ephemeral
