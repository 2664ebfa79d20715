"""Issue 30, agents: a server admin only picks among what the operator allows. The issue's
reproductions - a shell command agent, ``key_env:DISCORD_TOKEN``, private, loopback, link-local
and impossible hosts - are refused with clear private answers and do no harm; registrations
stored before the policy existed can't play either; addresses are checked when connecting."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store.agents import AgentRecord
from tests.agents.fake_llm import FakeLLM
from tests.discord_server import LocalDiscord, UserDriver
from tests.e2e.conftest import LiveFactory, people
from tests.e2e.inproc import InProcessBot
from tests.e2e.operator import LOCAL_MODELS, agents_file, python_agent


@pytest_asyncio.fixture
async def llm() -> AsyncIterator[FakeLLM]:
    server = FakeLLM(seed=5)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def add(server: LocalDiscord, admin: UserDriver, **options: str) -> str:
    """``/wonders-admin agent add`` and its private answer."""
    answer = await server.reply(await admin.command("wonders-admin agent add", **options))
    assert answer.ephemeral and answer.visible_to == admin.id
    return answer.text()


async def store_old_registration(live: InProcessBot, record: AgentRecord) -> None:
    """A registration saved before the operator's policy existed (straight into the store)."""
    assert live.client is not None and live.client.store is not None
    await live.client.store.save_agent(record)


async def finish_match(server: LocalDiscord, admin: UserDriver, **options: str) -> str:
    """Start an all-AI Duel match and wait for its result post; the result's text."""
    channel = admin.channel
    before = len(channel.public())
    started = await server.reply(await admin.command("wonders-admin aimatch", **options))
    assert started.ephemeral and "started" in started.text(), started.text()

    def over() -> object:
        done = [m for m in channel.public()[before:] if "Game over" in m.content]
        return done[0] if done else None

    await server.wait_for(over, 120)
    return " ".join(m.content for t in channel.threads for m in t.public())


@pytest.mark.asyncio
async def test_an_admin_cannot_run_a_program_only_pick_an_operator_command(
    server: LocalDiscord, start_live: LiveFactory, tmp_path: Path
) -> None:
    ran, pwned = tmp_path / "ran.json", tmp_path / "pwned"
    allowed = {"first": python_agent("first", "--mark", str(ran))}
    live = await start_live(agents_file=agents_file(tmp_path, commands=allowed))
    admin = people(server)["admin"]
    shell = f"/bin/sh -c 'echo pwned > {pwned}'"

    refused = await add(server, admin, name="Shell", command=shell)
    assert "operator has not allowed a command agent" in refused
    assert "commands allowed: first" in refused and "WONDERS_AGENTS_FILE" in refused
    match = await server.reply(
        await admin.command("wonders-admin aimatch", game="duel", agent="Shell")
    )
    assert match.ephemeral and "There is no agent called 'Shell'" in match.text()

    # The same command registered before the policy existed: refused when seated, never run.
    guild = admin.guild.id
    await store_old_registration(live, AgentRecord(guild, "Old", None, None, None, shell, 1))
    old = await server.reply(await admin.command("wonders-admin aimatch", game="duel", agent="Old"))
    assert old.ephemeral and "Agent Old can't play" in old.text(), old.text()
    assert "operator has not allowed" in old.text()
    assert not pwned.exists()

    # What the operator declared runs, by its name, exactly as declared.
    added = await add(server, admin, name="Cmd", command="first")
    assert "Agent **Cmd** registered" in added and "command `first`" in added
    played = await finish_match(server, admin, game="duel", level="heuristic", agent="Cmd")
    assert ran.exists() and "the Hard AI played" not in played
    assert not pwned.exists()


@pytest.mark.asyncio
async def test_the_bots_secrets_can_never_be_an_agents_key(
    server: LocalDiscord, start_live: LiveFactory, tmp_path: Path, llm: FakeLLM
) -> None:
    # Even listed by the operator, the bot's own variables are never keys.
    listed = ["E2E_AGENT_KEY", "DISCORD_TOKEN", "WONDERS_DATABASE"]
    live = await start_live(agents_file=agents_file(tmp_path, key_envs=listed, **LOCAL_MODELS))
    cast = people(server)
    admin, ana = cast["admin"], cast["ana"]
    for variable in ("DISCORD_TOKEN", "WONDERS_DATABASE", "WONDERS_AGENTS_FILE"):
        text = await add(server, admin, name="Exfil", url=llm.url, model="good", key_env=variable)
        assert f"${variable} is one of the bot's own settings or secrets" in text, text
        assert "never be an agent's key" in text
    other = await add(server, admin, name="Exfil", url=llm.url, model="good", key_env="HOME")
    assert "has not allowed $HOME as an agent key (allowed: E2E_AGENT_KEY)" in other

    guild = admin.guild.id
    old = AgentRecord(guild, "Exfil", llm.url, "good", "DISCORD_TOKEN", None, admin.id)
    await store_old_registration(live, old)
    duel = await server.reply(await ana.command("wonders duel", ai="Exfil"))
    assert duel.ephemeral and "Agent Exfil can't play" in duel.text(), duel.text()
    assert llm.requests == []  # nothing was sent, so no token either
    every = " ".join(m.text() for m in server.messages.values())
    assert server.token not in every


