"""REST routes of the local server (the subset a slash-command + components bot calls)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.discord_server.models import EPHEMERAL, LOADING, Message, StoredFile, snowflakes
from tests.discord_server.rules import check_autocomplete

if TYPE_CHECKING:
    from tests.discord_server.server import Interaction, LocalDiscord

__all__ = ["build_routes", "json_response", "read_body"]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py treats "...; charset=utf-8" as text.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[StoredFile]]:
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        payload = json.loads(str(form.get("payload_json") or "{}"))
        files = []
        for key, value in form.items():
            if key.startswith("files[") and isinstance(value, web.FileField):
                files.append(StoredFile(value.filename, value.file.read(), value.content_type))
        return payload, files
    raw = await request.read()
    return (json.loads(raw) if raw else {}), []


def _a(make: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> Handler:
    """aiohttp wants real coroutine functions as handlers, not lambdas."""

    async def handler(request: web.Request) -> web.StreamResponse:
        return await make(request)

    return handler


def build_routes(server: LocalDiscord, app: web.Application) -> None:
    from tests.discord_server.rest_channels import channel_routes
    from tests.discord_server.server import RateLimited, RuleBroken

    @web.middleware
    async def errors(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except RuleBroken as exc:
            return json_response({"code": exc.code, "message": exc.message}, exc.status)
        except RateLimited as exc:
            return _too_many(exc)
        except web.HTTPNotFound:
            server.unknown_routes.append(f"{request.method} {request.path}")
            return json_response({"code": 0, "message": "404: Not Found"}, 404)

    app.middlewares.append(errors)
    api = "/api/v10"
    r = app.router

    def add(method: str, path: str, make: Callable[[web.Request], Awaitable[Any]]) -> None:
        r.add_route(method, path, _a(make))

    add("GET", api + "/users/@me", lambda _: _ok(server.bot.user_json()))
    add(
        "GET",
        api + "/users/{uid}",
        lambda q: _ok(server.member(int(q.match_info["uid"])).user_json()),
    )
    add("GET", api + "/oauth2/applications/@me", lambda _: _ok(_app_info(server)))
    add("GET", api + "/applications/@me", lambda _: _ok(_app_info(server)))
    add("GET", api + "/gateway", lambda _: _ok({"url": server.gateway_url}))
    add(
        "GET",
        api + "/gateway/bot",
        lambda _: _ok(
            {
                "url": server.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        ),
    )
    cmds = api + "/applications/{app}/commands"
    gcmds = api + "/applications/{app}/guilds/{gid}/commands"
    add("PUT", cmds, lambda q: _sync(server, q, None))
    add("PUT", gcmds, lambda q: _sync(server, q, int(q.match_info["gid"])))
    add("GET", cmds, lambda _: _ok(server.global_commands))
    add("GET", gcmds, lambda q: _ok(server.guild_commands.get(int(q.match_info["gid"]), [])))
    add("POST", api + "/interactions/{iid}/{token}/callback", lambda q: _callback(server, q))
    hook = api + "/webhooks/{app}/{token}"
    add("POST", hook, lambda q: _followup(server, q))
    for method in ("GET", "PATCH", "DELETE"):
        add(method, hook + "/messages/{mid}", lambda q: _hook_message(server, q))
    add("GET", "/attachments/{aid}/{name}", lambda q: _attachment(server, q))
    channel_routes(server, app, api)


def _too_many(exc: Any) -> web.Response:
    """Discord's 429: JSON ``retry_after`` plus the X-RateLimit headers discord.py reads."""
    wait = round(max(exc.retry_after, 0.001), 3)
    body = {"message": "You are being rate limited.", "retry_after": wait, "global": False}
    headers = {
        "Content-Type": "application/json",
        "Retry-After": str(max(1, int(wait + 0.999))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset-After": str(wait),
        "X-RateLimit-Bucket": exc.bucket,
        "X-RateLimit-Scope": "user",
        # Discord's API answers carry Via; a 429 without it is Cloudflare banning the IP, and
        # discord.py raises instead of waiting.
        "Via": "1.1 google",
    }
    return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)


async def _ok(data: Any) -> web.Response:
    return json_response(data)


def _app_info(server: LocalDiscord) -> dict[str, Any]:
    return {
        "id": str(server.application_id),
        "name": server.bot.name,
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": server.bot.user_json(),
        "verify_key": "0" * 64,
        "flags": 0,
        "summary": "",
        "team": None,
        "bot": server.bot.user_json(),
    }


async def _sync(server: LocalDiscord, request: web.Request, guild_id: int | None) -> web.Response:
    body = await request.json()
    stored = []
    for command in body:
        command = dict(command)
        command.update(
            id=str(next(snowflakes)),
            application_id=str(server.application_id),
            version="1",
            type=command.get("type", 1),
        )
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        stored.append(command)
    if guild_id is None:
        server.global_commands = stored
    else:
        server.guild_commands[guild_id] = stored
    server.changed()
    return json_response(stored)


