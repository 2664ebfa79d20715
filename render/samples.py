"""Seeded sample positions (through the engines' public API) for the preview, tests and bench."""

from __future__ import annotations

import random
from typing import Any

from engine import classic
from engine.common import Outcome

__all__ = [
    "NAMES",
    "classic_final",
    "classic_game",
    "classic_outcome",
    "babel_game",
    "edifice_final",
    "edifice_game",
    "gods_game",
]

NAMES = ["Ana", "Bo", "Cyrille-Alexandra", "Dee", "Eli", "Fay", "Gus"]


def _play(
    players: int,
    seed: int,
    picks: int | None,
    variant: str | None = None,
    expansions: tuple[str, ...] = (),
) -> Any:
    """A random playout of ``picks`` rounds (None = to the end) of a seeded classic game
    (a round is one decision of every seat to act: a pick, or a step such as an Edifice join,
    where the sample always joins)."""
    config = classic.Config(
        players=players,
        sides="random",
        variant=variant,  # type: ignore[arg-type]
        expansions=expansions,
    )
    state = classic.new_game(config, seed)
    rng = random.Random(seed)
    rounds = 0
    while classic.to_act(state) and (picks is None or rounds < picks):
        for seat in sorted(classic.to_act(state)):
            moves = classic.legal_moves(state, seat)
            builds = [m for m in moves if m.action != "discard"]
            state, _ = classic.apply(state, seat, rng.choice(builds or moves))
        rounds += 1
    return state


def classic_game(players: int, seed: int = 1, picks: int = 13) -> Any:
    """A mid-game classic state (default: early Age III)."""
    return _play(players, seed, picks)


def gods_game(players: int, seed: int = 1, picks: int = 13) -> Any:
    """A mid-game Gods & Heroes state (default: early Age III)."""
    return _play(players, seed, picks, "gods-heroes")


def edifice_game(players: int, seed: int = 1, picks: int = 15) -> Any:
    """A mid-game Edifice state (Age II: one project settled, the next one open)."""
    return _play(players, seed, picks, expansions=("edifice",))


def babel_game(players: int, seed: int = 1, picks: int = 12) -> Any:
    """A mid-game Babel state, both modules (Age II: tiles on the tower, a project open)."""
    return _play(players, seed, picks, expansions=("babel-tower", "babel-projects"))


def edifice_final(players: int, seed: int = 1) -> Any:
    """A finished Edifice game (its sheet has the Edifices row)."""
    return _play(players, seed, None, expansions=("edifice",))


def classic_outcome(players: int, seed: int = 1) -> Outcome:
    out = classic.outcome(_play(players, seed, None))
    assert out is not None
    return out


def classic_final(players: int, seed: int = 1) -> Any:
    """The finished game of ``classic_outcome`` (its view holds the coins that break ties)."""
    return _play(players, seed, None)
