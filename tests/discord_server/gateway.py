"""The WebSocket gateway: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, dispatches."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.discord_server.server import LocalDiscord

__all__ = ["GatewaySession", "gateway_handler"]

log = logging.getLogger(__name__)


@dataclass
class GatewaySession:
    ws: web.WebSocketResponse
    shard_id: int = 0
    shard_count: int = 1
    seq: int = 0
    ready: bool = False
    heartbeats: list[float] = field(default_factory=list)  # arrival times (monotonic)

    def heartbeat_lags(self, interval: float) -> list[float]:
        """How late each heartbeat arrived after the previous one: the client's loop lag."""
        beats = self.heartbeats
        return [max(0.0, b - a - interval) for a, b in zip(beats, beats[1:], strict=False)]

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.shard_count == self.shard_id

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))


async def gateway_handler(server: LocalDiscord, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
    await ws.prepare(request)
    session = GatewaySession(ws)
    interval_ms = int(server.heartbeat_interval * 1000)
    await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": interval_ms}}))
    try:
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            await _handle(server, session, json.loads(msg.data))
    finally:
        session.ready = False
        if session in server.sessions:
            server.sessions.remove(session)
        server.changed()
    return ws


async def _handle(server: LocalDiscord, session: GatewaySession, msg: dict[str, Any]) -> None:
    op = msg.get("op")
    if op == 1:
        session.heartbeats.append(time.monotonic())
        await session.ws.send_str(json.dumps({"op": 11}))
    elif op == 2:
        await _identify(server, session, msg["d"])
    elif op == 6:
        await _resume(server, session, msg["d"])
    # op 3 presence, op 8 member requests and others are ignored.


async def _identify(server: LocalDiscord, session: GatewaySession, data: dict[str, Any]) -> None:
    if data.get("token") != server.token:
        await session.ws.close(code=4004, message=b"Authentication failed.")
        return
    shard = data.get("shard") or [0, 1]
    session.shard_id, session.shard_count = int(shard[0]), int(shard[1])
    guilds = [g for g in server.guilds.values() if session.owns(g.id)]
    ready: dict[str, Any] = {
        "v": 10,
        "user": server.bot.user_json(),
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": _remember(server, session),
        "resume_gateway_url": server.gateway_url,
        "application": {"id": str(server.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
    }
    if data.get("shard") is not None:
        ready["shard"] = [session.shard_id, session.shard_count]
    await session.dispatch("READY", ready)
    for guild in guilds:
        await session.dispatch("GUILD_CREATE", guild.to_json(server.bot))
    session.ready = True
    server.sessions.append(session)
    server.identifies += 1
    server.changed()


def _remember(server: LocalDiscord, session: GatewaySession) -> str:
    session_id = f"session-{len(server.resumable) + 1}"
    server.resumable[session_id] = (session.shard_id, session.shard_count)
    return session_id


async def _resume(server: LocalDiscord, session: GatewaySession, data: dict[str, Any]) -> None:
    """Resume a known session (events sent while disconnected are not replayed: the server
    only dispatches to live connections); unknown sessions get op 9 → a fresh IDENTIFY."""
    known = server.resumable.get(str(data.get("session_id")))
    if known is None or data.get("token") != server.token:
        await session.ws.send_str(json.dumps({"op": 9, "d": False}))
        return
    session.shard_id, session.shard_count = known
    session.seq = int(data.get("seq") or 0)
    await session.dispatch("RESUMED", {})
    session.ready = True
    server.sessions.append(session)
    server.resumes += 1
    server.changed()