async def _callback(server: LocalDiscord, request: web.Request) -> web.Response:
    from tests.discord_server.server import RuleBroken

    inter = server.interaction(request.match_info["token"], for_webhook=False)
    payload, files = await read_body(request)
    if inter.acked:
        server.violate(
            "double-response",
            f"interaction {inter.id} ({inter.what}) answered "
            f"twice: type {inter.response_type} then type {payload.get('type')} "
            f"after {server.now() - inter.created:.2f} s",
        )
        raise RuleBroken(400, 40060, "Interaction has already been acknowledged.")
    if server.now() - inter.created > server.ack_deadline:
        server.violate(
            "late-ack",
            f"interaction {inter.id} answered after {server.now() - inter.created:.2f} s",
        )
        raise RuleBroken(404, 10062, "Unknown interaction")
    kind = int(payload.get("type", 0))
    data = payload.get("data") or {}
    resource = _respond(server, inter, kind, data, files)
    inter.response_type, inter.ack_time = kind, server.now() - inter.created
    server.changed()
    body: dict[str, Any] = {
        "interaction": {
            "id": str(inter.id),
            "type": inter.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(inter.original and inter.original.ephemeral),
        }
    }
    if resource is not None:
        body["interaction"]["response_message_id"] = str(resource.id)
        body["resource"] = {
            "type": kind,
            "message": resource.to_json(server.base_url, inter.channel.guild_id),
        }
    return json_response(body)


def _respond(
    server: LocalDiscord,
    inter: Interaction,
    kind: int,
    data: dict[str, Any],
    files: list[StoredFile],
) -> Message | None:
    from tests.discord_server.server import RuleBroken

    where = f"interaction {inter.id} response type {kind}"
    if kind == 4:
        inter.original = server.create_message(
            inter.channel,
            server.bot,
            data,
            files,
            where=where,
            visible_to=inter.user.id,
            webhook=True,
        )
        return inter.original
    if kind == 5:
        flags = int(data.get("flags") or 0) & EPHEMERAL | LOADING
        inter.original = server.create_message(
            inter.channel,
            server.bot,
            {"flags": flags},
            [],
            where=where,
            visible_to=inter.user.id,
            webhook=True,
        )
        return inter.original
    if kind in (6, 7):
        if inter.message is None:
            server.violate("bad-response-type", f"{where} needs a component interaction")
            raise RuleBroken(400, 40004, "Interaction response type not allowed")
        inter.original = inter.message
        if kind == 7:
            server.edit_message(inter.message, data, files, where=where)
        return inter.original if kind == 7 else None
    if kind == 8:
        choices = list(data.get("choices") or [])
        errors = check_autocomplete(choices)
        for error in errors:
            server.violate("autocomplete-limits", error)
        if errors:
            raise RuleBroken(400, 50035, "Invalid Form Body")
        inter.choices = choices
        return None
    if kind == 9:
        inter.modal = data
        return None
    raise RuleBroken(400, 50035, f"unknown interaction response type {kind}")


async def _followup(server: LocalDiscord, request: web.Request) -> web.Response:
    inter = server.interaction(request.match_info["token"])
    payload, files = await read_body(request)
    original = inter.original
    if original is not None and original.loading and not original.deleted:
        # Like Discord: the first follow-up after a "thinking…" deferral replaces that
        # message (keeping the deferral's ephemeral flag).
        server.edit_message(original, payload, files, where=f"follow-up of {inter.id}")
        return json_response(original.to_json(server.base_url, inter.channel.guild_id))
    message = server.create_message(
        inter.channel,
        server.bot,
        payload,
        files,
        where=f"follow-up of interaction {inter.id}",
        visible_to=inter.user.id,
        webhook=True,
    )
    inter.followups.append(message)
    return json_response(message.to_json(server.base_url, inter.channel.guild_id))


def _hook_target(server: LocalDiscord, inter: Interaction, mid: str) -> Message:
    from tests.discord_server.server import RuleBroken

    if mid == "@original":
        target = inter.original
    else:
        target = next(
            (m for m in [inter.original, *inter.followups] if m is not None and m.id == int(mid)),
            None,
        )
    if target is None or target.deleted:
        raise RuleBroken(404, 10008, "Unknown Message")
    return target


async def _hook_message(server: LocalDiscord, request: web.Request) -> web.StreamResponse:
    inter = server.interaction(request.match_info["token"])
    target = _hook_target(server, inter, request.match_info["mid"])
    guild_id = inter.channel.guild_id
    if request.method == "DELETE":
        target.deleted = True
        server.changed()
        return web.Response(status=204)
    if request.method == "PATCH":
        payload, files = await read_body(request)
        server.edit_message(target, payload, files, where=f"edit via interaction {inter.id}")
    return json_response(target.to_json(server.base_url, guild_id))


async def _attachment(server: LocalDiscord, request: web.Request) -> web.Response:
    wanted = int(request.match_info["aid"])
    for message in server.messages.values():
        for attachment in message.attachments:
            if attachment.id == wanted:
                return web.Response(
                    body=attachment.data, headers={"Content-Type": attachment.content_type}
                )
    raise web.HTTPNotFound()
