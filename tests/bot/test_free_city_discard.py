"""The Free City may discard only when none of its cards can be played: a card it can't play
either says so on its disabled Discard button, instead of "it can be played"."""

from __future__ import annotations

import dataclasses
import random

import pytest

import engine.classic as classic
from bot.model.game import Table
from bot.presenters.hand import build_prompt
from engine.classic.views import ClassicView

from .conftest import ANA, BO, Services
from .test_games import _started


def _dead_card(view: ClassicView) -> str | None:
    """A card of the Free City's hand that can be neither built nor staged nor discarded."""
    legal = {m.move for m in view.legal_moves}
    for card in view.hand_cards:
        options = [p.move for p in card.build] + [p.move for p in card.wonder]
        if card.discard not in legal and not any(m in legal for m in options):
            return card.name
    return None


def _find(table: Table) -> tuple[Table, int, str]:
    rng, state = random.Random(7), table.state
    while classic.to_act(state):
        for seat in sorted(classic.to_act(state)):
            view = classic.view(state, seat)
            if view.free_city is not None and view.free_city.picking:
                name = _dead_card(view)
                if name is not None:
                    return dataclasses.replace(table, state=state), seat, name
        seat = min(classic.to_act(state))
        move = rng.choice(classic.legal_moves(state, seat))
        state, _ = classic.apply(state, seat, move)
    raise AssertionError("no Free City card without a legal move in this game")


@pytest.mark.asyncio
async def test_a_card_the_free_city_cannot_play_names_the_other_cards(services: Services) -> None:
    table = await services.games.table(await _started(services, [ANA, BO], players=2))
    table, seat, name = _find(table)
    prompt = build_prompt(table, seat, card=name)
    (discard,) = [b for b in prompt.buttons if b.label.startswith("Discard")]
    assert discard.disabled
    assert discard.label == "Discard: not allowed (another card can be played)", discard.label
