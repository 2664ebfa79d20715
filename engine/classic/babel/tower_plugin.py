"""The Tower of Babel (``babel-tower``) as a plug-in of the classic engine
(engine.classic.plugin): the tile draft (``babel_draft``) before any other draft, the 4th action
``tile``, the tower and its laws, the "babel" score row."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.classic.babel import draft, position, tower
from engine.classic.babel import laws as L
from engine.classic.babel.tower_state import Tower, dump_tower, load_tower
from engine.classic.data import CARDS, NAME_ID, slug
from engine.classic.moves import legal_moves, may_act
from engine.classic.plugin import (
    Events,
    Plugin,
    Resolution,
    Setup,
    Step,
    players_of,
    slot_of,
    with_slot,
)
from engine.classic.state import Move, State, make_move
from engine.classic.stats import Stats
from engine.common import IllegalMove

__all__ = ["TOWER_PLUGIN", "TowerPlugin", "tower_of"]

NAME = "babel-tower"
_SLUGS = {slug(c.name).lower(): NAME_ID[c.id] for c in CARDS}
_CARD_ACTIONS = frozenset({"build", "wonder", "free", L.COIN, L.CHAIN, tower.TILE})


def tower_of(state: State) -> Tower | None:
    got: Tower | None = slot_of(state, TOWER_PLUGIN)
    return got


def _text(move: Move) -> str:
    if move.action == draft.KEEP:
        return f"{draft.KEEP}:{move.card}"
    name = slug(CARDS[move.card].name)
    if move.action == tower.TILE:
        return f"{tower.TILE}:{name}:{move.left}"
    return f"{move.action}:{name}"


def _parse(text: str, parts: list[str]) -> Move:
    """``tile-keep:7``, ``tile:Altar:7``, ``coin-build:Temple``, ``chain-build:Temple``."""
    head = parts[0]
    if head == draft.KEEP:
        if len(parts) != 2 or not parts[1].isdigit():
            raise IllegalMove(f"Malformed tile move {text!r} (expected e.g. tile-keep:7)")
        return make_move(draft.KEEP, int(parts[1]))
    want = 3 if head == tower.TILE else 2
    if len(parts) != want or (want == 3 and not parts[2].isdigit()):
        form = "tile:Altar:7" if want == 3 else f"{head}:Temple"
        raise IllegalMove(f"Malformed Babel move {text!r} (expected e.g. {form})")
    nid = _SLUGS.get(parts[1].lower())
    if nid is None:
        raise IllegalMove(f"Unknown card in move {text!r}")
    return make_move(head, nid, int(parts[2]) if want == 3 else 0)


def _describe(move: Move) -> str:
    if move.action == draft.KEEP:
        return f"Keep Babel tile {move.card}"
    name = CARDS[move.card].name
    if move.action == tower.TILE:
        return f"Discard {name} to build Babel tile {move.left}"
    if move.action == L.COIN:
        return f"Build {name} paying 1 coin per resource (Babel tile)"
    return f"Build {name} through a neighbour's chain (Babel tile 7)"


class _Placing(Resolution):
    """Taxes, bonuses and coin-builds under the laws; tiles built are placed at the reveal."""

    def __init__(self, state: State, t: Tower) -> None:
        self.state, self.t = state, t
        self.laws = tower.laws_now(state, t)
        self.tiles: list[tuple[int, int]] = []

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        if move.action == tower.TILE:
            self.tiles.append((move.left, seat))
        elif self.laws.tiles or move.action == L.COIN:
            delta[seat] += tower.costs(self.state, self.laws, seat, move, cid, stats)

    def close(self, state: State) -> State:
        if not self.tiles:
            return state
        return with_slot(state, TOWER_PLUGIN, tower.place(state, self.t, self.tiles))


class TowerPlugin(Plugin):
    name = NAME
    title = "Tower of Babel"
    spelling = 2  # stored after Leaders and Cities
    legal_phases = frozenset({draft.DRAFT_PHASE})
    phases = {draft.DRAFT_PHASE: "babel_draft"}
    repick_phases = frozenset({draft.DRAFT_PHASE})
    move_phases = frozenset({draft.DRAFT_PHASE})
    move_texts = {a: _text for a in (draft.KEEP, tower.TILE, L.COIN, L.CHAIN)}
    move_parsers = {a: _parse for a in (draft.KEEP, tower.TILE, L.COIN, L.CHAIN)}
    move_descriptions = {a: _describe for a in (draft.KEEP, tower.TILE, L.COIN, L.CHAIN)}
    discard_actions = {tower.TILE: (0, tower.tile_event_text)}

    def check_config(self, config: Any) -> None:
        if config.players < 3:
            raise ValueError(
                "Babel is played by 3 to 7 players here: the 2-player Free City game with "
                "Babel is not implemented (docs/babel.md)"
            )
        if "edifice" in config.expansions:
            raise ValueError("Babel and Edifice are not played together (both add projects)")
        if config.variant is not None:
            raise ValueError("Babel is not played with the Gods & Heroes variant")

    def setup(self, state: State, setup: Setup) -> State:
        seats = players_of(state)
        t = draft.deal(setup.seed, state.players, seats, state.phase)
        if not setup.config.tile19_nero and "leaders" in setup.config.expansions:
            t = t._replace(coins_first=True)  # stored before classic-6 (Leaders only)
        n = state.players
        return with_slot(state, self, t)._replace(phase=draft.DRAFT_PHASE, picks=(None,) * n)

    def acting(self, state: State) -> frozenset[int] | None:
        t = tower_of(state)
        assert t is not None
        return frozenset(i for i, p in enumerate(state.picks) if p is None and t.draft[i])

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        if state.phase != draft.DRAFT_PHASE:
            return None
        t = tower_of(state)
        assert t is not None
        return draft.draft_legal(t, seat)

    def more_legal(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        if state.phase not in tower.CARD_PHASES:
            return moves
        t = tower_of(state)
        assert t is not None
        return tower.more_moves(state, t, seat, moves)

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        t = tower_of(state)
        assert t is not None
        if state.phase == draft.DRAFT_PHASE:
            draft.validate_keep(state, t, seat, move)
            return -1
        if move.action == draft.KEEP:
            raise IllegalMove("The Babel tiles were drafted before the game began.")
        if move.action not in _CARD_ACTIONS or state.phase not in tower.CARD_PHASES:
            return None
        ours = move.action in (tower.TILE, L.COIN, L.CHAIN)
        if not may_act(state, seat) or not (ours or tower.laws_now(state, t).moves):
            return None  # the core's own checks and words
        cid = tower.card_of(state, seat, move)
        if move in legal_moves(state, seat):
            return cid
        raise IllegalMove(tower.refusal(state, t, seat, move))

    def absent(self, move: Move) -> str:
        return "This game is played without Babel's Tower of Babel."

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        t = tower_of(state)
        assert t is not None
        state, t, events = draft.keep(state, t, seat, move)
        state = with_slot(state, self, t)
        return state._replace(last_events=tuple(events)), events

    def resolution(self, state: State) -> Resolution:
        t = tower_of(state)
        assert t is not None
        return _Placing(state, t)

    def age_end(self, state: State, events: Events, fought: bool) -> State:
        t = tower_of(state)
        assert t is not None
        if not fought:
            before = tuple(len(c.tokens) for c in state.cities)
            return with_slot(state, self, t._replace(before=before))
        state = tower.after_conflicts(state, t)
        return with_slot(state, self, t._replace(before=()))

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        t = tower_of(state)
        assert t is not None
        parts["babel"] = tower.tile_vp(t, seat)

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        t = tower_of(state)
        assert t is not None
        fields["tower"] = tower.view(state, t, seat)

    def move_card(self, move: Move) -> str:
        if move.action == draft.KEEP:
            return f"Babel tile {move.card}"
        return CARDS[move.card].name

    def position_phase_refusal(self, name: str) -> str | None:
        if name == "babel_draft":
            return "a position is a turn after Babel's tile draft: give the tiles kept instead"
        return None

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        d = data.get(NAME)
        if d is None:  # every seat keeps the tiles the seed deals it
            dealt = draft.deal(state.seed, state.players, players_of(state), state.phase)
            d = {"hands": dealt.draft, "box": dealt.box, "spaces": dealt.spaces}
        t = position.tower_from_position(d, state.players, state.age, state.turn)
        return with_slot(state, self, t)

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        t = tower_of(state)
        assert t is not None
        out[NAME] = position.tower_to_position(t)
        out["expansions"] = [*out.get("expansions", []), NAME]

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        position.tower_from_view(view, data)

    def dump(self, value: Tower) -> Any:
        return dump_tower(value)

    def load(self, data: Any) -> Tower:
        return load_tower(data)


TOWER_PLUGIN = TowerPlugin()
