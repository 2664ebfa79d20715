"""Cities' coin-loss prompt (ephemeral): pay the loss, take debt for it, or split it.

The engine's ``debt`` phase lists ``pay:K`` moves (K coins paid to the bank, the rest taken as
Debt tokens, most paid first). Every victim decides at once and nobody sees the others' choices
until all are in. One button per split while they fit; a longer list becomes a select and
Confirm (a big loss with many coins: Counterfeiters + Lair in one turn).
"""

from __future__ import annotations

from bot.games.classic.expansion import BotExpansion
from bot.model.game import PromptStep, Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import ButtonSpec, OptionSpec, Prompt, SelectSpec
from bot.presenters.texts import ai_name
from engine.ai.hint import Hint
from engine.classic import ClassicView
from engine.classic.state import Move
from engine.common import Event

__all__ = [
    "EXPANSION",
    "debt_prompt",
    "debt_wait_text",
    "loss_causes_text",
    "settle_text",
    "split_label",
]

_BUTTONS = 10  # two rows; beyond that a select reads better on a phone


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _paid(move: str) -> int:
    """``pay:K`` → K (0 for anything else)."""
    head, _, rest = move.partition(":")
    try:
        return int(rest.split(":")[0]) if head == "pay" else 0
    except ValueError:
        return 0


def split_label(paid: int, owed: int) -> str:
    """ "Pay 2 coins" / "Pay 1 coin, take 1 debt (−1 VP)" / "Take 2 debt (−2 VP)"."""
    debt = owed - paid
    if debt <= 0:
        return f"Pay {_coins(paid)}"
    if paid == 0:
        return f"Take {debt} debt (−{debt} VP)"
    return f"Pay {_coins(paid)}, take {debt} debt (−{debt} VP)"


def settle_text(paid: int, owed: int) -> str:
    """The answer once the choice went in: "Take 2 debt tokens (−2 VP)", "Pay 2 coins",
    "Pay 1 coin and take 1 debt token (−1 VP)"."""
    debt = max(owed - paid, 0)
    tokens = f"{debt} debt token{'s' if debt != 1 else ''} (−{debt} VP)"
    if not debt:
        return f"Pay {_coins(paid)}"
    if not paid:
        return f"Take {tokens}"
    return f"Pay {_coins(paid)} and take {tokens}"


def debt_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt:
    """The coin-loss decision of ``seat`` (whose view is in the ``debt`` phase)."""
    losses = list(getattr(view, "coin_losses", None) or [])
    owed = losses[seat] if seat < len(losses) else 0
    coins = view.cities[seat].coins
    moves = [str(m) for m in table.legal_moves(seat)]
    named = _seat_names(table) if getattr(view, "coin_loss_causes", None) else []
    causes = loss_causes_text(view, seat, named)
    text = (
        f"{step.head}**Coin loss** — {causes}you lose {_coins(owed)} "
        f"(you have {_coins(coins)}). Pay any part of it to the bank; each "
        "coin you don't pay is a debt token (−1 point at the end, never repaid). The others "
        "decide at the same time; nobody sees your choice before everyone has chosen."
    )
    if len(moves) <= _BUTTONS:
        buttons = tuple(
            ButtonSpec(
                split_label(_paid(m), owed),
                button_id("mv", table.id, table.version, m),
                "success" if _paid(m) == owed else "primary",
            )
            for m in moves
        )
        return Prompt(text, (), buttons)
    chosen = step.move if step.move in moves else moves[0]
    options = tuple(
        OptionSpec(split_label(_paid(m), owed), m, default=m == chosen) for m in moves[:25]
    )
    return Prompt(
        text,
        (SelectSpec(select_id("move", table.id, table.version, "0"), "How much to pay", options),),
        (ButtonSpec("Confirm", button_id("mv", table.id, table.version, chosen), "success"),),
    )


