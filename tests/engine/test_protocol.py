"""The typed seam: the registry's modules are the engines, and they keep the protocol's shape."""

from __future__ import annotations

import inspect
import random

import pytest

import engine
import render
from engine import classic, duel
from engine.games import CLASSIC, DUEL, GAMES, game
from engine.protocol import GameModule

# The protocol's members, read from the class itself so a member added there is checked here.
_MEMBERS = sorted(n for n in vars(GameModule) if not n.startswith("_"))


def test_the_registry_holds_the_engine_modules_under_their_kinds() -> None:
    assert dict(GAMES) == {"classic": classic, "duel": duel}
    assert game("classic") is CLASSIC is classic and game("duel") is DUEL is duel
    assert tuple(GAMES) == engine.GAME_KINDS
    for kind in engine.GAME_KINDS:
        assert engine.game_module(kind) is GAMES[kind]


def test_an_unknown_kind_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game kind 'leaders'.*classic, duel"):
        game("leaders")


@pytest.mark.parametrize("kind", ["classic", "duel"])
def test_each_module_has_every_protocol_member(kind: str) -> None:
    mod = GAMES[kind]
    assert {"new_game", "apply", "view", "dump", "load", "Config"} <= set(_MEMBERS)
    for name in _MEMBERS:
        assert hasattr(mod, name), f"engine.{kind} lacks {name}"
    assert isinstance(mod.RULES_VERSION, str) and mod.RULES_VERSION
    params = inspect.signature(mod.apply).parameters
    assert list(params) == ["state", "seat", "move"]


@pytest.mark.parametrize("kind", ["classic", "duel"])
def test_a_game_played_through_the_registry_round_trips(kind: str) -> None:
    mod = GAMES[kind]
    s = mod.new_game(mod.Config(), 5)
    rng = random.Random(5)
    for _ in range(12):
        seat = min(mod.to_act(s))
        moves = mod.legal_moves(s, seat)
        move = moves[rng.randrange(len(moves))]
        assert mod.parse_move(str(move)) == move
        s, events = mod.apply(s, seat, move)
        assert all(e.kind for e in events)
    assert mod.dump(mod.load(mod.dump(s))) == mod.dump(s)
    view = mod.view(s, None)
    assert view.game == kind and view.seat is None and view.rules_version == mod.RULES_VERSION
    seats = 3 if kind == "classic" else 2  # each Config() default
    assert mod.outcome(s) is None and len(mod.scores(s)) == seats


def test_render_refuses_a_view_of_the_other_game() -> None:
    s = classic.new_game(classic.Config(), 1)
    view = classic.view(s, 0)
    with pytest.raises(ValueError, match="'duel' does not match a 'classic' view"):
        render.board_png("duel", view, ["a", "b", "c"])
    with pytest.raises(ValueError, match="does not match"):
        render.hand_png("duel", view, ["a", "b", "c"])
    d = duel.view(duel.new_game(duel.Config(), 1), 0)
    with pytest.raises(ValueError, match="'classic' does not match a 'duel' view"):
        render.board_png("classic", d, ["a", "b"])
