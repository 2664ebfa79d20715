"""The immutable Duel state (a NamedTuple of small ints, bit masks and tuples: cheap to copy).

``apply`` never edits a :class:`State`; it copies the fields into a mutable :class:`Work`,
changes that, and freezes it back (``Work.freeze``). Card, wonder and token ids are the indices
of ``engine.duel.data``; a city's built cards are both an ordered tuple (for views) and a bit
mask (for the rules).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from engine.common import Event

__all__ = [
    "DESTROY", "DRAFT", "Facts", "LIBRARY", "MAUSOLEUM", "OUT", "OVER", "PHASES", "PLAY", "START",
    "State", "TOKEN", "VICTORIES", "Work",
]

# Phases (``State.phase``); names as in views.Phase.
DRAFT, PLAY, TOKEN, LIBRARY, DESTROY, MAUSOLEUM, START, OVER = range(8)
PHASES: tuple[str, ...] = ("draft", "play", "token", "library", "destroy", "mausoleum", "start",
                           "over")
OUT = 9  # ``wage`` of a Wonder that left the game (never drafted, or unbuilt at the 7th)
# ``victory``: 0 = running, 1 civilian, 2 military, 3 science.
VICTORIES: tuple[str | None, ...] = (None, "civilian", "military", "science")


class Facts(Protocol):
    """What prices read: satisfied by both a State and a Work."""

    @property
    def masks(self) -> Sequence[int]: ...
    @property
    def tokens(self) -> Sequence[int]: ...
    @property
    def wage(self) -> Sequence[int]: ...
    @property
    def wonders(self) -> Sequence[tuple[int, ...]]: ...


class State(NamedTuple):
    """A whole Duel game, hidden parts included (never shown as such: see ``present.view``)."""

    seed: int
    rng: int  # seed of the engine's next random draw (Great Library); hidden
    phase: int
    player: int  # seat to act; -1 when over
    age: int
    first: int  # the draft's player A (starts Age I)
    draft: tuple[int, ...]  # wonders still to draft, in reveal order (first 4 = current offer)
    pyramid: tuple[int, ...]  # card id per slot of the current age (kept when taken)
    taken: int  # slots taken (bit mask)
    face_up: int  # slots face up (bit mask)
    access: int  # slots accessible (bit mask)
    decks: tuple[tuple[int, ...], ...]  # the later ages' pyramids, slot order; hidden
    removed: tuple[int, ...]  # cards out of the game unseen (3 per age, 4 guilds)
    discard: tuple[int, ...]
    coins: tuple[int, int]
    built: tuple[tuple[int, ...], tuple[int, ...]]  # card ids in build order
    masks: tuple[int, int]  # built cards as bit masks
    tucked: tuple[tuple[int, ...], tuple[int, ...]]  # cards under each seat's wonders
    wonders: tuple[tuple[int, ...], tuple[int, ...]]  # each seat's wonders (drafted order)
    wage: tuple[int, ...]  # per wonder id: 0 unbuilt, 1..3 age built, OUT
    nbuilt: int  # wonders built in total
    tokens: tuple[int, int]  # progress tokens owned (bit masks)
    board: tuple[int, ...]  # progress tokens on the board
    box: tuple[int, ...]  # progress tokens in the box; hidden
    offer: tuple[int, ...]  # the Great Library draw; only the chooser sees it
    ruin: int  # colour index the pending destroy choice targets, -1 otherwise
    pawn: int  # -9..9, seat 0 pushes toward +9
    loot: int  # bits 0,1: seat 1 loses 2 / 5; bits 2,3: seat 0 loses 2 / 5 (set = available)
    again: bool  # the acting seat plays again when the turn's follow-ups are done
    last: int  # seat that took the last pyramid card (chooses who starts on a central pawn)
    victory: int
    winner: int  # -1 unless military / science supremacy
    events: tuple[Event, ...]  # what the last apply did


class Work:
    """A mutable copy of a State used inside ``apply`` (lists where the state has pairs)."""

    __slots__ = State._fields

    seed: int
    rng: int
    phase: int
    player: int
    age: int
    first: int
    draft: tuple[int, ...]
    pyramid: tuple[int, ...]
    taken: int
    face_up: int
    access: int
    decks: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    discard: tuple[int, ...]
    coins: list[int]
    built: list[tuple[int, ...]]
    masks: list[int]
    tucked: list[tuple[int, ...]]
    wonders: tuple[tuple[int, ...], tuple[int, ...]]
    wage: tuple[int, ...]
    nbuilt: int
    tokens: list[int]
    board: tuple[int, ...]
    box: tuple[int, ...]
    offer: tuple[int, ...]
    ruin: int
    pawn: int
    loot: int
    again: bool
    last: int
    victory: int
    winner: int
    events: tuple[Event, ...]

    def __init__(self, s: State) -> None:
        (self.seed, self.rng, self.phase, self.player, self.age, self.first, self.draft,
         self.pyramid, self.taken, self.face_up, self.access, self.decks, self.removed,
         self.discard, coins, built, masks, tucked, self.wonders, self.wage, self.nbuilt, tokens,
         self.board, self.box, self.offer, self.ruin, self.pawn, self.loot, self.again, self.last,
         self.victory, self.winner, self.events) = s
        self.coins = list(coins)
        self.built = list(built)
        self.masks = list(masks)
        self.tucked = list(tucked)
        self.tokens = list(tokens)

    def freeze(self) -> State:
        c, b, m, t, k = self.coins, self.built, self.masks, self.tucked, self.tokens
        return State(
            self.seed, self.rng, self.phase, self.player, self.age, self.first, self.draft,
            self.pyramid, self.taken, self.face_up, self.access, self.decks, self.removed,
            self.discard, (c[0], c[1]), (b[0], b[1]), (m[0], m[1]), (t[0], t[1]), self.wonders,
            self.wage, self.nbuilt, (k[0], k[1]), self.board, self.box, self.offer, self.ruin,
            self.pawn,
            self.loot, self.again, self.last, self.victory, self.winner, self.events)
