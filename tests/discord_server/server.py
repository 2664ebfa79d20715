"""``LocalDiscord``: the in-memory Discord-compatible server (HTTP + gateway on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from tests.discord_server.gateway import GatewaySession, gateway_handler
from tests.discord_server.models import (
    EPHEMERAL,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Guild,
    Member,
    Message,
    StoredFile,
    Violation,
    pinged,
    snowflakes,
)
from tests.discord_server.rest import build_routes
from tests.discord_server.rules import check_message

__all__ = ["Interaction", "LocalDiscord", "RateLimited", "RuleBroken"]

T = TypeVar("T")


class RuleBroken(Exception):
    """A request broke a Discord rule: answered with Discord's error JSON."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class RateLimited(Exception):
    """A 429: the client must wait ``retry_after`` seconds (discord.py does, then retries)."""

    def __init__(self, retry_after: float, bucket: str) -> None:
        super().__init__(f"rate limited for {retry_after:.2f} s")
        self.retry_after, self.bucket = retry_after, bucket


# Message edits: Discord's bucket for PATCH /channels/{id}/messages/{mid} is per channel;
# 5 edits per 5 seconds is what bots observe.
EDIT_LIMIT = 5
EDIT_WINDOW = 5.0


@dataclass
class Interaction:
    """One interaction the driver sent and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: Member
    channel: Channel
    created: float
    message: Message | None = None  # the message whose component was used
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    ack_time: float | None = None
    what: str = ""  # "/command name" or the component's custom_id (for reports)
    edits_before: int = 0  # edits of ``message`` when the component was used

    @property
    def acked(self) -> bool:
        return self.response_type is not None

    def replies(self) -> list[Message]:
        """Original response (when it is not the clicked message) then follow-ups."""
        first = [self.original] if self.original and self.original is not self.message else []
        return [m for m in first + self.followups if not m.deleted]

    def text(self) -> str:
        return "\n".join(m.text() for m in self.replies() if not m.loading)


class LocalDiscord:
    """``await server.start()``, then point discord.py at ``api_base`` and ``gateway_url``."""

    def __init__(
        self,
        *,
        token: str = "local-test-token",
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        heartbeat_interval: float = 41.25,
    ) -> None:
        self.token = token
        self.ack_deadline = ack_deadline
        self.token_lifetime = token_lifetime
        self.heartbeat_interval = heartbeat_interval
        self.application_id = next(snowflakes)
        self.bot = Member(self.application_id, "Wonders Table", bot=True)
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.sessions: list[GatewaySession] = []
        self.violations: list[Violation] = []
        self.unknown_routes: list[str] = []
        self.identifies = 0
        self.resumes = 0
        self.resumable: dict[str, tuple[int, int]] = {}
        self.clock_offset = 0.0
        self.dm_channels: dict[int, Channel] = {}  # user id → the bot's DM channel with them
        self.edit_times: dict[int, list[float]] = {}  # channel id → recent edit times
        self.rate_limited: list[str] = []  # one entry per 429 answered (bucket name)
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._event = asyncio.Event()
        self._timers: list[asyncio.TimerHandle] = []
        self._tasks: set[asyncio.Task[None]] = set()

    # -- life cycle -----------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> LocalDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)

        async def gateway(request: web.Request) -> web.WebSocketResponse:
            return await gateway_handler(self, request)

        app.router.add_get("/gateway", gateway)
        build_routes(self, app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        return self

    async def stop(self) -> None:
        for timer in self._timers:
            timer.cancel()
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def now(self) -> float:
        return time.monotonic() + self.clock_offset

    def advance(self, seconds: float) -> None:
        """Move the server's clock forward (the 15-minute token lifetime, thread
        auto-archiving)."""
        self.clock_offset += seconds
        self.archive_idle_threads()

    def archive_idle_threads(self) -> None:
        """Discord archives a thread once nobody posted in it for its auto-archive duration."""
        for channel in list(self.channels.values()):
            idle = self.now() - channel.last_activity
            if (
                channel.is_thread
                and not channel.archived
                and idle >= channel.auto_archive_minutes * 60
            ):
                self.set_archived(channel, True)

    def set_archived(self, thread: Channel, archived: bool) -> None:
        thread.archived = archived
        self._spawn(self.dispatch_event(thread.guild_id, "THREAD_UPDATE", thread.to_json()))
        self.changed()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- world building ---------------------------------------------------------------------
    def guild(self, name: str = "Test Server", channels: tuple[str, ...] = ("general",)) -> Guild:
        guild = Guild(next(snowflakes), name, owner_id=0)
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self.add_channel(guild, channel_name)
        return guild

    def add_channel(
        self,
        guild: Guild,
        name: str,
        *,
        type: int = 0,
        parent_id: int | None = None,
        channel_id: int | None = None,
    ) -> Channel:
        channel = Channel(
            channel_id or next(snowflakes), guild.id, name, type=type, parent_id=parent_id
        )
        channel.last_activity = self.now()
        if parent_id is not None:
            self.channels[parent_id].threads.append(channel)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        if self.sessions and parent_id is None:
            # A connected bot learns about channels created after its GUILD_CREATE.
            self._spawn(self.dispatch_event(guild.id, "CHANNEL_CREATE", channel.to_json()))
        return channel

    def threads_of(self, channel: Channel) -> list[Channel]:
        """The threads started in ``channel`` (oldest first)."""
        return list(channel.threads)

    def dm_channel(self, user: Member) -> Channel:
        """The bot's DM channel with ``user`` (created on first use, like Discord)."""
        if user.id not in self.dm_channels:
            channel = Channel(next(snowflakes), 0, f"dm-{user.name}", type=1)
            channel.recipient = user
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return self.dm_channels[user.id]

    def default_guild(self) -> Guild:
        return next(iter(self.guilds.values())) if self.guilds else self.guild()

    def user(
        self,
        name: str,
        *,
        admin: bool = False,
        guild: Guild | None = None,
        channel: Channel | None = None,
    ) -> Any:
        from tests.discord_server.driver import UserDriver

        guild = guild or self.default_guild()
        member = Member(next(snowflakes), name, admin=admin)
        guild.members[member.id] = member
        return UserDriver(self, member, guild, channel or guild.channels[0])

    def member(self, user_id: int) -> Member:
        if user_id == self.bot.id:
            return self.bot
        for guild in self.guilds.values():
            if user_id in guild.members:
                return guild.members[user_id]
        raise RuleBroken(404, 10013, "Unknown User")

    # -- waiting ----------------------------------------------------------------------------
    def changed(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 10.0) -> T:
        """Return the first truthy ``predicate()`` value, re-checked after every state change."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"condition not met within {timeout} s")
            event = self._event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(left, 0.5))

    async def reply(self, inter: Interaction, timeout: float = 10.0) -> Message:
        """The first finished answer to ``inter``: a non-loading reply, or the clicked message
        once an update response (type 7) edited it."""

        def done() -> Message | None:
            if inter.response_type == 7 and inter.message is not None:
                return inter.message
            answer = next((m for m in inter.replies() if not m.loading), None)
            if (
                answer is None
                and inter.response_type == 6
                and inter.message is not None
                and inter.message.edits > inter.edits_before
            ):
                return inter.message  # a deferred update, then an edit of the clicked message
            return answer

        return await self.wait_for(done, timeout)

    def public_messages(self, channel: Channel) -> list[Message]:
        return channel.public()

    async def wait_until_ready(self, timeout: float = 20.0, identifies: int = 1) -> None:
        await self.wait_for(lambda: self.identifies >= identifies and self.sessions, timeout)

    # -- violations -------------------------------------------------------------------------
    def violate(self, rule: str, detail: str) -> None:
        self.violations.append(Violation(rule, detail))
        self.changed()

    def take_violations(self) -> list[Violation]:
        found, self.violations = self.violations, []
        return found

    # -- messages ---------------------------------------------------------------------------
    def channel(self, channel_id: int) -> Channel:
        if channel_id not in self.channels:
            raise RuleBroken(404, 10003, "Unknown Channel")
        return self.channels[channel_id]

    def get_message(self, channel_id: int, message_id: int) -> Message:
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id or message.deleted:
            raise RuleBroken(404, 10008, "Unknown Message")
        return message

    def validate(self, where: str, payload: dict[str, Any], files: list[StoredFile]) -> None:
        errors = check_message(payload, [(f.filename, f.data) for f in files])
        if errors:
            for error in errors:
                self.violate("message-limits", f"{where}: {error}")
            raise RuleBroken(400, 50035, "Invalid Form Body: " + "; ".join(errors))

    def create_message(
        self,
        channel: Channel,
        author: Member,
        payload: dict[str, Any],
        files: list[StoredFile],
        *,
        where: str,
        visible_to: int | None = None,
        webhook: bool = False,
    ) -> Message:
        self.validate(where, payload, files)
        self.check_can_post(channel, author)
        flags = int(payload.get("flags") or 0)
        message = Message(
            next(snowflakes),
            channel.id,
            author,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=list(files),
            flags=flags,
            visible_to=visible_to if flags & EPHEMERAL else None,
            webhook_id=self.application_id if webhook else None,
            mentions=pinged(payload.get("content") or "", payload.get("allowed_mentions")),
        )
        channel.messages.append(message)
        channel.last_activity = self.now()
        self.messages[message.id] = message
        self.changed()
        return message

    def check_can_post(self, channel: Channel, author: Member) -> None:
        """Discord's refusals for a new message; a post to an archived thread unarchives it."""
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise RuleBroken(403, 50007, "Cannot send messages to this user")
        if not channel.is_thread:
            return
        guild = self.guilds[channel.guild_id]
        if author is self.bot and not guild.bot_permissions & SEND_MESSAGES_IN_THREADS:
            raise RuleBroken(403, 50013, "Missing Permissions")
        if channel.archived:
            if channel.locked:
                raise RuleBroken(400, 50083, "Thread is archived")
            self.set_archived(channel, False)

    def check_edit_rate(self, channel: Channel) -> None:
        """429 past ``EDIT_LIMIT`` edits per ``EDIT_WINDOW`` seconds in one channel."""
        now = self.now()
        recent = [t for t in self.edit_times.get(channel.id, []) if now - t < EDIT_WINDOW]
        if len(recent) >= EDIT_LIMIT:
            self.edit_times[channel.id] = recent
            self.rate_limited.append(f"edit #{channel.name}")
            raise RateLimited(EDIT_WINDOW - (now - recent[0]), f"edit-{channel.id}")
        self.edit_times[channel.id] = [*recent, now]

    def edit_message(
        self, message: Message, payload: dict[str, Any], files: list[StoredFile], *, where: str
    ) -> Message:
        channel = self.channels.get(message.channel_id)
        if channel is not None and channel.archived:
            raise RuleBroken(400, 50083, "Thread is archived")
        merged: dict[str, Any] = {
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
        }
        merged.update({k: v for k, v in payload.items() if v is not None})
        if "attachments" in payload and payload["attachments"] is not None:
            keep = {int(a["id"]) for a in payload["attachments"] if "id" in a}
            kept = [a for a in message.attachments if a.id in keep]
        else:
            kept = list(message.attachments)
        self.validate(where, merged, kept + files)
        message.content = merged.get("content") or ""
        message.embeds = list(merged.get("embeds") or [])
        message.components = list(merged.get("components") or [])
        message.attachments = kept + files
        message.flags &= ~128  # an edited "thinking…" message is no longer loading
        message.edits += 1
        self.changed()
        return message

    # -- interactions -------------------------------------------------------------------------
    def interaction(self, token: str, *, for_webhook: bool = True) -> Interaction:
        found = self.interactions.get(token)
        if found is None:
            raise RuleBroken(404, 10015, "Unknown Webhook")
        if self.now() - found.created > self.token_lifetime:
            self.violate("token-expired", f"interaction {found.id} used after 15 minutes")
            raise RuleBroken(401, 50027, "Invalid Webhook Token")
        if for_webhook and not found.acked:
            self.violate("followup-before-ack", f"interaction {found.id} webhook before response")
            raise RuleBroken(404, 10015, "Unknown Webhook")
        return found

    def watch_ack(self, interaction: Interaction) -> None:
        def check() -> None:
            if not interaction.acked:
                self.violate(
                    "no-ack",
                    f"interaction {interaction.id} not answered within "
                    f"{self.ack_deadline} s (the user sees 'This interaction failed')",
                )

        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(self.ack_deadline, check))

    async def dispatch_interaction(self, interaction: Interaction, data: dict[str, Any]) -> None:
        guild_id = interaction.channel.guild_id
        sessions = [s for s in self.sessions if s.ready and s.owns(guild_id)]
        if not sessions:
            raise RuntimeError("no bot connected to the gateway for this guild")
        self.interactions[interaction.token] = interaction
        interaction.created = self.now()
        self.watch_ack(interaction)
        await sessions[-1].dispatch("INTERACTION_CREATE", data)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connected client (they reconnect and RESUME)."""
        for session in list(self.sessions):
            await session.ws.send_str('{"op": 7, "d": null}')

    async def dispatch_event(self, guild_id: int, event: str, data: dict[str, Any]) -> None:
        for session in [s for s in self.sessions if s.ready and s.owns(guild_id)]:
            await session.dispatch(event, data)
