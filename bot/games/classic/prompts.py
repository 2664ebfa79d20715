"""A seat's private prompt (ephemeral): text plus Discord-free component specs.

Classic pick: "Choose a card" select (``ws:card``, one option per distinct card, value = its
name; two copies show as "Lumber Yard ×2") → Build / Wonder / Discard buttons (disabled
with the reason) → when several payments exist, a "How to pay" select (``ws:pay``) and Confirm.
Anything else (Halikarnassos' discard build…): a "Choose your move" select (``ws:move``)
with pages of 25, then Confirm. A button that applies a move is ``wt:mv:<game>:<version>:<move>``.
Duel prompts: ``bot.games.duel.prompts``.
"""

from __future__ import annotations

import dataclasses

from bot.games.classic import expansions
from bot.games.classic.move_list import move_list as _move_list
from bot.games.classic.pay import pay_label
from bot.games.classic.seam import seat_of, state_of, view_of
from bot.games.classic.special import special_prompt
from bot.model.game import PromptStep, Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import PAGE, ButtonSpec, OptionSpec, Prompt, SelectSpec
from bot.model.prompt import cut as _cut
from engine.classic import ClassicView
from engine.classic.present import stage_shortfall
from engine.classic.views import HandCardView, PaymentView
from engine.wording import age_name, coins, lack_text, purse

__all__ = ["classic_prompt"]


def _card_description(card: HandCardView) -> str:
    status = {
        "chain": "free by chain",
        "free": "free",
        "affordable": "affordable",
        "duplicate": "already built",
    }.get(card.status)
    if card.status == "trade" and card.build:
        cheapest = min(card.build, key=lambda p: p.left + p.right)
        status = f"buy for {coins(cheapest.left + cheapest.right)}"
    elif card.status == "unaffordable":
        status = f"can't build: {lack_text(card.missing)}"
    wonder = " · wonder ok" if card.wonder else ""
    # The status first: a long effect is what gets cut (the hand image has it in full).
    return _cut(f"{status}{wonder} · {card.gives}")


def _card_select(table: Table, view: ClassicView, chosen: str | None) -> SelectSpec:
    # One option per distinct card: a 4–7 player hand can hold two copies of a card, Discord
    # rejects a select whose option values repeat, and both copies allow the same moves.
    copies: dict[str, int] = {}
    first: dict[str, HandCardView] = {}
    for card in view.hand_cards:
        copies[card.name] = copies.get(card.name, 0) + 1
        first.setdefault(card.name, card)
    options = tuple(
        OptionSpec(
            _cut(name if copies[name] == 1 else f"{name} ×{copies[name]}"),
            name,
            _card_description(card),
            name == chosen,
        )
        for name, card in first.items()
    )
    return SelectSpec(select_id("card", table.id, table.version), "Choose a card", options)


def _action_button(
    table: Table,
    card: HandCardView,
    action: str,
    label: str,
    payments: list[PaymentView],
    reason: str,
) -> ButtonSpec:
    if not payments:
        return ButtonSpec(
            _cut(f"{label}: {reason}", 80),
            button_id("act", table.id, table.version, f"{action}:{card.name}"),
            disabled=True,
        )
    if len(payments) == 1:
        cost = payments[0].left + payments[0].right + payments[0].bank
        price = f" ({coins(cost)})" if cost else " (free)"
        return ButtonSpec(
            label + price, button_id("mv", table.id, table.version, payments[0].move), "success"
        )
    return ButtonSpec(
        f"{label}…", button_id("act", table.id, table.version, f"{action}:{card.name}"), "primary"
    )


def _build_reason(card: HandCardView) -> str:
    if card.status == "duplicate":
        return "already built"
    return lack_text(card.missing)[:60]


def _costs_nothing(payments: list[PaymentView]) -> bool:
    return any(p.left + p.right + p.bank == 0 for p in payments)


