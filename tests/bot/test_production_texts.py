"""The public post's line for a failed Double Walls (Babel): who lost which wonder resource,
from the engine's ``project_blocked`` event."""

from __future__ import annotations

from bot.games.classic.texts import _said
from bot.presenters import lookup
from engine.classic.babel import projects as P
from engine.common import Event
from tests.classic.babel.kit import projects, table, with_projects


def test_a_blocked_wonder_resource_is_told_with_the_players_name() -> None:
    s = table([{}, {}, {}], expansions=("babel-projects",))
    s = with_projects(s, order=(2, 5, 10), tokens=(0, 1, 0), left=1)  # Double Walls failed
    events: list[Event] = []
    P.age_end(s, projects(s), (0, 1, 2), events)
    said = [_said(e, ["ana", "bo", "cy"]) for e in events if e.kind == "project_blocked"]
    assert said == [
        "ana's ore is blocked by Double Walls for the rest of the game",
        "cy's clay is blocked by Double Walls for the rest of the game",
    ]


def test_wonders_card_tells_the_production_rules_of_classic_4() -> None:
    walls = lookup.lookup_text("double walls")
    assert "must lose the use of your wonder's own resource for the rest of the game" in walls
    port = lookup.lookup_text("river port").split("\n\n")[1]
    assert port.startswith("**River Port** (7 Wonders: Edifice project, Age II)")
    assert "your city produces one of wood/stone/ore/clay each turn, for its own use" in port
    assert "Not drawn" not in port
    factory = lookup.lookup_text("factory").split("\n\n")[1]
    assert "produces one of glass/papyrus/loom each turn" in factory
