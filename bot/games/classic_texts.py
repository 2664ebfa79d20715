"""7 Wonders' public round texts: the reveal's builds, wonder stages and discards, and each
age's conflicts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.presenters.texts import ROMAN, name_seats
from engine.common import Event

if TYPE_CHECKING:
    from bot.services.tables import Table

__all__ = ["gods_text", "military_text", "reveal_text"]

# Gods & Heroes' public events: their engine sentence is posted with display names.
_GODS_EVENTS = frozenset({"power", "hero", "god_ready", "artemis", "ares"})


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _event_text(e: Event, names: list[str]) -> str | None:
    d = e.data
    if e.kind in _GODS_EVENTS:
        return name_seats(e.text, names)
    seat = d.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return e.text if e.visible_to is None and e.kind not in ("picked",) else None
    who, n = names[seat], len(names)
    paid = [
        f"paid {names[(seat - 1) % n]} {_coins(d['left'])}" if d.get("left") else "",
        f"paid {names[(seat + 1) % n]} {_coins(d['right'])}" if d.get("right") else "",
    ]
    trade = ", ".join(p for p in paid if p)
    tail = f" ({trade})" if trade else ""
    if e.kind == "build":
        how = {"free": " for free (Olympia)", "salvage": " from the discard pile"}
        return f"{who} built {d.get('card')}{how.get(str(d.get('action')), '')}{tail}"
    if e.kind == "wonder":
        return f"{who} built wonder stage {d.get('stage')}{tail}"
    if e.kind == "discard":
        return f"{who} discarded (+3 coins)"
    return None


def military_text(view: Any, age: int, names: list[str]) -> str:
    """Classic age-end conflicts, each fight once (``view``: public view after), e.g.
    "Ana beats Bo 3–1 (+3 / −1) · Bo and Cy tie on 1 shield"."""
    n, win = len(names), {1: 1, 2: 3, 3: 5}.get(age, 1)
    shields = [c.shields for c in view.cities]
    parts = []
    for a in range(n if n > 2 else 1):  # each seat fights its right neighbour: every pair once
        b = (a + 1) % n
        if shields[a] == shields[b]:
            unit = "shield" if shields[a] == 1 else "shields"
            parts.append(f"{names[a]} and {names[b]} tie on {shields[a]} {unit}")
            continue
        w, lose = (a, b) if shields[a] > shields[b] else (b, a)
        score = f"{shields[w]}–{shields[lose]}"
        parts.append(f"{names[w]} beats {names[lose]} {score} (+{win} / −1)")
    return " · ".join(parts)


def gods_text(view: Any, names: list[str]) -> str:
    """Gods & Heroes on the public post: each god's state, the heroes and lasting powers
    (the view's public lines, with display names); "" in other games."""
    gods = getattr(view, "gods", None)
    if gods is None:
        return ""
    cards = [f"{names[g.seat]}: {g.god} ({g.status})" for g in gods.gods if g.seat < len(names)]
    lines = ["**Gods:** " + " · ".join(cards)]
    if gods.heroes:
        heroes = [f"{h.name} ({names[h.seat]}, {h.gives})" for h in gods.heroes]
        lines.append("**Heroes:** " + " · ".join(heroes))
    if gods.effects:
        lines.append("**In force:** " + " · ".join(name_seats(e, names) for e in gods.effects))
    return "\n".join(lines)


def reveal_text(
    table_before: Table, table_after: Table, events: list[Event], names: list[str]
) -> str:
    """What happened in a 7 Wonders round (the reveal), with the age's conflicts at its end."""
    before, after = table_before.state, table_after.state
    said = [t for t in (_event_text(e, names) for e in events if e.visible_to is None) if t]
    head = f"**Age {ROMAN.get(before.age, before.age)}, turn {before.turn}** — "
    text = head + (" · ".join(said) or "Nothing happened.")
    if after.age != before.age or table_after.outcome() is not None:
        fights = military_text(table_after.mod.view(after, None), before.age, names)
        text += f"\n**Age {ROMAN.get(before.age, before.age)} conflicts:** {fights}"
    return text
