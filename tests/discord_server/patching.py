"""Point an unmodified discord.py at a ``LocalDiscord`` (class attributes, restored after)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import discord
import yarl
from discord.gateway import DiscordWebSocket

__all__ = ["pointed_at"]


@contextmanager
def pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """Within the block, discord.py's REST and gateway go to the given URLs."""
    old_base, old_gateway = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
