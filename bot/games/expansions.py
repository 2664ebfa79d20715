"""7 Wonders expansions as the bot offers them: the ``expansions:`` choices of /wonders create
and /wonders-admin aimatch, and their parsing into the engine's ``Config.expansions``.

A choice the engine on this install does not play yet (Cities before its engine lands) is
refused with a clear sentence by the adapter, not hidden: the choice list stays the same for
every bot version, so a command registered once keeps working.
"""

from __future__ import annotations

from bot.services.errors import UserError

__all__ = ["EXPANSION_CHOICES", "expansion_names", "expansions_label"]

#: (shown name, option value) in the order the choices are listed
EXPANSION_CHOICES: tuple[tuple[str, str], ...] = (
    ("none (base game)", "none"),
    ("Leaders", "leaders"),
    ("Cities", "cities"),
    ("Leaders + Cities", "leaders+cities"),
)

_TITLES = {"leaders": "Leaders", "cities": "Cities"}


def expansion_names(value: str | None) -> tuple[str, ...]:
    """``"leaders+cities"`` → ``("leaders", "cities")``; ``""``/``"none"``/None → ``()``."""
    if not value or value == "none":
        return ()
    names = tuple(part.strip() for part in value.split("+"))
    unknown = [n for n in names if n not in _TITLES]
    if unknown or len(set(names)) != len(names):
        offered = ", ".join(f"`{v}`" for _, v in EXPANSION_CHOICES)
        raise UserError(f"`expansions` must be one of {offered}, not {value[:40]!r}.")
    return names


def expansions_label(names: tuple[str, ...] | list[str]) -> str:
    """``("leaders", "cities")`` → ``"Leaders + Cities"`` ("" for the base game)."""
    return " + ".join(_TITLES.get(n, n) for n in names)
