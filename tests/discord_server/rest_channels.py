"""Channel, message, thread and guild REST routes of the local server."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.discord_server.models import EPHEMERAL
from tests.discord_server.rest import json_response, read_body
from tests.discord_server.rest_threads import thread_routes

if TYPE_CHECKING:
    from tests.discord_server.server import LocalDiscord

__all__ = ["channel_routes"]


def channel_routes(server: LocalDiscord, app: web.Application, api: str) -> None:
    from tests.discord_server.server import RuleBroken

    def cid(request: web.Request) -> int:
        return int(request.match_info["cid"])

    async def get_channel(request: web.Request) -> web.Response:
        return json_response(server.channel(cid(request)).to_json())

    async def patch_channel(request: web.Request) -> web.Response:
        channel = server.channel(cid(request))
        body = await request.json()
        if "locked" in body:
            channel.locked = bool(body["locked"])
        if "archived" in body:
            server.set_archived(channel, bool(body["archived"]))
        if "name" in body:
            channel.name = str(body["name"])
        server.changed()
        return json_response(channel.to_json())

    async def list_messages(request: web.Request) -> web.Response:
        channel = server.channel(cid(request))
        limit = int(request.query.get("limit", "50"))
        found = list(reversed(channel.public()))[:limit]
        return json_response([m.to_json(server.base_url, channel.guild_id) for m in found])

    async def post_message(request: web.Request) -> web.Response:
        channel = server.channel(cid(request))
        payload, files = await read_body(request)
        if int(payload.get("flags") or 0) & EPHEMERAL:
            server.violate(
                "ephemeral-channel-message",
                "only interaction responses can be ephemeral; this one is public",
            )
            payload["flags"] = int(payload["flags"]) & ~EPHEMERAL
        message = server.create_message(
            channel, server.bot, payload, files, where=f"message in #{channel.name}"
        )
        return json_response(message.to_json(server.base_url, channel.guild_id))

    async def one_message(request: web.Request) -> web.StreamResponse:
        channel = server.channel(cid(request))
        message = server.get_message(channel.id, int(request.match_info["mid"]))
        if message.ephemeral:
            # Ephemeral messages exist only behind their interaction token.
            raise RuleBroken(404, 10008, "Unknown Message")
        if request.method != "GET" and message.author is not server.bot:
            raise RuleBroken(403, 50005, "Cannot edit a message authored by another user")
        if request.method == "DELETE":
            message.deleted = True
            server.changed()
            return web.Response(status=204)
        if request.method == "PATCH":
            server.check_edit_rate(channel)
            payload, files = await read_body(request)
            server.edit_message(message, payload, files, where=f"edit in #{channel.name}")
        return json_response(message.to_json(server.base_url, channel.guild_id))

    async def get_guild(request: web.Request) -> web.Response:
        guild = server.guilds.get(int(request.match_info["gid"]))
        if guild is None:
            raise RuleBroken(404, 10004, "Unknown Guild")
        return json_response(guild.to_json(server.bot))

    async def get_member(request: web.Request) -> web.Response:
        guild = server.guilds.get(int(request.match_info["gid"]))
        user_id = int(request.match_info["uid"])
        if guild is None or user_id not in guild.members:
            raise RuleBroken(404, 10007, "Unknown Member")
        return json_response(guild.members[user_id].member_json())

    async def typing(_: web.Request) -> web.Response:
        return web.Response(status=204)

    ch = api + "/channels/{cid}"
    r = app.router
    r.add_get(ch, get_channel)
    r.add_patch(ch, patch_channel)
    r.add_get(ch + "/messages", list_messages)
    r.add_post(ch + "/messages", post_message)
    for method in ("GET", "PATCH", "DELETE"):
        r.add_route(method, ch + "/messages/{mid}", one_message)
    r.add_post(ch + "/typing", typing)
    thread_routes(server, app, api)
    r.add_get(api + "/guilds/{gid}", get_guild)
    r.add_get(api + "/guilds/{gid}/members/{uid}", get_member)
