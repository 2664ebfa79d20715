"""The README's command reference lists exactly the bot's slash commands."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # discord.py imports audioop
    import discord  # noqa: F401

from bot.exts.admin._commands import admin_group  # noqa: E402
from bot.exts.wonders import _play  # noqa: E402

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Commands", 1)[1].split("\n## ", 1)[0]


def test_every_command_is_documented_and_nothing_else() -> None:
    code = {
        f"/{group.name} {cmd.name}"
        for group in (_play.group, admin_group)
        for cmd in group.commands
    }
    documented = set(re.findall(r"`(/wonders(?:-admin)? [a-z]+)", _section()))
    assert documented == code
    assert len(_play.group.commands) <= 25 and len(admin_group.commands) <= 25


def test_admin_group_is_marked_manage_server() -> None:
    assert admin_group.default_permissions is not None
    assert admin_group.default_permissions.manage_guild
