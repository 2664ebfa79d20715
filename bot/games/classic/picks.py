"""7 Wonders' table options in Discord: the wonder pick (``wonders: choose`` / ``sides:
choose``).

The wonder pick is a simultaneous secret pick like a card pick: one ephemeral select of the
boards offered to the seat (one line per board and side, ``select_line``), then Confirm. The
public posts say who has picked, never what, until the reveal seats everyone.
"""

from __future__ import annotations

from bot.games.classic import expansions
from bot.games.classic.seam import view_of
from bot.model.game import PromptStep, Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import ButtonSpec, OptionSpec, Prompt, SelectSpec, cut
from engine.classic import ClassicView
from engine.classic.board_text import select_line
from engine.classic.views import WonderOptionView
from engine.common import Event

__all__ = [
    "change_head",
    "changeable_phase",
    "clash_line",
    "is_wonder_pick",
    "wonder_pick_prompt",
    "wonder_reveal_text",
]

_WONDER_PICK = "wonder_pick"


def is_wonder_pick(view: ClassicView) -> bool:
    return bool(view.phase == _WONDER_PICK)


# Simultaneous secret picks a seat may change until the reveal ("Change my pick"), and what
# the change prompt asks for in each.
_CHANGE_ASKS = {"pick": "card", _WONDER_PICK: "wonder"}


def _change_ask(phase: str) -> str | None:
    """What a change prompt asks for in ``phase`` (an expansion's own steps: its
    ``BotExpansion.change_asks``); None when a pick in it can't be changed."""
    if phase in _CHANGE_ASKS:
        return _CHANGE_ASKS[phase]
    asks = (x.change_asks.get(phase) for x in expansions.BOT_EXPANSIONS)
    return next((ask for ask in asks if ask is not None), None)


def changeable_phase(view: ClassicView) -> bool:
    """Whether the open step is a simultaneous secret pick: an Age turn, the wonder pick,
    an expansion's steps its ``changeable`` hook says (the leader draft or a recruitment turn,
    not the Courtesan's or Roma's one-at-a-time steps), else those in its ``change_asks``
    (Cities' pay-or-debt decision, Babel's tile draft and joins, Edifice's join)."""
    said = (x.changeable(view) for x in expansions.BOT_EXPANSIONS)
    if (changeable := next((c for c in said if c is not None), None)) is not None:
        return changeable
    return _change_ask(view.phase) is not None


def change_head(view: ClassicView, now: str) -> str:
    """The first line of a change prompt: the pick in force and what to choose instead."""
    what = _change_ask(view.phase) or "card"
    return f"Your pick: {now}. Choose another {what} to change it.\n"


def _option(option: WonderOptionView, chosen: str | None) -> OptionSpec:
    return OptionSpec(
        cut(f"{option.board} {option.side} — {option.wonder}"),
        option.move,
        select_line(option.board, option.side),
        option.move == chosen,
    )


def clash_line(events: list[Event], seat: int) -> str:
    """To a seat that lost a draw: which board it lost and that it picks again."""
    for e in events:
        seats = e.data.get("seats")
        if e.kind != "wonder_draw" or not isinstance(seats, list) or seat not in seats:
            continue
        if e.data.get("winner") == seat:
            continue
        return (
            f"⚔️ Clash: another player also chose **{e.data.get('board')}** and the draw gave "
            "it to them. Pick again from the boards left.\n"
        )
    return ""


def wonder_pick_prompt(table: Table, seat: int, step: PromptStep) -> Prompt:
    """The seat's board select (all offered boards fit one select: 7 boards x 2 sides)."""
    view = view_of(table, seat)
    pick = view.wonder_pick
    if pick is None:  # the adapter asks only during the wonder pick
        return Prompt(step.head + "Nothing to do for you right now.")
    clash = clash_line(list(view.last_events), seat)
    if not clash and pick.round > 1:  # the draw's event is gone once another seat re-picked
        clash = "⚔️ Your first choice went to another player in a clash: pick again.\n"
    chosen = step.move
    options = tuple(_option(o, chosen) for o in pick.options[:25])
    buttons: tuple[ButtonSpec, ...] = ()
    if chosen and any(o.value == chosen for o in options):
        buttons = (
            ButtonSpec("Confirm", button_id("mv", table.id, table.version, chosen), "success"),
        )
    sides = {o.side for o in pick.options}
    what = "board and side" if len(sides) > 1 else "board"
    if len({o.board for o in pick.options}) == 1:
        what = "side"
    text = (
        f"{step.head}{clash}**Wonder pick, round {pick.round}** — choose your {what}, then "
        "Confirm. Everyone picks at the same time; if two players pick the same board, a draw "
        "gives it to one of them and the others pick again."
    )
    select = SelectSpec(
        select_id("move", table.id, table.version, "0"), "Choose your wonder", options
    )
    return Prompt(text, (select,), buttons, image=True)


def wonder_reveal_text(events: list[Event], names: list[str]) -> str:
    """The public reveal of a pick round: who got which board, and the clashes."""

    def name(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    said = []
    for e in events:
        if e.visible_to is not None:
            continue
        if e.kind == "wonder_draw":
            seats = e.data.get("seats")
            who = " and ".join(name(s) for s in seats) if isinstance(seats, list) else "?"
            said.append(
                f"⚔️ {who} chose {e.data.get('board')}: the draw gave it to "
                f"{name(e.data.get('winner'))}"
            )
        elif e.kind == "wonder_seated":
            said.append(f"{name(e.data.get('seat'))} takes {e.data.get('board')}")
    return "**Wonder pick** — " + (" · ".join(said) or "the boards are revealed.")
