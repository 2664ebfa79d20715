"""Gods & Heroes: the rule constants, the variant's state value, move texts and dump/load
(the rules themselves: :mod:`engine.classic.variants.gods`; docs/gods-and-heroes.md)."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.classic.data import COLORS, RESOURCES
from engine.classic.state import Move
from engine.common import IllegalMove

__all__ = [
    "GODS",
    "HERO_COLORS",
    "HEROES",
    "Gods",
    "describe",
    "dump",
    "hero_gives",
    "load",
    "parse_power",
    "power_text",
    "public_text",
    "start",
]

GODS: tuple[str, ...] = ("Ares", "Ra", "Artemis", "Marduk", "Zeus", "Athena", "Seth")
ARES, RA, ARTEMIS, MARDUK, ZEUS, ATHENA, SETH = range(7)
_GOD_INDEX = {g.lower(): i for i, g in enumerate(GODS)}
LOCKED, READY, USED = 0, 1, 2
STATUS = ("locked", "ready", "used")
# Hero colours in the order of ``Gods.heroes`` entries, and the (cosmetic) names of each.
HERO_COLORS: tuple[str, ...] = ("red", "green", "blue")
HERO_COLOR_IDS = tuple(COLORS.index(c) for c in HERO_COLORS)
HEROES: tuple[tuple[str, ...], ...] = (
    ("Achilles", "Hector", "Leonidas", "Heracles"),
    ("Archimedes", "Euclid", "Hypatia", "Pythagoras"),
    ("Pericles", "Solon", "Hammurabi", "Cleisthenes"),
)
HERO_NEED = 3  # structures of one colour that bring its hero
RED_HERO_TOKEN = 3
BLUE_HERO_VP = 3
ATHENA_VP = 3
AGE_TOKEN = (0, 1, 3, 5)  # the Victory token of each Age (as in scoring.VP_TOKENS)
NO_TARGET = (-1, -1)
TARGETED = frozenset({RA, MARDUK, ZEUS, SETH})


class Gods(NamedTuple):
    """The variant's part of a game (all public except ``declared``)."""

    status: tuple[int, ...]  # per seat: LOCKED, READY or USED
    declared: tuple[Move | None, ...]  # per seat: this turn's power, secret until the reveal
    heroes: tuple[tuple[int, int, int], ...]  # per seat, per HERO_COLORS: name index or -1
    artemis: int = -1  # owner while Artemis gives a token each turn (to the end of the Age)
    athena: int = -1  # owner while Athena's foresight lasts (to the end of the Age)
    ares: int = -1  # owner owed Ares' extra token at the end of this Age
    famine: tuple[int, int] = NO_TARGET  # (target, resource) of Seth's famine this pick turn
    famine_next: tuple[int, int] = NO_TARGET  # (target, resource) for the next pick turn


def start(players: int) -> Gods:
    return Gods(
        status=(LOCKED,) * players,
        declared=(None,) * players,
        heroes=((-1, -1, -1),) * players,
    )


# --- move texts -------------------------------------------------------------------------


def power_text(move: Move) -> str:
    god = move.card
    if god == RA:
        return f"power:Ra:{move.left}:{'left' if move.right == 0 else 'right'}"
    if god == SETH:
        return f"power:Seth:{move.left}:{RESOURCES[move.right]}"
    if god in TARGETED:
        return f"power:{GODS[god]}:{move.left}"
    return f"power:{GODS[god]}"


