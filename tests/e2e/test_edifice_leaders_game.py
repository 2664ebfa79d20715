"""Edifice with Leaders through the real client (a 4-player table: ana, bo and two random AI
seats; issue 33's follow-ups):

- a wonder stage built with a leader in a recruitment turn (rules 2.5 [E]) asks the person the
  Edifice join question before the Age is dealt, in the same prompt as after an Age turn's stage;
- **Change my pick** covers the join step: when ana and bo are both asked, ana joins, changes
  to "Don't join" before bo answers, the public status names who answered but never what, the
  reveal shows no pawn for ana and her old button answers "the game has moved on".

The people are steered to keep their wonder stages for the recruitment turns: there they build
one with a leader whenever they can; in the Age turns they build cards (never a stage); they join
whenever asked.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    Patience,
    enabled,
    finish_prompt,
    open_hand,
    play_post,
    press_in_order,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log
from tests.e2e.test_cities_leaders_game import open_with_two_ai

SEED = int(os.environ.get("WONDERS_TEST_EDIFICE_SEED", "3"))
ASKED = "**Edifice** — you built a wonder stage"
_BUILDABLE = ("free by chain", "free", "affordable", "buy for")
#: A recruitment turn: a stage with the leader, else recruit it, else discard it.
RECRUIT = press_in_order(("Join", "Wonder", "Recruit", "Discard"))
#: An Age turn: build the card (paying as offered), else discard it; never a stage.
AGE_TURN = press_in_order(("Join", "Build", "Confirm", "Discard"))


def _buildable(option: dict[str, Any]) -> int:
    label = f"{option.get('label', '')} {option.get('description', '')}"
    return 1 if any(w in label for w in _BUILDABLE) and "can't" not in label else 0


def steer(options: list[dict[str, Any]]) -> dict[str, Any]:
    return max(options, key=_buildable)  # max keeps the first of equals: deterministic


def _asked(prompt: Message) -> bool:
    return ASKED in prompt.content


def _button(prompt: Message, prefix: str, label: str) -> str:
    found = [b for b in enabled(prompt, prefix) if str(b.get("label", "")).startswith(label)]
    assert found, (label, prompt.labels())
    return str(found[0]["custom_id"])


async def _play(server: LocalDiscord, user: UserDriver, prompt: Message, post: Message) -> None:
    press = RECRUIT if "Recruitment before Age" in post.content else AGE_TURN
    if enabled(prompt, "ws:") or enabled(prompt, "wt:mv:"):
        await finish_prompt(
            server, user, prompt, random.Random(0), steps=10, choose=steer, press=press
        )


async def _join_then_decline(
    server: LocalDiscord, ana: UserDriver, bo: UserDriver, prompt: Message, game: int
) -> Message:
    """Ana joins, then changes her answer to "Don't join" while bo still has to answer."""
    joined = await settled(
        server, await ana.click(prompt, custom_id=_button(prompt, "wt:mv:", "Join"))
    )
    assert joined.content.startswith("Picked"), joined.content
    assert "Change my pick" in joined.labels(), joined.labels()
    change = await server.reply(await ana.click(joined, "Change my pick"), Patience.seconds)
    assert change.ephemeral and change.content.startswith("Your pick: Also join"), change.content
    assert "Choose another answer (join the Edifice project or not)" in change.content
    assert ASKED in change.content  # the same question, built on the step's start
    declined = await settled(
        server, await ana.click(change, custom_id=_button(change, "wt:cmv:", "Don't join"))
    )
    assert declined.content.startswith("Picked instead: Do not join"), declined.content
    status = await server.reply(await bo.command("wonders status", game=game))
    done_line = status.content.split("✅ done:", 1)[1].split("\n")[0]
    assert "ana" in done_line and "bo" not in done_line, status.content
    assert "join" not in done_line.lower(), ("an answer stays secret", status.content)
    return declined


@pytest.mark.asyncio
async def test_recruitment_stage_offers_the_join_and_the_answer_can_be_changed(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_with_two_ai(
        server, live, ana, [bo], SEED, players=4, sides="A", expansions="leaders+edifice"
    )
    channel = ana.channel
    current = play_post(channel, game)
    recruit_asked: list[str] = []
    changed: Message | None = None
    for _ in range(90):
        if current is None or (recruit_asked and changed is not None):
            break
        post, version = current
        prompts = [await open_hand(server, u, post) for u in (ana, bo)]
        if "Recruitment before Age" in post.content:
            recruit_asked += [p.content for p in prompts if _asked(p)]
        if changed is None and all(_asked(p) for p in prompts):
            changed = await _join_then_decline(server, ana, bo, prompts[0], game)
            await _play(server, bo, prompts[1], post)
            after = await wait_post_after(server, channel, game, version)
            assert after is not None
            assert "ana joined" not in after[0].content, after[0].content
            late = await server.reply(await ana.click(changed, "Change my pick"), Patience.seconds)
            assert "Too late: the game has moved on" in late.content, late.content
            mine = [t for s, t in await move_log(live, game) if s == 0]
            assert mine[-2].startswith("edifice:") and mine[-1].startswith("repick:edifice-pass:")
            current = after
            continue
        for user, prompt in zip((ana, bo), prompts, strict=True):
            await _play(server, user, prompt, post)
        current = await wait_post_after(server, channel, game, version)

    assert recruit_asked, "no person was asked to join after a stage built with a leader"
    assert all("Also join *" in m and "Reward when completed:" in m for m in recruit_asked)
    assert changed is not None, "ana and bo were never asked the join question together"
    assert not server.violations
