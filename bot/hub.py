"""The composition root: every service the extensions use, built once in the bot's
``setup_hook`` and handed to each feature (no globals, no lookup through the client)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import discord

from bot.agents.service import AgentService
from bot.exts.community import Community
from bot.exts.post import Poster
from bot.model.game import Table
from bot.services.challenges import ChallengeService
from bot.services.community import CommunityService
from bot.services.driver import Driver
from bot.services.export import ExportService
from bot.services.games import GameService
from bot.services.hints import HintService
from bot.services.limits import CommandRate, Limits, TableLimits
from bot.services.lobby import LobbyService
from bot.services.names import NameBook
from bot.services.practice import PracticeService
from bot.services.ratings import RatingService
from bot.services.rematch import RematchService
from bot.services.replay import ReplayService
from bot.services.review import ReviewService
from bot.services.servers import ServerService
from bot.settings import Settings
from bot.store import Store

__all__ = ["Hub", "make_hub"]


@dataclass
class Hub:
    settings: Settings
    names: NameBook
    games: GameService
    lobby: LobbyService
    poster: Poster
    driver: Driver
    challenges: ChallengeService
    servers: ServerService
    community: Community  # threads, the live status message, who hears of their turn
    people: CommunityService  # the data behind ``community`` (notify modes, deadlines…)
    agents: AgentService  # outside players of Duel seats (docs/agents.md)
    hints: HintService  # the Hint button and coaching tips
    practice: PracticeService  # the tutorial's practice game
    ratings: RatingService  # ratings and seasons (docs/ratings.md)
    rematch: RematchService  # the result post's Rematch button
    limits: TableLimits  # new tables per member and per server (README "Security")
    rate: CommandRate  # slash commands per member and minute
    replays: ReplayService  # /wonders replay
    reviews: ReviewService  # /wonders review
    exports: ExportService  # /wonders export


def make_hub(client: discord.Client, settings: Settings, store: Store) -> Hub:
    names = NameBook()
    games = GameService(store, names)
    agents = AgentService(
        store, settings.agent_timeout, settings.agent_daily_turns, settings.agent_policy()
    )
    games.agents = agents  # agent seats are played through the game service
    games.expert_slots = asyncio.Semaphore(settings.expert_seats)
    games.expert_wait = settings.expert_wait
    poster = Poster(client, store)
    people = CommunityService(store, games)
    community = Community(client, people)
    poster.community = community  # the poster asks it where each post goes and whom it pings

    async def delay(table: Table) -> float:
        if not table.all_ai():
            return settings.ai_delay
        if settings.ai_match_delay is not None:
            return settings.ai_match_delay
        guild = await store.get_guild_settings(table.record.guild_id or 0)
        return guild.ai_match_delay_s

    driver = Driver(games, poster.report, delay)
    lobby = LobbyService(games)
    hints = HintService(store)
    return Hub(
        settings,
        names,
        games,
        lobby,
        poster,
        driver,
        ChallengeService(lobby),
        ServerService(store),
        community,
        people,
        agents,
        hints,
        PracticeService(lobby, hints),
        games.ratings,
        RematchService(lobby),
        TableLimits(
            store,
            Limits(
                settings.max_lobbies_per_member,
                settings.max_games_per_member,
                settings.max_games_per_server,
                settings.max_ai_matches_per_server,
            ),
        ),
        CommandRate(settings.commands_per_minute),
        ReplayService(games),
        ReviewService(games),
        ExportService(games),
    )
