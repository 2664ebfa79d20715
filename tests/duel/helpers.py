"""Shared helpers of the Duel tests: invariants, leak checks, random playouts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine import duel
from engine.common import Event
from engine.duel.data import CARDS, N_CARDS, N_TOKENS, TOKENS, WONDERS
from engine.duel.move import Move
from engine.duel.moves import draft_offer
from engine.duel.setup import open_age
from engine.duel.state import OUT, State, Work

__all__ = [
    "act",
    "all_strings",
    "build",
    "build_cost",
    "card",
    "check_invariants",
    "check_no_leak",
    "hidden_items",
    "moves",
    "playout",
    "pos",
    "token",
    "wonder",
    "wonder_cost",
]


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
    cards = [c for i, c in enumerate(s.pyramid) if not s.taken >> i & 1 and not s.face_up >> i & 1]
    cards += list(s.removed) + [c for d in s.decks for c in d]
    tokens = list(s.box)
    if s.phase != 3 or seat != s.player:  # the library draw: only its chooser sees it
        tokens += s.offer
    out = {CARDS[c].key for c in cards} | {CARDS[c].name for c in cards}
    # wonders never dealt, and the second draft round's while the first is on
    owned = set(s.wonders[0] + s.wonders[1])
    wonders = [x for x in range(len(WONDERS)) if s.wage[x] == 9 and x not in owned]
    wonders += list(s.draft[len(draft_offer(s.draft)) :])
    out |= {WONDERS[x].key for x in wonders} | {WONDERS[x].name for x in wonders}
    return out | {TOKENS[t].key for t in tokens} | {TOKENS[t].name for t in tokens}


_ALL_NAMES = [c.name for c in CARDS] + [w.name for w in WONDERS] + [t.name for t in TOKENS]
# Names that are not part of another name ("Library" is part of "The Great Library"): only
# those can be looked for inside sentences.
_DISTINCT = {n for n in _ALL_NAMES if not any(n in m and n != m for m in _ALL_NAMES)}


def _texts(obj: Any) -> list[str]:
    if isinstance(obj, dict):
        return [
            x
            for k, v in obj.items()
            for x in ([v] if k in ("text", "prompt") and isinstance(v, str) else _texts(v))
        ]
    if isinstance(obj, list):
        return [x for v in obj for x in _texts(v)]
    return []


def check_no_leak(s: State) -> None:
    """Views (both seats and a spectator) never name a face-down, removed or box item."""
    for seat in (0, 1, None):
        data = duel.view(s, seat).model_dump(mode="json")
        hidden = hidden_items(s, seat)
        leaked = hidden & set(all_strings(data))
        assert not leaked, (seat, leaked)
        sentences = " | ".join(_texts(data))
        said = {n for n in hidden & _DISTINCT if n in sentences}
        assert not said, (seat, said)
        assert "rng" not in data and "decks" not in data and "removed" not in data


def playout(
    seed: int, config: duel.Config | None = None, check_every: int = 0, leak_every: int = 0
) -> tuple[State, list[str]]:
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


def card(name: str) -> int:
    """Card id by key or display name."""
    for c in CARDS:
        if name in (c.key, c.name):
            return c.id
    raise KeyError(name)


def wonder(name: str) -> int:
    for w in WONDERS:
        if name in (w.key, w.name):
            return w.id
    raise KeyError(name)


def token(name: str) -> int:
    for t in TOKENS:
        if name in (t.key, t.name):
            return t.id
    raise KeyError(name)


def _pull(w: Work, c: int) -> None:
    """Take card ``c`` out of the pyramid / decks / removed, refilling its place from removed."""
    if c in w.removed:
        w.removed = tuple(x for x in w.removed if x != c)
        return
    if w.removed:
        filler, w.removed = w.removed[-1], w.removed[:-1]
    else:  # out of spare cards: the last Age's deck gets short (fine unless it is played)
        filler = w.decks[-1][-1]
        w.decks = w.decks[:-1] + (w.decks[-1][:-1],)
    if c in w.pyramid:
        w.pyramid = tuple(filler if x == c else x for x in w.pyramid)
        return
    w.decks = tuple(tuple(filler if x == c else x for x in d) for d in w.decks)


def _place(w: Work, slot: int, c: int) -> None:
    """Swap card ``c`` into ``slot`` of the pyramid (its old place gets the slot's card)."""
    old = w.pyramid[slot]
    if old == c:
        return
    if c in w.pyramid:
        w.pyramid = tuple(old if x == c else x for x in w.pyramid)
    elif c in w.removed:
        w.removed = tuple(old if x == c else x for x in w.removed)
    else:
        w.decks = tuple(tuple(old if x == c else x for x in d) for d in w.decks)
    p = list(w.pyramid)
    p[slot] = c
    w.pyramid = tuple(p)


def pos(
    *,
    age: int = 1,
    seat: int = 0,
    coins: tuple[int, int] = (7, 7),
    cities: tuple[list[str], list[str]] = ([], []),
    wonders: tuple[list[str], list[str]] | None = None,
    built_wonders: tuple[list[str], list[str]] = ([], []),
    tokens: tuple[list[str], list[str]] = ([], []),
    board: list[str] | None = None,
    pawn: int = 0,
    loot: int = 0b1111,
    slots: dict[int, str] | None = None,
    discard: list[str] | None = None,
    seed: int = 0,
) -> State:
    """A hand-made PLAY position in ``age`` with ``seat`` to act; conservation is kept."""
    w = Work(duel.new_game(duel.Config(draft=False), seed))
    for _ in range(1, age):
        w.removed += w.pyramid
        open_age(w, w.age + 1, seat)
    w.player = seat
    for s in (0, 1):
        ids = [card(n) for n in cities[s]]
        for c in ids:
            _pull(w, c)
        w.put("built", s, tuple(ids))
        w.put("masks", s, sum(1 << c for c in ids))
        w.put("tokens", s, sum(1 << token(t) for t in tokens[s]))
    for n in discard or []:
        c = card(n)
        _pull(w, c)
        w.discard += (c,)
    for slot, n in (slots or {}).items():
        _place(w, slot, card(n))
    if wonders is not None:
        w.wonders = (tuple(wonder(x) for x in wonders[0]), tuple(wonder(x) for x in wonders[1]))
    # The seats' wonders are in play, every other one out of the game (as after a draft).
    owned_w = set(w.wonders[0] + w.wonders[1])
    wage = [0 if x in owned_w else OUT for x in range(len(w.wage))]
    for s in (0, 1):
        for x in built_wonders[s]:
            wage[wonder(x)] = age
            tuck = w.removed[-1] if w.removed else w.decks[-1][-1]
            _pull(w, tuck)
            w.put("tucked", s, w.tucked[s] + (tuck,))
    w.wage = tuple(wage)
    w.nbuilt = sum(1 for a in wage if 0 < a < 9)
    owned = w.tokens[0] | w.tokens[1]
    pool = [t for t in range(N_TOKENS) if not owned >> t & 1]
    want = [token(t) for t in board] if board is not None else [t for t in w.board if t in pool]
    w.board = tuple(want)
    w.box = tuple(t for t in pool if t not in want)
    w.coins = coins
    w.pawn = pawn
    w.loot = loot
    w.events = ()
    return w.freeze()


def act(s: State, *texts: str) -> tuple[State, list[Event]]:
    """Apply move texts in order, each by the seat to act; returns the state and all events."""
    events: list[Event] = []
    for t in texts:
        (seat,) = duel.to_act(s)
        s, ev = duel.apply(s, seat, duel.parse_move(t))
        events += ev
    return s, events


def moves(s: State) -> set[str]:
    (seat,) = duel.to_act(s)
    return {str(m) for m in duel.legal_moves(s, seat)}


Cities = tuple[list[str], list[str]]


def build_cost(
    name: str, mine: list[str], theirs: list[str], tokens: Cities = ([], []), coins: int = 99
) -> int:
    s = pos(cities=(mine, theirs), slots={19: name}, tokens=tokens, coins=(coins, 7))
    return duel.price(s, 0, Move("build", 19))


def wonder_cost(name: str, mine: list[str], theirs: list[str], tokens: Cities = ([], [])) -> int:
    s = pos(cities=(mine, theirs), wonders=([name], []), tokens=tokens, coins=(99, 7))
    return duel.price(s, 0, Move("wonder", 19, name))


def build(s: State, slot: int = 19) -> tuple[State, list[str]]:
    """Build the card of ``slot``; returns the state and the event kinds."""
    s, events = act(s, f"build:{slot}")
    return s, [e.kind for e in events]
