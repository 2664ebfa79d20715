"""Views of the Gods & Heroes variant: gods, heroes and lasting powers (public), the viewer's
own invoked power and Athena's foresight (private)."""

from __future__ import annotations

from engine.classic.data import CARDS, RESOURCES
from engine.classic.state import Move, State
from engine.classic.variants import gods as g
from engine.classic.views import GodsView, GodView, HeroView

__all__ = ["POWERS", "describe_power", "gods_view", "position_gods"]

# One line per god, for the table and the rules command.
POWERS: tuple[str, ...] = (
    "war: one extra Victory token of the Age at its end",
    "trade with any city instead of one neighbour for a turn",
    "+1 Victory token at the end of each turn, to the end of the Age",
    "earthquake: a city loses its last wonder stage",
    "thunderbolt: a city's card this turn is destroyed",
    "foresight: see your next hand early, to the end of the Age; 3 VP",
    "famine: a city cannot use one resource on its next turn",
)


def describe_power(move: Move) -> str:
    return g.describe(move)


def gods_view(state: State, seat: int | None) -> GodsView:
    gods = state.gods
    assert gods is not None
    cards = [
        GodView(
            seat=i,
            god=g.GODS[c.board],
            status=g.STATUS[gods.status[i]],  # type: ignore[arg-type]
            power=POWERS[c.board],
        )
        for i, c in enumerate(state.cities)
        if c.board >= 0
    ]
    heroes = [
        HeroView(
            seat=i,
            color=g.HERO_COLORS[k],  # type: ignore[arg-type]
            name=g.HEROES[k][h[k]],
            gives=g.hero_gives(k),
        )
        for i, h in enumerate(gods.heroes)
        for k in range(3)
        if h[k] >= 0
    ]
    effects = []
    if gods.artemis >= 0:
        effects.append(f"Artemis: seat {gods.artemis} takes +1 Victory token each turn this Age")
    if gods.athena >= 0:
        effects.append(f"Athena: seat {gods.athena} sees its next hand early this Age")
    if gods.ares >= 0:
        effects.append(f"Ares: seat {gods.ares} takes an extra Victory token at the Age's end")
    famine = None
    if gods.famine[0] >= 0:
        target, res = gods.famine
        famine = {"seat": target, "resource": RESOURCES[res]}
        effects.append(f"Seth: seat {target} cannot use {RESOURCES[res]} this turn")
    lasting = {
        god: owner
        for god, owner in (("Artemis", gods.artemis), ("Athena", gods.athena), ("Ares", gods.ares))
        if owner >= 0
    }
    mine = gods.declared[seat] if seat is not None else None
    seen = g.foresight(state, seat) if seat is not None else None
    return GodsView(
        gods=cards,
        heroes=heroes,
        effects=effects,
        famine=famine,
        lasting=lasting,
        my_power=str(mine) if mine is not None else None,
        foresight=[CARDS[c].name for c in seen] if seen is not None else None,
    )


def position_gods(v: GodsView, seat: int) -> dict[str, object]:
    """The variant's part of a position (``load_position``'s "gods" key) as ``seat`` knows it:
    everything public, and its own power of this turn (the others' are secret: none)."""
    heroes = [[-1, -1, -1] for _ in v.gods]
    for h in v.heroes:
        k = g.HERO_COLORS.index(h.color)
        heroes[h.seat][k] = g.HEROES[k].index(h.name)
    famine = [-1, -1]
    if v.famine is not None:
        famine = [int(v.famine["seat"]), RESOURCES.index(str(v.famine["resource"]))]
    declared: list[str | None] = [None] * len(v.gods)
    declared[seat] = v.my_power
    return {
        "status": [g.STATUS.index(x.status) for x in v.gods],
        "declared": declared,
        "heroes": heroes,
        "artemis": v.lasting.get("Artemis", -1),
        "athena": v.lasting.get("Athena", -1),
        "ares": v.lasting.get("Ares", -1),
        "famine": famine,
        "famine_next": [-1, -1],
    }
