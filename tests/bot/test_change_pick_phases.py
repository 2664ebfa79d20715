""" "Change my pick" in the leader draft, a recruitment turn and the wonder pick, through the
services on a real SQLite file: the button is offered once the pick is in, the change prompt is
the step's own prompt built on the round's start, the change is a repick appended after the pick,
and after the reveal the change is refused as "the game has moved on"."""

from __future__ import annotations

import pytest

from bot.presenters.prompts import build_prompt
from bot.services.change import TOO_LATE, as_change, change_hand, change_pick, changeable
from bot.services.errors import UserError
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
    return [m.move for m in table.mod.view(table.state, seat).legal_moves]


async def _change_and_reveal(s: Services, game: int, verb: str) -> tuple[str, str]:
    """Ana picks her first move, changes it to her last through the change prompt's ids, Bo
    and Cy pick: Ana's first and new move texts. Checks the change's log rows and that the
    change after the reveal is refused."""
    table = await s.games.table(game)
    start = table.round_start
    first, *_, second = await _moves(s, game, 0)
    result = await s.games.play(game, ANA, first, table.version)
    assert changeable(result.table, 0), "the button is offered while the others pick"
    hand_table, seat, head = await change_hand(s.games, game, ANA, start)
    assert seat == 0 and hand_table.version == start and head.startswith("Your pick:")
    prompt = as_change(build_prompt(hand_table, 0, head=head))
    ids = [x.custom_id for x in prompt.selects] + [b.custom_id for b in prompt.buttons]
    assert any(f":{verb}:" in i for i in ids), ids  # the step's own prompt, change-routed
    changed = await change_pick(s.games, game, ANA, second, start)
    assert changed.text.startswith("Picked instead:"), changed.text
    record = await s.store.load_game(game)
    assert [m.move_text for m in record.moves if m.seat == 0][-2:] == [first, f"repick:{second}"]
    status = s.games.not_to_act_text(changed.table, 1) if 1 not in changed.table.to_act() else ""
    assert second not in status
    for user, seat in ((BO, 1), (CY, 2)):
        table = await s.games.table(game)
        await s.games.play(game, user, (await _moves(s, game, seat))[0], table.version)
    with pytest.raises(UserError) as late:
        await change_hand(s.games, game, ANA, start)
    assert str(late.value) == TOO_LATE and "the game has moved on" in TOO_LATE
    return first, second


@pytest.mark.asyncio
async def test_change_in_the_leader_draft_and_the_recruitment_turn(services: Services) -> None:
    game = await _table(services, expansions="leaders")
    _, kept = await _change_and_reveal(services, game, "ccard")
    table = await services.games.table(game)
    view = table.mod.view(table.state, 0)
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
    assert table.mod.view(table.state, 0).leaders.stage == "recruit"
    await _change_and_reveal(services, game, "ccard")


@pytest.mark.asyncio
async def test_change_in_the_wonder_pick(services: Services) -> None:
    game = await _table(services, wonders="choose")
    _, board = await _change_and_reveal(services, game, "cmove")
    table = await services.games.table(game)
    assert table.state.cities[0].board == BOARD_INDEX[board.split(":")[1]], board
