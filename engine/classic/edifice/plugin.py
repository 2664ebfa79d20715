"""Edifice (``edifice``) as a plug-in of the classic engine (engine.classic.plugin): three
projects drawn at set-up, the ``edifice_join`` step after a wonder stage, the reward when the
last pawn is taken, failure at the end of the Age, Edifice debt and the "edifices" row."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.classic.age_project import AgeProjectPlugin, JoinMoves
from engine.classic.data import CARDS, COLORS
from engine.classic.edifice import position, rules
from engine.classic.edifice.data import DECISIONS, PROJECTS
from engine.classic.edifice.state import Edifice, dump_edifice, load_edifice
from engine.classic.plugin import (
    Events,
    Resolution,
    Setup,
    Step,
    players_of,
    slot_of,
    with_slot,
)
from engine.classic.scoring import per_value
from engine.classic.state import Move, State
from engine.classic.stats import Stats
from engine.classic.turns import after_step
from engine.common import IllegalMove

__all__ = ["EDIFICE", "EdificePlugin", "edifice_of"]

NAME = "edifice"
_MOVES = JoinMoves(
    rules.JOIN,
    rules.PASS,
    [p.name for p in PROJECTS],
    "Edifice project",
    "Edifice",
    "edifice:Outpost:0:0",
)
_NO_JOIN = "There is no Edifice project to join now: join right after building a wonder stage."
_PURPLE = COLORS.index("purple")


def _describe(move: Move) -> str:
    proj = PROJECTS[move.card]
    if move.action == rules.PASS:
        return f"Do not join the Edifice project {proj.name}"
    buy = f" (buying for {move.left} left + {move.right} right)" if move.left or move.right else ""
    return f"Also join {proj.name} for {proj.coins} coin(s){buy}"


def edifice_of(state: State) -> Edifice | None:
    got: Edifice | None = slot_of(state, EDIFICE)
    return got


class _Stages(Resolution):
    """A wonder stage built this turn opens a join offer."""

    def __init__(self, state: State, e: Edifice) -> None:
        self.state, self.e = state, e

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        self.e = rules.offer(self.state, self.e, seat, move.action)

    def close(self, state: State) -> State:
        return with_slot(state, EDIFICE, self.e)


def _guild_vps(state: State, seat: int, stats: list[Stats]) -> list[int]:
    out = []
    for cid in state.cities[seat].built:
        card = CARDS[cid]
        if card.color == _PURPLE:
            per = card.effect.vp_per
            out.append(card.effect.vp + (per_value(per, state, seat, stats) if per else 0))
    return out


class EdificePlugin(AgeProjectPlugin[Edifice]):
    name = NAME
    project_rules = rules
    decisions = DECISIONS
    before_conflicts_switch = "penalty_before_conflicts"
    phases = {rules.JOIN_PHASE: "edifice_join"}
    repick_phases = frozenset({rules.JOIN_PHASE})
    move_phases = frozenset({rules.JOIN_PHASE})
    legal_phases = frozenset({rules.JOIN_PHASE})
    move_texts = {rules.JOIN: _MOVES.text, rules.PASS: _MOVES.text}
    move_parsers = {rules.JOIN: _MOVES.parse, rules.PASS: _MOVES.parse}
    move_descriptions = {rules.JOIN: _describe, rules.PASS: _describe}
    sees_step_builds = True  # a stage built with a leader offers the join too (rules 2.5)

    def check_config(self, config: Any) -> None:
        if config.players < 3:
            raise ValueError(
                "Edifice is played by 3 to 7 players (the Edifice box does not support the "
                "2-player game)"
            )
        if any(e.startswith("babel") for e in config.expansions):
            raise ValueError(
                "Edifice and Babel are not played together (both add shared projects; "
                "docs/edifice.md)"
            )

    def setup(self, state: State, setup: Setup) -> State:
        seats = len(players_of(state))
        old = not setup.config.projects_v4  # a game stored under classic-3 or before
        return with_slot(state, self, rules.start(setup.seed, state.players, seats, old))

    def acting(self, state: State) -> frozenset[int] | None:
        if state.phase != rules.JOIN_PHASE:
            return None
        return frozenset(s for s in state.pending if state.picks[s] is None)

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        if state.phase != rules.JOIN_PHASE:
            return None
        e = edifice_of(state)
        assert e is not None
        return rules.join_legal(state, e, seat)

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        if state.phase == rules.JOIN_PHASE:
            e = edifice_of(state)
            assert e is not None
            rules.validate_join(state, e, seat, move)
            return -1
        if move.action in (rules.JOIN, rules.PASS):
            raise IllegalMove(_NO_JOIN)
        return None

    def absent(self, move: Move) -> str:
        return "This game is played without Edifice."

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        if state.phase != rules.JOIN_PHASE:
            return None
        e = edifice_of(state)
        assert e is not None
        state, done = rules.record(state, seat, move)
        mine: Events = [rules.picked(seat)]
        if not done:
            return state._replace(last_events=tuple(mine)), mine
        state, e = rules.settle(state, e, mine)
        state = after_step(with_slot(state, self, e), mine)
        return state._replace(last_events=tuple(mine)), mine

    def resolution(self, state: State) -> Resolution:
        e = edifice_of(state)
        assert e is not None
        return _Stages(state, e)

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        e = edifice_of(state)
        assert e is not None
        parts["edifices"] = rules.vp(state, e, seat, stats, _guild_vps(state, seat, stats))

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        e = edifice_of(state)
        assert e is not None
        fields["edifice"] = rules.view(state, e)
        fields["expansions"] = [*fields.get("expansions", []), NAME]

    def move_card(self, move: Move) -> str:
        return PROJECTS[move.card].name

    def dump(self, value: Edifice) -> Any:
        return dump_edifice(value)

    def load(self, data: Any) -> Edifice:
        return load_edifice(data)

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        d = data.get(NAME)
        if d is None:  # the projects drawn from the position's seed, nobody joined yet
            value = rules.start(state.seed, state.players, len(players_of(state)))
        else:
            value = position.edifice_from_position(d, state.players)
        return with_slot(state, self, value)

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        e = edifice_of(state)
        assert e is not None
        out[NAME] = position.edifice_to_position(e)
        out["expansions"] = [*out.get("expansions", []), NAME]

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        position.position_from_view(view, data)


EDIFICE = EdificePlugin()
