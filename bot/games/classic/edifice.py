"""Edifice's join prompt (ephemeral): the extra step after building a wonder stage — "Also join
*Aqueduct* for 2 coins? Reward when completed: …" — with one button per way to pay and one to
decline. Every seat offered the join decides at once; nobody sees the others' choices first.
"""

from __future__ import annotations

from bot.games.classic.expansion import BotExpansion
from bot.games.classic.seam import legal_of
from bot.model.game import PromptStep, Table
from bot.model.ids import button_id
from bot.model.prompt import ButtonSpec, Prompt
from bot.presenters.texts import ROMAN, name_seats
from engine.classic import ClassicView
from engine.classic.edifice.views import EdificeProjectView
from engine.common import Event

__all__ = ["EXPANSION", "edifice_prompt", "edifice_wait_text", "join_label"]

_BUTTONS = 9  # with "Don't join": two rows


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def join_label(move: str, cost: str) -> str:
    """ "Join (pay 2 coins)" / "Join (2 coins + 1 coin to the left)" / "Don't join"."""
    parts = move.split(":")
    if parts[0] != "edifice":
        return "Don't join"
    left, right = int(parts[2]), int(parts[3])
    paid = [cost]
    if left:
        paid.append(f"{_coins(left)} to the left")
    if right:
        paid.append(f"{_coins(right)} to the right")
    return f"Join (pay {' + '.join(paid)})"


def _project(view: ClassicView) -> EdificeProjectView:
    if view.edifice is None:
        raise TypeError("an Edifice prompt for a game without Edifice")
    return view.edifice.projects[view.age - 1]


def edifice_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt:
    """The join decision of ``seat`` (whose view is in the ``edifice_join`` phase)."""
    p = _project(view)
    moves = [str(m) for m in legal_of(table, seat)]
    age = ROMAN.get(view.age, str(view.age))
    unconfirmed = "" if p.confirmed else " (project data unconfirmed: see `/wonders card`)"
    text = (
        f"{step.head}**Edifice** — you built a wonder stage. Also join *{p.name}* for "
        f"{p.cost}? Reward when completed: {p.reward}. Pawns left: {p.pawns_left}; the last "
        f"pawn taken completes it at once. If it is still open at the end of Age {age}, each "
        f"player without a pawn must {p.penalty}. You have {_coins(view.cities[seat].coins)}."
        f"{unconfirmed}"
    )
    joins = [m for m in moves if m.startswith("edifice:")][:_BUTTONS]
    passes = [m for m in moves if m.startswith("edifice-pass:")]
    buttons = tuple(
        ButtonSpec(join_label(m, p.cost), button_id("mv", table.id, table.version, m), "success")
        for m in joins
    ) + tuple(
        ButtonSpec("Don't join", button_id("mv", table.id, table.version, m), "secondary")
        for m in passes
    )
    return Prompt(text, (), buttons)


def edifice_wait_text(view: ClassicView, seat: int, names: list[str]) -> str | None:
    """Why a seat waits in the ``edifice_join`` phase (None elsewhere or when it decides)."""
    if view.phase != "edifice_join" or not view.to_act or seat in view.to_act:
        return None
    who = " and ".join(names[s] for s in sorted(view.to_act))
    return (
        f"{who} may also join the Edifice project {_project(view).name}; the next turn starts "
        "once they chose."
    )


def _prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    return edifice_prompt(table, view, seat, step) if view.phase == "edifice_join" else None


def _public_event(e: Event, names: list[str]) -> str:
    """A join, a project completed or failed, a debt token: the engine's sentence, named."""
    return name_seats(e.text, names)


EXPANSION = BotExpansion(
    "edifice",
    "Edifice",
    _prompt,
    edifice_wait_text,
    secret_phases=frozenset({"edifice_join"}),
    change_asks={"edifice_join": "answer (join the Edifice project or not)"},
    score_rows=("edifices",),
    turn_lines={"edifice_join": "Edifice: {who} — join the project or not."},
    status_lines={"edifice_join": "Edifice: join the project or not."},
    event_texts=dict.fromkeys(
        ("edifice_joined", "edifice_completed", "edifice_failed", "edifice_debt"), _public_event
    ),
    reveal_names={"edifice_join": ", Edifice joins"},
)
