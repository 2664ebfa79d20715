"""``/wonders replay`` of a running 7-player Leaders game, through the real client: a member
who does not play steps through every public round with ▶, and each frame is exactly what
spectators saw at that time — the board drawn from the engine's spectator view at that
round's version, the text of that round's public post — and never a hand, a pick before its
reveal or a leader not yet recruited. The buttons keep working across a restart; refusals
are private and specific."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import render
from engine import classic
from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import (
    Patience,
    enabled,
    open_hand,
    play_post,
    play_round,
    wait_post_after,
)
from tests.e2e.conftest import LiveFactory, people
from tests.e2e.inproc import InProcessBot


async def _running_leaders_game(
    server: LocalDiscord, live: InProcessBot, rounds: int
) -> tuple[int, list[int]]:
    """A 7-player Leaders game (Ana and 6 AI seats) played for ``rounds`` public rounds;
    the versions of its public board posts, oldest first."""
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    started = await server.reply(
        await admin.command(
            "wonders-admin aimatch",
            game="classic",
            players=7,
            human=ana,
            level="random",
            expansions="leaders",
        )
    )
    assert "started" in started.text(), started.text()
    current = await server.wait_for(lambda: play_post(admin.channel), 20)
    game = int(str(current[0].items()[0]["custom_id"]).split(":")[2])
    rng = random.Random(34)
    played = 0
    while True:
        post, version = current
        # Stop only where the game waits for Ana: AI seats alone (a Halicarnassus build, a
        # 7th card) would move it on while the test reads the store and asks for the replay.
        prompt = await open_hand(server, ana, post)
        waits_for_ana = bool(enabled(prompt, "ws:") or enabled(prompt, "wt:mv:"))
        if played >= rounds and waits_for_ana:
            break
        await play_round(server, [ana], post, rng)
        played += 1
        nxt = await wait_post_after(server, admin.channel, game, version)
        assert nxt is not None, "the game ended early"
        current = nxt
    # Every public round's post, also one posted while the test waited on another: a post
    # can follow another before the test looks, and the replay has a frame for each.
    versions = sorted(v for v in _post_texts(server, game) if v <= current[1])
    assert versions[-1] == current[1] and len(versions) > rounds, versions
    return game, versions


async def _states(live: InProcessBot, game: int, versions: list[int]) -> list[Any]:
    """The engine state of ``game`` at each of ``versions``, replayed from the store."""
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    state = classic.new_game(classic.Config.model_validate(json.loads(record.config)), record.seed)
    found = {0: state}
    for move in record.moves:
        state, _ = classic.apply(state, move.seat, classic.parse_move(move.move_text))
        found[move.seq] = state
    return [found[v] for v in versions]


def _hidden_names(state: Any, players: int) -> set[str]:
    """Cards in hands and leaders kept but not recruited: names the spectator view lacks."""
    public = classic.view(state, None).model_dump_json()
    secret: set[str] = set()
    for seat in range(players):
        view = classic.view(state, seat)
        secret.update(view.hand)
        if view.leaders is not None:
            secret.update(card.name for card in view.leaders.mine)
            secret.update(card.name for card in view.leaders.draft)
    return {name for name in secret if f'"{name}"' not in public}


def _post_texts(server: LocalDiscord, game: int) -> dict[int, str]:
    """Public board post content by the version its Play button carries."""
    found = {}
    for channel in server.channels.values():
        for message in channel.public():
            for button in message.buttons():
                m = re.fullmatch(rf"wt:play:{game}:(\d+)", str(button.get("custom_id", "")))
                if m:
                    found[int(m.group(1))] = message.content
    return found


async def _frame(server: LocalDiscord, message: Message, turn: int) -> Message:
    return await server.wait_for(
        lambda: message if f"— turn {turn} of" in message.content else None, Patience.seconds
    )


@pytest.mark.asyncio
async def test_replay_of_a_running_game_shows_only_what_spectators_saw(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    live = await start_live()
    game, versions = await _running_leaders_game(server, live, rounds=7)
    states = await _states(live, game, versions)
    names = live.client.hub.games.seat_names(await live.client.hub.games.table(game))  # type: ignore[union-attr]
    posts = _post_texts(server, game)
    cy = people(server)["cy"]  # a member who does not play

    frame = await server.reply(await cy.command("wonders history replay", game=game, turn=0))
    assert frame.ephemeral and frame.visible_to == cy.id
    last = len(versions) - 1
    assert f"— turn 0 of {last}" in frame.content, frame.content
    assert "Age I" in frame.labels() and frame.labels()[0] == "◀"
    for turn, (version, state) in enumerate(zip(versions, states, strict=True)):
        frame = await _frame(server, frame, turn)
        view = classic.view(state, None)
        assert frame.image() == render.draw("board", "classic", view, names), turn
        hidden = _hidden_names(state, 7)
        assert hidden, f"turn {turn}: a running game always has hidden cards"
        text = frame.content
        for seat_name in names:  # AI seats are named after people who are also leaders
            text = text.replace(seat_name, "")
        shown = [name for name in hidden if name in text]
        assert not shown, f"turn {turn} shows hidden {shown}: {frame.content}"
        if turn:
            round_line = frame.content.split("\n")[1]
            assert round_line in posts[version], (turn, round_line)
        if turn < last:
            await cy.click(frame, "▶")
    assert "still running" in frame.content
    assert [b for b in frame.buttons() if b["label"] == "▶"][0].get("disabled")

    # After a restart the same message's buttons still step (the turn is in the custom_id).
    await live.stop()
    await start_live()
    await cy.click(frame, "◀")
    frame = await _frame(server, frame, last - 1)
    await cy.click(frame, "Age I")
    frame = await server.wait_for(
        lambda: frame if "— turn " in frame.content and "Age I" in frame.content else None,
        Patience.seconds,
    )

    missing = await server.reply(await cy.command("wonders history replay", game=game + 50))
    assert missing.ephemeral and f"no game #{game + 50} in this server" in missing.text()
    beyond = await server.reply(
        await cy.command("wonders history replay", game=game, turn=last + 5)
    )
    assert beyond.ephemeral and f"turns 0 to {last}" in beyond.text(), beyond.text()
