"""The Gods & Heroes house variant as a plug-in of the classic engine (engine.classic.plugin;
rules in docs/gods-and-heroes.md): a power step before the pick, Zeus before the reveal and the
other powers after it, heroes and gods at the end of each turn, its score bonuses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.classic.data import RESOURCES
from engine.classic.moves import may_act
from engine.classic.plugin import Events, Plugin, Setup, Step
from engine.classic.resolve import resolve, with_fields
from engine.classic.state import PICK, Move, State
from engine.classic.stats import Stats
from engine.classic.turns import after_picks
from engine.classic.variants import gods
from engine.classic.variants.gods_data import parse_power, power_text
from engine.classic.variants.gods_view import describe_power, gods_view, position_gods

__all__ = ["GODS_HEROES", "GodsPlugin"]


class GodsPlugin(Plugin):
    name = "gods-heroes"
    title = "Gods & Heroes"
    field = "gods"
    expansion = False
    move_phases = frozenset({PICK})  # a power is declared in a pick turn only
    legal_phases = frozenset({PICK})
    move_texts = {"power": power_text}
    move_parsers = {"power": lambda text, parts: parse_power(text)}
    move_descriptions = {"power": describe_power}

    def wanted(self, config: Any) -> bool:
        return bool(config.variant == self.name)

    def check_config(self, config: Any) -> None:
        if config.players < 3:
            raise ValueError("Gods & Heroes is played by 3 to 7 players (not the 2-player game)")
        if config.expansions:
            raise ValueError("Gods & Heroes is not played with expansions (yet)")

    def setup(self, state: State, setup: Setup) -> State:
        # the deal stays the base game's: same seed, same cards
        return state._replace(gods=gods.start(state.players))

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        return gods.legal(state, seat) if state.phase == PICK else None

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        if move.action == "power" or (state.phase == PICK and may_act(state, seat)):
            return gods.validate(state, seat, move)
        return None

    def absent(self, move: Move) -> str:
        return "This table does not play Gods & Heroes: there are no powers."

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        return gods.declare(state, seat, move) if move.action == "power" else None

    def refuse_repick(self, state: State, seat: int, move: Move) -> str | None:
        if move.action == "power":
            return "A power is invoked before the pick; it cannot replace a pick."
        return None

    def reveal(self, state: State, picks: tuple[Move | None, ...], mine: Events) -> Step:
        """Zeus, the actions, then the other powers."""
        state, acts, pre = gods.before_reveal(state, picks)
        s, more = resolve(state, acts)
        s, post = gods.after_reveal(s, acts)
        s, after = after_picks(s)
        events = [*mine, *pre, *more, *post, *after]
        return with_fields(s, events=tuple(events)), events

    def end_turn(self, state: State, events: Events) -> tuple[State, bool]:
        # tokens, heroes and gods at the end of each turn
        state, more = gods.end_turn(state)
        events += more
        return state, False

    def wilds(self, state: State, wild: list[int]) -> None:
        for i, w in enumerate(gods.green_wilds(state)):
            wild[i] += w

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        civ, won = gods.bonus_vp(state, seat)  # the blue hero and Athena
        parts["civilian"] += civ
        parts["wonders"] += won

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        fields["gods"] = gods_view(state, seat)

    def move_card(self, move: Move) -> str:
        return gods.GODS[move.card]

    def missing(self, state: State, seat: int, cost: tuple[int, ...]) -> dict[str, int] | None:
        g = state.gods
        if g.famine[0] == seat and cost[g.famine[1]]:
            res = g.famine[1]  # Seth's famine, none of it this turn
            return {RESOURCES[res]: cost[res]}
        return None

    def dump_key(self) -> str:
        return "gods"

    def dump(self, value: Any) -> Any:
        return gods.dump(value)

    def load(self, data: Any) -> Any:
        return gods.load(data)

    def in_position(self, data: Mapping[str, Any]) -> bool:
        return "gods" in data

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        return state._replace(gods=gods.load(data["gods"]))

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        out["gods"] = gods.dump(state.gods)

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        if view.gods is not None:
            data["gods"] = position_gods(view.gods, view.seat)


GODS_HEROES = GodsPlugin()
