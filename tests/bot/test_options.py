"""``bot.exts.options``: which forced values are refused, and what the refusal says (the e2e
test ``tests/e2e/test_forced_options.py`` sends them to every registered command)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.exts.options import option_problem


@app_commands.command(name="probe", description="options of every kind")
@app_commands.choices(
    side=[app_commands.Choice(name="Side A", value="A"), app_commands.Choice(name="B", value="B")]
)
async def probe(
    interaction: discord.Interaction,
    side: str = "A",
    seats: app_commands.Range[int, 2, 7] = 3,
    delay: app_commands.Range[float, 0, 600] = 1.0,
    code: app_commands.Range[str, 2, 4] = "ab",
    free: str = "",
) -> None:
    """Never run: only its parameters are read."""


PARAMS = {p.name: p for p in probe.parameters}


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("side", "Z", "`side` must be one of `Side A`, `B`, not 'Z'."),
        ("side", 3, "`side` must be text, not '3'."),
        ("seats", 8, "`seats` must be between 2 and 7, not '8'."),
        ("seats", 1, "`seats` must be between 2 and 7, not '1'."),
        ("seats", "7", "`seats` must be a whole number, not '7'."),
        ("seats", True, "`seats` must be a whole number, not 'True'."),
        ("delay", -0.5, "`delay` must be between 0 and 600, not '-0.5'."),
        ("delay", "x", "`delay` must be a number, not 'x'."),
        ("code", "abcde", "`code` must be between 2 and 4 characters long, not 'abcde'."),
        ("code", "a" * 60, f"`code` must be between 2 and 4 characters long, not '{'a' * 40}…'."),
    ],
)
def test_refused_values_name_what_is_accepted(name: str, value: Any, said: str) -> None:
    assert option_problem(PARAMS[name], value) == said


@pytest.mark.parametrize(
    ("name", "value"),
    [("side", "B"), ("seats", 2), ("seats", 7), ("delay", 600), ("delay", 0.25), ("code", "abc")]
    + [("free", "anything at all"), ("side", None), ("seats", None)],
)
def test_offered_and_absent_values_pass(name: str, value: Any) -> None:
    assert option_problem(PARAMS[name], value) is None
