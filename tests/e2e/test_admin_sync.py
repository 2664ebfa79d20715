"""/wonders-admin sync: global by default; a server copy is refused beside global commands
(members would see every command twice) and an earlier copy can be removed."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_sync_never_doubles_the_commands(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    guild_id = admin.channel.guild_id
    names = sorted(c["name"] for c in server.global_commands)
    assert names, "the bot registered its commands globally at start-up"

    refused = await server.reply(await ana.command("wonders-admin sync"))
    assert refused.ephemeral and "Manage Server" in refused.content

    done = await server.reply(await admin.command("wonders-admin sync"))
    assert done.ephemeral and f"Synced {len(names)} global commands" in done.content
    assert sorted(c["name"] for c in server.global_commands) == names

    copy = await server.reply(await admin.command("wonders-admin sync", scope="guild"))
    assert copy.ephemeral and "twice" in copy.content
    assert not server.guild_commands.get(guild_id), "no copy beside the global commands"

    server.guild_commands[guild_id] = list(server.global_commands)  # an older version's copy
    removed = await server.reply(await admin.command("wonders-admin sync", scope="clear"))
    assert removed.ephemeral and "Removed" in removed.content
    assert server.guild_commands[guild_id] == []
    assert sorted(c["name"] for c in server.global_commands) == names
