"""Duel hint reasons: the heuristic's terms (``duel_value``) for one move, as phrases."""

from __future__ import annotations

from typing import Any

from engine.ai.duel_eval import DRAFT_VALUE, heuristic_rank_raw, side_of
from engine.ai.duel_facts import CARD, CHAIN_TARGETS, TOKEN, WONDER, colour, move_parts, symbol
from engine.ai.duel_value import (
    WIN,
    Side,
    _count,
    _military,
    prod_value,
    science_value,
    token_value,
)
from engine.ai.hint_text import Hint, Reason, compose
from engine.duel.data import COLORS, RESOURCES

__all__ = ["explain_duel"]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _resources(mask_or_units: list[str]) -> str:
    return ", ".join(mask_or_units) if mask_or_units else "resources"


def _military_reason(s: Side, shields: int) -> Reason:
    w = _military(s, shields)
    if w >= WIN:
        return Reason(WIN, "it pushes the conflict pawn into the rival capital: a military win")
    x = s.pawn * s.d + shields
    where = "toward the rival capital" if x > 0 else "back toward the centre"
    return Reason(w, f"it moves the conflict pawn {_plural(shields, 'space')} {where}")


def _science_reason(s: Side, sym: str) -> Reason:
    w = science_value(s, sym)
    if w >= WIN:
        return Reason(WIN, f"the {sym} gives your 6th different science symbol: a science win")
    if sym in s.me.symbols:
        best = max(s.board, key=lambda t: token_value(s, t), default="")
        took = f" (best: {TOKEN[best].name})" if best else ""
        return Reason(w, f"it pairs your {sym} symbol, so you take a progress token{took}")
    n = len(s.me.symbols) + 1
    return Reason(w, f"it gives your {_ordinal(n)} different science symbol ({sym}; 6 win)")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _production_reason(s: Side, key: str) -> Reason:
    c = CARD[key]
    made = [r for i, r in enumerate(RESOURCES) if c.produce[i]]
    made += [f"{r} (choice)" for i, r in enumerate(RESOURCES) if c.choice >> i & 1]
    fixed = [r for i, r in enumerate(RESOURCES) if c.fixed >> i & 1]
    if fixed:
        text = f"it fixes your price of {_resources(fixed)} at 1 coin"
    else:
        text = f"it produces {_resources(made)}, which you would otherwise buy"
    return Reason(prod_value(s, c), text)


def _chain_reason(s: Side, key: str) -> Reason | None:
    c = CARD[key]
    targets = [t for t in CHAIN_TARGETS.get(c.chain or "", ()) if t not in s.me.built]
    if not c.chain or not targets or s.age >= 3:
        return None
    w = 1.3 if s.age == 1 else 0.9
    return Reason(w, f"it chains into {CARD[targets[0]].name} for free in a later age")


def _paid(s: Side, price: int, own_coins: int) -> Reason | None:
    """Coins paid: the card's own cost goes to the bank, bought units to the bank or, with the
    rival's Economy token, to the rival."""
    if price <= 0:
        return None
    trade = max(0, price - own_coins)
    bought = "all" if trade == price else str(trade)
    if trade and "economy" in s.opp.tokens:
        to = f"{bought} for resources, to your opponent by Economy"
    elif trade:
        to = f"{bought} for missing resources, to the bank"
    else:
        to = "to the bank"
    return Reason(-price * s.wc, f"you pay {_plural(price, 'coin')} ({to})")


def _card_terms(s: Side, key: str, price: int) -> list[Reason]:
    c = CARD[key]
    terms: list[Reason] = []
    if c.vp:
        terms.append(Reason(float(c.vp), f"it is worth {c.vp} VP"))
    if c.shields:
        terms.append(_military_reason(s, c.shields + ("strategy" in s.me.tokens)))
    sym = symbol(c)
    if sym is not None:
        terms.append(_science_reason(s, sym))
    if colour(c) in ("brown", "grey", "yellow") and (any(c.produce) or c.choice or c.fixed):
        terms.append(_production_reason(s, key))
    gain = c.gain + c.per_each * _per_count(s, c)
    if c.guild_kinds:
        best = max(sum(_count(x, k) for k in c.guild_kinds) for x in (s.me, s.opp))
        vp = c.guild_vp * best
        terms.append(Reason(float(vp), f"as a guild it scores about {vp} VP from the richer city"))
    if gain > 0:
        terms.append(Reason(gain * s.wc, f"it gives you {_plural(gain, 'coin')}"))
    chain = _chain_reason(s, key)
    if chain is not None:
        terms.append(chain)
    paid = _paid(s, price, c.coins)
    if paid is not None:
        terms.append(paid)
    return terms


