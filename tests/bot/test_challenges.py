"""Duel challenges (``ChallengeService``) under concurrent clicks and commands: a challenge is
created with its reserved seat, a game against the AI with its AI seat, a decline waits for a
Start (and the other way round), and Join / Leave without a number find the challenge."""

from __future__ import annotations

import asyncio

import pytest

from bot.model.errors import UserError
from bot.services.challenges import ChallengeService, Opponent
from tests.bot.conftest import ANA, BO, CHANNEL, CY, GUILD, Services


def challenges(s: Services) -> ChallengeService:
    return ChallengeService(s.lobby)


async def stranger_joins(s: Services, user: int) -> str:
    """``/wonders join`` without a number, as the command does it."""
    try:
        found = await s.games.find_game(
            GUILD, CHANNEL, user, None, ("lobby",), challenge_first=True
        )
        challenges(s).check_join(found, user)
        await s.lobby.join(found.id, user)
        return "joined"
    except UserError as exc:
        return str(exc)


@pytest.mark.asyncio
async def test_a_challenge_never_lets_a_stranger_take_the_kept_seat(services: Services) -> None:
    c = challenges(services)
    for _ in range(5):
        plan = await c.plan(GUILD, CHANNEL, ANA, Opponent(BO), None, "off")
        made, _ = await asyncio.gather(
            c.challenge(GUILD, CHANNEL, ANA, plan, BO), stranger_joins(services, CY)
        )
        table = await services.games.table(made.id)
        assert table.record.invited_id == BO
        assert [seat.user_id for seat in table.record.seats] == [ANA]
    assert await stranger_joins(services, BO) == "joined"


@pytest.mark.asyncio
async def test_a_game_against_the_ai_starts_with_the_ai_whoever_joins(services: Services) -> None:
    c = challenges(services)
    for _ in range(5):
        plan = await c.plan(GUILD, CHANNEL, ANA, Opponent(), None, "off")
        report, answer = await asyncio.gather(
            c.versus_ai(GUILD, CHANNEL, ANA, False, plan, "greedy"), stranger_joins(services, CY)
        )
        table = await services.games.table(report.game_id)
        assert table.status == "running"
        assert [(s.user_id, s.ai_level) for s in table.record.seats] == [
            (ANA, None),
            (None, "greedy"),
        ]
        assert answer != "joined"


@pytest.mark.asyncio
async def test_a_decline_racing_start_never_kills_a_started_game(services: Services) -> None:
    c = challenges(services)
    for first in ("start", "decline"):
        plan = await c.plan(GUILD, CHANNEL, ANA, Opponent(BO), None, "off")
        table = await c.challenge(GUILD, CHANNEL, ANA, plan, BO)
        await services.lobby.join(table.id, BO)

        async def start(game: int = table.id) -> str:
            try:
                await services.lobby.start(game, ANA, False)
                return "started"
            except UserError as exc:
                return str(exc)

        async def decline(game: int = table.id) -> str:
            try:
                await c.decline(game, BO)
                return "declined"
            except UserError as exc:
                return str(exc)

        # Bo sat down, but his Leave still declines (the table closes): whichever comes
        # second hears what the first did, and a started game stays started.
        assert c.declines(await services.games.table(table.id), BO)
        calls = (start(), decline()) if first == "start" else (decline(), start())
        results = await asyncio.gather(*calls)
        status = (await services.games.table(table.id)).status
        if first == "start":
            assert status == "running" and results[0] == "started", results
            assert "already started" in results[1], results
        else:
            assert status == "abandoned" and results[0] == "declined", results
            assert "already" in results[1] and "started" not in results[1], results


@pytest.mark.asyncio
async def test_leave_and_join_without_a_number_act_on_the_pending_challenge(
    services: Services,
) -> None:
    c = challenges(services)
    plan = await c.plan(GUILD, CHANNEL, BO, Opponent(), None, "off")
    own = await c.versus_ai(GUILD, CHANNEL, BO, False, plan, "random")  # Bo's running Duel
    plan = await c.plan(GUILD, CHANNEL, ANA, Opponent(BO), None, "off")
    challenge = await c.challenge(GUILD, CHANNEL, ANA, plan, BO)

    found = await services.games.find_game(
        GUILD, CHANNEL, BO, None, ("lobby", "running"), challenge_first=True
    )
    assert found.id == challenge.id and c.declines(found, BO)
    # Without the challenge first, Bo's own running game would have been found (and resigned).
    plain = await services.games.find_game(GUILD, CHANNEL, BO, None, ("lobby", "running"))
    assert plain.id == own.game_id
    await c.decline(challenge.id, BO)
    assert (await services.games.table(own.game_id)).status == "running"
    with pytest.raises(UserError, match="already"):
        await c.decline(challenge.id, BO)
