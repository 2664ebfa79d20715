"""Who to tell that it is their turn, and when (no Discord here).

Board Game Arena's rule: you are told when it is your turn and you are away, never while you
are playing. A person is *away* from a game when they have not interacted with it for
``ping_after`` seconds; each person is told at most once per turn (``turn`` is the table's
``round_start``: the version at which the current round or Duel turn began). Someone who was
active when their turn came is put on a watch list and told once they have been away long
enough (``due``), unless they played first.

Who was told of which turn and who is watched is also kept in the store by the caller
(``state`` after each change, ``restore`` at start-up), so a restart never tells anyone twice
of one turn. Activity itself stays in memory: after a restart nobody counts as active yet, so
a watched person is told at the first sweep if it is still their turn.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Container, Iterable

__all__ = ["Attention"]


class Attention:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._seen: dict[tuple[int, int], float] = {}  # (game, user) → last interaction
        self._told: dict[tuple[int, int], int] = {}  # (game, user) → turn they were told of
        self._watch: dict[tuple[int, int], int] = {}  # (game, user) → turn not yet told of

    def seen(self, game_id: int, user_id: int) -> None:
        """``user_id`` interacted with ``game_id`` (a click or a command naming it)."""
        self._seen[(game_id, user_id)] = self.clock()

    def away(self, game_id: int, user_id: int, ping_after: float) -> bool:
        last = self._seen.get((game_id, user_id))
        return last is None or self.clock() - last >= ping_after

    def to_tell(
        self, game_id: int, users: Iterable[int], turn: int, ping_after: float
    ) -> list[int]:
        """Of the people whose turn began (``turn``), those to tell now; the others are
        watched (``due``) until they act or go away."""
        now_told: list[int] = []
        for user in users:
            key = (game_id, user)
            if self._told.get(key) == turn:
                continue
            if self.away(game_id, user, ping_after):
                self._told[key] = turn
                self._watch.pop(key, None)
                now_told.append(user)
            else:
                self._watch[key] = turn
        return now_told

    def due(
        self, ping_after: Callable[[int], float], games: Container[int] | None = None
    ) -> list[tuple[int, int, int]]:
        """(game, user, turn) of watched people now away (``ping_after`` per game), of
        ``games`` only if given; they leave the watch list (the caller checks it is still
        their turn, then ``told``)."""
        found = []
        for (game_id, user), turn in list(self._watch.items()):
            if games is not None and game_id not in games:
                continue
            if self.away(game_id, user, ping_after(game_id)):
                del self._watch[(game_id, user)]
                found.append((game_id, user, turn))
        return found

    def told(self, game_id: int, user_id: int, turn: int) -> None:
        self._told[(game_id, user_id)] = turn

    def state(self, game_id: int, user_id: int) -> tuple[int | None, int | None]:
        """(turn told of, turn watched for) of one person in one game (to store it)."""
        key = (game_id, user_id)
        return self._told.get(key), self._watch.get(key)

    def restore(self, game_id: int, user_id: int, told: int | None, watch: int | None) -> None:
        """Start-up: what the store kept of one person in one game."""
        key = (game_id, user_id)
        if told is not None:
            self._told[key] = told
        if watch is not None:
            self._watch[key] = watch

    def watched_games(self) -> set[int]:
        return {g for g, _ in self._watch}

    def forget(self, game_id: int) -> None:
        """The game ended: drop everything about it."""
        for book in (self._seen, self._told, self._watch):
            for key in [k for k in book if k[0] == game_id]:
                del book[key]
