"""The README's command reference lists exactly the bot's slash commands."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # discord.py imports audioop
    import discord

from discord import app_commands  # noqa: E402

from bot.exts.admin._commands import AdminCommands, admin_group  # noqa: E402
from bot.exts.wonders import wonders_group  # noqa: E402
from bot.hub import make_hub  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.store import open_store  # noqa: E402

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Commands", 1)[1].split("\n## ", 1)[0]


async def _groups(tmp_path: Path) -> tuple[app_commands.Group, app_commands.Group]:
    """Both groups as the extensions register them, bound to real services."""
    client = discord.Client(intents=discord.Intents.none())
    async with open_store(tmp_path / "doc.db") as store:
        hub = make_hub(client, Settings(_env_file=None, discord_token="x"), store)  # type: ignore[call-arg]
        admin = admin_group()
        for command in AdminCommands(hub, app_commands.CommandTree(client)).commands():
            admin.add_command(command)
        return wonders_group(hub), admin


@pytest.mark.asyncio
async def test_every_command_is_documented_and_nothing_else(tmp_path: Path) -> None:
    wonders, admin = await _groups(tmp_path)
    code = {f"/{group.name} {cmd.name}" for group in (wonders, admin) for cmd in group.commands}
    documented = set(re.findall(r"`(/wonders(?:-admin)? [a-z]+)", _section()))
    assert documented == code
    assert len(wonders.commands) <= 25 and len(admin.commands) <= 25


@pytest.mark.asyncio
async def test_admin_group_is_marked_manage_server(tmp_path: Path) -> None:
    _, admin = await _groups(tmp_path)
    assert admin.default_permissions is not None
    assert admin.default_permissions.manage_guild
    assert admin.guild_only


@pytest.mark.asyncio
async def test_commands_keep_their_options_when_bound(tmp_path: Path) -> None:
    wonders, _ = await _groups(tmp_path)
    card = wonders.get_command("card")
    assert isinstance(card, app_commands.Command)
    (name,) = card.parameters
    assert name.name == "name" and name.autocomplete
    assert name.description == "Card, wonder or progress token name (7 Wonders or Duel)"
    create = wonders.get_command("create")
    assert isinstance(create, app_commands.Command)
    assert [c.value for c in create.parameters[0].choices] == ["classic", "duel"]
