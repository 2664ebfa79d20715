"""Whole Duel games through the service layer with the real engine and a real SQLite store:
every human move is found by walking the prompt's components (as a player clicks), AI seats
move through ``advance``; draft, progress-token choice, play-again, resign and results."""

from __future__ import annotations

import asyncio
import random

import pytest

import render
from bot.games.duel.prompts import duel_prompt
from bot.model.errors import UserError
from bot.model.game import Table
from bot.model.ids import parse
from bot.model.prompt import Prompt
from bot.presenters.hand import build_prompt
from bot.presenters.reports import Report
from bot.services.driver import Driver
from bot.services.games import GameService
from bot.services.lobby import LobbyOptions
from bot.services.timers import TimerService

from .conftest import ANA, BO, CHANNEL, GUILD, Services
from .test_prompts import _check_limits

SEED = 11  # a seed where the human's science-first play earns a progress token


async def _duel(s: Services, humans: list[int], seed: int = SEED) -> int:
    table = await s.lobby.create(GUILD, CHANNEL, humans[0], LobbyOptions(kind="duel"))
    for user in humans[1:]:
        await s.lobby.join(table.id, user)
    if len(humans) < 2:
        await s.lobby.add_ai(table.id, humans[0], False, "random")
    await s.lobby.start(table.id, humans[0], False, seed=seed)
    return table.id


def _clickable(prompt: Prompt) -> list[tuple[str, str]]:
    """(verb, arg-or-value) of what a player can click next: enabled buttons, select options."""
    out = []
    for button in prompt.buttons:
        cid = parse(button.custom_id)
        if cid is not None and not button.disabled:
            out.append((cid.verb, cid.arg or ""))
    for select in prompt.selects:
        cid = parse(select.custom_id)
        assert cid is not None
        out += [(f"ws:{cid.verb}:{cid.arg or ''}", o.value) for o in select.options]
    return out


def _science_first(
    options: list[tuple[str, str]], view: object, rng: random.Random
) -> tuple[str, str]:
    """Prefer a green card (science → progress tokens), then any Build, else at random."""
    greens = {
        str(s.index)
        for s in view.pyramid  # type: ignore[attr-defined]
        if s.card is not None and s.card.color == "green"
    }
    for verb, arg in options:
        if verb == "ws:card:" and arg in greens:
            return verb, arg
    builds = [o for o in options if o[0] == "mv" and o[1].startswith("build:")]
    return rng.choice(builds or options)


def _walk(table: Table, seat: int, rng: random.Random) -> tuple[str, list[Prompt]]:
    """Click through the prompts of ``seat`` until a move button: the move text."""
    prompt = build_prompt(table, seat)
    seen = [prompt]
    card = action = None
    page = 0
    used: set[str] = set()  # a select once chosen from, and "Back", are not clicked again
    for _ in range(8):
        _check_limits(prompt)
        options = [o for o in _clickable(prompt) if o[0] not in used and o[0] != "hand"]
        assert options, prompt.text
        verb, value = _science_first(options, table.view(seat), rng)
        if verb == "mv":
            return value, seen
        used.add(verb)
        if verb == "ws:card:":
            card, action = value, None
            prompt = build_prompt(table, seat, card=card)
        elif verb == "act":
            action, _, card = value.partition(":")
            prompt = build_prompt(table, seat, card=card, action=action)
        elif verb.startswith("ws:wonder:"):
            prompt = build_prompt(table, seat, card=card, action="wonder", move=value)
        elif verb.startswith("ws:move:"):
            page = int(verb.rsplit(":", 1)[1])
            prompt = build_prompt(table, seat, page=page, move=value)
        elif verb == "pg":
            page = int(value)
            prompt = build_prompt(table, seat, page=page)
        else:
            prompt = build_prompt(table, seat)
        seen.append(prompt)
    raise AssertionError("no move after 8 clicks")


