"""The options a host gives a new table (``/wonders create``, an admin's match, a challenge).

Every option is offered by the commands, but each game reads only those it declares
(``Game.options``) and refuses, with its own sentence, one it does not play."""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["TableOptions"]


@dataclass(frozen=True)
class TableOptions:
    players: int = 3
    sides: str = "random"
    #: "deal", or "choose": a wonder pick before Age I (7 Wonders)
    wonders: str = "deal"
    #: option values of ``bot.games.classic.expansions`` ("leaders", "leaders+cities"...)
    expansions: str = ""
    variant: str = "none"

    def given(self) -> tuple[str, ...]:
        """The options set to something other than their default, in declaration order
        ("none": no expansion, no variant, is no option given)."""
        return tuple(
            f.name for f in fields(self) if getattr(self, f.name) not in (f.default, "none")
        )
