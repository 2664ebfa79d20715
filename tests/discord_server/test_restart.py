"""A bot process killed with SIGKILL and restarted: persistent buttons on old messages work."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.harness import BotProcess

TINY = ("-m", "tests.discord_server.tiny_main")


@pytest.mark.asyncio
async def test_old_buttons_work_after_sigkill_and_restart(
    server: LocalDiscord, tmp_path: Path
) -> None:
    process = BotProcess(server, tmp_path / "unused.db", tmp_path, command=TINY)
    await process.start()
    try:
        alice = server.user("alice")
        board = await server.reply(await alice.command("demo ping"))
        await process.kill()
        assert not server.sessions
        # While no bot is connected nothing can answer: the driver refuses to click.
        with pytest.raises(RuntimeError, match="no bot connected"):
            await alice.click(board, "Hello")
        await process.start()
        answer = await server.reply(await alice.click(board, "Hello"))
        assert answer.content == "hi alice" and answer.ephemeral
        assert process.runs == 2 and server.identifies == 2
    finally:
        await process.stop()