def _card_step(table: Table, view: ClassicView, name: str, head: str) -> Prompt:
    card = next((c for c in view.hand_cards if c.name == name), None)
    if card is None:
        return _hand_step(table, view, head)
    legal = _legal(view)
    build, wonder = _allowed(card.build, legal), _allowed(card.wonder, legal)
    buttons = [_action_button(table, card, "build", "Build", build, _build_reason(card))]
    # A card that already costs nothing keeps Olympia's once-an-Age free build for another.
    if card.free_build and not _costs_nothing(build):
        buttons.append(
            ButtonSpec(
                "Build free (Olympia)",
                button_id("mv", table.id, table.version, card.free_build),
                "success",
            )
        )
    city = _playing_city(view)
    stage = (view.cities[city].stages_built + 1) if city is not None else 0
    full = city is not None and stage > view.cities[city].stages_total
    label = "Wonder" if full else f"Wonder stage {stage}"
    reason = "all stages built" if full else _stage_reason(table, view, city, bool(card.wonder))
    buttons.append(_action_button(table, card, "wonder", label, wonder, reason))
    if card.discard in legal:
        buttons.append(
            ButtonSpec(
                "Discard (+3 coins)",
                button_id("mv", table.id, table.version, card.discard),
                "danger",
            )
        )
    else:  # a city picked for may discard only when none of its cards can be played
        why = "it can be played" if build or wonder else "another card can be played"
        buttons.append(
            ButtonSpec(
                f"Discard: not allowed ({why})",
                button_id("act", table.id, table.version, f"discard:{card.name}"),
                disabled=True,
            )
        )
    buttons += _more_buttons(table, view, card.name)
    text = f"{head}**{card.name}** — {card.gives}. Choose what to do with it."
    return Prompt(text, (_card_select(table, view, name),), tuple(buttons))


_CORE_ACTIONS = frozenset({"build", "wonder", "discard", "free"})


def _more_buttons(table: Table, view: ClassicView, name: str) -> list[ButtonSpec]:
    """The moves an expansion adds for this card (Babel: build a tile with it, a coin-build
    or a neighbour's chain), one button each, labelled with the engine's sentence."""
    return [
        ButtonSpec(_cut(m.text, 80), button_id("mv", table.id, table.version, m.move), "secondary")
        for m in view.legal_moves
        if m.card == name and m.action not in _CORE_ACTIONS
    ][:4]


def _stage_reason(table: Table, view: ClassicView, city: int | None, payable: bool) -> str:
    """Why the next Wonder stage can't be built with this card: what it lacks, as the Build
    button says it ("can't afford: needs 2 stone"), or the rule of the city picked for."""
    if payable:  # payments exist but the engine refuses them: the Free City's chain rule
        other = _other_hand(view)
        who = "it" if other is None else other[1]
        return f"{who} must build a card it chains into"
    lacks = stage_shortfall(state_of(table), city) if city is not None else {}
    needs = ", ".join(coins(q) if r == "coins" else f"{q} {r}" for r, q in lacks.items())
    return f"can't afford: needs {needs}" if needs else "can't afford"


def _legal(view: ClassicView) -> set[str]:
    return {m.move for m in view.legal_moves}


def _allowed(payments: list[PaymentView], legal: set[str]) -> list[PaymentView]:
    """The payments whose move the engine allows now (the Free City's own limits)."""
    return [p for p in payments if p.move in legal]


