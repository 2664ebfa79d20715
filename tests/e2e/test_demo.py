"""The README's scripted demo (``python -m tests.e2e.demo``) keeps working."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.demo import run_demo


@pytest.mark.asyncio
async def test_demo_plays_a_game_and_saves_the_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "boards"
    assert await run_demo(out, seed=3, players=3) == 0
    printed = capsys.readouterr().out
    assert "Game over" in printed and "(only Ana sees)" in printed
    images = sorted(p.name for p in out.glob("*.png"))
    assert len(images) >= 19 and any("scores" in name for name in images)
    assert all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in out.glob("*.png"))
