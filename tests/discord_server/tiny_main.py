"""``python -m tests.discord_server.tiny_main``: the tiny bot as a process, configured like the
real bot (DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GATEWAY_URL), for restart tests."""

from __future__ import annotations

import os
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord  # noqa: F401

from tests.discord_server.patching import pointed_at
from tests.discord_server.tiny_bot import TinyBot

__all__ = ["main"]


def main() -> None:
    with pointed_at(os.environ["DISCORD_API_BASE"], os.environ["DISCORD_GATEWAY_URL"]):
        TinyBot().run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
