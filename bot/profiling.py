"""An opt-in sampling profiler of the event-loop thread (WONDERS_PROFILE=report.txt).

A SIGALRM interval timer interrupts the main thread every few milliseconds of wall time and
its handler records the interrupted stack. A handler, not a sampling thread: a second thread
only gets the GIL when the loop thread releases it (socket writes, select), so it would
over-count exactly those places. The plain text report is rewritten every couple of seconds,
so the figures survive however the process ends (SIGTERM from the bench harness included).
Off unless the variable is set: no cost in production.
Used by ``tests/bench/bench_e2e.py --profile``.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from pathlib import Path
from types import FrameType

__all__ = ["start_from_env"]

INTERVAL = 0.005  # seconds between samples
FLUSH_EVERY = 2.0  # seconds between report rewrites
TOP = 40  # lines per table in the report
IDLE_FRAMES = ("select",)  # the loop waiting, not working


def _where(frame: FrameType) -> str:
    code = frame.f_code
    return f"{_short(code.co_filename)}:{code.co_firstlineno} {code.co_name}"


def _short(filename: str) -> str:
    # Site-packages and the repository paths are long; keep the part that names the module.
    for marker in ("site-packages/", "/lib/python3"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    parts = Path(filename).parts
    return "/".join(parts[-3:])


class _Sampler:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.next_flush = time.monotonic() + FLUSH_EVERY
        self.samples = 0
        self.idle = 0
        self.self_counts: Counter[str] = Counter()  # innermost frame: where the CPU is
        self.total_counts: Counter[str] = Counter()  # anywhere on the stack: inclusive time

    def on_alarm(self, _signum: int, frame: FrameType | None) -> None:
        if frame is not None:
            self.sample(frame)
        if time.monotonic() >= self.next_flush:
            self.next_flush = time.monotonic() + FLUSH_EVERY
            self.out.write_text(self.report())

    def sample(self, frame: FrameType) -> None:
        leaf = frame.f_code.co_name
        self.samples += 1
        if leaf in IDLE_FRAMES:
            self.idle += 1
            return
        seen: set[str] = set()
        self.self_counts[_where(frame)] += 1
        cursor: FrameType | None = frame
        while cursor is not None:
            key = _where(cursor)
            if key not in seen:  # recursion counts once per sample
                seen.add(key)
                self.total_counts[key] += 1
            cursor = cursor.f_back

    def report(self) -> str:
        busy = max(1, self.samples - self.idle)
        lines = [
            f"samples {self.samples} every {INTERVAL * 1000:.0f} ms; "
            f"loop idle {self.idle} ({self.idle / max(1, self.samples):.0%}), busy {busy}",
            "",
            "== self (innermost frame), % of busy samples ==",
        ]
        lines += [f"{n / busy:6.1%} {n:7d}  {k}" for k, n in self.self_counts.most_common(TOP)]
        lines += ["", "== inclusive (anywhere on the stack), % of busy samples =="]
        lines += [f"{n / busy:6.1%} {n:7d}  {k}" for k, n in self.total_counts.most_common(TOP)]
        return "\n".join(lines) + "\n"


def start_from_env() -> None:
    """Start sampling the calling (main) thread if WONDERS_PROFILE names a report file."""
    target = os.environ.get("WONDERS_PROFILE")
    if not target:
        return
    sampler = _Sampler(Path(target))
    signal.signal(signal.SIGALRM, sampler.on_alarm)
    signal.setitimer(signal.ITIMER_REAL, INTERVAL, INTERVAL)
