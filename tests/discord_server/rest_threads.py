"""Thread and DM routes of the local server: creating threads (from a message or
standalone), thread membership, and the bot's DM channels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.discord_server.models import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    Message,
    snowflakes,
)
from tests.discord_server.rest import json_response

if TYPE_CHECKING:
    from tests.discord_server.models import Channel
    from tests.discord_server.server import LocalDiscord

__all__ = ["thread_routes"]

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # minutes Discord accepts


def thread_routes(server: LocalDiscord, app: web.Application, api: str) -> None:
    from tests.discord_server.server import RuleBroken

    async def create_thread(request: web.Request) -> web.Response:
        parent = server.channel(int(request.match_info["cid"]))
        body = await request.json()
        starter = None
        if "mid" in request.match_info:
            starter = server.get_message(parent.id, int(request.match_info["mid"]))
        thread = _new_thread(server, parent, body, starter)
        data = thread.to_json()
        data["newly_created"] = True
        await server.dispatch_event(thread.guild_id, "THREAD_CREATE", data)
        server.changed()
        return json_response(thread.to_json(), 201)

    async def thread_member(request: web.Request) -> web.Response:
        thread = server.channel(int(request.match_info["cid"]))
        if not thread.is_thread:
            raise RuleBroken(400, 50024, "Cannot execute action on this channel type")
        uid = request.match_info["uid"]
        user_id = server.bot.id if uid == "@me" else int(uid)
        if user_id != server.bot.id and user_id not in server.guilds[thread.guild_id].members:
            raise RuleBroken(404, 10007, "Unknown Member")
        if thread.archived:
            raise RuleBroken(400, 50083, "Thread is archived")
        if request.method == "PUT":
            thread.thread_members.add(user_id)
        else:
            thread.thread_members.discard(user_id)
        server.changed()
        return web.Response(status=204)

    async def open_dm(request: web.Request) -> web.Response:
        body = await request.json()
        user = server.member(int(body.get("recipient_id") or 0))
        return json_response(server.dm_channel(user).to_json())

    ch = api + "/channels/{cid}"
    r = app.router
    r.add_post(ch + "/threads", create_thread)
    r.add_post(ch + "/messages/{mid}/threads", create_thread)
    r.add_route("PUT", ch + "/thread-members/{uid}", thread_member)
    r.add_route("DELETE", ch + "/thread-members/{uid}", thread_member)
    r.add_post(api + "/users/@me/channels", open_dm)


def _new_thread(
    server: LocalDiscord, parent: Channel, body: dict[str, Any], starter: Message | None
) -> Channel:
    """Discord's checks, then the thread: a thread started from a message is public and takes
    the message's id; a standalone one is private unless ``type`` says 11, and a public one
    leaves a "started a thread" system message in the parent."""
    from tests.discord_server.server import RuleBroken

    if parent.is_thread or parent.recipient is not None:
        raise RuleBroken(400, 50024, "Cannot execute action on this channel type")
    kind = 11 if starter is not None else int(body.get("type") or 12)
    needed = CREATE_PUBLIC_THREADS if kind == 11 else CREATE_PRIVATE_THREADS
    if not server.guilds[parent.guild_id].bot_permissions & needed:
        raise RuleBroken(403, 50013, "Missing Permissions")
    name = str(body.get("name") or "")
    duration = int(body.get("auto_archive_duration") or 4320)
    if not 1 <= len(name) <= 100 or duration not in ARCHIVE_DURATIONS:
        server.violate("thread-limits", f"thread name {name!r} / auto-archive {duration}")
        raise RuleBroken(400, 50035, "Invalid Form Body")
    if starter is not None and starter.thread_id is not None:
        raise RuleBroken(400, 160004, "A thread has already been created for this message")
    guild = server.guilds[parent.guild_id]
    thread = server.add_channel(
        guild,
        name,
        type=kind,
        parent_id=parent.id,
        channel_id=starter.id if starter is not None else None,
    )
    thread.auto_archive_minutes = duration
    thread.invitable = kind == 11 or bool(body.get("invitable", True))
    thread.thread_members.add(server.bot.id)
    if starter is not None:
        starter.thread_id = thread.id
    elif kind == 11:
        notice = Message(next(snowflakes), parent.id, server.bot, content=name, type=18)
        parent.messages.append(notice)
        server.messages[notice.id] = notice
    return thread
