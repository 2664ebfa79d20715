"""The opt-in loop profiler: samples count busy and idle frames and the report names them."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.profiling import _Sampler


def _busy_leaf(sampler: _Sampler) -> None:
    sampler.sample(sys._getframe())


def test_report_names_the_sampled_function_and_its_callers(tmp_path: Path) -> None:
    sampler = _Sampler(tmp_path / "loop.txt")
    for _ in range(3):
        _busy_leaf(sampler)
    report = sampler.report()
    assert sampler.samples == 3 and sampler.idle == 0
    self_part, inclusive = report.split("== inclusive")
    assert "_busy_leaf" in self_part
    assert "test_report_names_the_sampled_function_and_its_callers" in inclusive


def test_a_frame_waiting_in_select_counts_as_idle(tmp_path: Path) -> None:
    sampler = _Sampler(tmp_path / "loop.txt")

    def select() -> None:  # named like the selector call the loop waits in
        sampler.sample(sys._getframe())

    select()
    _busy_leaf(sampler)
    assert (sampler.samples, sampler.idle) == (2, 1)
    assert "loop idle 1 (50%), busy 1" in sampler.report()
