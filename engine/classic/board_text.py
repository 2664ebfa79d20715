"""Short texts of a wonder board, for places with a hard length limit (a Discord select option
holds 100 characters): "Rhodos A — ore · stages: 3 VP, 2 shields, 7 VP".

The long form with every stage's cost is ``variants.choice_view.board_line``; this one names
only what each stage gives, in the fewest words a player recognises.
"""

from __future__ import annotations

from engine.classic.data import BOARD_INDEX, BOARDS, RESOURCES, SCIENCE, EffectDef

__all__ = ["SELECT_LIMIT", "select_line", "stage_gain", "stage_gains"]

SELECT_LIMIT = 100  # Discord's limit on a select option's label and description

_RAW = frozenset(range(4))  # wood, stone, clay, ore: the rest are manufactured goods
_SPECIAL = (  # pairs, not a dict: module-level tables stay immutable (engine.caches)
    ("play_seventh_card", "7th card"),
    ("free_build_once_per_age", "free build/Age"),
    ("build_from_discard", "discard build"),
    ("copy_neighbour_guild", "copy a guild"),
)


def _choice(res: tuple[int, ...]) -> str:
    if set(res) == _RAW:
        return "any raw"
    if len(res) == 3 and not set(res) & _RAW:
        return "any good"
    return "/".join(RESOURCES[r] for r in res)


def stage_gain(eff: EffectDef) -> str:
    """What a stage gives, joined with '+' (a stage may give several things)."""
    parts: list[str] = []
    if eff.choice:
        parts.append(_choice(eff.choice))
    if eff.vp:
        parts.append(f"{eff.vp} VP")
    if eff.shields:
        parts.append(f"{eff.shields} shield{'s' if eff.shields > 1 else ''}")
    if eff.science >= 0:
        parts.append("any science" if SCIENCE[eff.science] == "any" else SCIENCE[eff.science])
    if eff.coins:
        parts.append(f"{eff.coins} coins")
    if eff.discount:
        parts.append("raw for 1c")
    if eff.special:
        parts.append(dict(_SPECIAL).get(eff.special, eff.special.replace("_", " ")))
    return "+".join(parts) or "nothing"


def stage_gains(board: int | str, side: str) -> list[str]:
    """What each stage of a board side gives, in build order ("3 VP", "any raw", ...)."""
    b = BOARDS[BOARD_INDEX[board] if isinstance(board, str) else board]
    return [stage_gain(st.effect) for st in b.sides["AB".index(side)]]


def select_line(board: int | str, side: str) -> str:
    """One line of at most :data:`SELECT_LIMIT` characters: city, side, starting resource and
    what each stage gives. ``board`` is a board id or city name, ``side`` "A" or "B"."""
    b = BOARDS[BOARD_INDEX[board] if isinstance(board, str) else board]
    stages = ", ".join(stage_gains(b.id, side))
    line = f"{b.city} {side} — {RESOURCES[b.resource]} · stages: {stages}"
    # No board needs it today; a data change must still not break a select.
    return line if len(line) <= SELECT_LIMIT else line[: SELECT_LIMIT - 1] + "…"
