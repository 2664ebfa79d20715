"""The Great Projects (``babel-projects``) as a plug-in of the classic engine
(engine.classic.plugin): the project of each Age, the ``babel_join`` step after a build of its
colour, the Age-end success or failure, reward tokens and the "projects" score row."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.classic.age_project import AgeProjectPlugin, JoinMoves
from engine.classic.babel import position
from engine.classic.babel import projects as rules
from engine.classic.babel.data import DECISIONS, PROJECTS
from engine.classic.babel.projects_state import Projects, dump_projects, load_projects
from engine.classic.babel.texts import cost_text
from engine.classic.babel.tokens import free_moves, free_token_use, stage_token_use
from engine.classic.plugin import (
    Events,
    Resolution,
    Setup,
    Step,
    players_of,
    slot_of,
    with_slot,
)
from engine.classic.state import Move, State
from engine.classic.stats import Stats
from engine.classic.turns import after_step
from engine.common import IllegalMove

__all__ = ["PROJECTS_PLUGIN", "ProjectsPlugin", "projects_of"]

NAME = "babel-projects"
_MOVES = JoinMoves(
    rules.JOIN,
    rules.PASS,
    [p.name for p in PROJECTS],
    "Great Project",
    "project",
    "join:Cranes:0:0",
)
_NO_JOIN = "There is no Great Project to join now: join after building a card of its colour."


def _describe(move: Move) -> str:
    proj = PROJECTS[move.card]
    if move.action == rules.PASS:
        return f"Do not join the Great Project {proj.name}"
    buy = f" (buying for {move.left} left + {move.right} right)" if move.left or move.right else ""
    return f"Join the Great Project {proj.name} for {cost_text(proj)}{buy}"


def projects_of(state: State) -> Projects | None:
    got: Projects | None = slot_of(state, PROJECTS_PLUGIN)
    return got


class _Building(Resolution):
    """Builds of the project's colour open a join offer; one-use reward tokens are spent."""

    def __init__(self, state: State, p: Projects) -> None:
        self.state, self.p = state, p

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        self.p = rules.offer_seats(self.state, self.p, seat, cid, move.action)
        if move.action == "wonder":
            self.p = stage_token_use(self.state, self.p, seat, move)

    def keeps_free_build(self, seat: int, cid: int) -> bool:
        got = free_token_use(self.state, self.p, seat)
        if got is None:
            return False
        self.p = got
        return True

    def close(self, state: State) -> State:
        return with_slot(state, PROJECTS_PLUGIN, self.p)


class ProjectsPlugin(AgeProjectPlugin[Projects]):
    name = NAME
    project_rules = rules
    decisions = DECISIONS
    before_conflicts_switch = "project_before_conflicts"
    title = "Great Projects"
    spelling = 3
    phases = {rules.JOIN_PHASE: "babel_join"}
    repick_phases = frozenset({rules.JOIN_PHASE})
    move_phases = frozenset({rules.JOIN_PHASE})
    move_texts = {rules.JOIN: _MOVES.text, rules.PASS: _MOVES.text}
    move_parsers = {rules.JOIN: _MOVES.parse, rules.PASS: _MOVES.parse}
    move_descriptions = {rules.JOIN: _describe, rules.PASS: _describe}

    def check_config(self, config: Any) -> None:
        if config.players < 3:
            raise ValueError(
                "Babel is played by 3 to 7 players here: the 2-player Free City game with "
                "Babel is not implemented (docs/babel.md)"
            )
        if "edifice" in config.expansions:
            raise ValueError("Babel and Edifice are not played together (both add projects)")

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
        p = projects_of(state)
        assert p is not None
        if state.phase == rules.JOIN_PHASE:
            return rules.join_legal(state, p, seat)
        if any(p.held[seat]):
            return free_moves(state, p, seat, base(state, seat))
        return None

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        p = projects_of(state)
        assert p is not None
        if state.phase == rules.JOIN_PHASE:
            rules.validate_join(state, p, seat, move)
            return -1
        if move.action in (rules.JOIN, rules.PASS):
            raise IllegalMove(_NO_JOIN)
        return None

    def absent(self, move: Move) -> str:
        return "This game is played without Babel's Great Projects."

    def accepts(self, state: State, seat: int, move: Move) -> bool:
        p = projects_of(state)
        return p is not None and any(p.held[seat]) and move in free_moves(state, p, seat, [])

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        p = projects_of(state)
        assert p is not None
        state, p, done = rules.record_join(state, p, seat, move)
        mine: Events = [rules.picked(seat)]
        if not done:
            state = with_slot(state, self, p)
            return state._replace(last_events=tuple(mine)), mine
        state, p = rules.settle_joins(state, p, mine)
        state = after_step(with_slot(state, self, p), mine)
        return state._replace(last_events=tuple(mine)), mine

    def resolution(self, state: State) -> Resolution:
        p = projects_of(state)
        assert p is not None
        return _Building(state, p)

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        p = projects_of(state)
        assert p is not None
        parts["projects"] = rules.project_vp(state, p, seat, science)

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        p = projects_of(state)
        assert p is not None
        fields["projects"] = rules.view(state, p)

    def move_card(self, move: Move) -> str:
        return PROJECTS[move.card].name

    def position_phase_refusal(self, name: str) -> str | None:
        if name == "babel_join":
            return (
                "a position is a pick turn, a seventh card or a discard build, not Babel's join "
                "step: give the turn's join offers (babel-projects.offers) instead"
            )
        return None

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        d = data.get(NAME)
        if d is None:  # the projects drawn from the position's seed, nobody joined yet
            value = rules.start(state.seed, state.players, len(players_of(state)))
        else:
            value = position.projects_from_position(d, state.players, state.age, state.turn)
        return with_slot(state, self, value)

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        p = projects_of(state)
        assert p is not None
        out[NAME] = position.projects_to_position(p, state.age, state.turn)
        out["expansions"] = [*out.get("expansions", []), NAME]

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        position.projects_from_view(view, data)

    def dump(self, value: Projects) -> Any:
        return dump_projects(value)

    def load(self, data: Any) -> Projects:
        return load_projects(data)


PROJECTS_PLUGIN = ProjectsPlugin()
