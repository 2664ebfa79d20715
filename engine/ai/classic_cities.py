"""What the classic AI makes of the Cities expansion: black cards (VP, coin losses dealt to the
table, Diplomacy, masks, coins, shields) and the pay-or-debt decision, with its hint; the Cities
cards join the sampled hands of Cities games only. Registered with ``classic_hooks`` on import
(engine.ai.classic_parts)."""

from __future__ import annotations

from typing import Any

from engine.ai.classic_eval import military_gain
from engine.ai.classic_hooks import (
    COLOR_VALUES,
    MOVE_REASONS,
    MOVE_SUBJECTS,
    MOVE_VALUES,
    POOL_CARDS,
)
from engine.ai.hint_text import plural
from engine.classic.data import CARD_INDEX, CARDS, CITY_CARD_IDS

__all__ = ["black_value", "pay_reason", "pay_value"]

# A coin lost by a rival is worth about a third of a VP to us (relative), a Diplomacy token
# about a draw's worth of conflict, a mask about one science symbol late in the game.
_LOSS_EACH, _DIPLOMACY, _MASK = 0.35, 1.5, 2.0


def black_value(view: Any, me: Any, name: str, military: float) -> float:
    """VP-equivalent value of building black card ``name``; ``military`` values its shields."""
    eff = CARDS[CARD_INDEX[name]].effect
    val = float(eff.vp) + military
    if eff.coin_loss is not None:
        amount, per = eff.coin_loss
        val += (amount if per < 0 else 1.5) * (view.players - 1) * _LOSS_EACH
    if eff.diplomacy:
        val += _DIPLOMACY * (0.5 if view.age == 3 else 1.0)
    if eff.mask:
        val += _MASK * sum(1 for c in view.cities if c.science) / max(1, view.players)
    if eff.coins_to is not None:
        val += eff.coins_to[0] / 3
    if eff.coins_per is not None or eff.vp_per is not None:
        val += 2.0  # Secret Society / Slave Market: a few coins now and VP later
    if eff.produce_own or eff.rebate:
        val += (3 - view.age) * 0.8  # cheaper builds later
    if eff.special:
        val += 1.5 * (me.stages_total - me.stages_built)  # Architect Cabinet
    return val


def pay_value(view: Any, mv: Any) -> float:
    """Paying: each Debt token is a sure -1 VP, each coin kept about a third: pay what one can
    unless the coins are needed for a wonder stage priced in coins (keep 0.1 per coin)."""
    return float(mv.left)


def _black(view: Any, me: Any, name: str, greedy: bool) -> float:
    shields = CARDS[CARD_INDEX[name]].effect.shields
    mil = military_gain(view, me, shields, not greedy) if shields else 0.0
    return black_value(view, me, name, mil)


def pay_reason(view: Any, mv: Any) -> tuple[str, list[tuple[float, str]]]:
    """The hint of a coin loss's settlement: (headline, [(weight in VP, phrase), ...])."""
    owed = view.coin_losses[view.seat] if view.coin_losses else mv.left
    terms: list[tuple[float, str]] = [
        (1.0, "a Debt token is a sure -1 VP, a coin only a third of one")
    ]
    if mv.left:
        terms.append((-mv.left / 3, f"you pay {plural(mv.left, 'coin')}"))
    if owed > mv.left:
        terms.append((mv.left - owed, f"you take {plural(owed - mv.left, 'Debt token')}"))
    return mv.text, terms


def _cities_played(view: Any) -> bool:
    return "cities" in view.expansions


COLOR_VALUES["black"] = _black
MOVE_VALUES["pay"] = lambda view, mv, greedy: pay_value(view, mv)
MOVE_REASONS["pay"] = pay_reason
MOVE_SUBJECTS["pay"] = "coin loss"  # the bot names a settlement's hint like its button
POOL_CARDS.append((frozenset(CARDS[i].name for i in CITY_CARD_IDS), _cities_played))
