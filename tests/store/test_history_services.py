"""Replay, review and export over a game stored on SQLite and on PostgreSQL: a 3-player game
with a changed pick and a resignation, played to its end through the store's move log."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.model.errors import GameNotHere, NotAllowed, UserError
from bot.services.export import ExportService, replay_export
from bot.services.games import GameService
from bot.services.replay import ReplayService
from bot.services.review import ReviewService
from bot.store import ResultEntry, Store
from engine import classic
from engine.ai import make_agent
from engine.wording import roman
from tests.store.conftest import running_game

GUILD = 10


async def _played(store: Store) -> tuple[int, int]:
    """Seats 100-102; seat 0 changes its first pick and resigns at Age III (the AI plays on).
    The game and the number of decisions seat 0's person made."""
    gid = await running_game(store, players=3, guild_id=GUILD, kind="classic")
    state = classic.new_game(classic.Config(players=3), 42)
    agent, rng = make_agent("classic", "heuristic"), random.Random(5)
    version, changed, own = 0, False, 0
    while classic.to_act(state):
        if state.age == 3 and not (await store.get_game(gid)).seats[0].resigned:
            await store.resign_seat(gid, 0)
            await asyncio.sleep(0.01)  # later moves are stamped after the resignation
        for seat in sorted(classic.to_act(state)):
            legal = classic.legal_moves(state, seat)
            move = agent.choose(classic.view(state, seat), legal, rng)
            state, _ = classic.apply(state, seat, move)
            version = await store.append_move(gid, version, seat, str(move))
            own += seat == 0 and not (await store.get_game(gid)).seats[0].resigned
            if seat == 0 and not changed:  # "Change my pick": a repick row after the pick
                other = next(m for m in legal if str(m) != str(move))
                state, _ = classic.apply(state, 0, classic.Repick(other))
                version = await store.append_move(gid, version, 0, f"repick:{other}")
                changed = True
    outcome = classic.outcome(state)
    assert outcome is not None
    await store.finish_game(
        gid, [ResultEntry(s, 1, score.total) for s, score in enumerate(outcome.scores)]
    )
    return gid, own


@pytest.mark.asyncio
async def test_replay_review_and_export_of_a_stored_game(store: Store) -> None:
    gid, own = await _played(store)
    games = GameService(store)

    frame = await ReplayService(games).frame(GUILD, 999, gid, None)
    assert frame.turn == frame.last >= 18 and frame.view.seat is None  # 18 turns, extra steps
    assert "Final scores" in frame.text
    first = await ReplayService(games).frame(GUILD, 999, gid, 0)
    labels = [(b.label, b.disabled) for b in first.buttons]
    assert labels[:2] == [("◀", True), ("▶", False)] and ("Age III", False) in labels

    said: list[str] = []

    async def progress(text: str) -> None:
        said.append(text)

    review = await ReviewService(games).review(GUILD, 100, gid, progress)
    # Ages I and II before the resignation; the repick is the same decision as its pick.
    assert 12 <= review.total == own == len(review.judged) and review.complete
    assert said[0].startswith(f"Reviewing game #{gid}") and len(said) >= 2
    assert all(j.when.startswith(("Age I ", "Age II ")) for j in review.judged)
    assert all(j.why for j in review.costliest())
    for j in review.judged:  # each decision names the replay turn of the board it was made on
        shown = (await ReplayService(games).frame(GUILD, 999, gid, j.turn)).view
        assert j.when == f"Age {roman(shown.age)} turn {shown.turn}", (j, shown.age, shown.turn)
    full = await ReviewService(games).review(GUILD, 101, gid, progress)
    assert full.total >= 18

    file = await ExportService(games).export(GUILD, 999, gid)
    exported = json.loads(file.data)
    assert file.filename == f"wonders-game-{gid}.json" and not file.positions
    assert len(exported["moves"]) == (await store.load_game(gid)).version
    assert replay_export(exported) == exported["result"]["scores"]

    with pytest.raises(NotAllowed, match="did not play"):
        await ReviewService(games).review(GUILD, 999, gid, progress)
    with pytest.raises(GameNotHere):
        await ReplayService(games).frame(GUILD + 1, 100, gid, None)
    with pytest.raises(GameNotHere):
        await ExportService(games).export(GUILD + 1, 100, gid)


@pytest.mark.asyncio
async def test_running_games_are_neither_reviewed_nor_exported(store: Store) -> None:
    gid = await running_game(store, players=3, guild_id=GUILD, kind="classic")
    games = GameService(store)

    async def progress(text: str) -> None:
        raise AssertionError("no review starts")

    with pytest.raises(UserError, match="still running: a review is for a finished game"):
        await ReviewService(games).review(GUILD, 100, gid, progress)
    with pytest.raises(UserError, match="still running: only a finished game"):
        await ExportService(games).export(GUILD, 100, gid)
    frame = await ReplayService(games).frame(GUILD, 999, gid, None)
    assert frame.last == 0 and "still running" in frame.text
