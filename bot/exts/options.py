"""Every slash command option checked against what the command offers, before it runs.

Discord's client shows only the offered choices and ranges, but Discord does not enforce them
for every client: an outdated or modified one can send ``sides:Z`` or ``players:99``. One
check, added to every command of the tree, refuses such a value before the command answers
anything (so the refusal stays private) and names the accepted values; the error path turns
it into that ephemeral sentence without logging a traceback.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as Kind

__all__ = ["BadOption", "check_options", "guard_options", "option_problem"]

_NUMBERS = (Kind.integer, Kind.number)


class BadOption(app_commands.CheckFailure):
    """An option value outside what the command offers (the message says what is)."""


def _shown(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _number(value: float | None) -> str:  # None never reaches it: the callers test the bound
    return str(int(value)) if value is not None and float(value).is_integer() else str(value)


def _kind_problem(param: app_commands.Parameter, value: object) -> str | None:
    name = param.display_name
    if param.type is Kind.integer and (isinstance(value, bool) or not isinstance(value, int)):
        return f"`{name}` must be a whole number, not {_shown(value)}."
    if param.type is Kind.number and (
        isinstance(value, bool) or not isinstance(value, int | float)
    ):
        return f"`{name}` must be a number, not {_shown(value)}."
    if param.type is Kind.string and not isinstance(value, str):
        return f"`{name}` must be text, not {_shown(value)}."
    return None


def _range_problem(param: app_commands.Parameter, value: str | float) -> str | None:
    low, high = param.min_value, param.max_value
    if low is None and high is None:
        return None
    size = len(value) if isinstance(value, str) else value  # the kind is checked already
    if (low is None or size >= low) and (high is None or size <= high):
        return None
    bounds = (
        f"between {_number(low)} and {_number(high)}"
        if low is not None and high is not None
        else f"at least {_number(low)}"
        if low is not None
        else f"at most {_number(high)}"
    )
    what = " characters long" if param.type is Kind.string else ""
    return f"`{param.display_name}` must be {bounds}{what}, not {_shown(value)}."


def option_problem(param: app_commands.Parameter, value: object) -> str | None:
    """Why ``value`` is not acceptable for ``param`` (None when it is, or when absent)."""
    if value is None or param.type not in (*_NUMBERS, Kind.string):
        return None  # users, channels… are resolved by Discord itself
    problem = _kind_problem(param, value)
    if problem is not None:
        return problem
    if param.choices:
        if value in [c.value for c in param.choices]:
            return None
        offered = ", ".join(f"`{c.name}`" for c in param.choices)
        return f"`{param.display_name}` must be one of {offered}, not {_shown(value)}."
    assert isinstance(value, str | int | float)  # _kind_problem let only these through
    return _range_problem(param, value)


async def check_options(interaction: discord.Interaction) -> bool:
    """A command check: raises ``BadOption`` for the first unacceptable option value."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    for param in command.parameters:
        value = getattr(interaction.namespace, param.display_name, None)
        problem = option_problem(param, value)
        if problem is not None:
            raise BadOption(problem)
    return True


def guard_options(tree: app_commands.CommandTree[discord.Client]) -> None:
    """Add ``check_options`` to every command of ``tree``, ahead of their own checks."""
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command) and check_options not in command.checks:
            command.checks.insert(0, check_options)