@pytest.mark.asyncio
async def test_no_http_agents_unless_the_operator_allows_them(
    server: LocalDiscord, live: InProcessBot, llm: FakeLLM
) -> None:
    admin = people(server)["admin"]
    text = await add(server, admin, name="Bot", url=llm.url, model="good")
    assert "The operator has not allowed HTTP agents" in text and "WONDERS_AGENTS_FILE" in text
    text = await add(server, admin, name="Bot", command="python my_agent.py")
    assert "commands allowed: none" in text
    assert llm.requests == []


@pytest.mark.asyncio
async def test_private_loopback_link_local_and_invalid_hosts_are_refused(
    server: LocalDiscord, start_live: LiveFactory, llm: FakeLLM
) -> None:
    # The operator opted in to HTTP agents on public hosts, and allowed no private network.
    await start_live(agents_public_http=True)
    admin = people(server)["admin"]
    port = llm.url.split(":")[2].split("/")[0]
    cases = {
        "http://127.0.0.1:5432/v1": "host '127.0.0.1' is at 127.0.0.1, a loopback address",
        "http://169.254.169.254/latest/v1": "a link-local address",
        "http://10.1.2.3:8080/v1": "a private address",
        "http://[::1]:8080/v1": "a loopback address",
        "http://0.0.0.0:8080/v1": "an unspecified address",
        "http://224.0.0.1/v1": "a multicast address",
        f"http://localhost:{port}/v1": "host 'localhost' is at",  # resolved, then refused
        "http://999.999.999.999/v1": "host '999.999.999.999' is not a valid address.",
        "http://-bad-.example..com/v1": "host '-bad-.example..com' is not a valid host name.",
        "http://2130706433/v1": "host '2130706433' is not a valid address.",
        "file:///etc/passwd": "must start with http:// or https://",
        "http://user:pw@8.8.8.8/v1": "must not carry a user name or password",
    }
    for url, reason in cases.items():
        text = await add(server, admin, name="Probe", url=url, model="good")
        assert reason in text, (url, text)
        assert "registered" not in text
    assert llm.requests == []
    listing = await server.reply(await admin.command("wonders-admin agent list"))
    assert "No agents yet" in listing.text()


@pytest.mark.asyncio
async def test_addresses_are_checked_when_connecting(
    server: LocalDiscord, start_live: LiveFactory, tmp_path: Path, llm: FakeLLM
) -> None:
    # The operator allows the host name "localhost" but no loopback network: its address is
    # refused when the bot connects, even for a registration that was stored without checks.
    live = await start_live(agents_file=agents_file(tmp_path, hosts=["localhost"]))
    admin = people(server)["admin"]
    port = llm.url.split(":")[2].split("/")[0]
    via_name = f"http://localhost:{port}/v1"
    refused = await add(server, admin, name="Named", url=via_name, model="good")
    assert "host 'localhost' is at" in refused and "a loopback address" in refused
    guild = admin.guild.id
    await store_old_registration(
        live, AgentRecord(guild, "Named", via_name, "good", None, None, admin.id)
    )
    text = await finish_match(server, admin, game="duel", level="random", agent="Named")
    assert "Named did not give a legal move twice (refused: host 'localhost' is at" in text
    assert llm.requests == []


@pytest.mark.asyncio
async def test_redirects_are_not_followed(
    server: LocalDiscord, start_live: LiveFactory, tmp_path: Path, llm: FakeLLM
) -> None:
    await start_live(agents_file=agents_file(tmp_path, **LOCAL_MODELS))
    admin = people(server)["admin"]
    # An allowed server that answers with a redirect to the metadata address: not followed.
    added = await add(server, admin, name="Hop", url=llm.url, model="redirect")
    assert "Agent **Hop** registered" in added
    text = await finish_match(server, admin, game="duel", level="random", agent="Hop")
    assert "redirects are not followed" in text
    assert llm.requests and {r["body"]["model"] for r in llm.requests} == {"redirect"}
    assert {r["path"] for r in llm.requests} == {"/v1/chat/completions"}
