"""Babel's two modules in the bot (docs/babel.md), registered in
``bot.games.classic.expansions.BOT_EXPANSIONS``: the Tower of Babel (``babel-tower``: its tile
draft) and the Great Projects (``babel-projects``: the join question after building a card of
the project's colour). Both steps are the shared list of moves under a head of their own; the
extra buttons a card gets from the tower's laws (a tile, a coin-build, a neighbour's chain) are
the card step's, in ``bot.games.classic.prompts``."""

from __future__ import annotations

from bot.games.classic.expansion import BotExpansion
from bot.games.classic.move_list import move_list
from bot.model.game import PromptStep, Table
from bot.model.prompt import Prompt
from engine.classic import ClassicView
from engine.classic.babel.texts import babel_law
from engine.wording import coins

__all__ = ["PROJECTS", "TOWER"]


def _draft_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    """The tile draft: keep one tile, the others pass on."""
    if view.phase != "babel_draft" or view.tower is None:
        return None
    mine = ", ".join(str(t) for t in view.tower.mine) or "none yet"
    ask = f"Keep one Babel tile (kept so far: {mine}); the others pass to your right. "
    return move_list(table, seat, step.page, step.move, step.head + ask)


def _join_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    """The second step after building a card of the project's colour: join it or not."""
    if view.phase != "babel_join" or view.projects is None:
        return None
    p = view.projects
    cost = " + ".join([coins(p.coins)] + [f"{q} {r}" for r, q in p.resources.items()])
    ask = f"Also join the Great Project *{p.name}* for {cost}? Reward: {p.reward}. "
    return move_list(table, seat, step.page, step.move, step.head + ask)


def _tower_event(kind: str, d: dict[str, object], who: str, tail: str) -> str | None:
    if kind == "tile":  # "bob built Babel tile 7: chains may use a neighbour's card"
        return f"{who} built Babel tile {d.get('value')}: {babel_law(d.get('value'))}"
    return None


def _projects_event(kind: str, d: dict[str, object], who: str, tail: str) -> str | None:
    if kind == "project_joined":
        return f"{who} joined the Great Project {d.get('project')}{tail}"
    if kind == "project_blocked":  # Double Walls failed
        return (
            f"{who}'s {d.get('resource')} is blocked by {d.get('project')} for the rest of the game"
        )
    return None


TOWER = BotExpansion(
    "babel-tower",
    "Tower of Babel",
    _draft_prompt,
    secret_phases=frozenset({"babel_draft"}),
    change_asks={"babel_draft": "tile"},
    score_rows=("babel",),
    row_words={"babel": "Babel tiles"},
    seat_event=_tower_event,
)
PROJECTS = BotExpansion(
    "babel-projects",
    "Great Projects",
    _join_prompt,
    secret_phases=frozenset({"babel_join"}),
    change_asks={"babel_join": "answer (join the Great Project or not)"},
    score_rows=("projects",),
    seat_event=_projects_event,
)
