"""The Courtesans' Guild and a Solomon discard build get prompts naming the power, with each
choice's full effect; the others read who plays alone and why they wait."""

from __future__ import annotations

import dataclasses

import pytest

from bot.presenters.hand import build_prompt
from bot.presenters.texts import named_prompt
from engine import classic as C
from engine.classic.leaders.data import LEADERS
from tests.classic.leaders_kit import pos, turn

from .conftest import Services
from .test_leader_prompts import _leaders_game
from .test_prompts import _check_limits

NAMES = ["Ana", "Bo", "Cy"]
KIT = ["Lumber Yard", "Clay Pool", "Glassworks", "Loom"]  # pays for the Courtesans' Guild


def _court(neighbour: list[str]) -> C.State:
    me = {"built": KIT, "hand": ["Courtesans' Guild", "Statue"]}
    state = pos([me, {"recruited": neighbour}], age=3, discard=["Altar"])
    return turn(state, {0: "build:CourtesansGuild:0:0"})


@pytest.mark.asyncio
async def test_the_courtesan_prompt_names_the_guild_and_every_leaders_effect(
    services: Services,
) -> None:
    table = await services.games.table(await _leaders_game(services))
    table = dataclasses.replace(table, state=_court(["Hatshepsut", "Solomon"]))
    prompt = named_prompt(build_prompt(table, 0), NAMES)
    _check_limits(prompt)
    assert prompt.text.startswith("**Courtesans' Guild: copy a leader.**"), prompt.text
    texts = {leader.name: leader.text for leader in LEADERS}
    assert len(texts["Hatshepsut"]) > 100, "an effect longer than a select option"
    for name in ("Hatshepsut", "Solomon"):
        assert f"• **{name}** (Bo): {texts[name]}" in prompt.text  # in full, by its owner
    labels = [o.label for o in prompt.selects[0].options]
    assert labels == ["Copy Hatshepsut (Bo)", "Copy Solomon (Bo)"]
    assert "Your move: choose it" not in prompt.text
    # The others: who plays alone and why.
    line = table.game.turn_line(table, NAMES)
    assert line == (
        "⏳ Ana chooses which neighbour's leader the Courtesans' Guild copies — the others wait."
    )
    assert services.games.not_to_act_text(table, 1).startswith(
        "Ana chooses which neighbour's leader the Courtesans' Guild copies;"
    )

    copied, _ = C.apply(table.state, 0, C.parse_move("copy:Solomon"))
    solomon = dataclasses.replace(table, state=copied)
    salvage = build_prompt(solomon, 0)
    assert salvage.text.startswith("**Solomon: build a card from the discard pile for free.**")
    # The age's last cards were discarded with the turn: the pile shows them all.
    assert "\nDiscard pile (3 cards): Altar, Statue ×2.\n" in salvage.text, salvage.text
    assert [o.label for o in salvage.selects[0].options] == ["Build Altar", "Build Statue"]


@pytest.mark.asyncio
async def test_leader_selects_keep_every_effect_readable(services: Services) -> None:
    """Options are cut at Discord's 100 characters: the message lists each leader in full."""
    table = await services.games.table(await _leaders_game(services))
    longest = sorted(LEADERS, key=lambda x: len(x.text))[-3:]
    state = pos([{"lead": [x.name for x in longest]}], recruit=True)
    recruit = build_prompt(dataclasses.replace(table, state=state), 0)
    _check_limits(recruit)
    for leader in longest:
        assert f"• **{leader.name}** (cost {leader.cost}): {leader.text}" in recruit.text
    draft = build_prompt(table, 0)  # the game's own leader draft
    view = table.game.engine.view(table.state, 0)
    for card in view.leaders.draft:
        assert f"• **{card.name}** (cost {card.cost}): {card.text}" in draft.text
