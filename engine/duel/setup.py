"""A new Duel game (rules.md §1): shuffles, the draft or the first-game wonders, the Age layouts."""

from __future__ import annotations

import _random

from engine.duel import events as E
from engine.duel.config import Config
from engine.duel.data import AGE_IDS, BOARD, GUILD_IDS, LAYOUTS, N_TOKENS, N_WONDERS, WONDER_INDEX
from engine.duel.events import ev
from engine.duel.state import (
    DRAFT,
    F_ACCESS,
    F_AGAIN,
    F_AGE,
    F_DECKS,
    F_EVENTS,
    F_FACE_UP,
    F_PHASE,
    F_PLAYER,
    F_PYRAMID,
    F_TAKEN,
    OUT,
    PLAY,
    Cells,
    State,
    publish,
)

__all__ = ["ALL_SLOTS", "LOOT_ALL", "draft_picker", "new_game", "open_age"]

ALL_SLOTS = (1 << 20) - 1
LOOT_ALL = 0b1111
_SETUP = BOARD.setup
_REMOVE = _SETUP.cards_removed_per_age
_ORDER = _SETUP.draft_order  # [[A, B, B, A], [B, A, A, B]]


def draft_picker(first: int, pick: int) -> int:
    """Seat making draft pick ``pick`` (0..7) when ``first`` is player A."""
    letter = _ORDER[pick // 4][pick % 4]
    return first if letter == "A" else 1 - first


def _shuffle(x: list[int], r: _random.Random) -> None:
    """``r.shuffle(x)`` with the same draws (CPython's Fisher-Yates on ``getrandbits``), inlined:
    a new game shuffles ~100 items and the per-item method calls were ~2% of a random game."""
    getrandbits = r.getrandbits
    for i, k in _STEPS[len(x)]:
        j = getrandbits(k)
        while j > i:  # j >= n = i + 1
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# Per list length: (i, bits of i + 1) for i from the last index down to 1.
_STEPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(64)
)


def _decks(r: _random.Random) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    decks: list[tuple[int, ...]] = []
    removed: list[int] = []
    for age in (1, 2, 3):
        ids = list(AGE_IDS[age - 1])
        _shuffle(ids, r)
        keep = len(ids) - _REMOVE
        removed += ids[keep:]
        ids = ids[:keep]
        if age == 3:
            guilds = list(GUILD_IDS)
            _shuffle(guilds, r)
            n = _SETUP.guilds_in_age_3
            removed += guilds[n:]
            ids += guilds[:n]
            _shuffle(ids, r)
        decks.append(tuple(ids))
    return tuple(decks), tuple(removed)


def open_age(w: Cells, age: int, starter: int) -> None:
    """Lay out the next Age's pyramid (dealt at setup) and give the turn to ``starter``."""
    lay = LAYOUTS[age]
    w[F_AGE] = age
    w[F_PYRAMID] = w[F_DECKS][0]
    w[F_DECKS] = w[F_DECKS][1:]
    w[F_TAKEN] = 0
    w[F_FACE_UP] = ALL_SLOTS & ~lay.face_down
    w[F_ACCESS] = lay.start_access
    w[F_PHASE] = PLAY
    w[F_PLAYER] = starter
    w[F_AGAIN] = False


def _first_player(config: Config, r: _random.Random) -> int:
    """The configured first player, else drawn as ``random.Random(seed).randrange(2)`` does
    (2-bit draws until one is below 2)."""
    if config.first_player is not None:
        return config.first_player
    first = r.getrandbits(2)
    while first >= 2:
        first = r.getrandbits(2)
    return first


def _deal_wonders(
    config: Config, order: list[int], first: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]], list[int]]:
    """(wonders to draft, wonders each seat holds, wage per wonder): 8 wonders of the shuffled
    ``order`` to draft, or the first game's fixed wonders (``first`` gets set A)."""
    wage = [0] * N_WONDERS
    if config.draft:
        for x in order[8:]:
            wage[x] = OUT
        return tuple(order[:8]), ((), ()), wage
    a = tuple(WONDER_INDEX[k] for k in _SETUP.first_game_wonders["A"])
    b = tuple(WONDER_INDEX[k] for k in _SETUP.first_game_wonders["B"])
    for x in range(N_WONDERS):  # the 4 wonders nobody is dealt stay out (rules.md §1.2)
        if x not in a and x not in b:
            wage[x] = OUT
    return (), ((a, b) if first == 0 else (b, a)), wage


def new_game(config: Config | None = None, seed: int = 0) -> State:
    """Deterministic: the same config and seed give the same game."""
    config = config or Config()
    # The C generator is seeded as random.Random(seed) is, and the first player drawn as its
    # randrange(2) draws (2-bit draws until one is below 2): the same draws without the Python
    # class's __init__, seed and randrange.
    r = _random.Random(seed)
    first = _first_player(config, r)
    order = list(range(N_WONDERS))
    _shuffle(order, r)
    tokens = list(range(N_TOKENS))
    _shuffle(tokens, r)
    decks, removed = _decks(r)
    board_n = _SETUP.progress_on_board
    draft, wonders, wage = _deal_wonders(config, order, first)
    coins = _SETUP.starting_coins
    # The State's fields in order (a list frozen once: no keyword packing, no second copy).
    w: Cells = [
        seed,
        r.getrandbits(63),
        DRAFT,
        first,
        1,
        first,  # seed, rng, phase, player, age, first
        draft,
        (),
        0,
        0,
        0,  # draft, pyramid, taken, face_up, access
        decks,
        removed,
        (),
        (coins, coins),  # decks, removed, discard, coins
        ((), ()),
        (0, 0),
        ((), ()),  # built, masks, tucked
        wonders,
        tuple(wage),
        0,
        (0, 0),  # wonders, wage, nbuilt, tokens
        tuple(tokens[:board_n]),
        tuple(tokens[board_n:]),
        (),
        -1,  # board, box, offer, ruin
        0,
        LOOT_ALL,
        False,
        first,
        0,
        -1,
        (),  # pawn, loot, again, last, victory, winner, events
    ]
    if config.draft:
        w[F_EVENTS] = (
            E.once(("draft", first), lambda: ev("draft", "The wonder draft begins.", first=first)),
        )
        return publish(w)
    open_age(w, 1, first)
    w[F_EVENTS] = (
        E.once(("age", first), lambda: ev("age", "Age I begins.", age=1, starter=first)),
    )
    return publish(w)
