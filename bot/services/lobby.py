"""Lobbies: create, join, leave, add an AI, kick, start, cancel; and admin all-AI matches."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.agents.service import AGENT_PREFIX
from bot.games.registry import GAMES, adapter_for, title_of
from bot.model.errors import NotAllowed, UserError
from bot.model.game import Game, Table
from bot.model.options import TableOptions
from bot.presenters.levels import level_name, parse_level
from bot.presenters.reports import Report
from bot.services.faults import fault_point
from bot.services.games import GameService
from bot.services.limits import created
from bot.store import InvalidGameState, SeatTaken
from bot.store.errors import TableFull
from engine import wording

__all__ = [
    "LobbyOptions",
    "LobbyService",
    "TablePlan",
    "format_duration",
    "parse_duration",
    "rematch_seat",
]

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"\s*(\d{1,6})\s*([smhd]?)\s*", re.I)


def parse_duration(text: str | None) -> int | None:
    """ "90s", "30m", "24h", "2d" (a bare number means hours); "none"/"off"/"0" → 0;
    None → None (use the server's default)."""
    if text is None or not text.strip():
        return None
    if text.strip().lower() in ("none", "off", "no", "0"):
        return 0
    m = _DURATION.fullmatch(text)
    if not m:
        raise UserError(f"I can't read the timer {text!r}: write e.g. 90s, 30m, 24h or 2d.")
    seconds = int(m.group(1)) * _UNITS[(m.group(2) or "h").lower()]
    if not 5 <= seconds <= 30 * 86400:
        raise UserError("A duration must be between 5 seconds and 30 days.")
    return seconds


def format_duration(seconds: int) -> str:
    """ "1 day", "12 hours", "30 minutes" ("no timer" for 0)."""
    return wording.duration(seconds)


@dataclass(frozen=True)
class LobbyOptions:
    kind: str = "classic"
    players: int = 3
    sides: str = "random"
    timer: str | None = None
    wonders: str = "deal"  # 7 Wonders: "choose" opens a wonder pick before Age I
    #: "" (the base game), "leaders", "cities" or "leaders+cities" (7 Wonders only)
    expansions: str = ""
    variant: str = "none"  # 7 Wonders: "gods-heroes" (docs/gods-and-heroes.md)

    @property
    def table(self) -> TableOptions:
        """The options the game reads (it refuses those it does not play)."""
        return TableOptions(self.players, self.sides, self.wonders, self.expansions, self.variant)


@dataclass(frozen=True)
class TablePlan:
    """A new table's checked settings: engine config (JSON), rules version, turn timer."""

    kind: str
    config: str
    rules_version: str
    timer_s: int
    default_ai_level: str


class LobbyService:
    """Seat management before a game starts; permissions are checked here."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.store = games.store

    @staticmethod
    def _may_manage(table: Table, user_id: int, is_admin: bool) -> bool:
        return is_admin or table.record.creator_id == user_id

    def _require_manager(self, table: Table, user_id: int, is_admin: bool, what: str) -> None:
        if not self._may_manage(table, user_id, is_admin):
            raise NotAllowed(f"Only the table's creator or a server admin can {what}.")

    async def lobby_table(self, game_id: int) -> Table:
        """The lobby, read afresh (call with ``self.games.lock(game_id)`` held); else
        ``UserError`` saying it started or ended."""
        table = await self.games.table(game_id)
        if table.status != "lobby":
            raise UserError(f"Game #{game_id} has already {_ended(table.status)}.")
        return table

    async def _seat(
        self,
        table: Table,
        *,
        user_id: int | None = None,
        ai_level: str | None = None,
        seat: int | None = None,
    ) -> None:
        """Add a seat (lock held; ``seat``: that one, else the first free), never beyond the
        table's seat count."""
        try:
            await self.store.add_seat(
                table.id, user_id=user_id, ai_level=ai_level, seat=seat, max_seats=table.players()
            )
        except TableFull:
            raise UserError(
                f"Table #{table.id} is full; open a new table with /wonders create."
            ) from None

    async def plan(self, guild_id: int | None, channel_id: int, options: LobbyOptions) -> TablePlan:
        """Check a new table's options (``UserError`` with the reason) before anything is
        posted or stored."""
        game = adapter_for(options.kind)
        settings = await self.store.get_guild_settings(guild_id or 0)
        if not settings.channel_allowed(channel_id):
            raise UserError("Games are not allowed in this channel; ask an admin which to use.")
        config = game.config(options.table)
        timer = parse_duration(options.timer)
        timer = settings.turn_timer_s if timer is None else timer
        return TablePlan(
            options.kind,
            config.model_dump_json(),
            game.rules_version,
            timer,
            settings.default_ai_level,
        )

    async def open(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        plan: TablePlan,
        *,
        seat_creator: bool = True,
        versus_ai: bool = False,
        ai_level: str | None = None,
        invited_id: int | None = None,
    ) -> Table:
        """Store the planned table: the creator seated unless ``seat_creator`` is False, an AI
        beside them when ``versus_ai`` (at ``ai_level``, default the server's), the free seat
        kept for ``invited_id``; all in one write, so nobody can join in between."""
        seats: list[tuple[int | None, str | None]] = [(user_id, None)] if seat_creator else []
        if versus_ai:
            game = adapter_for(plan.kind)
            seats.append((None, _known_level(game, ai_level or plan.default_ai_level)))
        seed = random.SystemRandom().randrange(1, 2**31)
        game_id = await self.store.create_game(
            kind=plan.kind,
            channel_id=channel_id,
            guild_id=guild_id,
            config=plan.config,
            seed=seed,
            rules_version=plan.rules_version,
            creator_id=user_id,
            turn_timer_s=plan.timer_s,
            seats=seats,
            invited_id=invited_id,
        )
        created(game_id)
        return await self.games.table(game_id)

    async def create(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        options: LobbyOptions,
        *,
        seat_creator: bool = True,
    ) -> Table:
        plan = await self.plan(guild_id, channel_id, options)
        return await self.open(guild_id, channel_id, user_id, plan, seat_creator=seat_creator)

    # Every change of a lobby holds the game's lock (the one moves use) and reads the table
    # inside it: two clicks at once (Join ×5, Leave during Start, Start twice) then act one
    # after the other on the current seats, never on a copy read before the other changed it.
    async def join(self, game_id: int, user_id: int) -> Table:
        async with self.games.lock(game_id):
            table = await self.lobby_table(game_id)
            if table.record.seat_of(user_id) is not None:
                raise UserError(f"You already sit at table #{game_id}.")
            if len(table.record.seats) >= table.players():
                raise UserError(f"Table #{game_id} is full; open a new table with /wonders create.")
            kept = await self.kept_seat(table, user_id)
            try:
                await self._seat(table, user_id=user_id, seat=kept)
            except SeatTaken:
                if kept is None or table.record.seat_of(user_id) is not None:
                    raise UserError(f"You already sit at table #{game_id}.") from None
                await self._seat(table, user_id=user_id)  # an AI took the kept seat meanwhile
            return await self.games.table(game_id)

    async def kept_seat(self, table: Table, user_id: int) -> int | None:
        """The seat a rematch table keeps for ``user_id`` (None: an ordinary table, any
        free seat); a ``UserError`` for someone the rematch keeps no seat for."""
        source = await self.store.rematch_source(table.id)
        if source is None:
            return None
        old = await self.store.get_game(source)
        seat = old.seat_of(user_id)
        if seat is None:
            raise UserError(
                f"Table #{table.id} is the rematch of game #{source}: its seats are kept for "
                "that game's players."
            )
        return rematch_seat(seat, len(old.seats), table.game.first_seat_starts)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self.games.lock(game_id):
            table = await self.lobby_table(game_id)
            seat = table.record.seat_of(user_id)
            if seat is None:
                raise UserError(f"You are not seated at table #{game_id}.")
            if table.record.creator_id == user_id:
                raise UserError(
                    "You opened this table: use Cancel (or /wonders cancel) to close it."
                )
            await self.store.remove_seat(game_id, seat)
            return await self.games.table(game_id)

    async def add_ai(
        self, game_id: int, user_id: int, is_admin: bool, level: str | None = None
    ) -> Table:
        async with self.games.lock(game_id):
            table = await self.lobby_table(game_id)
            self._require_manager(table, user_id, is_admin, "add an AI")
            if len(table.record.seats) >= table.players():
                raise UserError(f"Table #{game_id} is full; start it or kick a seat first.")
            level = (
                level
                or (
                    await self.store.get_guild_settings(table.record.guild_id or 0)
                ).default_ai_level
            )
            await self._seat(table, ai_level=_known_level(table.game, level))
            return await self.games.table(game_id)

    async def kick(self, game_id: int, user_id: int, is_admin: bool, seat: int) -> Table:
        """Free seat number ``seat`` (0-based) of a lobby."""
        async with self.games.lock(game_id):
            table = await self.lobby_table(game_id)
            self._require_manager(table, user_id, is_admin, "kick a player")
            target = next((s for s in table.record.seats if s.seat == seat), None)
            if target is None:
                raise UserError(f"Seat {seat + 1} of table #{game_id} is empty.")
            if target.user_id is not None and target.user_id == table.record.creator_id:
                raise UserError("The table's creator can't be kicked; cancel the table instead.")
            await self.store.remove_seat(game_id, seat)
            return await self.games.table(game_id)

    async def start(
        self, game_id: int, user_id: int, is_admin: bool, seed: int | None = None
    ) -> Report:
        """Start a lobby; empty seats get AI players. ``seed``: replace the random seed drawn
        at creation (tests, reproducing a reported game). A second Start is refused with
        "already started" (it waits for the first, then reads the running game)."""
        async with self.games.lock(game_id):
            table = await self.lobby_table(game_id)
            self._require_manager(table, user_id, is_admin, "start the game")
            if len(table.record.seats) > table.players():  # only data from before the cap
                raise UserError(
                    f"Table #{game_id} has more players than seats; free one with "
                    "/wonders kick, then start."
                )
            settings = await self.store.get_guild_settings(table.record.guild_id or 0)
            for _ in range(table.players() - len(table.record.seats)):
                await self._seat(table, ai_level=settings.default_ai_level)
            try:
                await self.store.start_game(game_id, seed=seed)
                self.games.changed_here(game_id)
            except InvalidGameState:
                raise UserError(f"Game #{game_id} has already started.") from None
            self.games.cache.forget(game_id)
            report = await self.games.started(game_id)
        await fault_point("game-started")
        return report

    async def cancel(self, game_id: int, user_id: int, is_admin: bool) -> Table:
        async with self.games.lock(game_id):
            table = await self.lobby_table(game_id)
            self._require_manager(table, user_id, is_admin, "cancel the table")
            await self.store.abandon_game(game_id, "cancelled")
            self.games.cache.forget(game_id)
            return await self.games.table(game_id)

    async def aimatch(
        self,
        guild_id: int | None,
        channel_id: int,
        admin_id: int,
        options: LobbyOptions,
        humans: list[int],
        level: str,
        agent_level: str | None = None,
        prepare: Callable[[int], Awaitable[None]] | None = None,
    ) -> Report:
        """An admin's match: the given humans plus AI seats, started at once; ``agent_level``
        (``agent:<name>``, games with ``agent_seats`` only) takes the first AI seat.
        ``prepare(game_id)`` runs before the start (a table option saved with the game, so a
        crash right after the start can't lose it)."""
        game = adapter_for(options.kind)
        level = _known_level(game, level)
        if agent_level is not None:
            _known_level(game, agent_level)
        table = await self.create(guild_id, channel_id, admin_id, options, seat_creator=False)
        for user in dict.fromkeys(humans):
            await self._seat(table, user_id=user)
        for i in range(table.players() - len(dict.fromkeys(humans))):
            await self._seat(table, ai_level=agent_level if i == 0 and agent_level else level)
        if prepare is not None:
            await prepare(table.id)
        return await self.start(table.id, admin_id, True)

    def lobby_text(self, table: Table) -> str:
        """The lobby post: who opened what, options, and the seats."""
        kind = title_of(table.kind)
        creator = (
            self.games.names.get(table.record.creator_id or 0, table.record.guild_id) or "Someone"
        )
        by_seat = {s.seat: s for s in table.record.seats}
        shown = []
        for i in range(table.players()):
            seat = by_seat.get(i)
            if seat is None:
                shown.append("—")
            elif seat.user_id is None:
                shown.append(f"AI ({level_name(seat.ai_level)})")
            else:
                shown.append(f"<@{seat.user_id}>")
        extra = table.game.lobby_details(table.config())
        head = (
            f"**Table #{table.id}** — {creator} opened a {kind} table "
            f"({table.players()} seats{extra}, {format_duration(table.timer_s)} per turn)."
        )
        if table.status == "lobby":
            return f"{head}\nSeats: {' · '.join(shown)}"
        return f"{head}\nSeats: {' · '.join(shown)}\nThis table has {_ended(table.status)}."


def rematch_seat(seat: int, seats: int, first_seat_starts: bool) -> int:
    """Where the player of ``seat`` sits in the rematch: the same seat, or one seat on when
    seat 0 starts (Duel: the other player starts the rematch)."""
    return (seat + 1) % seats if first_seat_starts else seat


def _ended(status: str) -> str:
    return {"running": "started", "finished": "finished", "abandoned": "been closed"}.get(
        status, status
    )


def _known_level(game: Game, level: str) -> str:
    """The stored level for ``level`` ("Hard" or "heuristic") if ``game`` offers it (or seats
    agents and ``level`` names one), else a ``UserError`` listing the offered levels."""
    if level.startswith(AGENT_PREFIX):
        if not game.agent_seats:
            raise UserError(
                f"Agents play {_agent_games()} only; choose an AI level for this table."
            )
        return level
    known = parse_level(level)
    if known is None or known not in game.ai_levels:
        names = [level_name(lv) for lv in game.ai_levels]
        offered = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        raise UserError(f"Unknown AI level {level!r}: choose {offered}.")
    return known


def _agent_games() -> str:
    """The games agents may play ("7 Wonders Duel"), for a refusal."""
    return " and ".join(g.title for g in GAMES.values() if g.agent_seats)
