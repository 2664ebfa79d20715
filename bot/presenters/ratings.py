"""Ratings in words: the result post's line, the stats line and the leaderboard."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.registry import title_of
from bot.presenters.levels import level_name
from bot.rating import PROVISIONAL_GAMES, Skill
from bot.services.ratings import Board, SeatChange, skill_of
from bot.store import Season
from engine.wording import count

__all__ = ["board_text", "rating_line", "stats_ratings"]

_SHOWN = 10  # people listed on a leaderboard


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def rating_line(changes: Sequence[SeatChange], names: Sequence[str]) -> str:
    """ "Ratings: ana 1069 (+69) · bo 963 (−37)" for the result post ("" when unrated);
    a rating still settling says "provisional"."""
    parts = []
    for c in changes:
        if c.seat >= len(names):
            continue
        tag = ", provisional" if c.provisional else ""
        parts.append(f"{names[c.seat]} {c.shown} ({_signed(c.change)}{tag})")
    return "Ratings: " + " · ".join(parts) if parts else ""


def _rated(skill: Skill) -> str:
    tag = f", provisional until {PROVISIONAL_GAMES} games" if skill.provisional else ""
    return f"{skill.shown} ({count(skill.games, 'rated game')}{tag})"


def stats_ratings(skills: Mapping[str, Skill], season: Season) -> str:
    """ "Rating (Spring): 7 Wonders 1069 (2 rated games, provisional…) · Duel …" (no season
    named before a server's first one)."""
    named = f" ({season.name})" if season.number else ""
    if not skills:
        where = f" in season {season.name}" if season.number else ""
        return f"No rated games{where} yet."
    parts = [f"{title_of(family)} {_rated(skill)}" for family, skill in sorted(skills.items())]
    return f"Rating{named}: " + " · ".join(parts)


def board_text(board: Board, family: str) -> str:
    """The people by conservative rating, then the AI levels' ratings on one line."""
    named = f", {board.season.name}" if board.season.number or not board.current else ""
    past = "" if board.current else " (a past season)"
    head = f"**Leaderboard — {title_of(family)}{named}**{past}"
    people = [r for r in board.rows if r.user_id is not None][:_SHOWN]
    if not people:
        return f"{head}\nNo rated games yet."
    lines = [
        f"{i}. <@{r.user_id}> — {skill_of(r).shown}"
        + (" (provisional)" if skill_of(r).provisional else "")
        + f" · {count(r.games, 'game')}"
        for i, r in enumerate(people, 1)
    ]
    levels = [f"{level_name(r.ai_level)} {skill_of(r).shown}" for r in board.rows if r.ai_level]
    tail = f"\nAI levels: {' · '.join(levels)}" if levels else ""
    return head + "\n" + "\n".join(lines) + tail
