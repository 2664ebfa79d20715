"""The game service: every move goes lock → load → engine → append (version check) → report.

No Discord here: callers get ``Report`` objects to post and ``PlayResult`` texts to show.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bot.model.errors import GameNotHere, NotAllowed, StaleVersion, UserError
from bot.model.game import Table
from bot.presenters.ratings import rating_line
from bot.presenters.reports import Report, make_report, resign_outcome, resign_report, start_text
from bot.presenters.texts import round_text, waiting_text
from bot.services.ai_seats import AgentPlayer, AiSeats
from bot.services.deadlines import round_clocks
from bot.services.faults import fault_point
from bot.services.names import NameBook
from bot.services.ratings import RatingService
from bot.services.tables import TableCache
from bot.store import (
    GameNotFound,
    InvalidGameState,
    ResultEntry,
    Store,
    VersionConflict,
)
from engine.ai import Agent
from engine.common import EngineError, Outcome

__all__ = ["ANY_GUILD", "RESTARTED", "GameService", "PlayResult", "rank_results"]

RESTARTED = "The bot was restarted; this is where the game stands."

log = logging.getLogger(__name__)


class _AnyGuild:
    """``GameService.play`` without a server check (services and tests name real games)."""


ANY_GUILD = _AnyGuild()


@dataclass(frozen=True)
class PlayResult:
    """A seat's move went in: what to tell the player, and what to post."""

    table: Table
    seat: int
    text: str
    reports: list[Report] = field(default_factory=list)


def picked_text(table: Table, names: list[str]) -> str:
    """A round of secret picks in progress: who already picked (their pick stays secret)."""
    return table.game.picked_line(table, names)


def rank_results(outcome: Outcome, seats: int | None = None) -> list[ResultEntry]:
    """Rank 1 for the winners, then by total (ties share a rank). Only the first ``seats``
    scores are ranked: a neutral city after them (the Free City) has no seat and no rank."""
    totals = [s.total for s in outcome.scores][:seats]
    entries = []
    for seat, total in enumerate(totals):
        if seat in outcome.winners:
            rank = 1
        else:
            better = sum(1 for i, t in enumerate(totals) if t > total or i in outcome.winners)
            rank = 1 + max(better, 1)
        entries.append(ResultEntry(seat=seat, rank=rank, points=total))
    return entries


