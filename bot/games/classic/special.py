"""7 Wonders decisions one seat makes alone, each named by the power that asks for it.

Halikarnassos (or the leader Solomon) builds a card from the discard pile for free, Babylon B
plays the last card of its hand, the Courtesans' Guild copies a neighbour's leader, Roma B may
recruit one more leader. The seat gets a prompt that says what the power does and shows its
choices with their full effect (the discard pile, the leaders to copy); the others read who
plays alone and why they wait (``doing``), in the post, the status and their own answer.
"""

from __future__ import annotations

from collections import Counter

from bot.model.game import Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import PAGE, ButtonSpec, OptionSpec, Prompt, SelectSpec, cut
from engine.classic import ClassicView
from engine.classic.leaders.data import LEADERS
from engine.classic.views import MoveView

__all__ = ["alone_line", "doing", "special_prompt", "special_wait_text"]

_LEADER_TEXT = {leader.name: leader.text for leader in LEADERS}
_HEADS = {
    "court": (
        "**Courtesans' Guild: copy a leader.** Place the Courtesan on a leader one of your "
        "neighbours has recruited: your city gets that leader's effect too."
    ),
    "roma": (
        "**Roma: one more leader.** Your wonder stage lets you recruit one more leader now, "
        "paying its cost, or pass."
    ),
}


def _salvage_power(view: ClassicView, seat: int | None) -> str:
    """Who grants a discard-pile build: Halikarnassos' stage, else the leader Solomon."""
    if seat is not None and view.cities[seat].board == "Halikarnassos":
        return "Halikarnassos"
    return "Solomon"


def doing(view: ClassicView, seat: int | None) -> str | None:
    """What ``seat`` does while it plays alone ("builds a card from the discard pile for
    free (Halikarnassos)"); None in a turn where everyone picks."""
    if view.phase == "discard_build":
        return f"builds a card from the discard pile for free ({_salvage_power(view, seat)})"
    if view.phase == "seventh":
        return "plays the last card of their hand (Babylon)"
    if view.phase == "leaders" and view.leaders is not None:
        return {
            "court": "chooses which neighbour's leader the Courtesans' Guild copies",
            "roma": "may recruit one more leader (Roma)",
        }.get(view.leaders.stage)
    return None


def alone_line(view: ClassicView, names: list[str]) -> str | None:
    """ "⏳ Ana builds a card from the discard pile for free (Halikarnassos) — the others
    wait." for the public post and the status; None when nobody plays alone."""
    seats = sorted(view.to_act)
    parts = [f"{names[s]} {what}" for s in seats if (what := doing(view, s)) is not None]
    if not parts:
        return None
    return "⏳ " + " · ".join(parts) + " — the others wait."


def special_wait_text(view: ClassicView, names: list[str]) -> str | None:
    """Why a seat that has nothing to pick waits (not "you already picked"); else None."""
    seats = sorted(view.to_act)
    parts = [f"{names[s]} {what}" for s in seats if (what := doing(view, s)) is not None]
    if not parts:
        return None
    tail = "you will be prompted when the next turn starts"
    if view.phase in ("discard_build", "seventh") and view.age == 3 and not view.hand:
        tail = "the game ends once they are done"
    return f"{' and '.join(parts)}; {tail}."


def special_prompt(table: Table, view: ClassicView, page: int, chosen: str | None) -> Prompt | None:
    """The prompt of a discard-pile build, a Courtesan or a Roma recruitment: the power, what
    it does, every choice with its full effect; None for any other step."""
    stage = view.leaders.stage if view.leaders is not None else None
    if view.phase == "discard_build":
        head, lines = _salvage_head(view), _pile_lines(view)
    elif view.phase == "leaders" and stage in _HEADS:
        head, lines = _HEADS[stage], _leader_lines(view)
    else:
        return None
    moves = list(view.legal_moves)
    pages = max(1, -(-len(moves) // PAGE))
    page = min(max(page, 0), pages - 1)
    options = tuple(
        OptionSpec(cut(_label(view, m)), m.move, cut(_effect(m)), m.move == chosen)
        for m in moves[page * PAGE : (page + 1) * PAGE]
    )
    more = f" (page {page + 1} of {pages})" if pages > 1 else ""
    text = "\n".join([head, *lines, f"Choose{more}, then **Confirm**. The others wait for you."])
    select = SelectSpec(select_id("move", table.id, table.version, str(page)), "Choose", options)
    return Prompt(text[:2000], (select,), _buttons(table, page, pages, chosen, moves))


def _salvage_head(view: ClassicView) -> str:
    power = _salvage_power(view, view.seat)
    return (
        f"**{power}: build a card from the discard pile for free.** Choose any card of the "
        "pile you have not built yet; it costs nothing."
    )


def _pile_lines(view: ClassicView) -> list[str]:
    """The discard pile as the viewer may use it: each card once, with its copies."""
    pile = Counter(view.discard)
    shown = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in sorted(pile.items()))
    return [f"Discard pile ({len(view.discard)} cards): {shown or 'empty'}."]


def _leader_lines(view: ClassicView) -> list[str]:
    """Each leader on offer with its full effect (a select cuts at 100 characters)."""
    out = []
    for m in view.legal_moves:
        name = m.card
        if name in _LEADER_TEXT:
            out.append(f"• **{name}**{_owner(view, name)}: {_LEADER_TEXT[name]}")
    return out


def _owner(view: ClassicView, leader: str) -> str:
    """ " (seat 2)" for a neighbour's recruited leader (named by ``named_prompt``)."""
    recruited_by = view.leaders.recruited if view.leaders is not None else []
    for seat, recruited in enumerate(recruited_by):
        if seat != view.seat and leader in recruited:
            return f" (seat {seat})"
    return ""


def _label(view: ClassicView, m: MoveView) -> str:
    if view.phase == "discard_build":
        return f"Build {m.card}"
    if m.card in _LEADER_TEXT and m.move.startswith("copy:"):
        return f"Copy {m.card}{_owner(view, m.card)}"
    return str(m.text)


def _effect(m: MoveView) -> str:
    if m.card in _LEADER_TEXT:
        return _LEADER_TEXT[m.card]
    from engine.classic import card_info  # cards by name; leaders are not among them

    try:
        info = card_info(m.card)
    except (KeyError, ValueError):
        return ""
    return f"{info['color']} card · {info['effect']}"


def _buttons(
    table: Table, page: int, pages: int, chosen: str | None, moves: list[MoveView]
) -> tuple[ButtonSpec, ...]:
    buttons = []
    if chosen and any(m.move == chosen for m in moves):
        buttons.append(
            ButtonSpec("Confirm", button_id("mv", table.id, table.version, chosen), "success")
        )
    if page > 0:
        buttons.append(
            ButtonSpec("Previous", button_id("pg", table.id, table.version, str(page - 1)))
        )
    if page + 1 < pages:
        buttons.append(
            ButtonSpec("More choices", button_id("pg", table.id, table.version, str(page + 1)))
        )
    return tuple(buttons)
