"""7 Wonders hint reasons: the heuristic's terms (``classic_eval``) for one move, as phrases
(an expansion's moves: its AI part's reasons, ``classic_hooks.MOVE_REASONS``)."""

from __future__ import annotations

from typing import Any

from engine.ai.classic_eval import (
    DISCARD_PEN,
    SCI_FUTURE,
    TRADE_PEN,
    _base,
    _info,
    _military_gain,
    _neighbours,
    _next_stage,
    _sci,
    _stage_value,
)
from engine.ai.classic_hooks import MOVE_REASONS, MOVE_SUBJECTS
from engine.ai.hint_text import Hint, Reason, compose, plural
from engine.classic.data import RESOURCES, SCIENCE

__all__ = ["explain_classic"]


def _military_phrase(view: Any, me: Any, shields: int) -> str:
    left, right = _neighbours(view, me.seat)
    passed = [nb.board for nb in (left, right) if me.shields <= nb.shields < me.shields + shields]
    if passed:
        return (
            f"its {plural(shields, 'shield')} put you ahead of {' and '.join(passed)} in military"
        )
    return f"its {plural(shields, 'shield')} strengthen your military against your neighbours"


def _science_terms(view: Any, me: Any, sym: str) -> list[Reason]:
    now = float(_sci(me, sym) - _sci(me, None))
    have = me.science.get(sym, 0)
    terms = [Reason(now, f"it adds {int(now)} science points now ({sym} #{have + 1})")]
    future = (3 - view.age) * SCI_FUTURE + (0.8 if have == 0 else 0.0)
    if future > 0:
        what = "a new symbol" if have == 0 else f"another {sym}"
        terms.append(Reason(future, f"{what} grows your science set for later ages"))
    return terms


def _card_terms(view: Any, me: Any, name: str) -> list[Reason]:
    info = _info(name)
    color, eff = info["color"], info["effect"]
    worth = _base(view, me, name, False)
    if color == "blue":
        return [Reason(worth, f"it is worth {eff}")]
    if color == "red":
        shields = int(eff.split()[0])
        return [
            Reason(_military_gain(view, me, shields, True), _military_phrase(view, me, shields))
        ]
    if color == "green":
        return _science_terms(view, me, eff.split(": ")[1])
    if color == "purple":
        return [Reason(worth, f"as a guild it scores {eff} (about {worth:.0f} VP now)")]
    if color == "yellow":
        return [Reason(worth, f"it gives {eff}")]
    need = me.next_stage_cost or {}
    stage = " and your next wonder stage needs it" if any(r in need for r in eff.split()) else ""
    return [Reason(worth, f"it produces {eff}, so later cards cost you less{stage}")]


def _stage_terms(view: Any, me: Any) -> list[Reason]:
    stage = _next_stage(me)
    worth = _stage_value(view, me, False)
    if stage is None:
        return [Reason(worth, "it builds a wonder stage")]
    eff = stage.effect
    parts = [f"{eff.vp} VP"] if eff.vp else []
    if eff.coins:
        parts.append(plural(eff.coins, "coin"))
    if eff.shields:
        parts.append(plural(eff.shields, "shield"))
    if eff.science >= 0:
        parts.append(f"a {SCIENCE[eff.science]} symbol")
    if eff.choice:
        parts.append(f"one of {'/'.join(RESOURCES[i] for i in eff.choice)} each turn")
    if eff.special:
        parts.append(eff.special.replace("_", " "))
    gives = ", ".join(parts) or "its effect"
    return [
        Reason(worth, f"stage {me.stages_built + 1} of {me.wonder} gives {gives}"),
        Reason(1.5, "it hides a card your neighbour would get"),
    ]


def _payment_terms(view: Any, me: Any, mv: Any) -> list[Reason]:
    left, right = _neighbours(view, me.seat)
    terms = []
    for paid, nb, side in ((mv.left, left, "left"), (mv.right, right, "right")):
        if paid:
            w = -(paid / 3 + paid * TRADE_PEN)
            terms.append(Reason(w, f"you pay {nb.board} ({side}) {plural(paid, 'coin')}"))
    bank = _info(mv.card)["coins"] if mv.action == "build" else 0
    if bank:
        terms.append(Reason(-bank / 3, f"the card costs {plural(bank, 'coin')} to the bank"))
    return terms


def explain_classic(view: Any, move: Any) -> Hint:
    text = str(move)
    mv = next(m for m in view.legal_moves if m.move == text)
    if view.phase == "wonder_pick":  # no city yet: the pick is the AI's board preference
        reason = Reason(1.0, "the board the Hard AI values most among those offered")
        return Hint(move, mv.card, mv.text, (reason,), (), f"{mv.text}: {reason.text}.")
    me = view.cities[view.seat]
    subject = MOVE_SUBJECTS.get(mv.action, mv.card)
    reasons = MOVE_REASONS.get(mv.action)  # an expansion's move, explained by its AI part
    if reasons is not None:
        headline, weighted = reasons(view, mv)
        gains, costs, sentence = compose(headline, [Reason(w, t) for w, t in weighted])
        return Hint(move, subject, headline, gains, costs, sentence)
    if mv.action == "discard":
        headline = f"Discard {subject}"
        worth = 1.0 + (0.3 if view.age == 3 else 0.0) - DISCARD_PEN
        terms = [Reason(max(worth, 0.1), "3 coins are worth more than any build you can afford")]
    elif mv.action == "wonder":
        headline = f"Use {subject} for a wonder stage"
        terms = _stage_terms(view, me) + _payment_terms(view, me, mv)
    else:
        headline = f"Build {subject}"
        terms = _card_terms(view, me, subject) + _payment_terms(view, me, mv)
        chain_to = _info(subject)["chain_to"]
        if view.age < 3 and chain_to:
            w = 1.2 if view.age == 1 else 0.8
            terms.append(Reason(w, f"it chains into {' and '.join(chain_to)} for free later"))
    gains, costs, sentence = compose(headline, terms)
    return Hint(move, subject, headline, gains, costs, sentence)
