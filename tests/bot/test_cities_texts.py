"""Cities in the bot's public texts: the round's coin losses in one line, what each victim
paid and took, the coin-loss step in the status, and the Cities and Debt rows of
``/wonders score``."""

from __future__ import annotations

import random
from typing import Any

import engine.classic as classic
from bot.games.classic.game import ClassicGame
from bot.games.classic.texts import coin_loss_text
from engine.classic import Config
from engine.common import Event, Score
from tests.bot.classic_table import StateTable

NAMES = ["ana", "bo", "cy", "dee"]
GAME = ClassicGame()


def _loss(seat: int, coins: int) -> Event:
    return Event(kind="coin_loss", text="", data={"seat": seat, "coins": coins})


def test_coin_losses_are_one_line() -> None:
    line = coin_loss_text([_loss(1, 2), _loss(3, 1)], NAMES)
    assert line == "💸 **Coin loss**: bo −2, dee −1 — each pays or takes debt now"
    assert coin_loss_text([Event(kind="build", data={"seat": 0})], NAMES) == ""


def _debt_round(seed: int) -> tuple[Any, Any, list[Event]]:
    """A random 4-player Cities game up to its first coin loss: the states before and after
    the reveal that opened it, and its events."""
    rng = random.Random(seed)
    state = classic.new_game(Config(players=4, expansions=("cities",)), seed)
    start = state
    while True:
        seat = min(classic.to_act(state))
        prev = state
        state, events = classic.apply(state, seat, rng.choice(classic.legal_moves(state, seat)))
        if GAME.is_round_end(events, prev, seat, state):
            if any(e.kind == "coin_loss" for e in events):
                return start, state, events
            start = state


def test_reveal_names_the_losses_then_what_each_victim_paid() -> None:
    before, opened, events = _debt_round(0)
    text = GAME.round_text(StateTable(before), StateTable(opened), events, NAMES)  # type: ignore[arg-type]
    assert "\n💸 **Coin loss**: " in text, text
    victims = [e.data["seat"] for e in events if e.kind == "coin_loss"]
    assert "Coin losses" in GAME.status_line(StateTable(opened), NAMES)  # type: ignore[arg-type]
    state, settled = opened, []
    for seat in sorted(classic.to_act(opened)):
        state, settled = classic.apply(state, seat, classic.parse_move("pay:0"))
    text = GAME.round_text(StateTable(opened), StateTable(state), settled, NAMES)  # type: ignore[arg-type]
    assert ", coin losses settled** — " in text, text
    for seat in victims:
        owed = next(
            e.data["coins"] for e in events if e.kind == "coin_loss" and e.data["seat"] == seat
        )
        tokens = "debt token" if owed == 1 else "debt tokens"
        assert f"{NAMES[seat]} took {owed} {tokens} (−{owed} VP)" in text, text
    assert "coin(s)" not in text


def test_score_text_rows_of_the_expansions() -> None:
    extras = GAME.score_extras(Score(leaders=4, cities=6, debt=-3))
    assert extras == ", leaders 4, cities 6, debt -3"
    assert GAME.score_extras(Score()) == ""


def _first_debt(match: str, sides: str = "A") -> Any:
    """The first debt phase of seeded 4-player Cities games whose loss came from a card or
    stage whose text contains ``match``."""
    for seed in range(300):
        rng = random.Random(seed)
        state = classic.new_game(Config(players=4, expansions=("cities",), sides=sides), seed)
        while classic.to_act(state):
            seat = min(classic.to_act(state))
            state, _ = classic.apply(state, seat, rng.choice(classic.legal_moves(state, seat)))
            view = classic.view(state, None)
            if view.phase == "debt" and any(match in c.loss for c in view.coin_loss_causes):
                return state
    raise AssertionError(f"no coin loss from {match!r}")


def test_the_coin_loss_prompt_names_the_card_behind_it() -> None:
    """Issue 35.12: the victim reads which card made them lose coins and how it counts."""
    from bot.games.classic.cities import loss_causes_text

    state = _first_debt("2 coins")
    view = classic.view(state, None)
    (cause,) = view.coin_loss_causes
    victim = next(s for s in sorted(classic.to_act(state)))
    text = loss_causes_text(classic.view(state, victim), victim, NAMES)
    assert text == f"{NAMES[cause.seat]} built {cause.source} (each other player loses 2 coins): "
    per_token = _first_debt("Victory token")
    (cause,) = [c for c in classic.view(per_token, None).coin_loss_causes if "Victory" in c.loss]
    assert cause.source in ("Sepulcher", "Cenotaph")
    victim = min(classic.to_act(per_token))
    text = loss_causes_text(classic.view(per_token, victim), victim, NAMES)
    assert (
        f"{NAMES[cause.seat]} built {cause.source} (you lose 1 coin for each Victory token you "
        "hold)" in text
    ), text
    assert "per own" not in text


def test_loss_cards_say_whose_count_makes_the_loss() -> None:
    info = classic.card_info("Sepulcher")
    assert "every other player loses 1 coin for each Victory token they hold" in str(info)


def test_a_coin_loss_post_says_the_loss_once() -> None:
    """The reveal's 💸 line names the victims; the post adds no second coin-loss line."""
    before, opened, events = _debt_round(0)
    text = GAME.round_text(StateTable(before), StateTable(opened), events, NAMES)  # type: ignore[arg-type]
    turn = GAME.turn_line(StateTable(opened), NAMES)  # type: ignore[arg-type]
    post = f"{text}\n{turn}".strip()
    assert post.lower().count("coin loss") == 1, post
