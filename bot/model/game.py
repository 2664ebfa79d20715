"""``Game``: everything the bot does differently per game, as one interface; and ``Table``, a
game as the bot sees it (its store record plus the engine state replayed from its moves).

Services and presenters hold a ``Table`` and ask its game (``table.game``) instead of branching
on the game's kind or reading engine state fields. States and moves are opaque here
(``object``): each game's adapter (``bot.model.adapter.GameAdapter``, generic over its engine's
own types) narrows them back to its engine's types. The two live in one module because each
names the other.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from bot.model.errors import UserError
from bot.model.options import TableOptions
from bot.model.prompt import ButtonSpec, Prompt
from bot.store.models import GameRecord
from engine.ai import LEVELS
from engine.ai.hint import Hint
from engine.common import Event, Outcome, Score
from engine.protocol import GameView

__all__ = ["Game", "PromptStep", "Table"]


@dataclass(frozen=True)
class PromptStep:
    """Where a click stands in a seat's prompt: the card, action, move and page chosen, and
    a line to show above it."""

    card: str | None = None
    action: str | None = None
    move: str | None = None
    page: int = 0
    head: str = ""


class Game(ABC):
    """One game as the bot plays it. Subclasses set the class attributes and the texts."""

    kind: str
    title: str  # "7 Wonders": lobby, status, choice lists and the tutorial
    rules_text: str
    #: The table options this game plays (``TableOptions`` field names); any other one given
    #: is refused in the game's words (``refusal``).
    options: tuple[str, ...] = ()
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

    # -- the engine (states and moves opaque; the adapter checks they are its own) --------
    @property
    @abstractmethod
    def rules_version(self) -> str:
        """The engine's ``RULES_VERSION``, stored with every new game."""

    @abstractmethod
    def new_game(self, config: BaseModel, seed: int) -> object: ...

    @abstractmethod
    def apply(self, state: object, seat: int, move: object) -> tuple[object, list[Event]]: ...

    @abstractmethod
    def parse_move(self, text: str) -> object: ...

    @abstractmethod
    def legal_moves(self, state: object, seat: int) -> Sequence[object]: ...

    @abstractmethod
    def to_act(self, state: object) -> frozenset[int]: ...

    @abstractmethod
    def view(self, state: object, seat: int | None) -> GameView: ...

    @abstractmethod
    def outcome(self, state: object) -> Outcome | None: ...

    @abstractmethod
    def scores(self, state: object) -> list[Score]: ...

    @abstractmethod
    def describe_move(self, view: GameView | None, move: object) -> str: ...

    # -- setup ---------------------------------------------------------------------------
    def config(self, options: TableOptions) -> BaseModel:
        """A new table's engine config from the host's options; ``UserError`` when they
        don't fit the game (an option it does not declare, a value it does not play)."""
        for name in options.given():
            if name not in self.options:
                raise UserError(self.refusal(name))
        return self.new_config(options)

    def refusal(self, option: str) -> str:
        """Why ``option`` (not one of ``options``) can't be given for this game."""
        return f"`{option}` is not an option of {self.title}."

    @abstractmethod
    def new_config(self, options: TableOptions) -> BaseModel:
        """The engine config from options this game declares (``UserError`` for a value
        it does not play)."""

    @abstractmethod
    def read_config(self, raw: dict[str, object], rules_version: str) -> BaseModel:
        """A stored game's config, read as the engine must to replay the game exactly as it
        was dealt under ``rules_version`` (the version it was created with)."""

    @abstractmethod
    def players(self, config: BaseModel) -> int:
        """Seats at a table with this config."""

    def neutral_names(self, config: BaseModel) -> list[str]:
        """Names of the cities after the seats that nobody sits at (texts name them)."""
        return []

    def lobby_details(self, config: BaseModel) -> str:
        """Options shown in the lobby post after the seat count (", wonder sides A")."""
        return ""

    @abstractmethod
    def progress(self, state: object) -> str:
        """Where a running game stands, for every post's title: "Age II"."""

    # -- rounds --------------------------------------------------------------------------
    @abstractmethod
    def is_round_end(
        self,
        events: list[Event],
        before: object = None,
        seat: int | None = None,
        after: object = None,
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
        actor: tuple[int, object] | None = None,
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

    @abstractmethod
    def move_text(self, table: Table, seat: int, move: object, names: list[str]) -> str:
        """A seat's own move as its answer tells it back ("Picked: <this>.")."""

    def export_positions(
        self, moves: list[tuple[int, object, object]], final: object
    ) -> list[dict[str, object]]:
        """An exported game's positions in a format other tools read (docs/export.md), from
        each move's (seat, move, state before) and the final state; none by default."""
        return []

    def hint_text(self, view: GameView, found: Hint) -> str:
        """The AI's hint for ``view``'s seat as the prompt speaks (the game's own words)."""
        return found.text

    def score_rows(self, table: Table) -> Sequence[str] | None:
        """The extra score rows this table has (every seat shows them, zeros included);
        None: the rows a score itself has."""
        return None

    def score_extras(self, score: Score, rows: Sequence[str] | None = None) -> str:
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
    def forced_move_text(self, table: Table, move: object, names: list[str]) -> str | None:
        """The public description of a move the bot made for a timed-out seat; None when
        it must stay secret (a pick before the reveal)."""

    def acts_again(self, table: Table, seat: int) -> bool:
        """After ``seat``'s move, whether its next prompt opens at once (the move left it a
        choice of its own to make right away)."""
        return self.chained_moves and table.status == "running" and seat in table.to_act()

    def repick(self, move: object) -> object:
        """The move that replaces a seat's pending secret pick by ``move`` (appended after
        it: the log stays append-only). Only games with ``secret_picks``."""
        raise NotImplementedError(f"{self.kind} has no secret picks to change")

    def pick_of(self, move: object) -> object:
        """The pick a logged move stands for: a repick's new pick, else the move itself."""
        return move

    def change_head(self, table: Table, seat: int) -> str:
        """The first line of the "Change my pick" prompt, naming the pick in force."""
        return "Your pick: your pick. Choose another card to change it.\n"

    def pick_is_open(self, table: Table, seat: int) -> bool:
        """``seat``'s pick of the open round is in and may still be changed (only games
        with ``secret_picks``)."""
        return False


@dataclass(frozen=True)
class Table:
    """A game as the bot sees it. ``state`` is None while the game is a lobby."""

    record: GameRecord
    #: The game's adapter: everything the bot does differently per game goes through it.
    game: Game
    #: The engine's state (opaque here: only the game's adapter and presenters read it).
    state: object
    version: int
    round_start: int = 0
    last_events: tuple[Event, ...] = ()
    #: The engine state at ``round_start`` (before this round's private picks): a changed
    #: pick is re-applied on it ("Change my pick"). None while a lobby.
    start_state: object = None

    @property
    def resigned(self) -> frozenset[int]:
        """Seats whose human resigned (the AI plays them)."""
        return frozenset(s.seat for s in self.record.seats if s.resigned)

    @property
    def timer_s(self) -> int:
        """Seconds per turn (0: no timer)."""
        return self.record.turn_timer_s

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def kind(self) -> str:
        return self.record.kind

    @property
    def status(self) -> str:
        return self.record.status

    def config(self) -> BaseModel:
        return self.game.read_config(json.loads(self.record.config), self.record.rules_version)

    def players(self) -> int:
        return self.game.players(self.config())

    def seat_user(self, seat: int) -> int | None:
        found = next((s for s in self.record.seats if s.seat == seat), None)
        return None if found is None or seat in self.resigned else found.user_id

    def ai_level(self, seat: int, default: str = "heuristic") -> str | None:
        """The AI level playing ``seat`` (resigned seats: ``default``), None for a human."""
        found = next((s for s in self.record.seats if s.seat == seat), None)
        if found is None:
            return None
        if found.ai_level is not None:
            return found.ai_level
        return default if seat in self.resigned else None

    def seat_of(self, user_id: int) -> int | None:
        seat = self.record.seat_of(user_id)
        return None if seat is None or seat in self.resigned else seat

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.state is None else frozenset(self.game.to_act(self.state))

    def humans_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.seat_user(s) is not None)

    def ai_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.seat_user(s) is None)

    def all_ai(self) -> bool:
        return all(self.seat_user(s.seat) is None for s in self.record.seats)

    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.game.outcome(self.state)

    def view(self, seat: int | None) -> GameView:
        """What ``seat`` (None: a spectator) may know of the running game."""
        return self.game.view(self.require_state(), seat)

    def legal_moves(self, seat: int) -> Sequence[object]:
        return self.game.legal_moves(self.require_state(), seat)

    def require_state(self) -> object:
        """The game's state; ``UserError`` for a table that never started."""
        if self.state is None:
            what = (
                "has not started yet" if self.status == "lobby" else "was closed before it started"
            )
            raise UserError(f"Game #{self.id} {what}.")
        return self.state
