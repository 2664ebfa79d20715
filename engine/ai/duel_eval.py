"""Duel greedy and heuristic move ranking from a seat's ``DuelView`` only.

heuristic value of a move = what it is worth to us (``duel_value``)
    - DENY x the best thing the opponent could do next with the cards our move leaves accessible
      (known cards priced for the opponent; a face-down card our move reveals counts by the share
      of unseen cards that would hand the opponent a supremacy win).
A card that wins on the spot is worth ``WIN``; leaving (or revealing) one the opponent can afford
costs ``DENY x WIN``, so a move that exposes a supremacy win is never preferred to a safe one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai.duel_facts import (
    CARD,
    WONDER,
    age_pool,
    city_of,
    covered_by,
    move_parts,
    opp_card_price,
    opp_wonder_price,
)
from engine.ai.duel_value import WIN, Side, card_value, prod_value, token_value, wonder_value

__all__ = ["DENY", "DRAFT_VALUE", "greedy_rank", "heuristic_rank", "heuristic_rank_raw", "side_of"]

DENY = 0.6
# Draft worth of a wonder before anything is built (extra turns first: strategy advice + data).
DRAFT_VALUE: dict[str, float] = {
    "the_temple_of_artemis": 8.0,
    "the_appian_way": 8.0,
    "the_sphinx": 8.0,
    "the_hanging_gardens": 7.5,
    "piraeus": 7.5,
    "the_pyramids": 7.0,
    "the_statue_of_zeus": 6.0,
    "the_great_library": 6.0,
    "the_great_lighthouse": 5.5,
    "the_colossus": 5.5,
    "circus_maximus": 5.0,
    "the_mausoleum": 5.0,
}


def side_of(view: Any, seat: int, greedy: bool) -> Side:
    return Side(
        me=city_of(view, seat),
        opp=city_of(view, 1 - seat),
        d=1 if seat == 0 else -1,
        age=view.age,
        pawn=view.pawn,
        loot=list(view.loot),
        board=[t.key for t in view.progress_board],
        nbuilt=view.wonders_built,
        greedy=greedy,
    )


def _rank(view: Any, greedy: bool) -> list[tuple[float, float, str]]:
    """(value, value before the exposure term, move text) of every legal move."""
    seat = view.seat
    if seat is None or not view.legal_moves:
        return []
    s = side_of(view, seat, greedy)
    exposure: Callable[[int, int], float] = (
        (lambda slot, shift: 0.0) if greedy else _Exposure(view, s)
    )
    left = sum(1 for sl in view.pyramid if not sl.taken)
    best_revive = 0.0
    if not greedy and any(WONDER[w].from_discard for w in s.me.unbuilt):
        best_revive = max((card_value(s, d.key, 0) for d in view.discard), default=0.0)
    out = []
    for mv in view.legal_moves:
        action, slot, key = move_parts(mv.move)
        shift = 0  # pawn steps toward the rival: they change what the rival can reach next
        if action == "build":
            card = view.pyramid[slot].card
            v = card_value(s, card.key, mv.price) if card is not None else 0.0
            again = v >= WIN
            if card is not None and CARD[card.key].shields:
                shift = CARD[card.key].shields + ("strategy" in s.me.tokens)
        elif action == "discard":
            v = _discard_value(s, greedy)
            again = False
        elif action == "wonder":
            v = wonder_value(s, key, mv.price, left - 1, best_revive)
            again = WONDER[key].play_again or "theology" in s.me.tokens
            again = again or v >= WIN
            shift = WONDER[key].shields
        else:
            v = _other_value(view, s, action, key)
            again = True
        raw = v
        if slot >= 0 and not again and left > 1:
            v -= exposure(slot, shift)
        out.append((v, raw, mv.move))
    return out


def _discard_value(s: Side, greedy: bool) -> float:
    coins = 2 + s.me.colours.get("yellow", 0)
    if greedy:
        return float((s.me.coins + coins) // 3 - s.me.coins // 3)
    return coins * s.wc - 0.6


def _other_value(view: Any, s: Side, action: str, key: str) -> float:
    if action == "token":
        return token_value(s, key)
    if action == "pick":
        return WONDER[key].vp if s.greedy else DRAFT_VALUE.get(key, 5.0)
    if action == "revive":
        return card_value(s, key, 0)
    if action == "destroy":
        if s.greedy:
            return 0.0
        # Our loss of nothing, their loss of production: value it from their side.
        rival = Side(
            me=s.opp,
            opp=s.me,
            d=-s.d,
            age=s.age,
            pawn=s.pawn,
            loot=s.loot,
            board=s.board,
            nbuilt=s.nbuilt,
        )
        return prod_value(rival, CARD[key])
    if action == "start":
        return 1.0 if int(key) == s.me.seat else 0.0
    return 0.0


class _Exposure:
    """Per slot, the opponent's best next move once we have taken that slot (memoised)."""

    def __init__(self, view: Any, s: Side) -> None:
        self.view = view
        self.rival = Side(
            me=s.opp,
            opp=s.me,
            d=-s.d,
            age=s.age,
            pawn=s.pawn,
            loot=s.loot,
            board=s.board,
            nbuilt=s.nbuilt,
        )
        self.taken = sum(1 << sl.index for sl in view.pyramid if sl.taken)
        self.memo: dict[tuple[int, int], float] = {}
        self.floors: dict[int, float] = {}
        self._pool: list[str] | None = None
        self._pawn = s.pawn
        self._d = s.d

    def _wonder_floor(self) -> float:
        r = self.rival
        if r.nbuilt >= 7:
            return 0.0
        best = 0.0
        for w in r.me.unbuilt:
            price = opp_wonder_price(r.me, w)
            if price <= r.me.coins:
                best = max(best, wonder_value(r, w, price, 1))
        return best

    def __call__(self, slot: int, shift: int) -> float:
        got = self.memo.get((slot, shift))
        if got is None:
            self.rival.pawn = max(-9, min(9, self._pawn + self._d * shift))
            floor = self.floors.get(shift)
            if floor is None:
                floor = self.floors[shift] = self._wonder_floor()
            got = self.memo[(slot, shift)] = self._compute(slot, floor)
        return got

    def _value_for_rival(self, key: str) -> float:
        r = self.rival
        price = opp_card_price(r.me, key)
        if price > r.me.coins:
            return 0.0
        return card_value(r, key, price)

    def _compute(self, slot: int, floor: float) -> float:
        view = self.view
        taken = self.taken | 1 << slot
        best = floor
        unknown = 0
        for sl in view.pyramid:
            if sl.taken or sl.index == slot:
                continue
            if covered_by(view.age, sl.index) & ~taken:
                continue
            if sl.card is not None:
                best = max(best, self._value_for_rival(sl.card.key))
            else:
                unknown += 1
        risk = 0.0
        if unknown:
            pool = self._unseen()
            if pool:
                wins = sum(1 for k in pool if self._value_for_rival(k) >= WIN)
                risk = min(1.0, unknown * wins / len(pool)) * WIN
        return DENY * max(best, risk)

    def _unseen(self) -> list[str]:
        if self._pool is None:
            self._pool = age_pool(self.view)
        return self._pool


def greedy_rank(view: Any) -> list[tuple[float, str]]:
    """(value, move text) of every legal move: immediate VP, supremacy wins taken."""
    return [(v, t) for v, _, t in _rank(view, True)]


def heuristic_rank(view: Any) -> list[tuple[float, str]]:
    """(value, move text) of every legal move by the full heuristic (see the module text)."""
    return [(v, t) for v, _, t in _rank(view, False)]


def heuristic_rank_raw(view: Any) -> list[tuple[float, float, str]]:
    """(value, value without the opponent-exposure term, move text): for the search, whose
    rollouts play the opponent's reply instead of estimating it."""
    return _rank(view, False)
