"""Duel prompts from exact views: the card select, Build / Wonder / Discard buttons, the
wonder choice, and the generic move list of the special phases."""

from __future__ import annotations

from bot.games.duel.prompts import duel_prompt
from bot.model.ids import parse
from engine.duel.views import DuelMoveView

from .duel_views import play_view, special_view
from .test_prompts import _check_limits

GAME, VERSION = 42, 7


def _arg(custom_id: str) -> str | None:
    parsed = parse(custom_id)
    assert parsed is not None and parsed.game_id == GAME and parsed.version == VERSION
    return parsed.arg


def test_card_select_lists_accessible_cards_with_prices() -> None:
    prompt = duel_prompt(play_view(), GAME, VERSION)
    _check_limits(prompt)
    (select,) = prompt.selects
    assert parse(select.custom_id).verb == "card"  # type: ignore[union-attr]
    labels = {o.value: o.label for o in select.options}
    assert labels == {
        "15": "[15] Workshop — 1 VP, science: pendulum · 1 coin",
        "16": "[16] Lumber Yard — 1 wood · free",
        "17": "[17] Baths — 3 VP · can't afford",
        "18": "[18] Tavern — 4 coins · free (chain)",
        "19": "[19] Workshop — 1 VP, science: pendulum · 4 coins",
    }
    described = {o.value: o.description for o in select.options}
    assert described["16"] == "brown card · wonder possible (2) · 1 wood"
    assert prompt.image and "Take a card" in prompt.text


def test_a_long_effect_is_shortened_never_the_price() -> None:
    from bot.games.duel.prompts import slot_label
    from engine.duel.data import CARD_INDEX
    from engine.duel.present import card_ref

    slot = (
        play_view()
        .pyramid[19]
        .model_copy(update={"card": card_ref(CARD_INDEX["shipowners_guild"]), "price": 17})
    )
    label = slot_label(slot)
    assert len(label) <= 100 and label.endswith("… · 17 coins"), label
    assert label.startswith("[19] Shipowners Guild — 1 coin and 1 VP per brown card")


def test_card_step_offers_build_wonder_discard() -> None:
    prompt = duel_prompt(play_view(), GAME, VERSION, card="15")
    _check_limits(prompt)
    build, wonder, discard = prompt.buttons
    assert build.label == "Build (1 coin)" and _arg(build.custom_id) == "build:15"
    assert wonder.label == "Wonder… (2 possible)" and _arg(wonder.custom_id) == "wonder:15"
    assert discard.label == "Discard (+3 coins)" and _arg(discard.custom_id) == "discard:15"
    assert [o.value for o in prompt.selects[0].options if o.default] == ["15"]


def test_unaffordable_card_disables_build_with_reason() -> None:
    prompt = duel_prompt(
        play_view(wonder_prices=(None, None, None, None)), GAME, VERSION, card="17"
    )
    build, wonder, discard = prompt.buttons
    assert build.disabled and build.label == "Build: can't afford"
    assert wonder.disabled and wonder.label == "Wonder: can't afford"
    assert not discard.disabled


def test_single_wonder_is_one_click_and_several_open_a_select() -> None:
    one = duel_prompt(play_view(wonder_prices=(None, 2, None, None)), GAME, VERSION, card="16")
    wonder = one.buttons[1]
    assert wonder.label == "Wonder: The Colossus (2 coins)"
    assert _arg(wonder.custom_id) == "wonder:16:the_colossus"
    several = duel_prompt(play_view(), GAME, VERSION, card="16", action="wonder")
    _check_limits(several)
    (select,) = several.selects
    assert parse(select.custom_id).verb == "wonder" and _arg(select.custom_id) == "16"  # type: ignore[union-attr]
    assert {o.value for o in select.options} == {"wonder:16:the_pyramids", "wonder:16:the_colossus"}
    assert [b.label for b in several.buttons] == ["Back"]
    chosen = duel_prompt(
        play_view(), GAME, VERSION, card="16", action="wonder", move="wonder:16:the_pyramids"
    )
    confirm = chosen.buttons[0]
    assert confirm.label == "Confirm" and _arg(confirm.custom_id) == "wonder:16:the_pyramids"


def test_all_wonders_built_says_so() -> None:
    view = play_view(wonder_prices=(None, None, None, None))
    city = view.cities[0].model_copy(
        update={"wonders": [w.model_copy(update={"built": True}) for w in view.cities[0].wonders]}
    )
    view = view.model_copy(update={"cities": [city, view.cities[1]]})
    prompt = duel_prompt(view, GAME, VERSION, card="15")
    assert prompt.buttons[1].label == "Wonder: all built"


def test_stale_card_choice_falls_back_to_the_card_select() -> None:
    prompt = duel_prompt(play_view(), GAME, VERSION, card="3")  # covered slot
    assert prompt.buttons == () and prompt.selects[0].placeholder == "Choose a card"


def test_special_phase_is_a_paged_move_list() -> None:
    prompt = duel_prompt(special_view("token", 30), GAME, VERSION)
    _check_limits(prompt)
    (select,) = prompt.selects
    assert parse(select.custom_id).verb == "move" and len(select.options) == 25  # type: ignore[union-attr]
    assert "Progress token" in prompt.text and "page 1 of 2" in prompt.text
    assert [b.label for b in prompt.buttons] == ["More moves"]
    page2 = duel_prompt(special_view("token", 30), GAME, VERSION, page=1, move="token:token_27")
    _check_limits(page2)
    assert len(page2.selects[0].options) == 5
    assert [b.label for b in page2.buttons] == ["Confirm", "Previous"]
    assert _arg(page2.buttons[0].custom_id) == "token:token_27"


def test_prompts_address_the_viewer_and_explain_choices() -> None:
    view = special_view("start", 0).model_copy(
        update={
            "prompt": "Seat 1: choose who begins Age II (seat 0 is behind).",
            "legal_moves": [
                DuelMoveView(
                    move=f"start:{s}", action="start", text=f"Seat {s} begins the next Age"
                )
                for s in (0, 1)
            ],
        }
    )
    prompt = duel_prompt(view, GAME, VERSION)
    assert "— Choose who begins Age II (your opponent is behind)." in prompt.text
    labels = {o.value: o.label for o in prompt.selects[0].options}
    assert labels == {
        "start:1": "I start the next age",
        "start:0": "My opponent starts the next age",
    }
    tokens = duel_prompt(special_view("token", 3), GAME, VERSION)
    assert [o.description for o in tokens.selects[0].options] == ["+1", "+1", "+1"]
