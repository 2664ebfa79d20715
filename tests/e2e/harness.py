"""Run the real Wonders Table bot (``python -m bot``) against a ``LocalDiscord``."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.discord_server import LocalDiscord

__all__ = ["REPO_ROOT", "BotProcess"]

REPO_ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One bot process; ``start`` waits until it identified and its commands are synced."""

    def __init__(
        self,
        server: LocalDiscord,
        database: Path,
        log_dir: Path,
        extra_env: dict[str, str] | None = None,
        command: tuple[str, ...] = ("-m", "bot", "--sync-commands"),
    ) -> None:
        self.server, self.database, self.log_dir = server, database, log_dir
        self.command = command
        self.extra_env = dict(extra_env or {})
        self.process: asyncio.subprocess.Process | None = None
        self.runs = 0

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "WONDERS_"))}
        env.update(
            DISCORD_TOKEN=self.server.token,
            WONDERS_DATABASE=str(self.database),
            DISCORD_API_BASE=self.server.api_base,
            DISCORD_GATEWAY_URL=self.server.gateway_url,
            WONDERS_LOG_LEVEL="INFO",
            PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")])),
            PYTHONUNBUFFERED="1",
        )
        env.update(self.extra_env)
        return env

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"bot-{self.runs}.log"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def start(self, timeout: float = 40.0) -> None:
        self.runs += 1
        before = self.server.identifies
        self.server.global_commands, self.server.guild_commands = [], {}
        with self.log_path.open("wb") as log:
            # cwd is the log folder so a developer's .env in the checkout is not read.
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                *self.command,
                cwd=self.log_dir,
                env=self.env(),
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        try:
            await self.server.wait_for(
                lambda: (
                    self._exited()
                    or (
                        self.server.identifies > before
                        and (self.server.global_commands or self.server.guild_commands)
                    )
                ),
                timeout,
            )
        except TimeoutError:
            raise AssertionError(f"bot did not connect in {timeout} s:\n{self.log()}") from None
        if self._exited():
            raise AssertionError(f"bot exited with {self.process.returncode}:\n{self.log()}")

    def _exited(self) -> bool:
        return self.process is not None and self.process.returncode is not None

    async def kill(self) -> None:
        """SIGKILL: no clean shutdown, exactly like a crashed host."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        await self.server.wait_for(lambda: not self.server.sessions, 5)

    async def stop(self) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
