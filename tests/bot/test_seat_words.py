"""Prompts speak of players by name and of the Free City as the Free City: the Gods & Heroes
target select says "Invoke Zeus: bo's card…" (not "seat 1"), and the hint for the Free City's
card says what the card does for the Free City, not for "you"; a coin-loss hint names the
choice as its button does."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import engine.classic as classic
from bot.games.classic.cities import settle_text
from bot.games.classic.free_city import free_city_hint
from bot.games.classic.game import ClassicGame
from bot.games.classic.gods import power_parts
from bot.model.prompt import OptionSpec, Prompt, SelectSpec
from bot.presenters.texts import named_prompt
from engine.ai.hint import hint
from engine.classic import Config

NAMES = ["ana", "bo", "cy"]


def _play_until(config: Config, seed: int, found: Any) -> tuple[Any, Any]:
    """A random game (wonder stages preferred) up to the first seat view ``found`` accepts."""
    rng = random.Random(seed)
    state = classic.new_game(config, seed)
    while classic.outcome(state) is None:
        seat = min(classic.to_act(state))
        view = classic.view(state, seat)
        if found(view):
            return view, state
        legal = classic.legal_moves(state, seat)
        stages = [m for m in legal if str(m).startswith("wonder")]
        move = rng.choice(stages if stages and rng.random() < 0.9 else legal)
        state, _ = classic.apply(state, seat, move)
    raise AssertionError("the game ended first")


def _targeted(view: Any) -> bool:
    return any(m.action == "power" and "seat" in m.text for m in view.legal_moves)


def test_gods_target_select_names_the_players() -> None:
    view, _ = _play_until(Config(players=3, variant="gods-heroes"), 1, _targeted)
    table = SimpleNamespace(id=5, version=9)
    selects, buttons = power_parts(table, view, None)  # type: ignore[arg-type]
    shown = named_prompt(Prompt("", selects, buttons), NAMES)
    labels = [o.label for s in shown.selects for o in s.options]
    assert labels and not any(re.search(r"\bseat \d", label) for label in labels), labels
    assert all(any(n in label for n in NAMES) for label in labels), labels
    assert {o.value for s in shown.selects for o in s.options} == {
        m.move for m in view.legal_moves if m.action == "power"
    }, "the moves behind the options are unchanged"


def test_named_prompt_keeps_discord_limits_with_long_names() -> None:
    long_names = ["x" * 32, "y" * 32]
    option = OptionSpec("Invoke Seth: seat 1 cannot use " + "ore " * 20, "power:1", "seat 0")
    shown = named_prompt(
        Prompt("Seat 0 and seat 1", (SelectSpec("id", "p", (option,)),)), long_names
    )
    assert shown.text == f"{long_names[0]} and {long_names[1]}"
    (named,) = shown.selects[0].options
    assert len(named.label) <= 100 and named.label.startswith(f"Invoke Seth: {long_names[1]}")
    assert named.description == long_names[0] and named.value == "power:1"


def test_free_city_hint_speaks_of_the_free_city() -> None:
    view, state = _play_until(
        Config(players=2), 1, lambda v: v.free_city is not None and v.free_city.picking
    )
    found = hint("classic", view, classic.legal_moves(state, view.seat), random.Random(1))
    text = free_city_hint(view, found.text)
    assert text.startswith("For the Free City's card: ")
    assert not re.search(r"\b[Yy]ou(r)?\b", text), text
    own = _play_until(
        Config(players=2), 1, lambda v: v.free_city is not None and not v.free_city.picking
    )[0]
    assert free_city_hint(own, "It costs you less.") == "It costs you less."
    words = free_city_hint(view, "You pay Rhodos 2 coins; your set grows; it costs you less.")
    assert words == (
        "For the Free City's card: The Free City pays Rhodos 2 coins; the Free City's set "
        "grows; it costs the Free City less."
    ), words


def test_coin_loss_hint_reads_like_its_button() -> None:
    """The Hard AI's hint on a coin loss starts with the choice as the prompt's buttons say it
    ("Pay 1 coin", never "Pay 1 coin of the loss, the rest as debt")."""
    rng = random.Random(0)
    state = classic.new_game(Config(players=4, expansions=("cities",)), 0)
    while True:
        seat = min(classic.to_act(state))
        view = classic.view(state, seat)
        if view.phase == "debt":
            break
        state, _ = classic.apply(state, seat, rng.choice(classic.legal_moves(state, seat)))
    found = hint("classic", view, classic.legal_moves(state, seat), random.Random(1))
    assert found.subject == "coin loss" and "the rest as debt" in found.text
    text = ClassicGame().hint_text(view, found)
    owed, paid = view.coin_losses[seat], found.move.left
    assert text.startswith(settle_text(paid, owed) + ": "), text
    assert "the rest as debt" not in text