class GameService(AiSeats):
    """Serialised moves per game, AI seats, results and deadlines."""

    def __init__(
        self,
        store: Store,
        names: NameBook | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.store = store
        self.names = names or NameBook()
        self.cache = TableCache(store, names=self.names)
        self.ratings = RatingService(store)
        self.clock = clock or (lambda: datetime.now(UTC))
        self._locks: dict[int, asyncio.Lock] = {}
        self._agents: dict[tuple[str, str], Agent] = {}
        # Games this process changed (started, moved) since it started, with when: their
        # posts are on their way here, so a catch-up never posts them as a restart's leftover.
        self._changed_here: dict[int, float] = {}
        # Set by the composition root; without it agent seats are played by the heuristic.
        self.agents: AgentPlayer | None = None

    def changed_here(self, game_id: int) -> None:
        """This process saved a change of ``game_id`` (a start, a move) and posts it itself."""
        now = time.monotonic()
        if len(self._changed_here) > 10_000:  # a catch-up follows a start or a takeover
            self._changed_here = {g: t for g, t in self._changed_here.items() if now - t < 3600}
        self._changed_here[game_id] = now

    # -- reading -------------------------------------------------------------------------
    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def table(self, game_id: int) -> Table:
        return await self.cache.load(game_id)

    def seat_names(self, table: Table) -> list[str]:
        return self.names.seat_names(table)

    @staticmethod
    def require_running(table: Table) -> None:
        if table.status == "lobby":
            raise UserError(f"Game #{table.id} has not started yet.")
        if table.status != "running":
            raise UserError(f"Game #{table.id} is {table.status}.")

    def seat_for(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAllowed(f"You are not playing in game #{table.id}.")
        return seat

    @staticmethod
    def is_current(table: Table, version: int | None) -> bool:
        """A component built at ``version`` still belongs to the current round."""
        return version is not None and table.round_start <= version <= table.version

    async def table_in(self, guild_id: int | None, game_id: int) -> Table:
        """Game ``game_id`` if it belongs to server ``guild_id``. A user typed or sent that
        number: a game of another server is answered exactly like a missing one, so nobody
        can act on (or even learn about) other servers' tables by trying numbers."""
        missing = GameNotHere(
            f"There is no game #{game_id} in this server; check the number with /wonders games."
        )
        try:
            table = await self.table(game_id)  # one read on the usual path (moves use it)
        except UserError as exc:
            try:
                foreign = (await self.store.get_game(game_id)).guild_id != guild_id
            except GameNotFound:
                foreign = True
            if foreign:
                raise missing from None
            raise exc  # this server's game, but it can't be loaded (its engine is missing)
        if table.record.guild_id != guild_id:
            raise missing
        return table

    async def catch_up(self, guild_ids: list[int], dms: bool = False) -> list[Report]:
        """At start-up: the post of each game whose current state no post shows yet (the bot
        stopped between saving a start or a move and posting it), so the channel shows where
        the game stands - who already picked included - and its players get their button."""
        since = (self.clock() - timedelta(days=1)).timestamp()
        reports = []
        for game_id in await self.store.unposted_games(guild_ids, since, dms=dms):
            if game_id in self._changed_here:  # started or moved here: its post is on its way
                continue
            try:  # one game that can't be loaded must not keep the others (and start-up) back
                table = await self.table(game_id)
                if table.state is None:
                    continue
                names = self.seat_names(table)
                text = f"{RESTARTED}{picked_text(table, names)}"
                reports.append(make_report(table, text, names))
            except Exception:
                log.exception("catching up game %s failed", game_id)
        return reports

    async def find_game(
        self,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int,
        game_id: int | None,
        statuses: tuple[str, ...],
        *,
        challenge_first: bool = False,
    ) -> Table:
        """``game_id`` (of this server) if given, else (with ``challenge_first``: Join and
        Leave, which accept or decline) the newest lobby challenging the user in this
        channel, else the user's newest such game in this channel, else the channel's
        newest such game."""
        if game_id is not None:
            return await self.table_in(guild_id, game_id)
        if challenge_first and "lobby" in statuses:
            found = await self.store.list_games(
                guild_id=guild_id,
                channel_id=channel_id,
                invited_id=user_id,
                status="lobby",
                limit=1,
            )
            if found:
                return await self.table(found[0].id)
        for user in (user_id, None):
            found = await self.store.list_games(
                guild_id=guild_id, channel_id=channel_id, user_id=user, status=statuses, limit=1
            )
            if found:
                return await self.table(found[0].id)
        what = " or ".join(statuses)
        raise UserError(f"There is no {what} game in this channel; give its number (game:…).")

    # -- moves ---------------------------------------------------------------------------
    async def play(
        self,
        game_id: int,
        user_id: int,
        move_text: str,
        version: int | None,
        guild_id: int | None | _AnyGuild = ANY_GUILD,
    ) -> PlayResult:
        """A human's move from a component built at ``version``; with ``guild_id`` (a
        click: its id names any game), only a game of that server. One table load and one
        append: the server check uses the table the move is applied to."""
        await fault_point("move-sending")
        async with self.lock(game_id):
            if isinstance(guild_id, _AnyGuild):
                table = await self.table(game_id)
            else:
                table = await self.table_in(guild_id, game_id)
            self.require_running(table)
            seat = self.seat_for(table, user_id)
            if not self.is_current(table, version):
                raise StaleVersion(game_id, table.version)
            if seat not in table.to_act():
                raise UserError(self.not_to_act_text(table, seat))
            try:
                move = table.game.parse_move(move_text)
            except EngineError as exc:
                raise UserError(str(exc)) from None
            shown = table.game.move_text(table, seat, move, self.seat_names(table))
            after, reports = await self._apply(table, seat, move)
        await fault_point("move-saved")
        names = self.seat_names(after)
        done = after.game.done_word(after)
        wait = waiting_text(after, names) if seat not in after.to_act() else ""
        return PlayResult(after, seat, f"{done}: {shown}. {wait}".strip(), reports)

    async def was_saved(self, game_id: int, seat: int, version: int, move_text: str) -> bool:
        """Whether ``seat``'s move ``move_text``, sent from a prompt built at ``version``, is
        in the log (the player's answer was lost when the bot stopped)."""
        moves = await self.store.moves_since(game_id, version)
        return any(m.seat == seat and m.move_text == move_text for m in moves)

    def not_to_act_text(self, table: Table, seat: int) -> str:
        return table.game.waiting_reason(table, seat, self.seat_names(table))

    async def _apply(
        self, table: Table, seat: int, move: object, forced: bool = False
    ) -> tuple[Table, list[Report]]:
        """Apply and persist one move (lock held); returns the new table and its reports.
        ``forced``: the bot moves for a human seat (time ran out) - a pick its player can't
        change (``bot.services.change``)."""
        try:
            state, events = table.game.apply(table.state, seat, move)
        except EngineError as exc:
            raise UserError(str(exc)) from None
        round_end = table.game.is_round_end(events, table.state, seat, state)
        moved = dataclasses.replace(table, state=state)
        clocks, settings = await round_clocks(self.store, self.clock, moved, round_end)
        try:  # the deadlines change with the move: mid-round the seat's, else the round's
            version = await self.store.append_move(
                table.id,
                table.version,
                seat,
                str(move),
                forced=forced,
                deadline_met=table.timer_s > 0 and not round_end,
                clocks=clocks,
            )
        except VersionConflict:
            self.cache.forget(table.id)
            raise StaleVersion(table.id, table.version) from None
        self.changed_here(table.id)
        after = dataclasses.replace(
            table,
            state=state,
            version=version,
            round_start=version if round_end else table.round_start,
            last_events=tuple(events),
            start_state=state if round_end else table.start_state,
        )
        self.cache.put(after)
        reports: list[Report] = []
        if round_end:
            names = self.seat_names(after)
            text = round_text(table, after, events, names, (seat, move))
            reports.append(make_report(after, text, names))
        outcome = after.outcome()
        if outcome is not None:
            await self._finish(after, outcome)
            reports = await self._with_hints(after, reports)
        if settings is not None:  # the post's pings use them too (one read per move)
            reports = [dataclasses.replace(r, settings=settings) for r in reports]
        return after, reports

    async def _with_hints(self, table: Table, reports: list[Report]) -> list[Report]:
        """The final post and its score sheet say who used hints ("Ana used 3 hints") and
        how each person's rating moved ("Ratings: Ana 1069 (+69)")."""
        from bot.services.hints import hints_line

        if not reports:
            return reports
        names = self.seat_names(table)
        counts = await self.store.hint_counts(table.id)
        changes = await self.ratings.changes(table.id)
        lines = [
            f"{mark} {line}"
            for mark, line in (
                ("💡", hints_line(counts, names)),
                ("📈", rating_line(changes, names)),
            )
            if line
        ]
        if not lines:
            return reports
        last = dataclasses.replace(
            reports[-1],
            text="\n".join([reports[-1].text, *lines]),
            hints=tuple(sorted(counts.items())),
            ratings=tuple((c.seat, c.change) for c in changes),
        )
        return [*reports[:-1], last]

    async def _finish(self, table: Table, outcome: Outcome) -> None:
        try:
            await self.store.finish_game(table.id, rank_results(outcome, table.players()))
        except InvalidGameState:
            return
        self.cache.forget(table.id)

    async def advance(
        self, game_id: int, max_reports: int | None = None, default_level: str = "heuristic"
    ) -> list[Report]:
        """Let AI seats move until a human must act, the game ends, or ``max_reports``."""
        reports: list[Report] = []
        notes: list[str] = []  # kept until a move makes a post (a 7 Wonders round's last pick)
        while max_reports is None or len(reports) < max_reports:
            async with self.lock(game_id):
                table = await self.table(game_id)
                if table.status != "running" or not table.ai_to_act():
                    break
                seat = table.ai_to_act()[0]
                level = table.ai_level(seat, default_level) or default_level
                move, note = await self.choose_noted(table, seat, level)
                _, more = await self._apply(table, seat, move)
            if note and note not in notes:
                notes.append(note)
            if notes and more:  # the post says who played instead (agent, busy Expert)
                said = "\n".join(f"*{n}*" for n in notes)
                more[-1] = dataclasses.replace(more[-1], text=f"{more[-1].text}\n{said}")
                notes = []
            reports += more
        return reports

    async def play_for(
        self, game_id: int, seat: int, level: str, prefer_discard: bool = False
    ) -> tuple[str, list[Report]]:
        """Play a timed-out seat's move (AI choice, or a discard); returns a public text."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            if table.status != "running" or seat not in table.to_act():
                return "", []
            move = None
            if prefer_discard:
                move = next(
                    (m for m in table.legal_moves(seat) if str(m).startswith("discard")),
                    None,
                )
            if move is None:
                move = await self.choose(table, seat, level)
            described = table.game.forced_move_text(table, move, self.seat_names(table))
            shown = "" if described is None else f" ({described})"
            _, reports = await self._apply(table, seat, move, forced=True)
        how = (
            "discarded a card for them"
            if prefer_discard and str(move).startswith("discard")
            else "the AI played for them"
        )
        return f"{how}{shown}", reports

    async def resign(self, game_id: int, user_id: int) -> tuple[str, list[Report]]:
        """Classic: the AI takes the seat. Duel: the game ends, the opponent wins."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            self.require_running(table)
            seat = self.seat_for(table, user_id)
            name = self.seat_names(table)[seat]
            if table.game.resign_ends_game:
                return await self._resign_duel(table, seat, name)
            await self.store.resign_seat(game_id, seat)
            self.cache.forget(game_id)
        return f"{name} left game #{game_id}: the AI plays their seat from now on.", []

    async def abandon(self, guild_id: int | None, game_id: int, reason: str) -> Table:
        """End this server's game ``game_id`` without a result (an admin's decision);
        returns the table as it was."""
        table = await self.table_in(guild_id, game_id)
        async with self.lock(game_id):
            try:
                await self.store.abandon_game(game_id, reason)
            except InvalidGameState:
                raise UserError(f"Game #{game_id} is already over.") from None
            self.cache.forget(game_id)
        return table

    async def _resign_duel(self, table: Table, seat: int, name: str) -> tuple[str, list[Report]]:
        """Duel (lock held): the opponent wins; results go to the stats like a normal end."""
        report = resign_report(table, seat, self.seat_names(table))
        outcome = resign_outcome(table, seat)
        entries = [
            ResultEntry(seat=s, rank=1 if s in outcome.winners else 2, points=score.total)
            for s, score in enumerate(outcome.scores)
        ]
        try:
            await self.store.finish_game(table.id, entries, reason=f"{name} resigned")
        except InvalidGameState:
            raise UserError(f"Game #{table.id} is already over.") from None
        self.cache.forget(table.id)
        return f"{name} resigned: game #{table.id} is over.", await self._with_hints(
            table, [report]
        )

    # -- start and deadlines -------------------------------------------------------------
    async def started(self, game_id: int) -> Report:
        """The first board post of a game that just started; sets the first deadlines."""
        table = await self.table(game_id)
        names = self.seat_names(table)
        clocks, settings = await round_clocks(self.store, self.clock, table, True)
        if clocks is not None:
            await self.store.reset_deadlines(table.id, clocks)
        report = make_report(table, start_text(table, names), names)
        return dataclasses.replace(report, settings=settings)
