"""The hooks every "one shared project per Age" plug-in plays alike (Babel's Great Projects,
Edifice): a build that qualifies makes an offer, the offers of a turn open one secret join step
after the turn's other steps, the Age's project is settled at the Age's end (before or after
its conflicts, a switch of the expansion), and tokens on it may count as shields.

A subclass names its per-game value's type, its rules module (``project_rules``: the same
three functions in each package) and the switch deciding when the project is settled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engine.classic.data import slug
from engine.classic.plugin import Events, Plugin, players_of, slot_of, with_slot
from engine.classic.state import Move, State, make_move, payment
from engine.common import Event, IllegalMove

__all__ = ["AgeProjectPlugin", "JoinMoves", "ProjectRules", "ProjectValue"]


class JoinMoves:
    """The two moves of a join step as the log writes them: ``<join>:<Project>:<left>:<right>``
    (join, buying resources from the neighbours for ``left``/``right`` coins) and
    ``<pass>:<Project>``; the messages name the expansion's projects (``what``: "Great
    Project") and give an example of a join."""

    def __init__(
        self, join: str, skip: str, names: Sequence[str], what: str, malformed: str, example: str
    ) -> None:
        self.join, self.skip, self.names = join, skip, names
        self.what, self.malformed, self.example = what, malformed, example
        self.by_slug = {slug(name).lower(): pid for pid, name in enumerate(names)}

    def __deepcopy__(self, memo: dict[int, Any]) -> JoinMoves:
        # Built once at import and never changed; its bound methods sit in the move tables
        # (``MOVE_TEXTS``, ``MOVE_PARSERS``), which copies must find equal.
        return self

    def text(self, move: Move) -> str:
        name = slug(self.names[move.card])
        if move.action == self.skip:
            return f"{self.skip}:{name}"
        return f"{self.join}:{name}:{move.left}:{move.right}"

    def parse(self, text: str, parts: list[str]) -> Move:
        paid = parts[0] == self.join
        if len(parts) != (4 if paid else 2):
            raise IllegalMove(
                f"Malformed {self.malformed} move {text!r} (expected e.g. {self.example})"
            )
        pid = self.by_slug.get(parts[1].lower())
        if pid is None:
            raise IllegalMove(f"Unknown {self.what} in move {text!r}")
        if not paid:
            return make_move(self.skip, pid)
        left, right = payment(text, parts)
        return make_move(self.join, pid, left, right)


class ProjectValue(Protocol):
    """A project plug-in's per-game value: the turn's join offers and when they were made."""

    @property
    def offers(self) -> tuple[Any, ...]: ...

    @property
    def stamp(self) -> tuple[int, int]: ...


V = TypeVar("V", bound=ProjectValue)


class ProjectRules(Protocol[V]):
    """The functions of the package's rules module these hooks call."""

    def open_join(self, state: State, value: V, /) -> tuple[State, V] | None: ...

    def age_end(
        self, state: State, value: V, seats: tuple[int, ...], events: list[Event], /
    ) -> tuple[State, V]: ...

    def shields(self, value: V, seat: int, /) -> int: ...


class AgeProjectPlugin(Plugin, Generic[V]):
    project_rules: ProjectRules[V]
    #: the expansion's switches, and the one saying the project is settled before conflicts
    #: (read at every Age end: tests and operators may flip a switch)
    decisions: Mapping[str, object]
    before_conflicts_switch: str

    def project(self, state: State) -> V | None:
        got: V | None = slot_of(state, self)
        return got

    def owes_step(self, state: State) -> bool:
        v = self.project(state)
        return v is not None and bool(v.offers) and v.stamp == (state.age, state.turn)

    def turn_steps(self, state: State) -> State | None:
        v = self.project(state)
        if v is None or not v.offers:
            return None
        got = self.project_rules.open_join(state, v)
        if got is None:
            return None
        opened, v = got
        return with_slot(opened, self, v)

    def age_end(self, state: State, events: Events, fought: bool) -> State:
        if fought == self.decisions[self.before_conflicts_switch]:
            return state
        v = self.project(state)
        assert v is not None
        state, v = self.project_rules.age_end(state, v, players_of(state), events)
        return with_slot(state, self, v)

    def shields(self, state: State, seat: int) -> int:
        v = self.project(state)
        return 0 if v is None else self.project_rules.shields(v, seat)
