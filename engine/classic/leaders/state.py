"""The Leaders part of a classic game state (``State.leaders``): immutable, like the rest."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.classic.leaders.data import LEADERS

__all__ = [
    "COURT",
    "DRAFT",
    "PLAY",
    "RECRUIT",
    "ROME",
    "Leaders",
    "active",
    "dump_leaders",
    "load_leaders",
    "owns",
]

PLAY, DRAFT, RECRUIT, COURT, ROME = 0, 1, 2, 3, 4
# COURT: a Courtesans' Guild owner places the Courtesan token; ROME: a Roma B owner may recruit
# one more leader (seats in ``State.pending`` order, at the end of the turn).
STAGES = ("play", "draft", "recruit", "court", "roma")

Seats = tuple[tuple[int, ...], ...]


class Leaders(NamedTuple):
    """Where every one of the 36 leaders is (leader ids; per-seat tuples in seat order).

    ``held``: the seat's hidden leader hand (kept in the draft, not yet used).
    ``draft``: the hand the seat picks from in the draft (empty outside it).
    ``recruited``: face up in the city (public). ``spent``: tucked under a wonder or discarded
    for coins (face down: only the counts in ``tucked`` are public). ``deck``: never dealt.
    ``seen``: per seat, the draft hands it passed on (it saw them: a search samples the
    others' leaders consistently with them).
    """

    stage: int
    round: int  # draft picks made so far
    held: Seats
    draft: Seats
    recruited: Seats
    spent: Seats
    tucked: tuple[int, ...]
    deck: tuple[int, ...]
    seen: tuple[Seats, ...]
    copied: tuple[int, ...] = ()  # per seat: the leader its Courtesan copies, -1 none
    court: tuple[int, ...] = ()  # seats owed the Courtesan choice at the end of this turn
    rome: tuple[int, ...] = ()  # seats owed a Roma B recruitment at the end of this turn
    resume: int = 0  # the stage to go back to after the owed steps (PLAY or RECRUIT)
    caligula: tuple[int, ...] = ()  # per seat: the Age of its last Caligula free build, 0 none
    # A game stored under rules classic-1/classic-2 replays as it was played: Babylon B's 7th
    # card without the leaders' discounts, no Hatshepsut coin for a Docks-free purchase.
    old_rules: bool = False
    # A game stored under classic-4 or before: its recruitment turns end before the steps
    # other plug-ins owe (no Edifice join after a stage built with a leader, rules classic-5).
    old_recruit: bool = False


def active(lead: Leaders, seat: int) -> tuple[int, ...]:
    """Leaders whose effects the seat has: recruited ones and its Courtesan copy."""
    got = lead.recruited[seat]
    if lead.copied and lead.copied[seat] >= 0:
        return got + (lead.copied[seat],)
    return got


def owns(lead: Leaders, seat: int, attr: str) -> int:
    """Sum of an effect field over the seat's recruited leaders (0 when none has it)."""
    total = 0
    for lid in active(lead, seat):
        total += int(getattr(LEADERS[lid], attr))
    return total


def dump_leaders(lead: Leaders) -> dict[str, Any]:
    out = {
        "stage": lead.stage,
        "round": lead.round,
        "held": [list(h) for h in lead.held],
        "draft": [list(h) for h in lead.draft],
        "recruited": [list(h) for h in lead.recruited],
        "spent": [list(h) for h in lead.spent],
        "tucked": list(lead.tucked),
        "deck": list(lead.deck),
        "seen": [[list(h) for h in s] for s in lead.seen],
        "copied": list(lead.copied),
        "court": list(lead.court),
        "rome": list(lead.rome),
        "resume": lead.resume,
    }
    if lead.caligula:  # Cities games only: Leaders-only dumps keep their shape
        out["caligula"] = list(lead.caligula)
    if lead.old_rules:  # only old games carry it: new dumps keep their shape
        out["old_rules"] = True
    if lead.old_recruit:
        out["old_recruit"] = True
    return out


def _seats(rows: Any) -> Seats:
    return tuple(tuple(int(x) for x in r) for r in rows)


def load_leaders(data: dict[str, Any]) -> Leaders:
    return Leaders(
        stage=int(data["stage"]),
        round=int(data["round"]),
        held=_seats(data["held"]),
        draft=_seats(data["draft"]),
        recruited=_seats(data["recruited"]),
        spent=_seats(data["spent"]),
        tucked=tuple(int(x) for x in data["tucked"]),
        deck=tuple(int(x) for x in data["deck"]),
        seen=tuple(_seats(s) for s in data["seen"]),
        copied=tuple(int(x) for x in data.get("copied", ())),
        court=tuple(int(x) for x in data.get("court", ())),
        rome=tuple(int(x) for x in data.get("rome", ())),
        resume=int(data.get("resume", 0)),
        caligula=tuple(int(x) for x in data.get("caligula", ())),
        old_rules=bool(data.get("old_rules", False)),
        old_recruit=bool(data.get("old_recruit", False)),
    )
