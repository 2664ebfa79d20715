"""AI levels as players see them (Easy, Normal, Hard, Expert) and as the store keeps them
(random, greedy, heuristic, search: unchanged, so no migration). Commands accept both."""

from __future__ import annotations

from engine.ai import LEVELS

__all__ = ["LEVEL_NAMES", "level_name", "levels_text", "parse_level"]

# Stored level -> the name shown, weakest first (the order of ``engine.ai.LEVELS``).
LEVEL_NAMES: dict[str, str] = {
    "random": "Easy",
    "greedy": "Normal",
    "heuristic": "Hard",
    "search": "Expert",
}
_BY_WORD = {word.lower(): level for level, name in LEVEL_NAMES.items() for word in (level, name)}
_AGENT = "agent:"


def parse_level(text: str | None) -> str | None:
    """The stored level for "Hard", "hard" or "heuristic"; ``agent:<name>`` as given;
    None when ``text`` names no level."""
    if text is None:
        return None
    word = text.strip()
    if word.startswith(_AGENT):
        return word
    return _BY_WORD.get(word.lower())


def level_name(level: str | None) -> str:
    """ "Hard" for heuristic; "agent Zeno" for ``agent:Zeno``; anything else as stored."""
    if level is None:
        return "?"
    if level.startswith(_AGENT):
        return f"agent {level[len(_AGENT) :]}"
    return LEVEL_NAMES.get(level, level)


def levels_text() -> str:
    """ "Easy, Normal, Hard or Expert" (for refusals)."""
    names = [LEVEL_NAMES.get(lv, lv) for lv in LEVELS]
    return ", ".join(names[:-1]) + " or " + names[-1]
