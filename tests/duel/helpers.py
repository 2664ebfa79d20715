"""Shared helpers of the Duel tests: invariants, leak checks, random playouts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine import duel
from engine.duel.data import CARDS, N_CARDS, N_TOKENS, TOKENS
from engine.duel.state import State

__all__ = ["all_strings", "check_invariants", "check_no_leak", "hidden_items", "playout"]


def check_invariants(s: State) -> None:
    """The 73 cards and 10 tokens each in exactly one place; coins >= 0; pawn within -9..9."""
    places: list[int] = [c for i, c in enumerate(s.pyramid) if not s.taken >> i & 1]
    for deck in s.decks:
        places += deck
    places += s.removed + s.discard + s.built[0] + s.built[1] + s.tucked[0] + s.tucked[1]
    counts = Counter(places)
    assert sorted(counts) == list(range(N_CARDS)), sorted(set(range(N_CARDS)) - set(counts))
    assert max(counts.values()) == 1, [c for c, n in counts.items() if n > 1]
    for seat in (0, 1):
        assert s.masks[seat] == sum(1 << c for c in s.built[seat])
    toks = list(s.board + s.box + s.offer)
    toks += [t for t in range(N_TOKENS) if (s.tokens[0] | s.tokens[1]) >> t & 1]
    assert sorted(toks) == list(range(N_TOKENS)), toks
    assert not s.tokens[0] & s.tokens[1]
    assert min(s.coins) >= 0, s.coins
    assert -9 <= s.pawn <= 9
    assert s.nbuilt <= 7
    assert (duel.to_act(s) == frozenset()) == (duel.outcome(s) is not None)


_LABELS = frozenset({"phase", "why", "action", "kind", "back", "game"})


def all_strings(obj: Any) -> list[str]:
    """Every string leaf of a JSON-like value (dict keys and fixed labels such as phase excluded:
    the phase 'library' is not the card Library)."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [x for k, v in obj.items() if k not in _LABELS for x in all_strings(v)]
    if isinstance(obj, list | tuple):
        return [x for v in obj for x in all_strings(v)]
    return []


def hidden_items(s: State, seat: int | None) -> set[str]:
    """Keys and display names that ``seat`` must not see in its view."""
    cards = [c for i, c in enumerate(s.pyramid)
             if not s.taken >> i & 1 and not s.face_up >> i & 1]
    cards += list(s.removed) + [c for d in s.decks for c in d]
    tokens = list(s.box)
    if s.phase != 3 or seat != s.player:  # the library draw: only its chooser sees it
        tokens += s.offer
    out = {CARDS[c].key for c in cards} | {CARDS[c].name for c in cards}
    return out | {TOKENS[t].key for t in tokens} | {TOKENS[t].name for t in tokens}


def check_no_leak(s: State) -> None:
    """Views (both seats and a spectator) never name a face-down, removed or box item."""
    for seat in (0, 1, None):
        data = duel.view(s, seat).model_dump(mode="json")
        leaked = hidden_items(s, seat) & set(all_strings(data))
        assert not leaked, (seat, leaked)
        assert "rng" not in data and "decks" not in data and "removed" not in data


def playout(seed: int, config: duel.Config | None = None, check_every: int = 0,
            leak_every: int = 0) -> tuple[State, list[str]]:
    """A random game; invariants every ``check_every`` moves, leak checks every ``leak_every``."""
    s = duel.new_game(config or duel.Config(), seed)
    r = random.Random(seed)
    log: list[str] = []
    for n in range(400):
        acting = duel.to_act(s)
        if not acting:
            return s, log
        seat = next(iter(acting))
        moves = duel.legal_moves(s, seat)
        assert moves, "a seat in to_act always has a legal move"
        m = r.choice(moves)
        s, _ = duel.apply(s, seat, m)
        log.append(str(m))
        if check_every and n % check_every == 0:
            check_invariants(s)
        if leak_every and n % leak_every == 0:
            check_no_leak(s)
    raise AssertionError(f"seed {seed}: no end after 400 moves")
