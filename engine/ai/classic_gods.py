"""How the classic heuristics value Gods & Heroes (docs/gods-and-heroes.md), from a view only.

A power is invoked *before* the pick and does not replace it, so a power move is not weighed
against the cards: it scores ``USE`` (above every pick) when now is a good time to spend it,
and ``KEEP`` (below every pick) otherwise; the agent then picks its card on its next call.
"Now is a good time" compares the power's worth now with what waiting is likely to bring
(Ares and Zeus are worth most in Age III, Artemis at the start of an Age, Athena at once).
Heroes and the god a last stage unlocks add their VP to the build that brings them.
Registered with ``classic_hooks`` on import (engine.ai.classic_parts).
"""

from __future__ import annotations

from typing import Any

from engine import classic
from engine.ai.classic_hooks import (
    BUILD_BONUSES,
    MOVE_REASONS,
    MOVE_VALUES,
    STAGE_BONUSES,
    UNSEARCHED,
)

__all__ = ["KEEP", "USE", "hero_bonus", "power_reason", "power_value", "stage_god_bonus"]

USE = 100.0
KEEP = -100.0
HERO_VP = {"red": 3.0, "blue": 3.0}
GREEN_HERO = 4.0  # a science symbol of one's choice: about a green card's worth
GOD_WORTH = 3.5  # a ready god: one stage's worth, the rules' aim


def _others_by_score(view: Any) -> list[int]:
    """Other seats, the highest current score first (the seat to hurt)."""
    me = view.seat
    seats = [c.seat for c in view.cities if c.seat != me]
    totals = {i: view.scores[i].total if view.scores else 0 for i in seats}
    return sorted(seats, key=lambda i: (-totals[i], i))


def _target(text: str) -> int:
    return int(text.split(":")[2])


def power_value(view: Any, mv: Any) -> float:
    """``USE`` plus the power's worth when it should be spent now, else ``KEEP``."""
    god, age, turn = mv.card, view.age, view.turn
    worth = _worth_now(view, mv, god, age, turn)
    return USE + worth if worth > 0 else KEEP


def power_reason(view: Any, mv: Any) -> tuple[float, str]:
    """(worth now, why) of a power move, for hints."""
    worth = _worth_now(view, mv, mv.card, view.age, view.turn)
    if worth <= 0:
        return 0.0, f"{mv.card} is worth more later"
    why = {
        "Athena": "3 VP now, and you see your next hand early for the rest of the Age",
        "Ares": "Age III's Victory token is the largest (+5)",
        "Artemis": f"{int(worth)} Victory tokens to the end of the Age",
        "Zeus": "it destroys the leader's card in Age III, when cards are worth most",
        "Seth": "the leader cannot use the resource it relies on next turn",
        "Marduk": "it knocks down the most valuable last stage on the table",
        "Ra": "a distant city sells what a card of your hand lacks",
    }.get(mv.card, "now is its best time")
    return worth, why


def _worth_now(view: Any, mv: Any, god: str, age: int, turn: int) -> float:
    """The power's worth if spent now, or 0 to keep it for later."""
    leaders = _others_by_score(view)
    if god == "Athena":
        return 3.0
    if god == "Ares":
        return 5.0 if age == 3 else 0.0
    if god == "Artemis":
        return float(7 - turn) if turn == 1 or age == 3 else 0.0
    if god == "Zeus":
        return 3.0 if age == 3 and _target(mv.move) == leaders[0] else 0.0
    if god == "Seth":
        return _seth(view, mv, leaders)
    if god == "Marduk":
        return _marduk(view, mv)
    if god == "Ra":
        return _ra(view, mv)
    return 0.0


