"""Issue 30, floods: a member's open tables and running games, a server's running games and
all-AI matches, Expert moves at once and commands per minute are limited; each refusal is
private and says which limit and what to do."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.services.ai_seats import EXPERT_BUSY
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.conftest import LiveFactory, people


async def duel_vs_ai(server: LocalDiscord, user: UserDriver) -> Message:
    return await server.reply(await user.command("wonders duel", ai="Easy"))


def refused(message: Message, user: UserDriver, text: str) -> bool:
    return message.ephemeral and message.visible_to == user.id and text in message.text()


@pytest.mark.asyncio
async def test_tables_per_member_and_running_games_per_server(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    await start_live(max_lobbies_per_member=2, max_games_per_member=2, max_games_per_server=3)
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    lobbies = [
        await server.reply(await ana.command("wonders create", game="classic", players=3))
        for _ in range(2)
    ]
    assert all(not m.ephemeral and "Table #" in m.text() for m in lobbies)
    third = await server.reply(await ana.command("wonders create", game="classic", players=3))
    assert refused(
        third,
        ana,
        "You already have 2 open tables in this server: start, finish or cancel one "
        "(/wonders games mine).",
    ), third.text()

    for _ in range(2):
        assert "against the AI" in (await duel_vs_ai(server, ana)).text()
    again = await duel_vs_ai(server, ana)
    assert refused(again, ana, "You already play 2 running games in this server"), again.text()

    # Bo floods: eight Duels at the same instant; one fits under the server's limit of 3.
    inters = await asyncio.gather(*(bo.command("wonders duel", ai="Easy") for _ in range(8)))
    answers = [await server.reply(inter) for inter in inters]
    started = [a for a in answers if "against the AI" in a.text()]
    full = "This server already has 3 running games, the most the bot allows at once"
    assert len(started) == 1 and sum(refused(a, bo, full) for a in answers) == 7, [
        a.text()[:60] for a in answers
    ]

    # Starting a lobby counts too (refused privately; the lobby stays open).
    start = await server.reply(await ana.click(lobbies[0], "Start"))
    assert refused(start, ana, full) and "Seats" in lobbies[0].text()


@pytest.mark.asyncio
async def test_all_ai_matches_per_server_and_expert_moves_at_once(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    live = await start_live(max_ai_matches_per_server=2, expert_seats=1, expert_wait=0)
    admin = people(server)["admin"]
    games = []
    for _ in range(2):
        started = await server.reply(
            await admin.command("wonders-admin aimatch", game="duel", level="search")
        )
        games.append(int(re.search(r"#(\d+)", started.text()).group(1)))  # type: ignore[union-attr]
    third = await server.reply(
        await admin.command("wonders-admin aimatch", game="duel", level="search")
    )
    assert refused(
        third,
        admin,
        "This server already has 2 all-AI matches running, the most the bot allows at once: "
        "wait for one to end, or end one with /wonders-admin abandon.",
    ), third.text()

    # One Expert move at a time in this process: the other match's Expert had to give way,
    # and its post says so.
    def busy() -> Message | None:
        posts = [m for t in admin.channel.threads for m in t.public()]
        return next((m for m in posts if EXPERT_BUSY in m.content), None)

    await server.wait_for(busy, 60)
    for game in games:
        ended = await server.reply(await admin.command("wonders-admin abandon", game=game))
        assert f"Game #{game} is abandoned" in ended.text()
    assert live.client is not None and live.client.hub is not None
    await asyncio.wait_for(live.client.hub.driver.idle(), 30)


@pytest.mark.asyncio
async def test_commands_per_member_and_minute(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    await start_live(commands_per_minute=3)
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    for _ in range(3):
        assert (
            not (await server.reply(await ana.command("wonders games")))
            .text()
            .startswith("You are sending")
        )
    fourth = await server.reply(await ana.command("wonders games"))
    assert refused(fourth, ana, "You are sending commands too fast (at most 3 a minute): try")
    # Typing into an option is no command, and other members are not slowed down.
    assert "Baths" in await ana.autocomplete("wonders card", name="bath")
    other = await server.reply(await bo.command("wonders games"))
    assert not other.text().startswith("You are sending")