async def _play_duel(
    s: Services, game: int, rng: random.Random
) -> tuple[list[Report], set[str], int]:
    """Play to the end; returns the reports, the phases the humans saw, and how often a human
    had to act again right after their own move."""
    reports = await s.games.advance(game)
    phases: set[str] = set()
    again = 0
    while (table := await s.games.table(game)).status == "running":
        for seat in table.humans_to_act():
            phases.add(table.view(seat).phase)
            move, _ = _walk(table, seat, rng)
            user = table.seat_user(seat)
            assert user is not None
            result = await s.games.play(game, user, move, table.version)
            assert len(result.reports) == 1 and result.reports[0].version == result.table.version
            again += seat in result.table.to_act()
            reports += result.reports
        reports += await s.games.advance(game)
    return reports, phases, again


@pytest.mark.asyncio
async def test_creator_alone_gets_an_ai_opponent(services: Services) -> None:
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(kind="duel", players=5))
    assert table.players() == 2
    report = await services.lobby.start(table.id, ANA, False)
    table = await services.games.table(table.id)
    assert table.status == "running" and table.record.seats[1].ai_level is not None
    assert "Duel begins" in report.text and "wonder draft" in report.text
    assert report.mentions == (ANA,)


@pytest.mark.asyncio
async def test_whole_duel_human_vs_ai(services: Services) -> None:
    game = await _duel(services, [ANA])
    reports, phases, again = await _play_duel(services, game, random.Random(2))
    assert {"draft", "play", "token"} <= phases
    assert again >= 1  # draft double picks, a token after a science pair, play-again wonders
    final = reports[-1]
    assert final.final and final.outcome is not None and "Game over" in final.text
    assert all(not r.final for r in reports[:-1]) and len(reports) >= 40
    assert all(r.text and r.kind == "duel" for r in reports)
    table = await services.games.table(game)
    assert table.status == "finished"
    results = await services.store.game_results(game)
    assert {r[1] for r in results} == {ANA, None}
    assert sorted(r[2] for r in results)[0] == 1
    assert render.scores_png("duel", final.outcome, list(final.names), final.view)[:4] == b"\x89PNG"


@pytest.mark.asyncio
async def test_two_humans_only_the_acting_seat_may_move(services: Services) -> None:
    game = await _duel(services, [ANA, BO])
    table = await services.games.table(game)
    (seat,) = table.to_act()
    other = [ANA, BO][1 - seat]
    move = table.view(seat).legal_moves[0].move
    with pytest.raises(UserError, match="not your turn"):
        await services.games.play(game, other, move, table.version)
    assert build_prompt(table, 1 - seat).text.startswith("Nothing to do")
    result = await services.games.play(game, [ANA, BO][seat], move, table.version)
    assert result.text.startswith("Played: Take ")


@pytest.mark.asyncio
async def test_duel_resign_ends_the_game_opponent_wins(services: Services) -> None:
    game = await _duel(services, [ANA, BO])
    text, reports = await services.games.resign(game, BO)
    assert "Bo resigned" in text
    (report,) = reports
    assert report.final and report.outcome.winners == [0]
    assert report.outcome.victory == "resignation" and report.mentions == (ANA,)
    table = await services.games.table(game)
    assert table.status == "finished"
    results = {r[1]: r[2] for r in await services.store.game_results(game)}
    assert results == {ANA: 1, BO: 2}
    assert (await services.store.user_stats(ANA)).wins == 1
    png = render.scores_png("duel", report.outcome, list(report.names), report.view)
    assert png[:4] == b"\x89PNG"
    with pytest.raises(UserError):
        await services.games.resign(game, ANA)


@pytest.mark.asyncio
async def test_every_duel_prompt_fits_discord(services: Services) -> None:
    game = await _duel(services, [ANA, BO], seed=5)
    rng = random.Random(9)
    while (table := await services.games.table(game)).status == "running":
        for seat in table.humans_to_act():
            view = table.view(seat)
            _check_limits(duel_prompt(view, table.id, table.version))
            for slot in view.pyramid:
                for action in (None, "wonder"):
                    _check_limits(
                        duel_prompt(
                            view, table.id, table.version, card=str(slot.index), action=action
                        )
                    )
            move = rng.choice(view.legal_moves).move
            await services.games.play(game, table.seat_user(seat) or 0, move, table.version)


