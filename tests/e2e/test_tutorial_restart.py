"""The tutorial's buttons survive a crash: the bot is SIGKILLed while a learner has a page
open, and after the restart Next, Back and Close on that same message still turn the right
pages (the page lives in the button's ``custom_id``, not in the dead process's memory)."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import Patience
from tests.e2e.conftest import BotFactory, people


async def on_page(server: LocalDiscord, message: Message, n: int) -> Message:
    """``message`` once it shows page ``n`` of 5."""
    return await server.wait_for(
        lambda: message if f"({n}/5)" in message.content else None, Patience.seconds
    )


@pytest.mark.asyncio
async def test_tutorial_buttons_work_after_a_sigkill(
    server: LocalDiscord, start_bot: BotFactory
) -> None:
    first = await start_bot()
    ana = people(server)["ana"]
    opened = await server.reply(
        await ana.command("wonders tutorial", game="duel"), Patience.seconds
    )
    opened = await on_page(server, opened, 1)
    page = await on_page(server, await server.reply(await ana.click(opened, "Next")), 2)
    title = page.content.split("\n")[0]
    assert page.id == opened.id and page.images()
    await first.kill()

    await start_bot()
    page = await on_page(server, await server.reply(await ana.click(page, "Next")), 3)
    assert page.id == opened.id and page.images() and page.content.split("\n")[0] != title
    page = await on_page(server, await server.reply(await ana.click(page, "Back")), 2)
    assert page.content.split("\n")[0] == title, "Back returns to the page before"
    closed = await server.reply(await ana.click(page, "Close"))
    closed = await server.wait_for(
        lambda: closed if "Tutorial closed" in closed.content else None, Patience.seconds
    )
    assert closed.id == opened.id and not closed.buttons() and not closed.attachments
