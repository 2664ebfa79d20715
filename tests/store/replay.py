"""Replaying stored games through the engines (shared by the crash test and the benchmark)."""

from __future__ import annotations

import importlib.util
import random
from typing import Any

from bot.store import GameRecord, ResultEntry, Store
from engine import game_module

__all__ = ["available_kinds", "create_engine_game", "pick_move", "replay", "results_of"]


_API = (
    "Config",
    "new_game",
    "to_act",
    "legal_moves",
    "apply",
    "parse_move",
    "outcome",
    "RULES_VERSION",
)


def available_kinds() -> list[str]:
    """Game kinds whose engine exists in this checkout with the whole API the tests use
    (an engine still being written is left out until it has every function)."""
    return [
        k
        for k in ("classic", "duel")
        if importlib.util.find_spec(f"engine.{k}")
        and all(hasattr(game_module(k), name) for name in _API)
    ]


def _config(kind: str, players: int) -> Any:
    mod = game_module(kind)
    return mod.Config(players=players) if kind == "classic" else mod.Config()


async def create_engine_game(
    store: Store, kind: str, players: int, seed: int, guild_id: int = 1
) -> int:
    """A running game whose config the engine accepts, with human seats 1000+i."""
    mod = game_module(kind)
    cfg = _config(kind, players)
    gid = await store.create_game(
        kind=kind,
        channel_id=guild_id * 10,
        guild_id=guild_id,
        config=cfg.model_dump_json(),
        seed=seed,
        rules_version=mod.RULES_VERSION,
    )
    for i in range(players if kind == "classic" else 2):
        await store.add_seat(gid, user_id=1000 + i)
    await store.start_game(gid)
    return gid


def replay(game: GameRecord, state: Any = None, start: int = 0) -> Any:
    """Apply ``game.moves[start:]`` to ``state`` (default: a new game from config + seed).
    Raises if any stored move does not parse or is illegal."""
    mod = game_module(game.kind)
    if state is None:
        state = mod.new_game(mod.Config.model_validate_json(game.config), game.seed)
    for m in game.moves[start:]:
        state, _ = mod.apply(state, m.seat, mod.parse_move(m.move_text))
    return state


def pick_move(kind: str, state: Any, rng: random.Random) -> tuple[int, str] | None:
    """A random (seat, move text) among the legal moves, or None when the game is over."""
    mod = game_module(kind)
    seats = sorted(mod.to_act(state))
    if not seats:
        return None
    seat = rng.choice(seats)
    return seat, str(rng.choice(mod.legal_moves(state, seat)))


def results_of(kind: str, state: Any) -> list[ResultEntry]:
    """Ranks (winners 1, everyone else 2) and totals of a finished game."""
    out = game_module(kind).outcome(state)
    assert out is not None
    return [
        ResultEntry(seat, 1 if seat in out.winners else 2, score.total)
        for seat, score in enumerate(out.scores)
    ]
