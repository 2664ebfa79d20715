"""Crash safety: a child process appends moves to many games and is SIGKILLed at random
moments (>= 100 times). After each kill the store reopens, every game loads, its moves replay
through the engine, and every move the child acknowledged is there.

The child is a fork of the test process (a fresh interpreter costs ~0.7 s to start; 100 of
them would blow the time budget). It acknowledges a move by writing one line to a pipe AFTER
``append_move`` returned, i.e. after COMMIT; a line is written with one ``write`` call smaller
than PIPE_BUF, so the parent never sees half an acknowledgement."""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import time
from pathlib import Path
from typing import Any

from bot.store import Store, open_store
from engine import game_module

from .replay import available_kinds, create_engine_game, pick_move, replay, results_of

KILLS = 100
LIVE_GAMES = 10


async def _child(path: Path, out: int, seed: int) -> None:
    rng = random.Random(seed)
    async with open_store(path) as store:
        states: dict[int, tuple[str, Any, int]] = {}
        for g in await store.list_games(status="running"):
            full = await store.load_game(g.id)  # recovery path: state = replay of the log
            states[g.id] = (g.kind, replay(full), full.version)
        os.write(out, b"READY\n")
        while states:
            gid = rng.choice(list(states))
            kind, state, version = states[gid]
            picked = pick_move(kind, state, rng)
            if picked is None:  # over: finish with results in one transaction
                await store.finish_game(gid, results_of(kind, state))
                os.write(out, f"FIN {gid}\n".encode())
                del states[gid]
                continue
            seat, text = picked
            new_version = await store.append_move(gid, version, seat, text)
            os.write(out, f"ACK {gid} {new_version} {text}\n".encode())
            states[gid] = (kind, _apply(kind, state, seat, text), new_version)
    os.write(out, b"IDLE\n")
    await asyncio.sleep(60)


def _apply(kind: str, state: Any, seat: int, text: str) -> Any:
    mod = game_module(kind)
    return mod.apply(state, seat, mod.parse_move(text))[0]


def _spawn(path: Path, seed: int) -> tuple[int, int]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never return into pytest
        code = 0
        try:
            os.close(r)
            asyncio.run(_child(path, w, seed))
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def _read_lines(fd: int, until: float, stop_at: str | None) -> list[str]:
    """Lines from the child until the deadline (or a line starting with ``stop_at``)."""
    buf, lines = b"", []
    while True:
        left = until - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        buf += chunk
        *done, buf = buf.split(b"\n")
        lines += [d.decode() for d in done]
        if stop_at and any(ln.startswith(stop_at) for ln in lines):
            break
    return lines


def _drain(fd: int) -> list[str]:
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
    assert data == b"" or data.endswith(b"\n"), "half an acknowledgement"
    return [ln for ln in data.decode().split("\n") if ln]


class _Verifier:
    """Keeps the replayed state of each game so every move is replayed once."""

    def __init__(self) -> None:
        self.done: dict[int, tuple[Any, int, list[str]]] = {}
        self.acked: dict[tuple[int, int], str] = {}
        self.finished: set[int] = set()

    async def check(self, store: Store) -> int:
        """Every game loads and replays; returns the number of running games left."""
        running = 0
        for g in await store.list_games():
            game = await store.load_game(g.id)
            state, n, texts = self.done.get(g.id, (None, 0, []))
            assert game.move_texts[:n] == texts, "the append-only log changed"
            state = replay(game, state, n)
            self.done[g.id] = (state, game.version, game.move_texts)
            assert game.version == len(game.moves)
            for (gid, version), text in self.acked.items():
                if gid == g.id:
                    assert version <= game.version, f"acknowledged move {gid}/{version} lost"
                    assert game.moves[version - 1].move_text == text
            over = pick_move(game.kind, state, random.Random(0)) is None
            if g.id in self.finished:
                assert game.status == "finished"
            if game.status == "finished":
                assert over and await store.game_results(g.id)
            running += game.status == "running"
        return running

    def record(self, lines: list[str]) -> None:
        for ln in lines:
            parts = ln.split(" ")
            if parts[0] == "ACK":
                self.acked[(int(parts[1]), int(parts[2]))] = parts[3]
            elif parts[0] == "FIN":
                self.finished.add(int(parts[1]))


def test_sigkill_never_loses_an_acknowledged_move(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    kinds = available_kinds()
    rng = random.Random(1234)
    verifier = _Verifier()
    next_seed = [0]

    async def top_up() -> int:
        async with open_store(path) as store:
            running = await verifier.check(store)
            while running < LIVE_GAMES:
                kind = kinds[next_seed[0] % len(kinds)]
                await create_engine_game(store, kind, 3 + next_seed[0] % 5, next_seed[0])
                next_seed[0] += 1
                running += 1
        return running

    asyncio.run(top_up())
    started = time.monotonic()
    for kill in range(KILLS):
        pid, fd = _spawn(path, kill)
        # Mostly kill mid-append; sometimes during start-up (open, migrations, replay).
        wait_ready = rng.random() < 0.85
        lines: list[str] = []
        if wait_ready:
            lines = _read_lines(fd, time.monotonic() + 10, "READY")
            assert "READY" in lines, lines
            time.sleep(rng.uniform(0, 0.04))
        else:
            time.sleep(rng.uniform(0, 0.05))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), f"child {kill} ended by itself: {lines}"
        lines += _drain(fd)
        os.close(fd)
        verifier.record(lines)
        asyncio.run(top_up())  # reopen, load every game, replay, check acknowledgements
    assert len(verifier.acked) >= KILLS, "the child hardly ever got a move in"
    assert time.monotonic() - started < 120