def _per_count(s: Side, c: Any) -> int:
    if not c.per_each:
        return 0
    if c.per_kind >= 0:
        return s.me.colours.get(COLORS[c.per_kind], 0) + (1 if c.per_kind == c.color else 0)
    return s.me.n_wonders if c.per_kind == -1 else 0


def _wonder_terms(s: Side, key: str, price: int, cards_left: int) -> list[Reason]:
    w = WONDER[key]
    terms: list[Reason] = []
    if w.vp:
        terms.append(Reason(float(w.vp), f"it is worth {w.vp} VP"))
    if (w.play_again or "theology" in s.me.tokens) and cards_left > 0:
        terms.append(Reason(3.0 if s.age < 3 else 2.5, "you play again right away"))
    if w.shields:
        terms.append(_military_reason(s, w.shields))
    if w.coins:
        terms.append(Reason(w.coins * s.wc, f"it gives you {_plural(w.coins, 'coin')}"))
    lost = min(w.opponent_loses, s.opp.coins)
    if lost:
        terms.append(Reason(lost * s.wc, f"your opponent loses {_plural(lost, 'coin')}"))
    if w.library:
        terms.append(Reason(3.0, "you choose a progress token from the box"))
    if w.from_discard:
        terms.append(Reason(1.0, "you build a card from the discard pile for free"))
    if w.destroy >= 0 and s.opp.colours.get(COLORS[w.destroy], 0):
        terms.append(Reason(1.5, f"you destroy one of your opponent's {COLORS[w.destroy]} cards"))
    if w.choice:
        terms.append(Reason(1.0, "it produces one resource of your choice each turn"))
    paid = _paid(s, price, 0)
    if paid is not None:
        terms.append(paid)
    return terms


def _exposure_reason(raw: float, value: float, others: list[float]) -> Reason | None:
    """The denial term: how much less this move leaves the opponent than the average move."""
    mine = raw - value
    if not others:
        return None
    saved = sum(others) / len(others) - mine
    if saved < 1.0:
        return None
    return Reason(saved, "it leaves your opponent weaker cards than the other choices")


def explain_duel(view: Any, move: Any) -> Hint:
    text = str(move)
    action, slot, key = move_parts(text)
    mv = next(m for m in view.legal_moves if m.move == text)
    s = side_of(view, view.seat, False)
    ranked = heuristic_rank_raw(view)
    value, raw = next((v, r) for v, r, t in ranked if t == text)
    exposures = [
        r - v
        for v, r, t in ranked
        if t != text and move_parts(t)[0] in ("build", "discard", "wonder")
    ]
    terms: list[Reason] = []
    if action in ("build", "revive"):
        card_key = view.pyramid[slot].card.key if action == "build" else key
        subject = CARD[card_key].name
        headline = f"Build {subject}"
        terms = _card_terms(s, card_key, mv.price)
    elif action == "discard":
        subject = mv.card or "this card"
        coins = 2 + s.me.colours.get("yellow", 0)
        headline = f"Discard {subject}"
        terms = [
            Reason(
                coins * s.wc,
                f"{_plural(coins, 'coin')} are worth more than what you can build",
            )
        ]
    elif action == "wonder":
        subject = WONDER[key].name
        headline = f"Build {subject}"
        left = sum(1 for sl in view.pyramid if not sl.taken) - 1
        terms = _wonder_terms(s, key, mv.price, left)
    elif action == "token":
        subject = TOKEN[key].name
        headline = f"Take {subject}"
        terms = [Reason(token_value(s, key), f"it gives {TOKEN[key].text}")]
    elif action == "pick":
        subject = WONDER[key].name
        headline = f"Pick {subject}"
        why = "it lets you play again" if WONDER[key].play_again else WONDER[key].text
        terms = [Reason(DRAFT_VALUE.get(key, 5.0), f"{why} — among the strongest wonders offered")]
    elif action == "destroy":
        subject = CARD[key].name
        headline = f"Destroy {subject}"
        terms = [Reason(max(value, 0.1), "its production is what your opponent relies on most")]
    else:  # start: who begins the next age
        subject = "you start" if int(key) == view.seat else "your opponent starts"
        headline = f"Choose: {subject}"
        terms = [Reason(1.0, "taking the first pick of the new pyramid is worth more")]
    if action in ("build", "discard", "wonder"):
        exposure = _exposure_reason(raw, value, exposures)
        if exposure is not None:
            terms.append(exposure)
    gains, costs, sentence = compose(headline, terms)
    return Hint(move, subject, headline, gains, costs, sentence)
