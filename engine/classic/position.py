"""Hand-written positions (docs/ENGINE_API.md ``load_position`` / ``dump_position``) and states
rebuilt from a seat's view plus sampled hidden cards (``state_from_view``, for search AIs).

Position keys beyond the documented example, all optional:
- top level: ``phase`` ("pick" | "seventh" | "discard_build"), ``to_act`` (seats owed the
  seventh-card or discard-build move, in order; default: every Babylon B seat with a card /
  every Halikarnassos seat), ``discard_build_next`` (seats owed a Halikarnassos build once the
  seventh-card phase ends), ``seed`` (shuffles the later Ages' decks);
- per seat: ``pick`` (move text of a pick already made this turn), ``free_build_used``
  (Olympia A used its free build this Age), ``tucked`` (card names under the wonder),
  ``production_changes`` (a plug-in's changes of the city's production, engine.classic.production,
  e.g. ``[{"resources": ["wood", "clay"], "blocked": false, "sold": false}]``);
- a plug-in's keys (engine.classic.plugin: ``Plugin.in_position``, ``load_position``): e.g.
  top-level ``expansions: ["cities"]`` (hands of 8, later decks with black cards) and per seat
  ``debt`` and ``diplomacy``; a variant's state under its dump key, as in ``dump``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.classic.data import BOARD_INDEX, BOARDS, CARDS, GUILD_IDS
from engine.classic.moves import validate
from engine.classic.plugin import Plugin, active, registered_plugins
from engine.classic.production import changes_from_position, changes_to_position
from engine.classic.state import (
    HALI,
    PHASES,
    PICK,
    SEVENTH,
    City,
    Move,
    State,
    card_name_id,
)
from engine.classic.state import parse_pick as _parse_move
from engine.classic.stats import city_stats
from engine.classic.views import ClassicView
from engine.common import EngineError

__all__ = ["dump_position", "load_position", "state_from_view"]


def _ids(names: Sequence[str], age: int | None = None) -> tuple[int, ...]:
    out = []
    for name in names:
        nid = card_name_id(name)
        # Prefer the copy of the given age (Loom I vs Loom II) when both exist.
        same = [c.id for c in CARDS if c.name == CARDS[nid].name]
        out.append(next((i for i in same if CARDS[i].age == age), same[0]))
    return tuple(out)


def _later_decks(
    n: int, age: int, rng: random.Random, present: Counter[int], plugins: Sequence[Plugin]
) -> tuple[tuple[int, ...], ...]:
    """Shuffled decks of the Ages after ``age``, without the copies the position already holds.

    A position holding more copies of a later Age's card than the box has (hand-written test
    positions do, e.g. a Forum in Age I) cannot avoid a duplicate: the deck is then completed
    from the removed copies so that every seat still gets 7 cards.
    """
    decks = []
    pool_guilds: tuple[int, ...] = GUILD_IDS
    extra: dict[int, tuple[int, ...]] = {}
    for p in plugins:
        pool_guilds, extra = p.position_cards(pool_guilds, extra)
    for later in range(age + 1, 4):
        full = Counter({c.id: c.copies_for(n) for c in CARDS if c.age == later and c.copies})
        pool = full - present
        deck = sorted(pool.elements())
        short = 7 * n - (n + 2 if later == 3 else 0) - len(deck)
        if short:
            deck += rng.sample(sorted((full - pool).elements()), short)
        if later == 3:
            guilds = [g for g in pool_guilds if not present[g]]
            if len(guilds) < n + 2:
                guilds = list(pool_guilds)
            deck += rng.sample(guilds, n + 2)
        if later in extra:  # N unseen plug-in cards of that age (Cities' black cards)
            more = [c for c in extra[later] if not present[c]]
            deck += rng.sample(more if len(more) >= n else list(extra[later]), n)
        rng.shuffle(deck)
        decks.append(tuple(deck))
    return tuple(decks)


def _city(i: int, s: Mapping[str, Any], age: int) -> City:
    board = s.get("wonder", BOARDS[i].city)
    if board not in BOARD_INDEX:
        raise EngineError(f"unknown board {board!r}")
    side = s.get("side", "A")
    if side not in ("A", "B"):
        raise EngineError(f"side must be 'A' or 'B', not {side!r}")
    b = BOARD_INDEX[board]
    stages = int(s.get("stages_built", 0))
    if not 0 <= stages <= len(BOARDS[b].sides[side == "B"]):
        raise EngineError(f"{board} {side} has no {stages} stages")
    return City(
        board=b,
        side=0 if side == "A" else 1,
        stages=stages,
        coins=int(s.get("coins", 3)),
        built=_ids(s.get("built", [])),
        tucked=_ids(s.get("tucked", [])),
        tokens=tuple(s.get("military_tokens", [])),
        free_used_age=age if s.get("free_build_used") else 0,
        prod=changes_from_position(s.get("production_changes", ())),
    )


def load_position(data: Mapping[str, Any]) -> State:
    """Build a mid-game state from a hand-written position (missing keys: neutral defaults)."""
    seats = data.get("seats") or []
    if not 3 <= len(seats) <= 7:
        raise EngineError("a position needs 3 to 7 seats")
    n = len(seats)
    age = int(data.get("age", 1))
    if age not in (1, 2, 3):
        raise EngineError("age must be 1, 2 or 3")
    phase_name = data.get("phase", "pick")
    plugins = [p for p in registered_plugins() if p.in_position(data)]
    owned = next((p for p in plugins if p.position_phase(phase_name) is not None), None)
    # A plug-in's step before its Age is dealt (a Leaders recruitment turn): hands are empty.
    undealt = owned is not None
    if owned is None and phase_name not in ("pick", "seventh", "discard_build"):
        for p in registered_plugins():
            why = p.position_phase_refusal(phase_name)
            if why is not None:
                raise EngineError(why)
        raise EngineError(f"phase must be pick, seventh or discard_build, not {phase_name!r}")
    phase = PHASES.index(phase_name) if owned is None else owned.position_phase(phase_name)
    assert phase is not None
    cities = tuple(_city(i, s, age) for i, s in enumerate(seats))
    hands = tuple(_ids(s.get("hand", []), age) for s in seats)
    discard = _ids(data.get("discard", []))
    present: Counter[int] = Counter(discard)
    for c, h in zip(cities, hands, strict=True):
        present.update(h)
        present.update(c.built)
        present.update(c.tucked)
    seed = int(data.get("seed", 0))
    # A step before its Age is dealt: that Age's deck is still undealt.
    decks = _later_decks(n, age - 1 if undealt else age, random.Random(seed), present, plugins)
    if undealt and any(hands):
        raise EngineError("hands are dealt after the recruitment turn: leave them empty")
    picking = phase == PICK or undealt
    picks: tuple[Move | None, ...] = tuple(
        _parse_move(s["pick"]) if picking and s.get("pick") else None for s in seats
    )
    pending: tuple[int, ...] = ()
    if not picking:
        pending = tuple(int(x) for x in data.get("to_act", _default_to_act(phase, cities, hands)))
        if not pending or any(not 0 <= x < n for x in pending):
            raise EngineError(f"to_act must list seats owed the {phase_name} move")
    state = State(
        players=n,
        seed=seed,
        age=age,
        phase=phase,
        hands=hands,
        cities=cities,
        picks=(None,) * n,
        discard=discard,
        decks=decks,
        pending=pending,
        hali=tuple(int(x) for x in data.get("discard_build_next", ())),
        turn=0 if undealt else int(data.get("turn", 1)),
    )
    for p in plugins:
        state = p.load_position(data, state, undealt)
    return _with_picks(state, picks)


def _default_to_act(
    phase: int, cities: tuple[City, ...], hands: tuple[tuple[int, ...], ...]
) -> list[int]:
    if phase == SEVENTH:
        return [i for i, c in enumerate(cities) if hands[i] and city_stats(c).seventh]
    return [i for i, c in enumerate(cities) if BOARDS[c.board].city == "Halikarnassos"]


def _with_picks(state: State, picks: tuple[Move | None, ...]) -> State:
    """Record picks already made (each checked against the position like a live pick)."""
    if not any(picks):
        return state
    if all(picks):
        raise EngineError("every seat has picked: resolve the turn instead of loading it")
    for seat, move in enumerate(picks):
        if move is not None:
            validate(state, seat, move)
    return state._replace(picks=picks)


def dump_position(state: State) -> dict[str, Any]:
    """The position of ``state`` (hidden cards included); ``load_position`` reads it back."""
    seats = []
    for k, c in enumerate(state.cities):
        seat: dict[str, Any] = {
            "wonder": BOARDS[c.board].city,
            "side": "AB"[c.side],
            "stages_built": c.stages,
            "coins": c.coins,
            "built": [CARDS[i].name for i in c.built],
            "military_tokens": list(c.tokens),
            "hand": [CARDS[i].name for i in state.hands[k]],
        }
        if c.tucked:
            seat["tucked"] = [CARDS[i].name for i in c.tucked]
        if c.free_used_age == state.age:
            seat["free_build_used"] = True
        if c.prod:
            seat["production_changes"] = changes_to_position(c.prod)
        pick = state.picks[k]
        if pick is not None:
            seat["pick"] = str(pick)
        seats.append(seat)
    out: dict[str, Any] = {
        "game": "classic",
        "age": state.age,
        "turn": state.turn,
        "phase": PHASES[state.phase],
        "seats": seats,
        "discard": [CARDS[i].name for i in state.discard],
    }
    if state.phase in (SEVENTH, HALI):
        out["to_act"] = list(state.pending)
    if state.hali:
        out["discard_build_next"] = list(state.hali)
    for p in active(state):
        p.dump_position(state, out)
    return out


def state_from_view(
    view: ClassicView,
    hands: Mapping[int, Sequence[str]] | None = None,
    seed: int = 0,
    discard: Sequence[str] | None = None,
    picks: Mapping[int, str] | None = None,
    leader_hands: Mapping[int, Sequence[str]] | None = None,
) -> State:
    """A full state consistent with what ``view``'s seat knows, for search (any phase).

    ``hands`` gives the (sampled) hands of the other seats, ``discard`` the (sampled) discard
    pile (default: the pile when the view shows it, else empty), ``picks`` (sampled) picks of
    seats that already chose this turn; the viewer's own hand and pick come from the view.
    Seats whose pick is not given simply pick again. Later Ages are dealt with ``seed``.
    ``leader_hands``: the (sampled) hidden cards a plug-in deals the other seats (the Leaders
    hands; default: empty); what is face up and the viewer's own come from the view
    (``Plugin.position_from_view``).
    """
    if view.seat is None:
        raise EngineError("state_from_view needs a seat's view, not the spectator's")
    if view.phase == "over":
        raise EngineError("the game is over")
    given = dict(hands or {})
    chosen = dict(picks or {})
    if view.my_pick and view.phase == "pick":
        chosen[view.seat] = view.my_pick
    seats = []
    for c in view.cities:
        hand = list(view.hand) if c.seat == view.seat else list(given.get(c.seat, []))
        seat: dict[str, Any] = {
            "wonder": c.board,
            "side": c.side,
            "stages_built": c.stages_built,
            "coins": c.coins,
            "built": list(c.built),
            "military_tokens": list(c.military_tokens),
            "hand": hand,
            "free_build_used": c.free_build_used,
            "debt": c.debt,
            "diplomacy": c.diplomacy,
            "production_changes": [ch.model_dump() for ch in c.production_changes],
        }
        if c.seat in chosen and view.phase == "pick":
            seat["pick"] = chosen[c.seat]
        seats.append(seat)
    data: dict[str, Any] = {
        "game": "classic",
        "age": view.age,
        "turn": view.turn,
        "phase": view.phase,
        "seats": seats,
        "seed": seed,
        "discard": list(discard) if discard is not None else list(view.discard),
        "discard_build_next": list(view.discard_build_next),
        "expansions": list(view.expansions),
    }
    if view.phase != "pick":
        data["to_act"] = list(view.to_act)
    for p in registered_plugins():
        p.position_from_view(view, data, dict(leader_hands or {}))
    return load_position(data)
