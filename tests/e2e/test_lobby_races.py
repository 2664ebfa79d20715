"""Lobbies under pressure: other servers naming our game numbers, and simultaneous clicks."""

from __future__ import annotations

import asyncio

import pytest

from bot.exts.errors import APOLOGY
from bot.exts.views import lobby_view, play_view
from tests.discord_server import Interaction, LocalDiscord, Message
from tests.e2e.autoplay import id_parts, play_post
from tests.e2e.conftest import LiveFactory, people
from tests.e2e.inproc import InProcessBot

COMMANDS = [
    ("join", {}),
    ("leave", {}),
    ("addai", {}),
    ("kick", {"seat": 1}),
    ("start", {}),
    ("cancel", {}),
    ("hand", {}),
    ("resign", {}),
    ("board", {}),
    ("status", {}),
    ("log", {}),
    ("score", {}),
]
LABELS = ("Join", "Leave", "Add AI", "Start", "Cancel", "Play your turn")


def game_of(lobby: Message) -> int:
    return int(id_parts(str(lobby.buttons()[0]["custom_id"]))[2])


async def seats(live: InProcessBot, game: int) -> tuple[str, list[tuple[int | None, str | None]]]:
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.get_game(game)
    return record.status, [(s.user_id, s.ai_level) for s in record.seats]


async def answers(server: LocalDiscord, inters: list[Interaction]) -> list[str]:
    """Each interaction's ephemeral answer (the lobby buttons defer, then follow up)."""

    def texts() -> list[str] | None:
        found = [
            next((m.content for m in i.replies() if m.ephemeral and not m.loading), None)
            for i in inters
        ]
        return None if None in found else [str(f) for f in found]

    return await server.wait_for(texts)


@pytest.mark.asyncio
async def test_another_server_cannot_use_or_see_our_table(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    elsewhere = server.guild("Elsewhere", channels=("their-table",))
    live = await start_live()
    ana = people(server)["ana"]
    mallory = server.user("mallory", admin=True, guild=elsewhere)  # admin of her own server
    ours = game_of(await server.reply(await ana.command("wonders create", players=3)))
    missing = ours + 500

    # Every command taking game:… answers our number exactly like a number that doesn't exist.
    for name, options in COMMANDS:
        said = []
        for game in (ours, missing):
            reply = await server.reply(
                await mallory.command(f"wonders {name}", game=game, **options)
            )
            assert reply.ephemeral, (name, reply.content)
            said.append(reply.content.replace(f"#{game}", "#N"))
        assert said[0] == said[1] and "no game #N in this server" in said[0], (name, said)
    reply = await server.reply(await mallory.command("wonders-admin abandon", game=ours))
    assert f"no game #{ours} in this server" in reply.content

    # A post in her server carrying our game's buttons (Discord only routes a click to an id
    # that is on the clicked message): every click is refused the same way.
    theirs = await server.reply(await mallory.command("wonders create", players=3))
    rows = lobby_view(ours).to_components() + play_view(ours, 0).to_components()
    channel = server.channels[theirs.channel_id]
    assert channel in elsewhere.channels
    copied = server.create_message(
        channel, server.bot, {"content": "copied", "components": rows}, [], where="test"
    )
    for label in LABELS:
        [text] = await answers(server, [await mallory.click(copied, label)])
        assert f"no game #{ours} in this server" in text, (label, text)

    assert await seats(live, ours) == ("lobby", [(ana.id, None)])
    assert await seats(live, game_of(theirs)) == ("lobby", [(mallory.id, None)])


@pytest.mark.asyncio
async def test_simultaneous_joins_then_leave_during_double_start(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    crowd = [bo] + [server.user(f"guest{i}") for i in range(4)]
    lobby = await server.reply(await ana.command("wonders create", players=3, timer="off"))
    game = game_of(lobby)

    said = await answers(
        server,
        list(await asyncio.gather(*(person.click(lobby, "Join", wait=False) for person in crowd))),
    )
    assert sum(s.startswith(f"You joined table #{game}.") for s in said) == 2, said
    assert sum("is full" in text for text in said) == 3, said
    status, seated = await seats(live, game)
    assert status == "lobby" and len(seated) == 3

    # One joiner leaves while Start is clicked twice: one start, a full table, no apology.
    leaver = next(p for p, text in zip(crowd, said, strict=True) if "joined" in text)
    said = await answers(
        server,
        list(
            await asyncio.gather(
                leaver.click(lobby, "Leave", wait=False),
                ana.click(lobby, "Start", wait=False),
                ana.click(lobby, "Start", wait=False),
            )
        ),
    )
    assert sum(f"Game #{game} is played in" in text for text in said) == 1, said
    assert f"Game #{game} has already started." in said, said
    status, seated = await seats(live, game)
    assert status == "running" and len(seated) == 3
    assert await server.wait_for(lambda: play_post(ana.channel, game))
    reply = await server.reply(await ana.command("wonders status"))
    assert f"#{game}" in reply.content and APOLOGY not in reply.content
    assert not [m for m in server.messages.values() if APOLOGY in m.content]