def loss_causes_text(view: ClassicView, seat: int, names: list[str]) -> str:
    """ "Bo built Lair (each other player loses 2 coins); Cy built Cenotaph (1 coin for each
    Victory token you hold): in all " — the cards of this turn behind the loss."""
    causes = [c for c in getattr(view, "coin_loss_causes", None) or [] if c.seat != seat]
    if not causes:
        return "what another player built this turn makes "
    parts = []
    for c in causes:
        loss = c.loss.replace("they hold", "you hold").replace("they have", "you have")
        what = f"you lose {loss}" if "you" in loss else f"each other player loses {loss}"
        parts.append(f"{names[c.seat]} built {c.source} ({what})")
    return "; ".join(parts) + (": in all " if len(parts) > 1 or "you" in parts[0] else ": ")


def _seat_names(table: Table) -> list[str]:
    """The seats' names as last seen (the prompt has no name book): "Euclid (AI)" for AIs."""
    out = {}
    for rec in table.record.seats:
        user = table.seat_user(rec.seat)
        out[rec.seat] = ai_name(rec.seat) if user is None else rec.name or f"Player {rec.seat + 1}"
    return [out.get(i, f"Player {i + 1}") for i in range(max(out, default=-1) + 1)]


def debt_wait_text(view: ClassicView, seat: int, names: list[str]) -> str | None:
    """Why a seat without a loss waits in the ``debt`` phase (None in other phases, or when
    ``seat`` already decided: the usual "you already picked")."""
    if view.phase != "debt" or not view.to_act or seat in view.to_act:
        return None
    losses = list(getattr(view, "coin_losses", None) or [])
    if seat < len(losses) and losses[seat]:
        return None
    deciding = [names[s] for s in sorted(view.to_act)]
    who = " and ".join([", ".join(deciding[:-1]), deciding[-1]] if len(deciding) > 1 else deciding)
    return f"{who} must pay a coin loss or take debt; the next turn starts once they chose."


def _prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    return debt_prompt(table, view, seat, step) if view.phase == "debt" else None


def _move_text(view: ClassicView, seat: int, move: object) -> str | None:
    """A coin loss told as the prompt's button said it ("Take 2 debt tokens (−2 VP)"), not
    as the engine's move ("Pay 0 coins of the loss…")."""
    if isinstance(move, Move) and move.action == "pay":
        owed = list(view.coin_losses or [])
        if seat < len(owed):
            return settle_text(int(move.left), owed[seat])
    return None


def _hint_text(view: ClassicView, found: Hint) -> str | None:
    """A coin loss's hint named like its button, not "Pay 0 coins of the loss, the rest as
    debt"."""
    if view.seat is None:
        return None
    owed, move = list(view.coin_losses or []), found.move
    coin_loss = found.subject == "coin loss" and isinstance(move, Move)
    if coin_loss and view.seat < len(owed) and isinstance(move.left, int):
        return settle_text(move.left, owed[view.seat]) + found.text[len(found.headline) :]
    return None


def _debt_text(d: dict[str, object], names: list[str]) -> str | None:
    """ "ana paid 1 coin and took 1 debt token (−1 VP)" / "bo took 2 debt tokens (−2 VP)"."""
    seat, paid, debt = d.get("seat"), d.get("paid"), d.get("debt")
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return None
    if not isinstance(paid, int) or not isinstance(debt, int):
        return None
    tokens = f"{debt} debt token{'s' if debt != 1 else ''} (−{debt} VP)"
    if not debt:
        return f"{names[seat]} paid {_coins(paid)}"
    if not paid:
        return f"{names[seat]} took {tokens}"
    return f"{names[seat]} paid {_coins(paid)} and took {tokens}"


def _debt_event(e: Event, names: list[str]) -> str | None:
    return _debt_text(e.data, names)


EXPANSION = BotExpansion(
    "cities",
    "Cities",
    _prompt,
    debt_wait_text,
    secret_phases=frozenset({"debt"}),  # the coin-loss decisions
    change_asks={"debt": "way to settle the loss"},
    score_rows=("cities", "debt"),
    turn_lines={"debt": ""},  # the reveal's line names the victims
    status_lines={"debt": "Coin losses: pay or take debt."},
    move_text=_move_text,
    hint_text=_hint_text,
    event_texts={"debt": _debt_event},
    reveal_names={"debt": ", coin losses settled"},
)