def parse_power(text: str) -> Move:
    """``power:Zeus:2`` etc. (docs/gods-and-heroes.md); raises IllegalMove with the format."""
    parts = text.strip().split(":")
    god = _GOD_INDEX.get(parts[1].lower()) if len(parts) > 1 else None
    if god is None:
        raise IllegalMove(f"Unknown god in {text!r}; gods: {', '.join(GODS)}")
    want = {RA: 4, SETH: 4, MARDUK: 3, ZEUS: 3}.get(god, 2)
    form = {
        RA: "power:Ra:<seat>:<left|right>",
        SETH: "power:Seth:<seat>:<resource>",
        MARDUK: "power:Marduk:<seat>",
        ZEUS: "power:Zeus:<seat>",
    }.get(god, f"power:{GODS[god]}")
    if len(parts) != want:
        raise IllegalMove(f"Malformed power {text!r} (expected {form})")
    if want == 2:
        return Move("power", god)
    try:
        target = int(parts[2])
    except ValueError:
        raise IllegalMove(f"Malformed seat in {text!r} (expected {form})") from None
    arg = 0
    if god == RA:
        if parts[3].lower() not in ("left", "right"):
            raise IllegalMove(f"Ra replaces your left or right neighbour, not {parts[3]!r}")
        arg = 0 if parts[3].lower() == "left" else 1
    elif god == SETH:
        names = [r.lower() for r in RESOURCES]
        if parts[3].lower() not in names:
            raise IllegalMove(f"Unknown resource {parts[3]!r}; resources: {', '.join(RESOURCES)}")
        arg = names.index(parts[3].lower())
    return Move("power", god, target, arg)


def public_text(owner: int, move: Move) -> str:
    """The reveal's sentence about a power, e.g. 'Seat 2 invokes Marduk: seat 0 loses ...'."""
    god, t = move.card, move.left
    side = "left" if move.right == 0 else "right"
    what = {
        ARES: "it takes an extra Victory token of this Age at its end",
        RA: f"it trades with seat {t} instead of its {side} neighbour this turn",
        ARTEMIS: "it takes +1 Victory token at the end of each turn of this Age",
        ZEUS: f"seat {t}'s card is struck and discarded",
        MARDUK: f"seat {t} loses its last wonder stage",
        ATHENA: "it sees its next hand early this Age, and 3 VP",
        SETH: f"seat {t} cannot use {RESOURCES[move.right] if god == SETH else ''} next turn",
    }.get(god, "")
    return f"Seat {owner} invokes {GODS[god]}: {what}."


def describe(move: Move) -> str:
    god, t = move.card, move.left
    return {
        ARES: "Invoke Ares: one extra Victory token of this Age at its end",
        RA: f"Invoke Ra: trade with seat {t} instead of your "
        f"{'left' if move.right == 0 else 'right'} neighbour this turn",
        ARTEMIS: "Invoke Artemis: +1 Victory token at the end of each turn to the end of this Age",
        MARDUK: f"Invoke Marduk: seat {t} loses its last wonder stage",
        ZEUS: f"Invoke Zeus: seat {t}'s card this turn is destroyed",
        ATHENA: "Invoke Athena: see your next hand early this Age, and 3 VP",
        SETH: f"Invoke Seth: seat {t} cannot use {RESOURCES[move.right]} on its next turn",
    }[god]


def hero_gives(k: int) -> str:
    return (
        f"+{RED_HERO_TOKEN} Victory token",
        "one science symbol of your choice",
        f"{BLUE_HERO_VP} VP",
    )[k]


# --- dump / load ------------------------------------------------------------------------


def dump(g: Gods) -> dict[str, Any]:
    return {
        "status": list(g.status),
        "declared": [power_text(m) if m else None for m in g.declared],
        "heroes": [list(h) for h in g.heroes],
        "artemis": g.artemis,
        "athena": g.athena,
        "ares": g.ares,
        "famine": list(g.famine),
        "famine_next": list(g.famine_next),
    }


def load(data: dict[str, Any]) -> Gods:
    return Gods(
        status=tuple(data["status"]),
        declared=tuple(parse_power(m) if m else None for m in data["declared"]),
        heroes=tuple((h[0], h[1], h[2]) for h in data["heroes"]),
        artemis=data["artemis"],
        athena=data["athena"],
        ares=data["ares"],
        famine=(data["famine"][0], data["famine"][1]),
        famine_next=(data["famine_next"][0], data["famine_next"][1]),
    )
