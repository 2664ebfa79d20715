""" "Change my pick" in the leader draft, a recruitment turn and the wonder pick, through the
services on a real SQLite file: the button is offered once the pick is in, the change prompt is
the step's own prompt built on the round's start, the change is a repick appended after the pick,
and after the reveal the change is refused as "the game has moved on"."""

from __future__ import annotations

import random

import pytest

from bot.model.errors import UserError
from bot.presenters.hand import build_prompt
from bot.presenters.status import status_text
from bot.services.change import TOO_LATE, as_change, change_hand, change_pick, changeable
from bot.services.lobby import LobbyOptions
from engine.classic.data import BOARD_INDEX

from .conftest import ANA, BO, CHANNEL, CY, GUILD, Services


async def _table(s: Services, **options: str) -> int:
    opts = LobbyOptions(players=3, **options)  # type: ignore[arg-type]
    table = await s.lobby.create(GUILD, CHANNEL, ANA, opts)
    await s.lobby.join(table.id, BO)
    await s.lobby.join(table.id, CY)
    await s.lobby.start(table.id, ANA, False, seed=4)
    return table.id


async def _moves(s: Services, game: int, seat: int) -> list[str]:
    table = await s.games.table(game)
    return [m.move for m in table.view(seat).legal_moves]


USERS = (ANA, BO, CY)


async def _change_and_reveal(
    s: Services, game: int, verb: str, seat: int = 0, names_picked: bool = True
) -> tuple[str, str]:
    """``seat`` picks its first move, changes it to its last through the change prompt's ids,
    the others to act pick: the first and new move texts. Checks the change's log rows, that
    the public lines never name the new pick, and that the change after the reveal is
    refused."""
    table = await s.games.table(game)
    start, user = table.round_start, USERS[seat]
    first, *_, second = await _moves(s, game, seat)
    result = await s.games.play(game, user, first, table.version)
    assert changeable(result.table, seat), "the button is offered while the others pick"
    hand_table, at, head = await change_hand(s.games, game, user, start)
    assert at == seat and hand_table.version == start and head.startswith("Your pick:")
    prompt = as_change(build_prompt(hand_table, seat, head=head))
    ids = [x.custom_id for x in prompt.selects] + [b.custom_id for b in prompt.buttons]
    assert any(f":{verb}:" in i for i in ids), ids  # the step's own prompt, change-routed
    changed = await change_pick(s.games, game, user, second, start)
    assert changed.text.startswith("Picked instead:"), changed.text
    assert "of the loss" not in changed.text, changed.text  # told like its button, not the engine
    record = await s.store.load_game(game)
    mine = [m.move_text for m in record.moves if m.seat == seat]
    assert mine[-2:] == [first, f"repick:{second}"]
    names = s.games.seat_names(changed.table)
    if names_picked:  # the wonder pick's and leader steps' status: who picked, never what
        public = status_text(changed.table, names, None)
        assert names[seat] in public and second.split(":")[1] not in public, public
    for other in sorted(changed.table.to_act()):
        table = await s.games.table(game)
        await s.games.play(game, USERS[other], (await _moves(s, game, other))[0], table.version)
    with pytest.raises(UserError) as late:
        await change_hand(s.games, game, user, start)
    assert str(late.value) == TOO_LATE and "the game has moved on" in TOO_LATE
    return first, second


@pytest.mark.asyncio
async def test_change_in_the_leader_draft_and_the_recruitment_turn(services: Services) -> None:
    game = await _table(services, expansions="leaders")
    _, kept = await _change_and_reveal(services, game, "ccard")
    table = await services.games.table(game)
    view = table.view(0)
    assert view.leaders is not None and view.leaders.stage == "draft"
    assert kept.split(":")[1] not in [c.name.replace(" ", "") for c in view.leaders.draft]
    mine = [c.name for c in view.leaders.mine]
    assert [n.replace(" ", "") for n in mine] == [kept.split(":")[1]], (mine, kept)
    for _ in range(2):  # the rest of the draft, to the recruitment before Age I
        for user, seat in ((ANA, 0), (BO, 1), (CY, 2)):
            table = await services.games.table(game)
            await services.games.play(
                game, user, (await _moves(services, game, seat))[0], table.version
            )
    table = await services.games.table(game)
    assert table.view(0).leaders.stage == "recruit"
    await _change_and_reveal(services, game, "ccard")


@pytest.mark.asyncio
async def test_change_in_the_wonder_pick(services: Services) -> None:
    game = await _table(services, wonders="choose")
    _, board = await _change_and_reveal(services, game, "cmove")
    table = await services.games.table(game)
    assert table.state.cities[0].board == BOARD_INDEX[board.split(":")[1]], board


@pytest.mark.asyncio
async def test_change_of_a_pay_or_debt_choice(services: Services) -> None:
    """Cities: the coin-loss decision (pay or take debt) is a secret pick like the others."""
    game = await _table(services, expansions="cities")
    rng = random.Random(3)
    for _ in range(300):
        table = await services.games.table(game)
        acting = sorted(table.to_act())
        view = table.view(None)
        choosers = [i for i in acting if len(await _moves(services, game, i)) > 1]
        if view.phase == "debt" and len(acting) > 1 and choosers:
            break
        seat = rng.choice(acting)
        move = rng.choice(await _moves(services, game, seat))
        await services.games.play(game, USERS[seat], move, table.version)
    else:
        raise AssertionError("no coin loss with two victims came")
    first, second = await _change_and_reveal(services, game, "cmv", choosers[0], names_picked=False)
    assert first.startswith("pay:") and second == "pay:0"
    table = await services.games.table(game)
    assert table.state.cx is not None and table.state.cx.debt[choosers[0]] > 0