def _seth(view: Any, mv: Any, leaders: list[int]) -> float:
    """Famine on the leader, of the resource it produces most (what it most relies on)."""
    if view.age == 1 or _target(mv.move) != leaders[0]:
        return 0.0
    city = view.cities[leaders[0]]
    fixed = city.production.fixed
    if not fixed:
        return 0.0
    best = max(sorted(fixed), key=lambda r: fixed[r])
    return 2.0 if mv.move.endswith(f":{best}") else 0.0


def _marduk(view: Any, mv: Any) -> float:
    """Earthquake on the city whose last stage is worth most; at once if it unlocks a god."""
    target = view.cities[_target(mv.move)]
    if not target.stages_built:
        return 0.0
    stage = classic.wonder_info(target.board, target.side)["stages"][target.stages_built - 1]
    worth = stage["vp"] + stage["shields"] + (2.0 if stage["special"] else 0.0) + 1.0
    ready = view.gods is not None and any(
        g.seat == target.seat and g.status == "ready" for g in view.gods.gods
    )
    best = max(
        (_stage_worth(view, c) for c in view.cities if c.seat != view.seat and c.stages_built),
        default=0.0,
    )
    if worth + (GOD_WORTH if ready else 0.0) < best:
        return 0.0  # another target is better
    return worth + GOD_WORTH if ready or view.age == 3 else 0.0


def _stage_worth(view: Any, city: Any) -> float:
    stage = classic.wonder_info(city.board, city.side)["stages"][city.stages_built - 1]
    ready = view.gods is not None and any(
        g.seat == city.seat and g.status == "ready" for g in view.gods.gods
    )
    base = stage["vp"] + stage["shields"] + (2.0 if stage["special"] else 0.0) + 1.0
    return float(base + (GOD_WORTH if ready else 0.0))


def _ra(view: Any, mv: Any) -> float:
    """Trade with a distant city when it sells what an unaffordable card of the hand lacks."""
    parts = mv.move.split(":")
    other = view.cities[int(parts[2])]
    sells = other.sells
    best = 0.0
    for card in view.hand_cards:
        lack = {r: q for r, q in card.missing.items() if r != "coins"}
        if card.status != "unaffordable" or not lack or "coins" in card.missing:
            continue
        if all(
            sells.fixed.get(r, 0) + sum(r in ch for ch in sells.choices) >= q
            for r, q in lack.items()
        ):
            info = classic.card_info(card.name)
            best = max(best, 2.0 + (3.0 if info["color"] in ("blue", "green", "purple") else 0.0))
    return best


def hero_bonus(view: Any, card: str, color: str) -> float:
    """VP of the hero a build of ``card`` (of ``color``) would bring."""
    del card
    if view.gods is None or color not in ("red", "green", "blue"):
        return 0.0
    me = view.cities[view.seat]
    if any(h.seat == me.seat and h.color == color for h in view.gods.heroes):
        return 0.0
    have = sum(1 for b in me.built if classic.card_info(b)["color"] == color)
    if have != 2:
        return 0.0
    return GREEN_HERO if color == "green" else HERO_VP[color]


def stage_god_bonus(view: Any, me: Any) -> float:
    """The god a last stage makes ready (worth less late in the game: less time to use it)."""
    if view.gods is None or me.stages_built + 1 != me.stages_total:
        return 0.0
    mine = next((g for g in view.gods.gods if g.seat == me.seat), None)
    if mine is None or mine.status == "used":
        return 0.0
    return GOD_WORTH * (1.0 if view.age < 3 else 0.6)


def _power_hint(view: Any, mv: Any) -> tuple[str, list[tuple[float, str]]]:
    worth, why = power_reason(view, mv)
    return f"Invoke {mv.card}", [(max(worth, 0.1), why)]


MOVE_VALUES["power"] = lambda view, mv, greedy: power_value(view, mv)
MOVE_REASONS["power"] = _power_hint
UNSEARCHED.add("power")  # a power's value is a ranking device (USE / KEEP), not VP
BUILD_BONUSES.append(hero_bonus)
STAGE_BONUSES.append(stage_god_bonus)
