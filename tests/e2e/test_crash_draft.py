"""Issue 25's last window: the bot is SIGKILLed right after a Duel wonder-draft click on the
public post (before or after the pick is saved). The clicker's private answer must never be a
"thinking…" left forever: it says "Sending your move…" with a "Check my move" button that
works after the restart, and the draft goes on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import Patience, play_post, settled
from tests.e2e.conftest import BotFactory, people
from tests.e2e.test_crash_windows import halted
from tests.e2e.test_duel_start import draft_buttons
from tests.e2e.test_restart import move_log


async def draft_post(server: LocalDiscord, ana: UserDriver) -> tuple[int, Message, int]:
    """A Duel against the Easy AI, up to the public post where Ana must pick a wonder."""
    answer = await server.reply(await ana.command("wonders duel", ai="random", timer="off"))
    found = re.search(r"Game #(\d+)", answer.content)
    assert found is not None, answer.content
    game = int(found.group(1))
    post, version = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    assert draft_buttons(post), post.labels()
    return game, post, version


def wonder_labels(post: Message) -> list[str]:
    return [str(b["label"]) for b in draft_buttons(post)]


@pytest.mark.asyncio
async def test_a_draft_pick_saved_just_before_a_crash(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    first = await start_bot(WONDERS_FAULT_POINT="move-saved")
    ana = people(server)["ana"]
    game, post, version = await draft_post(server, ana)
    wonder = draft_buttons(post)[0]
    sending = await server.reply(await ana.click(post, custom_id=str(wonder["custom_id"])))
    await halted(server, first, "move-saved")
    await first.kill()
    picks = await move_log(tmp_path / "wonders.db", game)
    assert str(wonder["custom_id"]).split(":", 4)[4] in [move for _, move in picks]
    # Acknowledged at once with a way forward, never a spinner.
    assert sending.ephemeral and not sending.loading and sending.visible_to == ana.id
    assert sending.content.startswith("Sending your move") and sending.labels() == ["Check my move"]

    await start_bot()
    # The draft goes on: the saved pick is on the next public post (that wonder is gone).
    after, _ = await server.wait_for(
        lambda: play_post(ana.channel, game, after=version), Patience.seconds
    )
    assert wonder["label"] not in wonder_labels(after)
    checked = await server.reply(await ana.click(sending, "Check my move"))
    assert checked.id == sending.id, "answered in place"
    assert "Your move was saved" in checked.content, checked.content


@pytest.mark.asyncio
async def test_a_draft_pick_lost_in_a_crash_can_be_made_again(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    first = await start_bot(WONDERS_FAULT_POINT="move-sending")
    ana = people(server)["ana"]
    game, post, _ = await draft_post(server, ana)
    before = await move_log(tmp_path / "wonders.db", game)
    wonder = str(draft_buttons(post)[0]["custom_id"])
    sending = await server.reply(await ana.click(post, custom_id=wonder))
    await halted(server, first, "move-sending")
    await first.kill()
    assert await move_log(tmp_path / "wonders.db", game) == before, "nothing was saved"
    assert sending.content.startswith("Sending your move") and not sending.loading

    await start_bot()
    checked = await server.reply(await ana.click(sending, "Check my move"))
    assert "not saved" in checked.content, checked.content
    # Her hand reopens in place on the draft: the lost pick is offered again.
    offered = [str(o["value"]) for c in checked.items() for o in c.get("options", [])]
    assert wonder.split(":", 4)[4] in offered, checked.content
    # The public post's wonder buttons still work: the same pick goes in now.
    picked = await settled(server, await ana.click(post, custom_id=wonder))
    assert picked.content.startswith("Played"), picked.content
    # Her pick is the next move of the log, once (the AI may already have answered it).
    after = await move_log(tmp_path / "wonders.db", game)
    assert after[len(before)][0] == 0 and [seat for seat, _ in after].count(0) == 1, after
