"""``GameAdapter``: everything the bot does differently per game, in one object per game.

Services and cogs ask a table's adapter (``table.game``) instead of branching on the game's
kind or reading engine state fields; a new variant is an engine package, a subclass of this
class, and one line in ``bot.games`` (the registry).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.games.engine import Engine
from bot.presenters.texts import ROMAN, name_seats
from engine.ai import LEVELS
from engine.common import Event

if TYPE_CHECKING:  # tables and presenters import the registry
    from pydantic import BaseModel

    from bot.presenters.prompts_kit import ButtonSpec, Prompt
    from bot.services.tables import Table

__all__ = ["GameAdapter", "PromptStep"]


@dataclass(frozen=True)
class PromptStep:
    """Where a click stands in a seat's prompt: the card, action, move and page chosen, and
    a line to show above it."""

    card: str | None = None
    action: str | None = None
    move: str | None = None
    page: int = 0
    head: str = ""


class GameAdapter(ABC):
    """One game as the bot plays it. Subclasses set the class attributes and the texts."""

    kind: str
    title: str  # "7 Wonders": lobby, status and choice lists
    engine: Engine
    rules_text: str
    #: Picks stay secret until everyone picked (a round), and may be changed until then.
    secret_picks: bool = False
    #: A resign ends the game (the opponent wins) instead of handing the seat to the AI.
    resign_ends_game: bool = False
    #: Seat 0 moves first: a rematch moves everyone one seat on, so another player starts.
    first_seat_starts: bool = False
    #: After a move, the same seat may have to act again at once (show its next prompt).
    chained_moves: bool = False
    #: While the AI is to reply, its move joins the post of the human's move (one post per
    #: human decision) instead of a post of its own.
    ai_reply_joins_post: bool = False
    #: Seats may be played by a registered outside agent (``bot.agents``, level ``agent:<name>``).
    agent_seats: bool = False
    ai_levels: tuple[str, ...] = LEVELS

    # -- setup ---------------------------------------------------------------------------
    @abstractmethod
    def config(
        self,
        players: int,
        sides: str,
        *,
        wonders: str = "deal",
        expansions: tuple[str, ...] = (),
        variant: str = "none",
    ) -> BaseModel:
        """A new table's engine config from every table option; ``UserError`` when the
        options don't fit the game (``expansions``: names from
        ``bot.games.expansions.expansion_names``)."""

    @abstractmethod
    def players(self, config: Any) -> int:
        """Seats at a table with this config."""

    def stored_config(self, raw: dict[str, Any], rules_version: str) -> dict[str, Any]:
        """A stored game's config as the engine must read it to replay the game exactly as it
        was dealt under ``rules_version`` (the version it was created with)."""
        return raw

    def neutral_names(self, config: Any) -> list[str]:
        """Names of the cities after the seats that nobody sits at (texts name them)."""
        return []

    def lobby_details(self, config: Any) -> str:
        """Options shown in the lobby post after the seat count (", wonder sides A")."""
        return ""

    def progress(self, state: Any) -> str:
        """Where a running game stands, for every post's title: "Age II"."""
        return f"Age {ROMAN.get(state.age, str(state.age))}"

    # -- rounds --------------------------------------------------------------------------
    @abstractmethod
    def is_round_end(
        self, events: list[Event], before: Any = None, seat: int | None = None, after: Any = None
    ) -> bool:
        """Whether a move (its ``events``; the states ``before``/``after`` if known) ends a
        public round: the moment to post the board and let everyone act again."""

    @abstractmethod
    def start_text(self, table: Table, names: list[str]) -> str:
        """The first board post's headline."""

    @abstractmethod
    def turn_line(self, table: Table, names: list[str]) -> str:
        """The line under a post naming who acts next ("" for nobody)."""

    @abstractmethod
    def round_text(
        self,
        before: Table,
        after: Table,
        events: list[Event],
        names: list[str],
        actor: tuple[int, Any] | None = None,
    ) -> str:
        """What happened in the round (or move) that led from ``before`` to ``after``."""

    def picked_line(self, table: Table, names: list[str]) -> str:
        """During a round of secret picks: a line naming who already picked ("" otherwise)."""
        return ""

    def post_moves(self, table: Table) -> tuple[ButtonSpec, ...]:
        """Move buttons on the public post itself (the Duel wonder draft)."""
        return ()

    def status_line(self, table: Table, names: list[str]) -> str:
        """``/wonders status``: where the game stands ("Age 2, turn 3.")."""
        return ""

    def move_text(self, table: Table, seat: int, move: Any, names: list[str]) -> str:
        """A seat's own move as its answer tells it back ("Picked: <this>.")."""
        view = self.engine.view(table.state, seat)
        return name_seats(self.engine.describe_move(view, move), names)

    def export_positions(self, moves: list[tuple[int, Any, Any]], final: Any) -> list[Any]:
        """An exported game's positions in a format other tools read (docs/export.md), from
        each move's (seat, move, state before) and the final state; none by default."""
        return []

    def score_rows(self, table: Table) -> Sequence[str] | None:
        """The extra score rows this table has (every seat shows them, zeros included);
        None: the rows a score itself has."""
        return None

    def score_extras(self, score: Any, rows: Sequence[str] | None = None) -> str:
        """Score categories only this game has (", progress 3"); ``rows``: the table's extra
        rows (``score_rows``), shown for every seat alike."""
        return ""

    # -- a seat's turn -------------------------------------------------------------------
    @abstractmethod
    def prompt(self, table: Table, seat: int, step: PromptStep) -> Prompt:
        """The private prompt of ``seat`` (which has to act) at ``step``."""

    @abstractmethod
    def done_word(self, after: Table) -> str:
        """The answer's first word once a move went in ("Picked", "Played")."""

    @abstractmethod
    def waiting_reason(self, table: Table, seat: int, names: list[str]) -> str:
        """Why ``seat`` can't act now (already picked, not their turn…)."""

    @abstractmethod
    def forced_move_text(self, table: Table, move: Any, names: list[str]) -> str | None:
        """The public description of a move the bot made for a timed-out seat; None when
        it must stay secret (a pick before the reveal)."""

    def acts_again(self, table: Table, seat: int) -> bool:
        """After ``seat``'s move, whether its next prompt opens at once (the move left it a
        choice of its own to make right away)."""
        return self.chained_moves and table.status == "running" and seat in table.to_act()

    def repick(self, move: Any) -> Any:
        """The move that replaces a seat's pending secret pick by ``move`` (appended after
        it: the log stays append-only). Only games with ``secret_picks``."""
        raise NotImplementedError(f"{self.kind} has no secret picks to change")

    def pick_of(self, move: Any) -> Any:
        """The pick a logged move stands for: a repick's new pick, else the move itself."""
        return move

    def change_head(self, table: Table, seat: int, now: str) -> str:
        """The first line of the "Change my pick" prompt, naming the pick ``now`` in force."""
        return f"Your pick: {now}. Choose another card to change it.\n"

    def pick_is_open(self, table: Table, seat: int) -> bool:
        """``seat``'s pick of the open round is in and may still be changed (only games
        with ``secret_picks``)."""
        return False
