"""Civilian scoring (rules.md §13) and the outcome with its tie-break."""

from __future__ import annotations

from engine.common import Outcome, Score
from engine.duel.data import BOARD, CARDS, COLOR_MASK, COLORS, GUILD_IDS, TOKENS, WONDERS
from engine.duel.state import OUT, OVER, VICTORIES, State

__all__ = ["blue_vp", "military_vp", "outcome", "scores"]

_BLUE, _GREEN, _YELLOW = (COLORS.index(c) for c in ("blue", "green", "yellow"))
_VP_STEPS = tuple(sorted(BOARD.military.vp, reverse=True))  # ((6, 10), (3, 5), (1, 2))


def military_vp(pawn: int, seat: int) -> int:
    """VP the pawn's distance gives ``seat`` (nothing to the seat it moved away from)."""
    toward = pawn if seat == 0 else -pawn
    for dist, vp in _VP_STEPS:
        if toward >= dist:
            return vp
    return 0


def _colour_vp(mask: int, colour: int) -> int:
    m = mask & COLOR_MASK[colour]
    return sum(CARDS[i].vp for i in range(len(CARDS)) if m >> i & 1)


def blue_vp(state: State, seat: int) -> int:
    return _colour_vp(state.masks[seat], _BLUE)


def _count(state: State, seat: int, kind: int) -> int:
    if kind >= 0:
        return (state.masks[seat] & COLOR_MASK[kind]).bit_count()
    if kind == -1:
        return sum(1 for x in state.wonders[seat] if 0 < state.wage[x] < OUT)
    return state.coins[seat] // 3


def _guild_vp(state: State, seat: int) -> int:
    total = 0
    for g in GUILD_IDS:
        if state.masks[seat] >> g & 1:
            c = CARDS[g]
            best = max(sum(_count(state, s, k) for k in c.guild_kinds) for s in (0, 1))
            total += c.guild_vp * best
    return total


def _score(state: State, seat: int) -> Score:
    mask = state.masks[seat]
    tokens = state.tokens[seat]
    n_tokens = tokens.bit_count()
    progress = sum(t.vp + t.vp_per_token * n_tokens for t in TOKENS if tokens >> t.id & 1)
    parts = {
        "military": military_vp(state.pawn, seat),
        "treasury": state.coins[seat] // 3,
        "wonders": sum(WONDERS[x].vp for x in state.wonders[seat] if 0 < state.wage[x] < OUT),
        "civilian": _colour_vp(mask, _BLUE),
        "science": _colour_vp(mask, _GREEN),
        "commercial": _colour_vp(mask, _YELLOW),
        "guilds": _guild_vp(state, seat),
        "progress": progress,
    }
    return Score(**parts, total=sum(parts.values()))


def scores(state: State) -> list[Score]:
    """Each seat's civilian score if the game ended now."""
    return [_score(state, 0), _score(state, 1)]


def outcome(state: State) -> Outcome | None:
    """``None`` while running; supremacy wins outright, else most VP, then most blue VP (§13)."""
    if state.phase != OVER:
        return None
    sc = scores(state)
    if state.winner >= 0:
        winners = [state.winner]
    elif sc[0].total != sc[1].total:
        winners = [0 if sc[0].total > sc[1].total else 1]
    elif sc[0].civilian != sc[1].civilian:
        winners = [0 if sc[0].civilian > sc[1].civilian else 1]
    else:
        winners = [0, 1]
    return Outcome(scores=sc, winners=winners, victory=VICTORIES[state.victory])
