"""A local Discord-compatible server for end-to-end tests of the real discord.py client.

``server = await LocalDiscord().start()``; ``alice = server.user("alice")``;
``await alice.command("wonders create", game="classic")``; ``await alice.click(msg, "Join")``.
"""

import warnings

with warnings.catch_warnings():
    # discord.py imports the deprecated audioop module; pytest turns warnings into errors.
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord  # noqa: F401

from tests.discord_server.driver import UserDriver
from tests.discord_server.models import Channel, Guild, Member, Message, StoredFile, Violation
from tests.discord_server.patching import pointed_at
from tests.discord_server.server import Interaction, LocalDiscord, RuleBroken

__all__ = [
    "Channel",
    "Guild",
    "Interaction",
    "LocalDiscord",
    "Member",
    "Message",
    "RuleBroken",
    "StoredFile",
    "UserDriver",
    "Violation",
    "pointed_at",
]
