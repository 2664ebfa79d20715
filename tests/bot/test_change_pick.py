""" "Change my pick" (7 Wonders) through the services on a real SQLite file: the reveal shows
the new card, a change after the reveal is refused, AI and timed-out picks stay as they are,
and the rebuilt state equals a fresh replay of the log (also after a restart)."""

from __future__ import annotations

import asyncio

import pytest

from bot.model.errors import NotAllowed, UserError
from bot.model.game import Table
from bot.model.ids import MAX_LEN, button_id, parse, select_id
from bot.model.prompt import ButtonSpec, Prompt, SelectSpec
from bot.services.change import (
    FORCED,
    TOO_LATE,
    as_change,
    can_change,
    change_hand,
    change_pick,
    changeable,
)
from bot.services.games import GameService
from bot.services.lobby import LobbyOptions
from tests.store.replay import replay

from .conftest import ANA, BO, CHANNEL, CY, DEE, GUILD, Services


async def _started(s: Services, humans: list[int], players: int = 3, seed: int = 11) -> int:
    table = await s.lobby.create(GUILD, CHANNEL, humans[0], LobbyOptions(players=players))
    for user in humans[1:]:
        await s.lobby.join(table.id, user)
    for _ in range(players - len(humans)):
        await s.lobby.add_ai(table.id, humans[0], False, "greedy")
    await s.lobby.start(table.id, humans[0], False, seed=seed)
    await s.games.advance(table.id)  # AI seats pick first
    return table.id


def _builds(table: Table, seat: int) -> list[str]:
    """Move texts of ``seat``'s affordable builds, one per card, in hand order."""
    view = table.view(seat)
    seen: dict[str, str] = {}
    for card in view.hand_cards:
        if card.build and card.name not in seen:
            seen[card.name] = card.build[0].move
    return list(seen.values())


async def _pick(s: Services, game: int, user: int, seat: int, move: str | None = None) -> None:
    table = await s.games.table(game)
    chosen = move or table.view(seat).legal_moves[0].move
    await s.games.play(game, user, chosen, table.version)


