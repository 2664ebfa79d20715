"""Agent seats over real transports: the fake chat server on 127.0.0.1 and a local command."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import random
import sys
import time
from pathlib import Path

import pytest

from bot.agents.budget import MemoryBudget
from bot.agents.policy import AgentPolicy
from bot.agents.seat import play_agent_turn
from bot.agents.transport import ChatTransport, CommandTransport
from engine import duel
from engine.ai import make_agent
from tests.agents.fake_llm import FakeLLM

AGENT = Path(__file__).with_name("cmd_agent.py")
# The fake model server runs on 127.0.0.1: the operator must allow loopback explicitly.
LOCAL = AgentPolicy(
    hosts=frozenset({"127.0.0.1"}),
    allow_networks=(ipaddress.ip_network("127.0.0.0/8"),),
    key_envs=frozenset({"AGENT_TEST_KEY"}),
)


def _play_state(seed: int = 5, plies: int = 8) -> duel.State:
    """A position after the draft and a few heuristic moves (a PLAY_CARD step)."""
    state = duel.new_game(duel.Config(), seed)
    ai, rng = make_agent("duel", "heuristic"), random.Random(seed)
    for _ in range(plies):
        seat = min(duel.to_act(state))
        legal = duel.legal_moves(state, seat)
        state, _ = duel.apply(state, seat, ai.choose(duel.view(state, seat), legal, rng))
    return state


def _legal(state: duel.State, seat: int) -> set[str]:
    return {str(m) for m in duel.legal_moves(state, seat)}


@pytest.mark.asyncio
async def test_agent_vs_heuristic_all_ai_match_to_the_end(llm: FakeLLM) -> None:
    """Seat 0 is the agent (over HTTP), seat 1 the heuristic, until the game is over."""
    transport = ChatTransport(llm.url, "good", None, 5, LOCAL)
    state = duel.new_game(duel.Config(), 11)
    ai, rng = make_agent("duel", "heuristic"), random.Random(11)
    agent_turns = 0
    while duel.to_act(state):
        seat = min(duel.to_act(state))
        if seat == 0:
            turn = await play_agent_turn("Bot", transport, state, 0, rng)
            assert turn.by_agent and str(turn.move) in _legal(state, 0)
            move = turn.move
            agent_turns += 1
        else:
            move = ai.choose(duel.view(state, 1), duel.legal_moves(state, 1), rng)
        state, _ = duel.apply(state, seat, move)
    assert duel.outcome(state) is not None
    assert agent_turns >= 10 and len(llm.requests) == agent_turns  # one request per turn


@pytest.mark.asyncio
async def test_request_carries_rules_position_and_legal_moves(llm: FakeLLM) -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    await play_agent_turn(
        "Bot", ChatTransport(llm.url, "good", None, 5, LOCAL), state, seat, random.Random(1)
    )
    body = llm.requests[0]["body"]
    system, user = body["messages"][0]["content"], body["messages"][1]["content"]
    assert body["model"] == "good" and "Military" in system and "PALACE" in system
    assert json.loads(user.split("Position:\n")[1].split("\n")[0]) == duel.to_agent_json(
        state, seat
    )
    listed = user.split("one per line:\n")[1].splitlines()[:-1]
    assert len(listed) == len(duel.legal_moves(state, seat))


@pytest.mark.asyncio
async def test_illegal_answer_is_retried_once_with_the_reason(llm: FakeLLM) -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    turn = await play_agent_turn(
        "Bot", ChatTransport(llm.url, "fix", None, 5, LOCAL), state, seat, random.Random(1)
    )
    assert turn.by_agent and len(turn.attempts) == 2
    assert turn.attempts[0].error and "Illegal move" in turn.attempts[0].error
    retry = llm.requests[1]["body"]["messages"]
    assert retry[-1]["role"] == "user" and "refused" in retry[-1]["content"]
    assert turn.attempts[0].error in retry[-1]["content"]


@pytest.mark.parametrize(
    ("model", "reason"),
    [("illegal", "Illegal move"), ("garbage", "No JSON object"), ("error", "HTTP 500")],
)
@pytest.mark.asyncio
async def test_two_bad_answers_hand_the_turn_to_the_heuristic(
    llm: FakeLLM, model: str, reason: str
) -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    turn = await play_agent_turn(
        "Zed", ChatTransport(llm.url, model, None, 5, LOCAL), state, seat, random.Random(1)
    )
    assert not turn.by_agent and str(turn.move) in _legal(state, seat)
    assert len(llm.requests) == 2 and len(turn.attempts) == 2
    assert reason in turn.note and "the Hard AI played this turn" in turn.note
    assert turn.note.startswith("Zed ")


@pytest.mark.asyncio
async def test_slow_agent_times_out_without_blocking_the_loop(llm: FakeLLM) -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.05)
            ticks += 1

    task = asyncio.create_task(ticker())
    started = time.monotonic()
    turn = await play_agent_turn(
        "Slow", ChatTransport(llm.url, "slow", None, 0.5, LOCAL), state, seat, random.Random(1)
    )
    elapsed = time.monotonic() - started
    task.cancel()
    assert not turn.by_agent and "no answer within 0.5 s" in turn.note
    assert elapsed < 2.5  # two attempts of 0.5 s, not the server's 3 s each
    assert ticks >= 10  # the loop kept running while we waited


@pytest.mark.asyncio
async def test_api_key_is_sent_but_never_logged_or_posted(
    llm: FakeLLM, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "sk-test-0123456789abcdef"
    monkeypatch.setenv("AGENT_TEST_KEY", secret)
    caplog.set_level(logging.DEBUG)
    state = _play_state()
    seat = min(duel.to_act(state))
    for model in ("good", "error"):
        transport = ChatTransport(llm.url, model, "AGENT_TEST_KEY", 5, LOCAL)
        turn = await play_agent_turn("Keyed", transport, state, seat, random.Random(1))
        assert secret not in turn.note and all(secret not in (a.error or "") for a in turn.attempts)
        assert secret not in repr(transport)
    assert llm.requests[0]["headers"]["Authorization"] == f"Bearer {secret}"
    assert secret not in caplog.text


@pytest.mark.asyncio
async def test_budget_spent_means_heuristic_without_asking(llm: FakeLLM) -> None:
    budget = MemoryBudget(limit=2, day=lambda: "2026-11-26")
    state = _play_state()
    seat = min(duel.to_act(state))
    transport = ChatTransport(llm.url, "good", None, 5, LOCAL)
    results = []
    for guild in (1, 1, 1, 2):
        ok = await budget.take(guild)
        results.append(
            await play_agent_turn("B", transport, state, seat, random.Random(1), budget_ok=ok)
        )
    assert [t.by_agent for t in results] == [True, True, False, True]
    assert "out of agent turns for today" in results[2].note
    assert len(llm.requests) == 3


@pytest.mark.asyncio
async def test_command_agent_plays_and_arguments_are_not_a_shell(tmp_path: Path) -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    mark = tmp_path / "args.json"
    evil = tmp_path / "pwned"
    argv = (sys.executable, str(AGENT), f"; touch {evil}", "--mark", str(mark))
    turn = await play_agent_turn("Cmd", CommandTransport(argv, 10), state, seat, random.Random(1))
    assert turn.by_agent
    assert turn.move == duel.legal_moves(state, seat)[0]
    assert not evil.exists()  # the ';' reached the program as text
    assert json.loads(mark.read_text())[0] == f"; touch {evil}"


@pytest.mark.asyncio
async def test_command_agent_time_limit_kills_it() -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    started = time.monotonic()
    transport = CommandTransport((sys.executable, str(AGENT), "sleep"), 0.5)
    turn = await play_agent_turn("Sleepy", transport, state, seat, random.Random(1))
    assert not turn.by_agent and "no answer within 0.5 s" in turn.note
    assert time.monotonic() - started < 5


@pytest.mark.asyncio
async def test_command_that_cannot_start_is_reported() -> None:
    state = _play_state()
    seat = min(duel.to_act(state))
    transport = CommandTransport(("/nonexistent/agent", "--x"), 2)
    turn = await play_agent_turn("Gone", transport, state, seat, random.Random(1))
    assert not turn.by_agent and "could not start" in turn.note
