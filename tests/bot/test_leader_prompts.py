"""Leaders at a bot table (issue 23): the expansions option, the draft and recruitment
prompts (Discord's limits, effects and prices shown, "can't recruit" reasons), and public
posts that say who picked, never which leader was drafted or spent."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bot.model.errors import UserError
from bot.model.game import Table
from bot.model.ids import parse
from bot.model.prompt import Prompt
from bot.presenters.hand import build_prompt
from bot.presenters.status import game_title, seats_line
from bot.services.lobby import LobbyOptions
from engine.wording import coins

from .conftest import ANA, BO, CHANNEL, CY, GUILD, Services
from .test_prompts import _check_limits


async def _leaders_game(s: Services, expansions: str = "leaders") -> int:
    options = LobbyOptions(players=3, expansions=expansions)
    table = await s.lobby.create(GUILD, CHANNEL, ANA, options)
    for user in (BO, CY):
        await s.lobby.join(table.id, user)
    # A fixed seed: a random one deals Roma A (every leader free) to seat 0 one game in 16.
    await s.lobby.start(table.id, ANA, False, seed=7)
    return table.id


def _leader_steps(table: Table, seat: int) -> list[Prompt]:
    view = table.view(seat)
    cards = view.leaders.draft if view.leaders.stage == "draft" else view.leaders.mine
    steps = [build_prompt(table, seat)]
    for card in cards:
        steps.append(build_prompt(table, seat, card=card.name))
        if len(card.wonder) > 1:
            steps.append(build_prompt(table, seat, card=card.name, action="leader-wonder"))
            steps.append(build_prompt(table, seat, move=card.wonder[-1]))
    return steps


@pytest.mark.asyncio
async def test_expansions_option_sets_the_config_and_the_lobby_names_it(
    services: Services,
) -> None:
    game = await _leaders_game(services)
    table = await services.games.table(game)
    assert json.loads(table.record.config)["expansions"] == ["leaders"]
    assert "with Leaders" in services.lobby.lobby_text(table)
    base = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3))
    assert json.loads(base.record.config).get("expansions", []) == []
    assert "with" not in services.lobby.lobby_text(base)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("kind", "players", "expansions", "says"),
    [
        ("duel", 2, "leaders", "not for Duel"),
        ("classic", 3, "leaders+leaders", "must be one of"),
        ("classic", 3, "gods", "must be one of"),
    ],
)
async def test_bad_expansions_are_refused_with_the_reason(
    services: Services, kind: str, players: int, expansions: str, says: str
) -> None:
    with pytest.raises(UserError, match=says):
        await services.lobby.create(
            GUILD, CHANNEL, ANA, LobbyOptions(kind, players, expansions=expansions)
        )


@pytest.mark.asyncio
async def test_draft_prompt_shows_each_leader_with_cost_and_effect(services: Services) -> None:
    table = await services.games.table(await _leaders_game(services))
    view = table.view(0)
    first = build_prompt(table, 0)
    assert "Leader draft, pick 1" in first.text and first.image
    (select,) = first.selects
    assert [o.value for o in select.options] == [c.name for c in view.leaders.draft]
    for option, card in zip(select.options, view.leaders.draft, strict=True):
        assert option.description.startswith(f"cost {card.cost} · {card.text[:20]}")
    chosen = build_prompt(table, 0, card=view.leaders.draft[0].name)
    (keep,) = chosen.buttons
    assert keep.label == f"Keep {view.leaders.draft[0].name}"
    assert parse(keep.custom_id).arg == view.leaders.draft[0].draft  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_a_leaders_game_plays_through_prompts_without_leaking_leaders(
    services: Services,
) -> None:
    game = await _leaders_game(services)
    rng = random.Random(3)
    seen = {"recruit": False, "wonder": False}  # "can't recruit": the broke-seat test
    while (table := await services.games.table(game)).status == "running":
        for seat in table.humans_to_act():
            view = table.view(seat)
            secret = {c.name for c in view.leaders.draft} | {c.name for c in view.leaders.mine}
            if view.phase == "leaders" and view.leaders.stage in ("draft", "recruit"):
                for prompt in _leader_steps(table, seat):
                    _check_limits(prompt)
                    labels = [b.label for b in prompt.buttons]
                    seen["recruit"] |= any(x.startswith("Recruit (") for x in labels)
                    seen["wonder"] |= any(x.startswith("Wonder stage") for x in labels)
            move = rng.choice(table.game.engine.legal_moves(table.state, seat))
            result = await services.games.play(
                game, table.seat_user(seat) or 0, str(move), table.version
            )
            if view.phase == "leaders" and view.leaders.stage == "draft":
                posted = " ".join(r.text for r in result.reports)
                assert not any(name in posted for name in secret), posted
            if str(move).startswith(("leader-discard", "leader-wonder")):
                spent = str(move).split(":")[1]
                posted = " ".join(r.text for r in result.reports)
                assert spent not in posted, posted
    assert table.status == "finished"
    assert all(seen.values()), seen


@pytest.mark.asyncio
async def test_a_broke_seat_sees_why_it_can_neither_recruit_nor_build(services: Services) -> None:
    game = await _leaders_game(services)
    table = await services.games.table(game)
    while table.view(0).leaders.stage == "draft":
        for seat in table.humans_to_act():
            move = table.game.engine.legal_moves(table.state, seat)[0]
            await services.games.play(game, table.seat_user(seat) or 0, str(move), table.version)
        table = await services.games.table(game)
    cities = list(table.state.cities)
    cities[0] = cities[0]._replace(coins=0)
    broke = dataclasses.replace(table, state=table.state._replace(cities=tuple(cities)))
    view = broke.view(0)
    costly = next(c for c in view.leaders.mine if c.price > 0)
    prompt = build_prompt(broke, 0, card=costly.name)
    _check_limits(prompt)  # two disabled buttons, two ids
    recruit, wonder, discard = prompt.buttons
    assert (
        recruit.disabled
        and recruit.label == f"Recruit: costs {coins(costly.price)}; you have no coins"
    )
    assert wonder.disabled and wonder.label.endswith("can't afford")
    assert not discard.disabled and discard.label == "Discard (+3 coins)"
    (select,) = prompt.selects
    line = next(o.description for o in select.options if o.value == costly.name)
    assert line.startswith("can't recruit: costs")


@pytest.mark.asyncio
async def test_public_lines_say_who_kept_a_leader_never_which(services: Services) -> None:
    game = await _leaders_game(services)
    table = await services.games.table(game)
    move = table.game.engine.legal_moves(table.state, 0)[0]
    kept = str(move).split(":")[1]
    result = await services.games.play(game, ANA, str(move), table.version)
    after, names = result.table, ["Ana", "Bo", "Cy"]
    assert result.reports == [], "nothing is posted before everyone picked"
    assert after.game.picked_line(after, names) == "\n✅ Picked: Ana."
    assert after.game.turn_line(after, names) == ""  # the post's title names the pick
    assert kept in after.game.waiting_reason(after, 0, names)  # told to Ana only
    assert after.game.forced_move_text(after, move, names) is None  # a timeout stays secret
    assert game_title(after).endswith("Leader draft, pick 1")
    assert seats_line(after, names) == "⏳ Waiting for Bo, Cy · ✅ done: Ana"
