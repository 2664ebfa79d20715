"""Cities' coin-loss prompt (issue 24): every split of the loss between coins and debt, with
the loss and the seat's coins said, as buttons or - when many - a select and Confirm."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.games.classic.cities import debt_prompt, debt_wait_text, settle_text, split_label
from bot.model.game import PromptStep
from bot.model.ids import parse

from .test_prompts import _check_limits


def _table(coins: int, owed: int) -> Any:
    """What the prompt reads of a table in the engine's ``debt`` phase (docs/cities.md):
    ``pay:K`` moves, most paid first."""
    moves = [f"pay:{k}" for k in range(min(coins, owed), -1, -1)]
    return SimpleNamespace(id=7, version=40, legal_moves=lambda seat: moves)


def _view(coins: int, owed: int) -> Any:
    return SimpleNamespace(
        phase="debt",
        coin_losses=[0, owed, 0],
        to_act=[1],
        cities=[SimpleNamespace(coins=5), SimpleNamespace(coins=coins), SimpleNamespace(coins=1)],
    )


def test_split_labels() -> None:
    assert split_label(3, 3) == "Pay 3 coins"
    assert split_label(1, 3) == "Pay 1 coin, take 2 debt (−2 VP)"
    assert split_label(0, 2) == "Take 2 debt (−2 VP)"


def test_settle_texts_count_tokens_and_points() -> None:
    assert settle_text(0, 1) == "Take 1 debt token (−1 VP)"
    assert settle_text(0, 3) == "Take 3 debt tokens (−3 VP)"
    assert settle_text(2, 2) == "Pay 2 coins"
    assert settle_text(1, 2) == "Pay 1 coin and take 1 debt token (−1 VP)"


def test_each_split_is_a_button_with_its_move() -> None:
    prompt = debt_prompt(_table(2, 3), _view(2, 3), 1, PromptStep())
    _check_limits(prompt)
    assert "makes you lose 3 coins (you have 2 coins)" in prompt.text
    labels = [b.label for b in prompt.buttons]
    assert labels == [
        "Pay 2 coins, take 1 debt (−1 VP)",
        "Pay 1 coin, take 2 debt (−2 VP)",
        "Take 3 debt (−3 VP)",
    ]
    moves = [parse(b.custom_id).arg for b in prompt.buttons]  # type: ignore[union-attr]
    assert moves == ["pay:2", "pay:1", "pay:0"]


def test_a_big_loss_becomes_a_select_and_confirm() -> None:
    table, view = _table(20, 14), _view(20, 14)
    prompt = debt_prompt(table, view, 1, PromptStep())
    _check_limits(prompt)
    (select,) = prompt.selects
    assert len(select.options) == 15 and select.options[0].label == "Pay 14 coins"
    (confirm,) = prompt.buttons
    assert parse(confirm.custom_id).arg == "pay:14"  # type: ignore[union-attr]
    chosen = debt_prompt(table, view, 1, PromptStep(move="pay:4"))
    assert parse(chosen.buttons[0].custom_id).arg == "pay:4"  # type: ignore[union-attr]
    assert [o.value for o in chosen.selects[0].options if o.default] == ["pay:4"]


def test_seats_without_a_loss_are_told_who_decides() -> None:
    view = _view(2, 3)
    assert debt_wait_text(view, 0, ["Ana", "Bo", "Cy"]) == (
        "Bo must pay a coin loss or take debt; the next turn starts once they chose."
    )
    assert debt_wait_text(view, 1, ["Ana", "Bo", "Cy"]) is None  # Bo is prompted
    three = SimpleNamespace(phase="debt", coin_losses=[0, 1, 1, 1], to_act=[3, 1, 2])
    assert debt_wait_text(three, 0, ["Ana", "Bo", "Cy", "Dee"]).startswith(  # type: ignore[union-attr]
        "Bo, Cy and Dee must pay"
    )
