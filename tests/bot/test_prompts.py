"""Hand prompts respect Discord's limits at every step of real games, and offer what the
rules allow (Build disabled with a reason, one button per single payment, a payment list)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.exts.views import prompt_view
from bot.model.game import Table
from bot.model.ids import parse
from bot.model.prompt import OptionSpec, Prompt, SelectSpec
from bot.presenters.hand import build_prompt

from .conftest import ANA, BO, CHANNEL, CY, DEE, GUILD, Services
from .test_games import _started


def _check_limits(prompt: Prompt) -> None:
    assert len(prompt.text) <= 2000
    assert len(prompt.selects) + -(-len(prompt.buttons) // 5) <= 5
    ids = [s.custom_id for s in prompt.selects] + [b.custom_id for b in prompt.buttons]
    assert len(ids) == len(set(ids))
    for custom_id in ids:
        assert len(custom_id) <= 100 and parse(custom_id) is not None
    for select in prompt.selects:
        assert 1 <= len(select.options) <= 25
        assert sum(o.default for o in select.options) <= 1
        values = [o.value for o in select.options]
        assert len(values) == len(set(values)), f"{select.custom_id} repeats a value: {values}"
        for option in select.options:
            assert len(option.label) <= 100 and len(option.value) <= 100
            assert len(option.description) <= 100
    for button in prompt.buttons:
        assert 1 <= len(button.label) <= 80


def _all_steps(table: Table, seat: int) -> list[Prompt]:
    prompts = [build_prompt(table, seat)]
    view = table.view(seat)
    for card in view.hand_cards:
        prompts.append(build_prompt(table, seat, card=card.name))
        for action, payments in (("build", card.build), ("wonder", card.wonder)):
            if len(payments) > 1:
                prompts.append(
                    build_prompt(table, seat, card=card.name, action=action, move=payments[-1].move)
                )
    return prompts


@pytest.mark.asyncio
async def test_every_prompt_of_a_game_fits_discord(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    rng = random.Random(5)
    seen_disabled = False
    while (table := await services.games.table(game)).status == "running":
        for seat in table.humans_to_act():
            for prompt in _all_steps(table, seat):
                _check_limits(prompt)
                seen_disabled |= any(b.disabled for b in prompt.buttons)
            move = rng.choice(table.game.engine.legal_moves(table.state, seat))
            await services.games.play(game, table.seat_user(seat) or 0, str(move), table.version)
    assert seen_disabled


@pytest.mark.asyncio
async def test_several_payments_lead_to_a_payment_select(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    table = await services.games.table(game)
    position = {
        "game": "classic",
        "age": 1,
        "turn": 1,
        "seats": [
            {"wonder": "Rhodos", "side": "A", "coins": 5, "built": [], "hand": ["Baths", "Altar"]},
            {"wonder": "Gizah", "side": "A", "coins": 3, "built": ["Stone Pit"], "hand": ["Loom"]},
            {
                "wonder": "Babylon",
                "side": "A",
                "coins": 3,
                "built": ["Stone Pit"],
                "hand": ["Press"],
            },
        ],
    }
    table = dataclasses.replace(table, state=table.game.engine.load_position(position))
    step = build_prompt(table, 0, card="Baths")
    assert step.buttons[0].label == "Build…"
    act = parse(step.buttons[0].custom_id)
    assert act is not None and (act.verb, act.arg) == ("act", "build:Baths")
    pay = build_prompt(table, 0, card="Baths", action="build", move="build:Baths:2:0")
    _check_limits(pay)
    (select,) = pay.selects
    assert select.placeholder == "How to pay"
    assert {o.value for o in select.options} == {"build:Baths:0:2", "build:Baths:2:0"}
    confirm = next(b for b in pay.buttons if b.label == "Confirm")
    assert parse(confirm.custom_id).arg == "build:Baths:2:0"  # type: ignore[union-attr]
    free = build_prompt(table, 0, card="Altar")
    assert free.buttons[0].label == "Build (free)"


@pytest.mark.asyncio
async def test_card_step_buttons_match_the_rules(services: Services) -> None:
    game = await _started(services, [ANA, BO])
    table = await services.games.table(game)
    view = table.view(0)
    for card in view.hand_cards:
        prompt = build_prompt(table, 0, card=card.name)
        build, *rest = prompt.buttons
        discard = rest[-1]
        assert discard.label.startswith("Discard") and not discard.disabled
        assert parse(discard.custom_id).arg == card.discard  # type: ignore[union-attr]
        if not card.build:
            assert build.disabled and ":" in build.label  # "Build: lacks …"
        elif len(card.build) == 1:
            assert parse(build.custom_id).arg == card.build[0].move  # type: ignore[union-attr]
        else:
            assert build.label == "Build…"
        chosen = [o for o in prompt.selects[0].options if o.default]
        assert [o.value for o in chosen] == [card.name]


@pytest.mark.asyncio
async def test_prompt_for_a_seat_that_already_picked(services: Services) -> None:
    game = await _started(services, [ANA, BO])
    table = await services.games.table(game)
    move = table.game.engine.legal_moves(table.state, 0)[0]
    result = await services.games.play(game, ANA, str(move), table.version)
    prompt = build_prompt(result.table, 0)
    assert prompt.selects == () and prompt.buttons == ()
    assert GUILD and CHANNEL  # same fixtures as the game tests


@pytest.mark.asyncio
async def test_a_hand_with_two_copies_of_a_card_offers_it_once(services: Services) -> None:
    # 4+ players: the age decks hold two copies of some cards, so a hand can too; Discord
    # refuses a select whose option values repeat (the hand could not be opened at all).
    game = await _started(services, [ANA, BO, CY, DEE], players=4)
    table = await services.games.table(game)
    seats = [
        {"wonder": w, "side": "A", "coins": 3, "built": [], "hand": hand}
        for w, hand in (
            ("Rhodos", ["Lumber Yard", "Altar", "Lumber Yard", "Baths"]),
            ("Gizah", ["Loom", "Press", "Glassworks", "Altar"]),
            ("Babylon", ["Stone Pit", "Clay Pool", "Ore Vein", "Theater"]),
            ("Ephesos", ["Barracks", "Stockade", "Tavern", "Scriptorium"]),
        )
    ]
    position = {"game": "classic", "age": 1, "turn": 1, "seats": seats}
    table = dataclasses.replace(table, state=table.game.engine.load_position(position))
    hand = build_prompt(table, 0)
    _check_limits(hand)
    (select,) = hand.selects
    assert [(o.label, o.value) for o in select.options] == [
        ("Lumber Yard ×2", "Lumber Yard"),
        ("Altar", "Altar"),
        ("Baths", "Baths"),
    ]
    step = build_prompt(table, 0, card="Lumber Yard")  # the value read back picks the card
    _check_limits(step)
    assert [o.value for o in step.selects[0].options if o.default] == ["Lumber Yard"]
    build = parse(step.buttons[0].custom_id)
    assert build is not None and build.arg == "build:LumberYard:0:0"
    state, _ = table.game.engine.apply(table.state, 0, table.game.engine.parse_move(build.arg))
    assert state.picks[0] and 0 not in table.game.engine.to_act(state)


@pytest.mark.asyncio
async def test_the_discord_layer_never_sends_a_repeated_option_value() -> None:
    # Last line of defence: a repeated value would make Discord refuse the whole prompt.
    options = tuple(
        OptionSpec(label, value)
        for label, value in (
            ("Lumber Yard", "Lumber Yard"),
            ("Altar", "Altar"),
            ("Lumber Yard again", "Lumber Yard"),
        )
    )
    prompt = Prompt("Choose.", (SelectSpec("ws:card:1:0", "Choose a card", options),))
    (row,) = prompt_view(prompt).to_components()
    (menu,) = row["components"]
    assert [o["value"] for o in menu["options"]] == ["Lumber Yard", "Altar"]


@pytest.mark.asyncio
async def test_others_wait_for_a_halikarnassos_discard_build(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY, DEE], players=4)
    table = await services.games.table(game)
    seats = [
        {"wonder": w, "side": "A", "coins": 3, "built": [], "hand": hand}
        for w, hand in (
            ("Halikarnassos", ["Loom", "Press"]),
            ("Gizah", ["Altar", "Baths"]),
            ("Babylon", ["Theater", "Tavern"]),
            ("Rhodos", ["Barracks", "Pawnshop"]),
        )
    ]
    position = {
        "game": "classic",
        "age": 1,
        "turn": 5,
        "phase": "discard_build",
        "discard": ["Lumber Yard", "Lumber Yard", "Stockade"],
        "seats": seats,
    }
    table = dataclasses.replace(table, state=table.game.engine.load_position(position))
    salvage = build_prompt(table, 0)  # two copies in the pile: one option, one value
    _check_limits(salvage)
    assert not salvage.image, "the choice is the discard pile, not the hand"
    assert [(o.value, o.label, o.description) for o in salvage.selects[0].options] == [
        ("salvage:LumberYard", "Build Lumber Yard", "brown card · 1 wood"),
        ("salvage:Stockade", "Build Stockade", "red card · 1 shield"),
    ]
    # The power, what it does and the pile itself, not "Your move: choose it, then Confirm."
    assert salvage.text.startswith(
        "**Halikarnassos: build a card from the discard pile for free.**"
    ), salvage.text
    assert "Discard pile (3 cards): Lumber Yard ×2, Stockade." in salvage.text
    assert "The others wait for you." in salvage.text
    names = ["Ana", "Bo", "Cy", "Dee"]
    assert table.game.turn_line(table, names) == (
        "⏳ Ana builds a card from the discard pile for free (Halikarnassos) — the others wait."
    )
    waiting = services.games.not_to_act_text(table, 1)
    assert waiting == (
        "Ana builds a card from the discard pile for free (Halikarnassos); "
        "you will be prompted when the next turn starts."
    )
    last = dataclasses.replace(
        table,
        state=table.game.engine.load_position(
            {**position, "age": 3, "turn": 6, "seats": [{**s, "hand": []} for s in seats]}
        ),
    )
    assert services.games.not_to_act_text(last, 1).endswith("the game ends once they are done.")
    seventh = dataclasses.replace(
        table,
        state=table.game.engine.load_position(
            {
                **position,
                "phase": "seventh",
                "turn": 6,
                "to_act": [2],
                "seats": [{**s, "hand": s["hand"][:1]} for s in seats],
            }
        ),
    )
    assert services.games.not_to_act_text(seventh, 0).startswith(
        "Cy plays the last card of their hand (Babylon)"
    )
    assert build_prompt(seventh, 2).text.startswith("**Babylon: play your last card too**")
