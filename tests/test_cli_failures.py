"""Start-up failures an operator can fix end in ONE line and exit code 2 (no traceback, no
voice-library warnings, never the token or the database password); ``--check-database``
connects, migrates and exits 0."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from aiohttp import web

from tests.ports import refused_port

SECRET = "hunter2-do-not-print"
TOKEN = "MTIz.secret-token-value"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WONDERS_", "DISCORD_"))}
    env["WONDERS_DATABASE"] = str(tmp_path / "wonders.db")
    env.update(extra)
    return env


async def _run(tmp_path: Path, args: list[str], **env: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        env=_env(tmp_path, **env),
        cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def _one_clean_line(err: str) -> str:
    """The one problem line (the usual INFO progress lines aside)."""
    lines = [ln for ln in err.splitlines() if ln.strip() and " INFO " not in ln]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "voice" not in err
    assert SECRET not in err and TOKEN not in err
    return lines[0]


@pytest.mark.asyncio
async def test_check_database_on_sqlite_migrates_and_exits_0(tmp_path: Path) -> None:
    code, out, err = await _run(tmp_path, ["--check-database"])
    assert (code, err) == (0, "")
    assert "ready (schema" in out and (tmp_path / "wonders.db").exists()


@pytest.mark.asyncio
async def test_unreachable_postgres_is_one_line_naming_host_and_database(tmp_path: Path) -> None:
    with refused_port() as port:
        url = f"postgresql://bot:{SECRET}@127.0.0.1:{port}/wonders_prod"
        for args in (["--check-database"], []):
            code, _, err = await _run(tmp_path, args, WONDERS_DATABASE=url, DISCORD_TOKEN=TOKEN)
            line = _one_clean_line(err)
            assert code == 2 and "127.0.0.1" in line and "wonders_prod" in line, line


@pytest.mark.asyncio
@pytest.mark.postgres
async def test_check_database_on_postgres_exits_0(tmp_path: Path, pg_url: str) -> None:
    code, out, err = await _run(tmp_path, ["--check-database"], WONDERS_DATABASE=pg_url)
    assert (code, err) == (0, "") and "ready (schema" in out


@pytest.mark.asyncio
async def test_discord_rejecting_the_token_is_one_line(tmp_path: Path) -> None:
    async def unauthorized(_: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", unauthorized)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        code, _, err = await _run(
            tmp_path, [], DISCORD_TOKEN=TOKEN, DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10"
        )
    finally:
        await runner.cleanup()
    line = _one_clean_line(err)
    assert code == 2 and "rejected the token" in line, line


@pytest.mark.asyncio
async def test_unreachable_discord_is_one_line(tmp_path: Path) -> None:
    with refused_port() as port:
        base = f"http://127.0.0.1:{port}/api/v10"
        code, _, err = await _run(tmp_path, [], DISCORD_TOKEN=TOKEN, DISCORD_API_BASE=base)
    line = _one_clean_line(err)
    assert code == 2 and "can't reach Discord" in line, line
