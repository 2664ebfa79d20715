"""Issue 32 in Discord: a 4-player Babel table (``expansions:babel``, both modules; two people
and two AI seats) drafts its tiles, a person builds a Babel tile with a card (a button of the
card's step) and a person joins a Great Project (the second step after building a card of its
colour), the posts say so, and the game ends on the score sheet with the Babel rows."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

import engine.classic as classic
from bot.services.tables import TableCache
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    finish_prompt,
    game_over_post,
    open_hand,
    play_post,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_cities_leaders_game import open_with_two_ai

SEED = 7  # Great Projects: Factory (brown) in Age I, Smelter (brown) in Age II


def _press(buttons: list[dict[str, Any]]) -> dict[str, Any]:
    """Build when possible, else a Babel tile, then Confirm or a wonder stage; discard last."""
    for want in ("Build", "Confirm", "Babel tile", "Wonder"):
        found = [b for b in buttons if want in str(b.get("label", ""))]
        if found:
            return found[0]
    kept = [b for b in buttons if str(b.get("label", "")) not in ("Back", "More moves")]
    return kept[0] if kept else buttons[0]


def _choose(options: list[dict[str, Any]]) -> dict[str, Any]:
    """Join a project when asked; else a brown card (the projects' colour in this seed), else
    the first card or tile offered."""
    joins = [o for o in options if str(o.get("label", "")).startswith("Join")]
    brown = [o for o in options if _colour(str(o.get("value", ""))) == "brown"]
    return (joins or brown or options)[0]


def _colour(name: str) -> str:
    try:
        return str(classic.card_info(name)["color"])
    except KeyError:
        return ""


async def _turn(server: LocalDiscord, user: UserDriver, post: Message) -> list[str]:
    prompt = await open_hand(server, user, post)
    opened = prompt.content
    if not any(str(c.get("custom_id", "")).startswith(("ws:", "wt:mv:")) for c in prompt.items()):
        return [opened]
    rng = random.Random(0)
    done = await finish_prompt(server, user, prompt, rng, steps=10, choose=_choose, press=_press)
    return [opened, done.content]


@pytest.mark.asyncio
async def test_four_player_babel_game_builds_a_tile_joins_a_project_and_scores(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_with_two_ai(
        server, live, ana, [bo], SEED, players=4, sides="A", expansions="babel"
    )
    channel = ana.channel
    current = play_post(channel, game)
    assert current is not None
    posts: list[str] = []
    seen: list[str] = []
    for _ in range(90):
        if current is None:
            break
        post, version = current
        posts.append(post.content)
        answers = await asyncio.gather(*(_turn(server, u, post) for u in (ana, bo)))
        seen += [m for got in answers for m in got]
        current = await wait_post_after(server, channel, game, version)
    final = game_over_post(channel, game)
    assert final is not None, "the Babel game did not end"
    texts = "\n".join([*posts, final.content])

    # The tile draft was asked first, privately; a person built a tile and the post said so.
    assert any("Keep one Babel tile" in m for m in seen), seen[:3]
    assert any(f"{p} built Babel tile" in texts for p in ("ana", "bo")), texts[-2000:]
    # A person was asked, as a second step, to also join the project, and joined.
    asked = [m for m in seen if "Also join the Great Project" in m]
    assert asked, "nobody was asked to join a Great Project"
    assert any(f"{p} joined the Great Project" in texts for p in ("ana", "bo")), texts[-2000:]

    # The stored game replays to the outcome the final post gave, with the Babel rows.
    assert live.client is not None and live.client.store is not None
    store = live.client.store
    table = await TableCache(store).load(game)
    outcome = table.outcome()
    assert outcome is not None and table.record.status == "finished"
    record = await store.load_game(game)
    assert '"babel-tower"' in record.config and '"babel-projects"' in record.config
    state = classic.new_game(classic.Config.model_validate_json(record.config), record.seed)
    for m in record.moves:
        state, _ = classic.apply(state, m.seat, classic.parse_move(m.move_text))
    assert classic.outcome(state) == outcome
    names = ["ana", "bo"]
    for name, score in zip(names, outcome.scores, strict=False):
        assert f"{name} {score.total}" in final.content, (name, score.total, final.content)
    built = [outcome.scores[s].babel for s in (0, 1)]
    assert max(built) >= 2, built
    score = await server.reply(await ana.command("wonders score", game=game))
    assert "Babel tiles" in score.content, score.content
    rules = await server.reply(await ana.command("wonders rules", topic="babel"))
    assert rules.ephemeral and "Tower of Babel" in rules.text()
