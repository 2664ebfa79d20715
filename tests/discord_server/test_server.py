"""The local server against a real discord.py client over real sockets."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import pytest
from PIL import Image

from tests.discord_server import LocalDiscord, pointed_at
from tests.discord_server.tiny_bot import TinyBot, TinyShardedBot


@pytest.mark.asyncio
async def test_commands_are_synced_with_groups(server: LocalDiscord, bot: TinyBot) -> None:
    demo = next(c for c in server.global_commands if c["name"] == "demo")
    names = {o["name"] for o in demo["options"]}
    assert {"ping", "pick", "image", "card", "sub"} <= names
    assert bot.user is not None and bot.user.id == server.bot.id


@pytest.mark.asyncio
async def test_button_answers_ephemerally_only_to_clicker(
    server: LocalDiscord, bot: TinyBot
) -> None:
    alice, bob = server.user("alice"), server.user("bob")
    inter = await alice.command("demo ping")
    message = await server.reply(inter)
    assert message.content == "pong" and not message.ephemeral
    assert message.labels() == ["Hello", "Slow"]
    click = await bob.click(message, "Hello")
    answer = await server.reply(click)
    assert answer.content == "hi bob" and answer.ephemeral
    assert bob.ephemerals() == [answer] and alice.ephemerals() == []
    assert answer not in alice.channel.public()


@pytest.mark.asyncio
async def test_deferred_update_then_edit(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    message = await server.reply(await alice.command("demo ping"))
    click = await alice.click(message, "Slow")
    assert click.response_type == 6
    # reply() waits for the edit that follows a deferred update.
    assert (await server.reply(click)) is message and message.content == "slow done"


@pytest.mark.asyncio
async def test_select_updates_message(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    message = await server.reply(await alice.command("demo pick"))
    chosen = await alice.select(message, "Pick a card", ["Baths"])
    assert chosen.response_type == 7
    assert message.content == "picked baths" and message.components == []


@pytest.mark.asyncio
async def test_deferred_ephemeral_file_and_followup(server: LocalDiscord, bot: TinyBot) -> None:
    alice, bob = server.user("alice"), server.user("bob")
    inter = await alice.command("demo image", size=3)
    assert inter.response_type == 5
    reply = await server.reply(inter)
    assert reply.ephemeral and reply.visible_to == alice.id
    assert reply.attachments[0].filename == "board-3.png"
    assert Image.open(io.BytesIO(reply.image())).size == (8, 8)
    await server.wait_for(lambda: len(inter.followups) == 1, 5)
    assert inter.followups[0].ephemeral and len(alice.ephemerals()) == 2
    assert bob.ephemerals() == []


@pytest.mark.asyncio
async def test_autocomplete_and_nested_subcommand(server: LocalDiscord, bot: TinyBot) -> None:
    alice, boss = server.user("alice"), server.user("boss", admin=True)
    assert await alice.autocomplete("demo card", name="ba") == ["Baths", "Barracks"]
    reply = await server.reply(await boss.command("demo sub who", user=alice, loud=True))
    assert reply.content == "alice admin=True loud=True" and not reply.ephemeral
    reply = await server.reply(await alice.command("demo sub who", user=boss))
    assert reply.content == "boss admin=False loud=False" and reply.ephemeral


@pytest.mark.asyncio
async def test_channel_created_while_connected(server: LocalDiscord, bot: TinyBot) -> None:
    fresh = server.add_channel(server.default_guild(), "fresh")
    await server.wait_for(lambda: bot.get_channel(fresh.id) is not None, 5)
    alice = server.user("alice", channel=fresh)
    reply = await server.reply(await alice.command("demo ping"))
    assert reply.channel_id == fresh.id and fresh.public() == [reply]


@pytest.mark.asyncio
async def test_private_thread(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    reply = await server.reply(await alice.command("demo thread"))
    thread = server.channels[int(reply.content.split()[1])]
    assert thread.type == 12 and thread.parent_id == alice.channel.id
    assert [m.content for m in thread.public()] == ["welcome to the table"]


@pytest.mark.asyncio
async def test_too_long_content_is_a_violation(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    await alice.command("demo say", text="x" * 1001, times=2)
    await server.wait_for(lambda: server.violations, 5)
    found = server.take_violations()
    assert found[0].rule == "message-limits" and "2002" in found[0].detail
    assert alice.channel.public() == []


@pytest.mark.asyncio
async def test_late_answer_is_a_violation(server: LocalDiscord, bot: TinyBot) -> None:
    server.ack_deadline = 0.2
    alice = server.user("alice")
    inter = await alice.command("demo late", seconds=0.4, wait=False)
    await server.wait_for(lambda: len(server.violations) >= 2, 5)
    assert {v.rule for v in server.take_violations()} == {"no-ack", "late-ack"}
    assert not inter.acked


@pytest.mark.asyncio
async def test_rest_rules(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    inter = await alice.command("demo card", name="Loom")
    base = f"{server.api_base}/webhooks/{server.application_id}/{inter.token}"
    rows = [
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "s",
                    "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                }
            ],
        },
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "s"}]},
    ]
    async with aiohttp.ClientSession() as http:
        again = await http.post(
            f"{server.api_base}/interactions/{inter.id}/{inter.token}/callback",
            json={"type": 4, "data": {"content": "again"}},
        )
        assert again.status == 400 and (await again.json())["code"] == 40060
        bad = await http.post(base, json={"components": rows})
        assert bad.status == 400 and (await bad.json())["code"] == 50035
        assert bad.headers["Content-Type"] == "application/json"
        eph = await server.reply(inter)
        hidden = await http.get(f"{server.api_base}/channels/{eph.channel_id}/messages/{eph.id}")
        assert eph.ephemeral and hidden.status == 404
        server.advance(15 * 60 + 1)
        expired = await http.patch(base + "/messages/@original", json={"content": "x"})
        assert expired.status == 401
    found = server.take_violations()
    assert [v.rule for v in found] == [
        "double-response",
        "message-limits",
        "message-limits",
        "token-expired",
    ]
    assert "26 options" in found[1].detail and "not unique" in found[2].detail


@pytest.mark.asyncio
async def test_gateway_reconnect(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    await server.sessions[0].ws.close()
    await server.wait_for(lambda: server.resumes == 1 and server.sessions, 10)
    reply = await server.reply(await alice.command("demo ping"))
    assert reply.content == "pong"
    await server.request_reconnect()
    await server.wait_for(lambda: server.resumes == 2 and server.sessions, 10)
    click = await server.reply(await alice.click(reply, "Hello"))
    assert click.content == "hi alice" and server.identifies == 1


@pytest.mark.asyncio
async def test_auto_sharded_client_routes_each_guild_to_its_shard(server: LocalDiscord) -> None:
    first = server.default_guild()
    second = server.guild("Second Server")
    while (second.id >> 22) % 2 == (first.id >> 22) % 2:
        second = server.guild("Another Server")
    client = TinyShardedBot(shard_count=2)
    with pointed_at(server.api_base, server.gateway_url):
        task = asyncio.create_task(client.start(server.token))
        try:
            await server.wait_for(lambda: len(server.sessions) == 2 and server.global_commands, 20)
            assert sorted(s.shard_id for s in server.sessions) == [0, 1]
            for guild in (first, second):
                user = server.user(f"u{guild.id}", guild=guild)
                reply = await server.reply(await user.command("demo ping"))
                assert reply.content == "pong" and reply.channel_id == guild.channels[0].id
        finally:
            await client.close()
            await asyncio.wait_for(task, 5)


@pytest.mark.asyncio
async def test_heartbeats_are_acknowledged_and_timed() -> None:
    local = await LocalDiscord(heartbeat_interval=0.1).start()
    local.guild()
    client = TinyBot()
    try:
        with pointed_at(local.api_base, local.gateway_url):
            task = asyncio.create_task(client.start(local.token))
            await local.wait_until_ready()
            await local.wait_for(lambda: len(local.sessions[0].heartbeats) >= 4, 5)
            lags = local.sessions[0].heartbeat_lags(0.1)
            assert len(lags) >= 3 and max(lags) < 1.0
            assert client.latency < 1.0
            await client.close()
            await asyncio.wait_for(task, 5)
    finally:
        await local.stop()
    assert not local.violations


@pytest.mark.asyncio
async def test_modal_round_trip(server: LocalDiscord, bot: TinyBot) -> None:
    alice = server.user("alice")
    opened = await alice.command("demo form")
    assert opened.response_type == 9 and opened.modal is not None
    submitted = await alice.submit_modal(opened, {"f:name": "Ana"})
    reply = await server.reply(submitted)
    assert reply.content == "hello Ana" and reply.visible_to == alice.id
