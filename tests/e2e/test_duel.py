"""Scenario 2: a person plays 7 Wonders Duel against the AI to the end, through the Wonder
draft, a progress token choice and the change of Age, with slash commands and components."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.duel as duel
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    Chooser,
    finish_prompt,
    game_over_post,
    open_hand,
    open_lobby,
    play_post,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot

GREEN = {n for n in duel.card_names() if duel.card_info(n)["color"] == "green"}


def science_lover(rng: random.Random) -> Chooser:
    """Like a player chasing science: a progress token, else a green card she can afford (the
    card select describes each option as "<colour> card" and labels it with its price), else
    a build, else anything."""

    def choose(options: list[dict[str, Any]]) -> dict[str, Any]:
        def labelled(test: Any) -> list[dict[str, Any]]:
            return [
                o
                for o in options
                if test(str(o["value"]), str(o["label"]), str(o.get("description") or ""))
            ]

        for group in (
            labelled(lambda v, _, __: v.startswith("token:")),
            labelled(
                lambda _, lab, d: d.startswith("green card") and not lab.endswith("can't afford")
            ),
            labelled(
                lambda v, lab, _: (
                    v.startswith("build:")
                    and any(f"Build {g} " in lab or lab == f"Build {g}" for g in GREEN)
                )
            ),
            labelled(lambda v, _, __: v.startswith("build:")),
        ):
            if group:
                return rng.choice(group)
        return rng.choice(options)

    return choose


def builder(rng: random.Random) -> Chooser:
    """Presses Build when it is offered, else any enabled button but Discard if possible."""

    def press(buttons: list[dict[str, Any]]) -> dict[str, Any]:
        ids = [(b, str(b["custom_id"])) for b in buttons]
        for group in (
            [b for b, i in ids if ":build:" in i],
            [b for b, i in ids if ":discard:" not in i],
        ):
            if group:
                return rng.choice(group)
        return rng.choice(buttons)

    return press


async def play_duel(
    server: LocalDiscord, ana: UserDriver, game: int, rng: random.Random
) -> tuple[Message, list[str]]:
    """Ana plays each of her turns from the newest post; returns the final post, her moves."""
    channel = ana.channel
    chosen: list[str] = []
    current = play_post(channel, game)
    for _ in range(120):
        if current is None:
            break
        post, version = current
        prompt = await open_hand(server, ana, post)
        assert prompt.images(), "the prompt shows the board from Ana's side"
        done = await finish_prompt(
            server, ana, prompt, rng, choose=science_lover(rng), press=builder(rng)
        )
        assert done.content.startswith("Played"), done.content
        chosen.append(done.content)
        current = await wait_post_after(server, channel, game, version, timeout=30)
    final = game_over_post(channel, game)
    assert final is not None, "the Duel did not end"
    return final, chosen


@pytest.mark.asyncio
async def test_a_person_plays_a_duel_against_the_ai(
    server: LocalDiscord, live: InProcessBot
) -> None:
    ana = people(server)["ana"]
    assert live.client is not None and live.client.store is not None
    store = live.client.store
    # A token needs a pair of science symbols: a science-chasing player earns one in about 3 of 4
    # games against the heuristic AI (engine playouts), and the bot draws each game's seed at
    # random, so allow up to 8 games and stop at the first that has one.
    for attempt in range(8):
        game = await open_lobby(server, ana, [], game="duel")
        final, said = await play_duel(server, ana, game, random.Random(attempt))
        record = await store.load_game(game)
        mine = [m.move_text for m in record.moves if m.seat == record.seat_of(ana.id)]
        if any(m.startswith("token:") for m in mine):
            break
    else:
        raise AssertionError("Ana never earned a progress token in 8 games")
    assert any(m.startswith("pick:") for m in mine), "Ana took part in the Wonder draft"
    assert final.images() and "Game over" in final.content
    texts = " ".join(m.content for m in ana.channel.public_with_threads())
    assert "Age II" in texts or "age II" in texts.lower(), "the game went past Age I"
    assert said
    # One board post per decision of Ana's: the AI's reply is made first and described in it.
    thread = next(t for t in ana.channel.threads if t.name.startswith(f"Game #{game} "))
    boards = [m for m in thread.public() if m.images()]
    assert len(boards) <= len(said) + 1, (len(boards), len(said))
    assert any("ana " in m.content and "(AI) " in m.content for m in boards)
    assert all(m.content.startswith(f"**Game #{game} · 7 Wonders Duel") for m in boards)