def _pay_step(table: Table, view: ClassicView, action: str, name: str, move: str | None) -> Prompt:
    card = next((c for c in view.hand_cards if c.name == name), None)
    chosen_list = [] if card is None else (card.build if action == "build" else card.wonder)
    payments = _allowed(chosen_list, _legal(view))
    if card is None or not payments:
        return _hand_step(table, view, "")
    chosen = move or min(payments, key=lambda p: p.left + p.right).move
    city = _playing_city(view)
    options = tuple(
        OptionSpec(
            _cut(pay_label(view, city, p.left, p.right)),
            p.move,
            _kept(view, city, p.left + p.right + p.bank),
            p.move == chosen,
        )
        for p in payments[:PAGE]
    )
    what = "Build" if action == "build" else "Wonder stage with"
    return Prompt(
        f"{what} **{name}**: how do you pay your neighbours?",
        (SelectSpec(select_id("pay", table.id, table.version), "How to pay", options),),
        (
            ButtonSpec("Confirm", button_id("mv", table.id, table.version, chosen), "success"),
            ButtonSpec("Back", button_id("hand", table.id, table.version)),
        ),
    )


def _kept(view: ClassicView, city: int | None, spent: int) -> str:
    """What the payer has left afterwards ("You keep 3 coins")."""
    if city is None:
        return ""
    other = _other_hand(view)
    who = "You keep" if other is None or city == view.seat else f"{_capital(other[1])} keeps"
    return f"{who} {coins(max(0, view.cities[city].coins - spent))}"


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


def _other_hand(view: ClassicView) -> tuple[int, str] | None:
    """The city whose hand the viewer picks from when not its own (the Free City's, in the
    2-player game), and its name."""
    found = (x.hand_city(view) for x in expansions.bot_parts())
    return next((got for got in found if got is not None), None)


def _playing_city(view: ClassicView) -> int | None:
    """The city the prompt's card goes to: an expansion's while the viewer picks for it,
    else the viewer's."""
    other = _other_hand(view)
    return view.seat if other is None else other[0]


def _hand_step(table: Table, view: ClassicView, head: str, power: str | None = None) -> Prompt:
    other = _other_hand(view)
    city = view.seat if other is None else other[0]
    have = view.cities[seat_of(view, city)].coins
    whose = "your hand" if other is None or city == view.seat else f"{other[1]}'s hand"
    text = (
        f"{head}**{age_name(view.age)}, turn {view.turn}** — {whose} ({purse(have)}). "
        "Choose a card, then what to do with it."
    )
    if view.phase == "seventh":  # Babylon B: its last card, while the others wait
        text = (
            f"{head}**Babylon: play your last card too** — {whose} ({purse(have)}). Build it, "
            "use it for a Wonder stage or discard it; the others wait for you."
        )
    head_line = ""
    selects: tuple[SelectSpec, ...] = ()
    buttons: tuple[ButtonSpec, ...] = ()
    if city == view.seat:
        parts = [x.hand_parts(table, view, power) for x in expansions.bot_parts()]
        head_line = "".join(line for line, _, _ in parts)
        selects = tuple(s for _, more, _ in parts for s in more)
        buttons = tuple(b for _, _, more in parts for b in more)
    return Prompt(
        head_line + text, (_card_select(table, view, None), *selects), buttons, image=True
    )


def classic_prompt(table: Table, seat: int, step: PromptStep) -> Prompt:
    """7 Wonders: the hand's steps during a pick, else a list of moves."""
    view = view_of(table, seat)
    card, action, move = step.card, step.action, step.move
    for expansion in expansions.BOT_EXPANSIONS:  # an expansion's own steps (Cities' coin loss…)
        special = expansion.prompt(table, view, seat, step)
        if special is not None:
            return special
    if view.hand_cards and view.phase in ("pick", "seventh"):
        if action == "power":  # Gods & Heroes: a target chosen in the power select
            return _hand_step(table, view, step.head, move)
        if card and action in ("build", "wonder"):
            return _pay_step(table, view, action, card, move)
        if card:
            return _card_step(table, view, card, step.head)
        return _hand_step(table, view, step.head)
    special = special_prompt(table, view, step.page, move)
    if special is not None:  # Halikarnassos, the Courtesan, Roma: the power's own prompt
        return dataclasses.replace(special, text=step.head + special.text)
    return _move_list(table, seat, step.page, move, step.head)
