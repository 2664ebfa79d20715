"""7 Wonders' public round texts: the reveal's builds, wonder stages and discards, and each
age's conflicts."""

from __future__ import annotations

from bot.games.classic import expansions as registered
from bot.games.classic.seam import ENGINE, state_of
from bot.model.game import Table
from bot.presenters.texts import ROMAN
from engine.classic import ClassicView, State
from engine.classic.state import PHASES
from engine.common import Event

__all__ = ["coin_loss_text", "military_text", "reveal_text", "round_name"]


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _event_text(e: Event, names: list[str]) -> str | None:
    d = e.data
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
    said = (x.seat_event(e.kind, d, who, tail) for x in registered.bot_parts())
    return next((text for text in said if text is not None), None)


def _said(e: Event, names: list[str]) -> str | None:
    """An event's line: the expansion's own wording of its kind (``event_texts``) first."""
    for x in registered.bot_parts():
        if (own := x.event_texts.get(e.kind)) is not None:
            return own(e, names)
    return _event_text(e, names)


def coin_loss_text(events: list[Event], names: list[str]) -> str:
    """Every coin loss of a round in one line (up to six victims at seven players), e.g.
    "💸 Coin loss: bo −2, cy −1 — each pays or takes debt now"; "" without one."""
    owed = [
        (int(seat), int(coins))
        for e in events
        if e.kind == "coin_loss"
        and isinstance(seat := e.data.get("seat"), int)
        and 0 <= seat < len(names)
        and isinstance(coins := e.data.get("coins"), int)
    ]
    if not owed:
        return ""
    who = ", ".join(f"{names[s]} −{q}" for s, q in owed)
    return f"💸 **Coin loss**: {who} — each pays or takes debt now"


def round_name(state: State) -> tuple[str, str] | None:
    """An expansion's round open in ``state`` ("Leader draft, pick 2"), with what its reveal
    says when nothing public happened (``BotExpansion.round_name``, ``quiet_round``); None in
    an Age's turn."""
    for x in registered.bot_parts():
        if (name := x.round_name(state)) is not None:
            return name, x.quiet_round
    return None


def military_text(
    view: ClassicView, age: int, names: list[str], absent: frozenset[int] = frozenset()
) -> str:
    """Classic age-end conflicts, each fight once (``view``: public view after), e.g.
    "Ana beats Bo 3–1 (+3 / −1) · Bo and Cy tie on 1 shield". ``absent``: seats that spent a
    Diplomacy token (Cities): each present seat fights the nearest present seat on each side."""
    win = {1: 1, 2: 3, 3: 5}.get(age, 1)
    shields = [c.shields for c in view.cities]
    present = [s for s in range(len(names)) if s not in absent]
    n = len(present)
    parts = [f"{names[s]} stays out (diplomacy)" for s in sorted(absent) if s < len(names)]
    for i in range(n if n > 2 else n - 1):  # each present seat fights the next: every pair once
        a, b = present[i], present[(i + 1) % n]
        if shields[a] == shields[b]:
            unit = "shield" if shields[a] == 1 else "shields"
            parts.append(f"{names[a]} and {names[b]} tie on {shields[a]} {unit}")
            continue
        w, lose = (a, b) if shields[a] > shields[b] else (b, a)
        score = f"{shields[w]}–{shields[lose]}"
        parts.append(f"{names[w]} beats {names[lose]} {score} (+{win} / −1)")
    return " · ".join(parts)


def reveal_text(
    table_before: Table, table_after: Table, events: list[Event], names: list[str]
) -> str:
    """What happened in a 7 Wonders round (the reveal), with the age's conflicts at its end."""
    before, after = state_of(table_before), state_of(table_after)
    said = [t for t in (_said(e, names) for e in events if e.visible_to is None) if t]
    named = round_name(before)
    step = named[0] if named is not None else None
    if named is not None and not said:
        said = [named[1]]
    name = step or f"Age {ROMAN.get(before.age, before.age)}, turn {before.turn}"
    name += "".join(x.reveal_names.get(PHASES[before.phase], "") for x in registered.bot_parts())
    text = f"**{name}** — " + (" · ".join(said) or "Nothing happened.")
    losses = coin_loss_text(events, names)
    if losses:
        text += f"\n{losses}"
    if step is None and (after.age != before.age or table_after.outcome() is not None):
        absent = frozenset(
            int(e.data["seat"])
            for e in events
            if e.kind == "diplomacy" and isinstance(e.data.get("seat"), int)
        )
        fights = military_text(ENGINE.view(after, None), before.age, names, absent)
        text += f"\n**Age {ROMAN.get(before.age, before.age)} conflicts:** {fights}"
    return text