@pytest.mark.asyncio
async def test_all_ai_duel_match_through_the_driver(services: Services) -> None:
    posted: list[Report] = []

    async def post(report: Report) -> None:
        posted.append(report)

    async def no_delay(_: Table) -> float:
        return 0.0

    opening = await services.lobby.aimatch(
        GUILD, CHANNEL, ANA, LobbyOptions(kind="duel"), [], "random"
    )
    driver = Driver(services.games, post, no_delay)
    driver.kick(opening.game_id)
    await asyncio.wait_for(driver.idle(), 60)
    table = await services.games.table(opening.game_id)
    assert table.status == "finished" and posted[-1].final and not posted[-1].mentions
    assert [r.version for r in posted] == list(range(1, table.version + 1))  # one per move
    assert not any("Seat 0" in r.text or "Seat 1" in r.text for r in posted)


@pytest.mark.asyncio
async def test_duel_timeout_lets_the_ai_move_and_says_what(services: Services) -> None:
    await services.store.update_guild_settings(
        GUILD, timeout_policy="skip", default_ai_level="random"
    )
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(kind="duel", timer="1h"))
    await services.lobby.join(table.id, BO)
    await services.lobby.start(table.id, ANA, False, seed=SEED)
    (deadline,) = await services.store.list_deadlines(table.id)
    notices = await TimerService(services.games).tick(services.clock.advance(3601), [GUILD])
    (notice,) = notices
    name = "Ana" if deadline.seat == 0 else "Bo"
    assert notice.text.startswith(f"Time ran out for {name}: the AI played for them (Take ")
    assert len(notice.reports) == 1 and name in notice.reports[0].text
    after = await services.games.table(table.id)
    assert after.version == 1 and [
        d.seat for d in await services.store.list_deadlines(table.id)
    ] == sorted(after.to_act())


class _BrokenAgent:
    def choose(self, view: object, legal: object, rng: random.Random) -> object:
        raise RuntimeError("agent bug")


class _IllegalAgent:
    def choose(self, view: object, legal: object, rng: random.Random) -> object:
        return "build:0"  # never legal during the draft


@pytest.mark.asyncio
@pytest.mark.parametrize("agent", [_BrokenAgent(), _IllegalAgent()])
async def test_a_failing_ai_never_stalls_the_table(
    services: Services, agent: object, caplog: pytest.LogCaptureFixture
) -> None:
    services.games._agents[("duel", "greedy")] = agent
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(kind="duel"))
    await services.lobby.add_ai(table.id, ANA, False, "greedy")
    await services.lobby.start(table.id, ANA, False, seed=SEED)
    table = await services.games.table(table.id)
    move = table.view(0).legal_moves[0].move
    await services.games.play(table.id, ANA, move, table.version)
    caplog.set_level("ERROR")
    reports = await services.games.advance(table.id)
    assert reports and (await services.games.table(table.id)).humans_to_act() == [0]
    assert "playing at random" in caplog.text


@pytest.mark.asyncio
async def test_a_closed_driver_ignores_kicks(services: Services) -> None:
    async def post(report: Report) -> None:
        raise AssertionError("nothing may be posted after close")

    async def no_delay(_: Table) -> float:
        return 0.0

    opening = await services.lobby.aimatch(
        GUILD, CHANNEL, ANA, LobbyOptions(kind="duel"), [], "random"
    )
    driver = Driver(services.games, post, no_delay)
    await driver.close()
    driver.kick(opening.game_id)  # e.g. a move answered while the bot shuts down
    assert not driver.busy()
    assert (await services.games.table(opening.game_id)).version == 0


@pytest.mark.asyncio
async def test_a_restarted_service_replays_the_duel(services: Services) -> None:
    game = await _duel(services, [ANA, BO])
    rng = random.Random(4)
    for _ in range(12):
        table = await services.games.table(game)
        (seat,) = table.to_act()
        move = rng.choice(table.view(seat).legal_moves).move
        await services.games.play(game, [ANA, BO][seat], move, table.version)
    before = await services.games.table(game)
    fresh = GameService(services.store, services.games.names)
    after = await fresh.table(game)
    assert after.version == before.version == 12
    assert after.game.engine.dump(after.state) == before.game.engine.dump(before.state)
    (seat,) = after.to_act()
    assert build_prompt(after, seat) == build_prompt(before, seat)
