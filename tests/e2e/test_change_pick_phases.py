"""Change my pick beyond the Age turns, through the real client: a Leaders table with the wonder
pick (``wonders:choose expansions:leaders``: the combination plays, wonder pick first, then the
leader draft) where Ana changes her wonder, a leader kept in the draft and her recruitment choice
before the others finish. Each change is answered "Picked instead", the public status names
who has picked but never what, the reveal shows the new choice, and the old button answers
"the game has moved on" (with a way to the current turn) instead of an error."""

from __future__ import annotations

import random
import re

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    Patience,
    enabled,
    finish_prompt,
    open_hand,
    open_lobby,
    play_post,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log
from tests.e2e.test_gods_heroes import fix_seed

#: A known deal, so a run never depends on which leaders the bot happens to draw.
SEED = 11
#: An AI seat's name ("Euclid (AI)", "Euclid (AI, Hard)"): AI seats are named after people who
#: are also leaders, so a leader's name is looked for outside of these.
_AI_SEAT = re.compile(r"\w+ \(AI[^)]*\)")


def _without_seat_names(text: str) -> str:
    return _AI_SEAT.sub("", text)


async def _choose(
    server: LocalDiscord, user: UserDriver, prompt: Message, avoid: str, change: bool
) -> tuple[str, Message]:
    """In a (change) prompt, choose the first option not labelled ``avoid`` in its select,
    then press its move button (a leader's Discard in a recruitment turn: always legal).
    Returns the chosen option's label and the answer."""
    c = "c" if change else ""
    menus = enabled(prompt, f"ws:{c}")
    assert menus, f"no select in {prompt.content!r}"
    option = next(o for o in menus[0]["options"] if o["label"] != avoid)
    label = str(option["label"])
    current = await settled(
        server, await user.select(prompt, str(menus[0]["custom_id"]), [str(option["value"])])
    )
    moves = enabled(current, f"wt:{c}mv:")
    discard = [b for b in moves if ":leader-discard:" in str(b["custom_id"])]
    button = (discard or moves)[0]
    assert button, f"no move button after choosing {label}: {current.labels()}"
    return label, await settled(
        server, await user.click(current, custom_id=str(button["custom_id"]))
    )


async def _pick_then_change(
    server: LocalDiscord, ana: UserDriver, bo: UserDriver, post: Message, game: int
) -> tuple[str, str, Message]:
    """Ana picks, clicks Change my pick and picks another option; bo's status shows that ana
    picked, not what. Returns the first and the new option's labels and Ana's last answer."""
    first, picked = await _choose(server, ana, await open_hand(server, ana, post), "", False)
    assert picked.content.startswith("Picked"), picked.content
    assert "Change my pick" in picked.labels(), picked.labels()
    change = await server.reply(await ana.click(picked, "Change my pick"), Patience.seconds)
    assert change.ephemeral and change.content.startswith("Your pick:"), change.content
    second, done = await _choose(server, ana, change, first, True)
    assert done.content.startswith("Picked instead:"), done.content
    assert "Change my pick" in done.labels()
    status = await server.reply(await bo.command("wonders status", game=game))
    assert "✅ done:" in status.content, status.content
    picked_line = status.content.split("✅ done:", 1)[1].split("\n")[0]
    assert "ana" in picked_line and "bo" not in picked_line, status.content
    public = _without_seat_names(status.content)
    assert first not in public and second not in public, status.content
    return first, second, done


async def _too_late(server: LocalDiscord, ana: UserDriver, done: Message) -> None:
    late = await server.reply(await ana.click(done, "Change my pick"), Patience.seconds)
    assert late.ephemeral and "Too late: the game has moved on" in late.content, late.content
    assert "Play your turn" in late.labels()
    assert "Sorry" not in late.content and "went wrong" not in late.content


async def _finish(
    server: LocalDiscord, user: UserDriver, post: Message, rng: random.Random
) -> Message:
    return await finish_prompt(server, user, await open_hand(server, user, post), rng)


@pytest.mark.asyncio
async def test_change_my_pick_in_the_wonder_pick_leader_draft_and_recruitment(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    rng = random.Random(5)
    game = await open_lobby(
        server,
        ana,
        [bo],
        before_start=fix_seed(live, SEED),
        game="classic",
        players=3,
        wonders="choose",
        expansions="leaders",
    )
    channel = ana.channel
    current = play_post(channel, game)
    assert current is not None
    post, version = current
    assert "· Wonder pick round 1**" in post.content, post.content

    # 1. The wonder pick: the reveal seats ana's new board, never the first one.
    first, board, done = await _pick_then_change(server, ana, bo, post, game)
    await _finish(server, bo, post, rng)
    after = await wait_post_after(server, channel, game, version)
    assert after is not None
    post, version = after
    new_city, old_city = board.split(" ")[0], first.split(" ")[0]
    assert f"ana takes {new_city}" in post.content or (
        f"chose {new_city}" in post.content and "ana" in post.content
    ), post.content
    assert f"ana takes {old_city}" not in post.content
    await _too_late(server, ana, done)
    log = await move_log(live, game)
    assert [t for s, t in log if s == 0][:2][-1].startswith("repick:board:"), log
    while "leader draft" not in post.content.lower():  # a clash: the losers pick again
        for user in (ana, bo):
            prompt = await open_hand(server, user, post)
            if enabled(prompt, "ws:"):
                await finish_prompt(server, user, prompt, rng)
        after = await wait_post_after(server, channel, game, version)
        assert after is not None
        post, version = after

    # 2. The leader draft, first pick: ana keeps another leader than the first she chose.
    assert "Leader draft, pick 1" in post.content or "leader draft begins" in post.content.lower()
    first, kept, done = await _pick_then_change(server, ana, bo, post, game)
    await _finish(server, bo, post, rng)
    after = await wait_post_after(server, channel, game, version)
    assert after is not None
    post, version = after
    assert "Leader draft, pick 2" in post.content, post.content
    public = _without_seat_names(post.content)
    assert kept not in public and first not in public, ("a kept leader stays secret", post.content)
    await _too_late(server, ana, done)
    draft = [t for s, t in await move_log(live, game) if s == 0 and "draft:" in t]
    assert draft[-1] == f"repick:draft:{kept.replace(' ', '')}", (draft, kept)
    for _ in range(2):  # draft picks 2 and 3; the 4th leader is dealt
        for user in (ana, bo):
            await _finish(server, user, post, rng)
        after = await wait_post_after(server, channel, game, version)
        assert after is not None
        post, version = after

    # 3. The recruitment before Age I: ana discards another leader than the first she chose.
    assert "Recruitment before Age I" in post.content, post.content
    first, dropped, done = await _pick_then_change(server, ana, bo, post, game)
    await _finish(server, bo, post, rng)
    after = await wait_post_after(server, channel, game, version)
    assert after is not None
    post, version = after
    assert "Age I" in post.content, post.content
    await _too_late(server, ana, done)
    mine = [t for s, t in await move_log(live, game) if s == 0]
    assert sum(t.startswith("repick:") for t in mine) == 3, mine
    assert any(t.startswith("repick:draft:") for t in mine)
    assert any(t.startswith("repick:leader-discard:") for t in mine)
    assert not server.violations
