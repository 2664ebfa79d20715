"""Seeded sample positions of the classic variants (wonder pick, 2-player game) for the
preview, the tests and the legibility probe, through the engine's public API only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import classic
from engine.classic import Config
from render import board_detail_png, board_png, hand_png, scores_png
from render.samples import NAMES

__all__ = [
    "pick_clash",
    "pick_start",
    "two_final",
    "two_free_city_pick",
    "two_game",
    "variant_images",
]


def pick_start(players: int = 4, sides: str = "A", picked: int = 1, seed: int = 3) -> Any:
    """The wonder pick's first round with the first ``picked`` seats' picks in."""
    state = classic.new_game(Config(players=players, wonders="choose", sides=sides), seed)  # type: ignore[arg-type]
    for seat in range(picked):
        state, _ = classic.apply(state, seat, classic.legal_moves(state, seat)[seat])
    return state


def pick_clash(seed: int = 3) -> Any:
    """Round 2 of a 4-player pick: seats 0-2 all chose Rhodos (one won the draw), seat 3 chose
    Ephesos; the two losers pick again from the boards left."""
    state = classic.new_game(Config(players=4, wonders="choose"), seed)
    for seat, board in ((0, "Rhodos"), (1, "Rhodos"), (2, "Rhodos"), (3, "Ephesos")):
        move = next(m for m in classic.legal_moves(state, seat) if f":{board}:" in str(m))
        state, _ = classic.apply(state, seat, move)
    return state


def _play(state: Any, rounds: int | None, rng: random.Random) -> Any:
    done = 0
    while classic.to_act(state) and (rounds is None or done < rounds):
        for seat in sorted(classic.to_act(state)):
            moves = classic.legal_moves(state, seat)
            builds = [m for m in moves if m.action != "discard"]
            state, _ = classic.apply(state, seat, rng.choice(builds or moves))
        done += 1
    return state


def two_game(seed: int = 5, rounds: int = 20) -> Any:
    """A 2-player game with the Free City, mid Age II by default, at the start of a turn."""
    rng = random.Random(seed)
    state = _play(classic.new_game(Config(players=2, sides="random"), seed), rounds, rng)
    while classic.view(state, None).free_city and len(classic.to_act(state)) < 2:
        state = _play(state, 1, rng)  # finish a turn half played (the Free City's pick)
    return state


def two_free_city_pick(seed: int = 5, rounds: int = 20) -> tuple[Any, int]:
    """``two_game`` once the controller's own pick is in: it now picks the Free City's card.
    Returns the state and the controller's seat."""
    state = two_game(seed, rounds)
    fc = classic.view(state, None).free_city
    assert fc is not None
    seat = fc.controller
    state, _ = classic.apply(state, seat, classic.legal_moves(state, seat)[0])
    return state, seat


def two_final(seed: int = 5) -> Any:
    """A finished 2-player game."""
    rng = random.Random(seed)
    return _play(classic.new_game(Config(players=2, sides="random"), seed), None, rng)


def variant_images() -> dict[str, Callable[[], bytes]]:
    """File name -> image, for ``render.preview``: the wonder pick and the 2-player game, each
    through the public entry points exactly as the bot calls them."""
    four, two = NAMES[:4], NAMES[:2]

    def view(state: Any, seat: int | None) -> Any:
        return classic.view(state, seat)

    def fc_hand() -> bytes:
        state, seat = two_free_city_pick()
        return hand_png("classic", view(state, seat), two)

    def scores() -> bytes:
        end = two_final()
        out = classic.outcome(end)
        assert out is not None
        return scores_png("classic", out, two, view(end, None))

    return {
        "classic_wonder_choice_4p.png": lambda: hand_png("classic", view(pick_start(), 1), four),
        "classic_wonder_choice_sides.png": lambda: hand_png(
            "classic", view(pick_start(2, "choose", 0), 0), two
        ),
        "classic_wonder_picked_4p.png": lambda: hand_png("classic", view(pick_start(), 0), four),
        "classic_wonder_table_4p.png": lambda: board_png("classic", view(pick_start(), None), four),
        "classic_wonder_clash_4p.png": lambda: board_png("classic", view(pick_clash(), None), four),
        "classic_wonder_clash_choice_4p.png": lambda: hand_png(
            "classic", view(pick_clash(), 0), four
        ),
        "classic_wonder_table_2p.png": lambda: board_png(
            "classic", view(pick_start(2, "choose"), None), two
        ),
        "classic_table_2p.png": lambda: board_png("classic", view(two_game(), None), two),
        "classic_detail_2p.png": lambda: board_detail_png("classic", view(two_game(), None), two),
        "classic_hand_2p.png": lambda: hand_png("classic", view(two_game(), 1), two),
        "classic_hand_2p_free_city.png": fc_hand,
        "classic_scores_2p.png": scores,
    }
