"""``LocalDiscord``: the in-memory Discord-compatible server (HTTP + gateway on 127.0.0.1).

Its world (clock, guilds, channels, members) is in ``world.py``, the message rules in
``messaging.py``; this module holds its life cycle, waiting, violations and interactions."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from tests.discord_server.errors import RateLimited, RuleBroken
from tests.discord_server.gateway import GatewaySession, gateway_handler
from tests.discord_server.messaging import EDIT_LIMIT, EDIT_WINDOW, Messaging
from tests.discord_server.models import (
    Channel,
    Guild,
    Member,
    Message,
    Violation,
    snowflakes,
)
from tests.discord_server.rest import build_routes
from tests.discord_server.world import World

__all__ = [
    "EDIT_LIMIT",
    "EDIT_WINDOW",
    "Interaction",
    "LocalDiscord",
    "RateLimited",
    "RuleBroken",
]

T = TypeVar("T")


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


class LocalDiscord(World, Messaging):
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

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
