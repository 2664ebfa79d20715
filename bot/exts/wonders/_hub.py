"""Everything the extensions share, built once in the bot's ``setup_hook`` (no globals)."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.services.challenges import ChallengeService
from bot.services.driver import Driver
from bot.services.games import GameService
from bot.services.lobby import LobbyService
from bot.services.tables import Table
from bot.services.texts import NameBook
from bot.settings import Settings
from bot.store import Store

from ._community import Community
from ._post import Poster

__all__ = ["Hub", "is_admin", "make_hub", "remember", "remember_user"]


@dataclass
class Hub:
    settings: Settings
    store: Store
    names: NameBook
    games: GameService
    lobby: LobbyService
    poster: Poster
    driver: Driver
    challenges: ChallengeService
    community: Community


def make_hub(client: discord.Client, settings: Settings, store: Store) -> Hub:
    names = NameBook()
    games = GameService(store, names)
    poster = Poster(client, store)
    community = Community(client, store, games)
    poster.community = community

    async def delay(table: Table) -> float:
        if not table.all_ai():
            return settings.ai_delay
        if settings.ai_match_delay is not None:
            return settings.ai_match_delay
        guild = await store.get_guild_settings(table.record.guild_id or 0)
        return guild.ai_match_delay_s

    driver = Driver(games, poster.report, delay)
    lobby = LobbyService(games)
    return Hub(
        settings, store, names, games, lobby, poster, driver, ChallengeService(lobby), community
    )


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator) in this channel: checked in code, not only by Discord."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def remember(hub: Hub, interaction: discord.Interaction) -> None:
    """Learn the name of whoever interacts (stored with their seats on the next table load)."""
    remember_user(hub, interaction.user, interaction.guild_id)


def remember_user(hub: Hub, user: discord.User | discord.Member, guild_id: int | None) -> None:
    """A Member's display name is their nickname in that server."""
    hub.names.remember(user.id, getattr(user, "display_name", None) or user.name, guild_id)
