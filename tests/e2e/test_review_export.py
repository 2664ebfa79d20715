"""``/wonders history review`` and ``export`` through the real client: a finished Duel and a
finished 4-player game are reviewed privately for the person who played them (three
costliest moves, each with the better move and why, and every decision), with a progress
line edited meanwhile; each exported file loads back and replays to the same scores.
Refusals are private and specific: not your game, not finished, not in this server."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.services.export import replay_export
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import Patience, play_classic_game, play_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_duel import play_duel


async def _review(server: LocalDiscord, user: UserDriver, game: int) -> tuple[Message, str]:
    """The review's first message once final, and the text of all its messages."""
    asked = await user.command("wonders history review", game=game)
    first = await server.wait_for(
        lambda: next((m for m in asked.replies() if "**Review of game" in m.content), None),
        Patience.seconds,
    )
    await server.wait_for(lambda: "Every decision" in asked.text(), Patience.seconds)
    assert all(m.ephemeral and m.visible_to == user.id for m in asked.replies())
    return first, asked.text()


def _assert_three_reasons(text: str) -> None:
    assert "**Your 3 costliest moves**" in text, text[:600]
    costly = re.findall(
        r"^\d\. \*\*.+\*\* \(decision \d+\) — you: .+; better: \*\*.+\*\*", text, re.M
    )
    assert len(costly) == 3, text[:1500]
    whys = re.findall(
        r"^   Why: \S.+\. \(`/wonders history replay game:\d+ turn:\d+` shows that board\.\)$",
        text,
        re.M,
    )
    assert len(whys) == 3, text[:1500]


async def _export(
    server: LocalDiscord, live: InProcessBot, user: UserDriver, game: int
) -> dict[str, object]:
    answer = await server.reply(await user.command("wonders history export", game=game))
    assert answer.ephemeral and f"Game #{game} as JSON" in answer.content, answer.content
    (file,) = answer.attachments
    assert file.filename == f"wonders-game-{game}.json"
    data = json.loads(file.data)
    assert live.client is not None
    table = await live.client.hub.games.table(game)
    outcome = table.outcome()
    assert outcome is not None
    stored = [s.model_dump(mode="json") for s in outcome.scores]
    assert replay_export(data) == data["result"]["scores"] == stored  # type: ignore[index]
    assert data["result"]["winners"] == list(outcome.winners)  # type: ignore[index]
    return data


@pytest.mark.asyncio
async def test_review_and_export_of_a_finished_duel(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    started = await server.reply(await ana.command("wonders duel", ai="greedy"))
    game = int(re.search(r"Game #(\d+)", started.text()).group(1))  # type: ignore[union-attr]
    await server.wait_for(lambda: play_post(ana.channel, game), 30)

    running = await server.reply(await ana.command("wonders history review", game=game))
    assert running.ephemeral and "is still running" in running.text(), running.text()
    early = await server.reply(await ana.command("wonders history export", game=game))
    assert early.ephemeral and "still running" in early.text(), early.text()

    await play_duel(server, ana, game, random.Random(7))
    first, text = await _review(server, ana, game)
    assert first.edits >= 2, "the progress line was edited while the review worked"
    _assert_three_reasons(text)
    decisions = re.findall(r"^`\d+ ", text, re.M)
    assert len(decisions) >= 20, "every decision of a Duel is listed"

    data = await _export(server, live, ana, game)
    positions = data["positions"]
    assert isinstance(positions, list) and len(positions) == len(data["moves"]) + 1  # type: ignore[arg-type]
    assert positions[0]["position"]["step"] == "WONDER_DRAFT" or positions[0]["position"]["step"]
    assert (
        all("move" in p for p in positions[:-1])
        and "currentPlayerNumber" in positions[-1]["position"]
    )

    # Anyone in the server replays a finished game, from its end back to an Age's start.
    replay = await server.reply(await bo.command("wonders history replay", game=game))
    assert replay.ephemeral and "Final scores" in replay.content and replay.images()
    last = int(re.search(r"— turn (\d+) of \1", replay.content).group(1))  # type: ignore[union-attr]
    await bo.click(replay, "Age II")
    await server.wait_for(lambda: f"of {last}" in replay.content and "Final" not in replay.content)
    assert (
        replay.images() and [b for b in replay.buttons() if b["label"] == "Age II"][0]["disabled"]
    )

    stranger = await server.reply(await bo.command("wonders history review", game=game))
    assert stranger.ephemeral and "You did not play in game" in stranger.text()
    nowhere = await server.reply(await ana.command("wonders history review", game=game + 90))
    assert nowhere.ephemeral and f"no game #{game + 90} in this server" in nowhere.text()


@pytest.mark.asyncio
async def test_review_and_export_of_a_finished_four_player_game(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    await server.reply(
        await admin.command(
            "wonders-admin aimatch", game="classic", players=4, human=ana, level="heuristic"
        )
    )
    post = await server.wait_for(lambda: play_post(admin.channel), 20)
    game = int(str(post[0].items()[0]["custom_id"]).split(":")[2])
    await play_classic_game(server, [ana], game, random.Random(11))

    _, text = await _review(server, ana, game)
    _assert_three_reasons(text)
    assert len(re.findall(r"^`\d+ Age I", text, re.M)) >= 6
    data = await _export(server, live, ana, game)
    assert "positions" not in data and len(data["players"]) == 4  # type: ignore[arg-type]
