"""Posting to the table channel: board posts (drawn off the event loop), lobby edits, notices."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from typing import Any, Protocol

import discord

import render
from bot.exts.views import buttons_view
from bot.model.ids import button_id
from bot.model.prompt import ButtonSpec
from bot.presenters.fit import fit_post
from bot.presenters.reports import Report
from bot.rendering import renderer

__all__ = ["Poster", "image_file", "pinging", "with_pings"]

log = logging.getLogger(__name__)


def pinging(users: Iterable[int]) -> discord.AllowedMentions:
    """Only the players the bot itself mentions may be pinged: a ``<@id>`` inside a player's
    name (posts quote names) pings nobody."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in users]
    )


def with_pings(text: str, users: Iterable[int], size: int = 2000) -> str:
    """``text`` then the mentions, the text shortened (``fit_post``) so the mentions fit."""
    pings = " ".join(f"<@{u}>" for u in users)
    if not pings:
        return fit_post(text, size)
    return f"{fit_post(text, size - len(pings) - 1)}\n{pings}".strip()


async def image_file(
    kind: str,
    what: str,
    view: render.GameView,
    names: list[str] | tuple[str, ...],
    outcome: Any = None,  # engine.common.Outcome (exts do not import the engine)
    filename: str = "board.png",
    hints: dict[int, int] | None = None,  # seat -> hints used, for the score sheet
    ratings: dict[int, int] | None = None,  # seat -> rating change, for the score sheet
) -> discord.File | None:
    """Drawn off the event loop (``bot.rendering``); None if the renderer fails."""
    try:
        data = await renderer().png(what, kind, view, names, outcome, hints, ratings)
    except Exception:
        log.exception("rendering %s of a %s game failed", what, kind)
        return None
    return discord.File(io.BytesIO(data), filename=filename)


class PostLog(Protocol):
    """Where posts are remembered (the store: catch-up, lobby edits and tidying read it)."""

    async def record_message(
        self,
        game_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        *,
        version: int | None = None,
    ) -> object: ...


class Router(Protocol):
    """What the poster asks the community about each post (see ``Community``)."""

    async def prepare(self, report: Report) -> Report | None: ...

    async def posted(self, report: Report) -> None: ...

    async def route(
        self, game_id: int, channel_id: int, text: str, mentions: list[int], kind: str
    ) -> tuple[int, str, list[int]]: ...


class Poster:
    """Sends the public posts of games to their channels and remembers them in the store."""

    def __init__(self, client: discord.Client, store: PostLog) -> None:
        self.client = client
        self.store = store
        # Threads, the status message, who is pinged (bot.exts.wonders._community); set by
        # the composition root once both exist (the community posts through this poster).
        self.community: Router | None = None

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        found = self.client.get_channel(channel_id)
        if found is None:
            try:
                found = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is not reachable", channel_id)
                return None
        return found if isinstance(found, discord.abc.Messageable) else None

    async def report(self, report: Report) -> None:
        """A board post (and the score sheet at the end), with "Play your turn" if needed."""
        if self.community is not None:
            prepared = await self.community.prepare(report)
            if prepared is None:  # a Duel move held until the AI replied
                return
            report = prepared
        channel = await self.channel(report.channel_id)
        if channel is None:
            return
        files = await _report_files(report)
        text = with_pings(report.text, report.notified)
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": pinging(report.notified)}
        if report.wants_play_button:
            kwargs["view"] = _play_view(report)
        elif report.rematch:  # the result post: one click to play again (bot.services.rematch)
            kwargs["view"] = buttons_view(
                [ButtonSpec("Rematch", button_id("rematch", report.game_id), "success")]
            )
        try:
            message = await channel.send(text, **kwargs)
        except discord.HTTPException:
            log.exception("posting game %s version %s failed", report.game_id, report.version)
            return
        await self.store.record_message(
            report.game_id,
            "result" if report.final else "board",
            report.channel_id,
            message.id,
            version=report.version,
        )
        if self.community is not None:
            await self.community.posted(report)

    async def notice(
        self,
        channel_id: int,
        game_id: int,
        text: str,
        mentions: list[int],
        play_version: int | None = None,
        kind: str = "notice",
    ) -> None:
        """A short public message (reminder, timeout, resignation), optionally with Play."""
        if self.community is not None:
            channel_id, text, mentions = await self.community.route(
                game_id, channel_id, text, mentions, kind
            )
        channel = await self.channel(channel_id)
        if channel is None:
            return
        kwargs: dict[str, Any] = {"allowed_mentions": pinging(mentions)}
        if play_version is not None:
            kwargs["view"] = buttons_view(
                [ButtonSpec("Play your turn", button_id("play", game_id, play_version), "primary")]
            )
        try:
            message = await channel.send(with_pings(text, mentions), **kwargs)
        except discord.HTTPException:
            log.exception("posting a %s for game %s failed", kind, game_id)
            return
        await self.store.record_message(game_id, kind, channel_id, message.id)


async def _report_files(report: Report) -> list[discord.File]:
    """The board image of a report and, at the end, the score sheet (drawn off the loop)."""
    files = []
    if report.image:
        board = await image_file(
            report.kind,
            "board",
            report.view,
            report.names,
            filename=f"game{report.game_id}-v{report.version}.png",
        )
        if board is not None:
            files.append(board)
    if report.final and report.outcome is not None:
        sheet = await image_file(
            report.kind,
            "scores",
            report.view,
            report.names,
            report.outcome,
            f"game{report.game_id}-scores.png",
            dict(report.hints),
            dict(report.ratings),
        )
        if sheet is not None:
            files.append(sheet)
    return files


def _play_view(report: Report) -> discord.ui.View:
    """The draft's wonder buttons first; "Play your turn" still opens the private prompt."""
    return buttons_view(
        [
            *report.moves,
            ButtonSpec(
                "Play your turn", button_id("play", report.game_id, report.version), "primary"
            ),
        ]
    )