@pytest.mark.asyncio
async def test_changed_pick_is_what_the_reveal_shows(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    table = await services.games.table(game)
    first, second = _builds(table, 0)[:2]
    start = table.round_start
    result = await services.games.play(game, ANA, first, table.version)
    assert changeable(result.table, 0) and await can_change(services.games, result.table, 0)
    hand_table, seat, head = await change_hand(services.games, game, ANA, start)
    assert seat == 0 and hand_table.version == start and 0 in hand_table.to_act()
    now = result.table.view(0).my_pick_text
    assert head == f"Your pick: {now}. Choose another card to change it.\n"
    changed = await change_pick(services.games, game, ANA, second, start)
    assert changed.text.startswith("Picked instead:") and "Waiting for Bo, Cy" in changed.text
    # Append-only: the change is a move of its own, after the pick it supersedes.
    assert changed.table.version == result.table.version + 1
    same = await change_pick(services.games, game, ANA, second, start)
    assert same.text.startswith("That is already your pick:"), same.text
    assert same.table.version == changed.table.version  # no second row for the same pick
    record = await services.store.load_game(game)
    assert [m.move_text for m in record.moves if m.seat == 0] == [first, f"repick:{second}"]
    assert await services.store.pick_changes(game) == [(2, 0, first, f"repick:{second}")]
    assert record.moves[0].created_at <= record.moves[1].created_at
    await _pick(services, game, BO, 1)
    await _pick(services, game, CY, 2)
    table = await services.games.table(game)
    assert table.round_start > start  # revealed
    new_card = second.split(":")[1]
    old_card = first.split(":")[1]
    built = [c for c in table.view(None).cities[0].built]
    assert any(new_card == c.replace(" ", "") for c in built), built
    assert not any(old_card == c.replace(" ", "") for c in built), built


@pytest.mark.asyncio
async def test_change_after_the_reveal_is_refused(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    table = await services.games.table(game)
    first, second = _builds(table, 0)[:2]
    start = table.round_start
    await services.games.play(game, ANA, first, table.version)
    await _pick(services, game, BO, 1)
    await _pick(services, game, CY, 2)
    before = await services.store.load_game(game)
    for attempt in (
        change_pick(services.games, game, ANA, second, start),
        change_hand(services.games, game, ANA, start),
    ):
        with pytest.raises(UserError) as refused:
            await attempt
        assert str(refused.value) == TOO_LATE
    after = await services.store.load_game(game)
    assert after.moves == before.moves and await services.store.pick_changes(game) == []
    # Not picked yet in the new round: nothing to change, and no button is offered.
    table = await services.games.table(game)
    assert not changeable(table, 0)
    with pytest.raises(UserError):
        await change_pick(services.games, game, ANA, second, table.round_start)


@pytest.mark.asyncio
async def test_ai_and_timed_out_picks_are_not_changeable(services: Services) -> None:
    game = await _started(services, [ANA, BO], players=4)  # seats 2 and 3: AI
    table = await services.games.table(game)
    ai_moves = [
        (m.seq, m.seat, m.move_text)
        for m in await services.store.moves_since(game, table.round_start)
    ]
    assert {seat for _, seat, _ in ai_moves} == {2, 3}
    first, second = _builds(table, 0)[:2]
    start = table.round_start
    await services.games.play(game, ANA, first, table.version)
    await change_pick(services.games, game, ANA, second, start)
    kept = [
        (m.seq, m.seat, m.move_text)
        for m in await services.store.moves_since(game, start)
        if m.seat in (2, 3)
    ]
    assert kept == ai_moves, "a human's change never touches the AI's picks"
    with pytest.raises(NotAllowed):  # nobody owns an AI seat
        await change_pick(services.games, game, DEE, second, start)
    # Time runs out for Bo: the bot picks for him, which ends the round; next round, Bo's
    # timed-out pick (made while Ana still thinks) can't be changed.
    text, reports = await services.games.play_for(game, 1, "greedy")
    assert text and len(reports) == 1
    await services.games.advance(game)
    table = await services.games.table(game)
    text, reports = await services.games.play_for(game, 1, "greedy")
    assert text and reports == []
    table = await services.games.table(game)
    assert changeable(table, 1) and not await can_change(services.games, table, 1)
    bo_moves = _builds(table, 1) or [
        table.game.engine.view(table.start_state, 1).legal_moves[0].move
    ]
    with pytest.raises(UserError) as refused:
        await change_pick(services.games, game, BO, bo_moves[0], table.round_start)
    assert str(refused.value) == FORCED


@pytest.mark.asyncio
async def test_rebuilt_state_equals_a_fresh_replay_and_a_restart(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    for _ in range(2):  # the second round: a change on top of a revealed round
        table = await services.games.table(game)
        first, second = _builds(table, 0)[:2]
        await services.games.play(game, ANA, first, table.version)
        await _pick(services, game, BO, 1)
        start = table.round_start
        # Double click on the change's Confirm: the same change twice is one change.
        both = await asyncio.gather(
            change_pick(services.games, game, ANA, second, start),
            change_pick(services.games, game, ANA, second, start),
        )
        assert both[0].table.version == both[1].table.version
        live = await services.games.table(game)
        record = await services.store.load_game(game)
        mine = [m.move_text for m in record.moves[start:] if m.seat == 0]
        assert mine == [first, f"repick:{second}"]  # the double click appended one change
        mod = live.game.engine
        assert mod.dump(live.state) == mod.dump(replay(record))
        restarted = await GameService(services.store, services.games.names).table(game)
        assert mod.dump(restarted.state) == mod.dump(live.state)
        assert mod.dump(restarted.start_state) == mod.dump(live.start_state)
        assert (restarted.version, restarted.round_start) == (live.version, live.round_start)
        await _pick(services, game, CY, 2)
    assert len(await services.store.pick_changes(game)) == 2
    table = await services.games.table(game)
    record = await services.store.load_game(game)
    assert table.game.engine.dump(table.state) == table.game.engine.dump(replay(record))


@pytest.mark.asyncio
async def test_duel_has_no_change(services: Services) -> None:
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(kind="duel"))
    await services.lobby.join(table.id, BO)
    await services.lobby.start(table.id, ANA, False, seed=3)
    table = await services.games.table(table.id)
    seat = sorted(table.to_act())[0]
    user = table.seat_user(seat)
    assert user is not None
    result = await services.games.play(
        table.id, user, str(table.game.engine.legal_moves(table.state, seat)[0]), table.version
    )
    assert not changeable(result.table, seat)
    with pytest.raises(UserError, match="Only a 7 Wonders pick"):
        await change_pick(services.games, table.id, user, "x", result.table.round_start)


def test_change_ids_stay_within_discord_limits() -> None:
    big_game, big_version, move = 10**18 - 1, 10**9 - 1, "w" * 60
    prompt = Prompt(
        "x",
        (SelectSpec(select_id("card", big_game, big_version), "Choose", ()),),
        (
            ButtonSpec("Confirm", button_id("mv", big_game, big_version, move)),
            ButtonSpec("Back", button_id("hand", big_game, big_version)),
        ),
    )
    changed = as_change(prompt)
    ids = [s.custom_id for s in changed.selects] + [b.custom_id for b in changed.buttons]
    assert all(len(i) <= MAX_LEN for i in ids)
    parsed = [parse(i) for i in ids]
    assert [p.verb for p in parsed if p] == ["ccard", "cmv", "chand"]
    assert parsed[1] is not None and parsed[1].arg == move and parsed[1].version == big_version


@pytest.mark.asyncio
async def test_opening_a_change_while_another_player_picks(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    table = await services.games.table(game)
    start = table.round_start
    await services.games.play(game, ANA, _builds(table, 0)[0], table.version)
    table = await services.games.table(game)
    bo_move = table.view(1).legal_moves[0].move
    _, (hand_table, seat, _) = await asyncio.gather(
        services.games.play(game, BO, bo_move, table.version),
        change_hand(services.games, game, ANA, start),
    )
    assert seat == 0 and hand_table.version == start
