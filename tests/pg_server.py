"""A throw-away PostgreSQL server for tests and benchmarks, and a fresh database per test.

``WONDERS_TEST_POSTGRES`` (a superuser URL, e.g. set by ``.ci/run``) names a running server;
unset, ``start()`` runs ``initdb`` + ``pg_ctl`` into a temporary folder on a free port of
127.0.0.1 (as the ``postgres`` user when we are root: PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = [
    "ENV_URL",
    "ENV_REQUIRE",
    "create_database",
    "drop_database",
    "find_bin",
    "required",
    "run_sync",
    "server_url",
    "start",
]

ENV_URL = "WONDERS_TEST_POSTGRES"
ENV_REQUIRE = "WONDERS_REQUIRE_POSTGRES"


def required() -> bool:
    """CI sets this: a missing PostgreSQL is then a failure, not a skip."""
    return os.environ.get(ENV_REQUIRE, "") not in ("", "0")


def find_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


@contextmanager
def start() -> Iterator[str]:
    """Start a throw-away server; yield its superuser URL; stop and delete it afterwards."""
    initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("initdb/pg_ctl not found (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="wonders-pg-"))
    data, port = root / "data", _free_port()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    try:
        subprocess.run(
            _as_postgres([initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync"]),
            check=True,
            capture_output=True,
        )
        opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c fsync=off"
        subprocess.run(
            _as_postgres(
                [pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"]
            ),
            check=True,
            capture_output=True,
        )
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run(
                _as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]),
                capture_output=True,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def server_url() -> Iterator[str]:
    """The server of ``WONDERS_TEST_POSTGRES``, else a throw-away one."""
    url = os.environ.get(ENV_URL, "").strip()
    if url.lower() == "none":  # a developer opting out: the PostgreSQL tests are skipped
        raise RuntimeError(f"{ENV_URL}=none")
    if url:
        yield url
        return
    with start() as started:
        yield started


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end on a loop of its own thread (callable inside a running loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


async def create_database(admin_url: str) -> str:
    """A new empty database on the server; returns its URL."""
    import asyncpg

    name = f"wonders_test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return _with_database(admin_url, name)


async def drop_database(admin_url: str, url: str) -> None:
    import asyncpg

    name = url.rpartition("/")[2]
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()
