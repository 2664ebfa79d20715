"""``/wonders games mine:true``: your games, the ones waiting for you first (no Discord)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MyGame", "my_games_text"]


@dataclass(frozen=True)
class MyGame:
    title: str  # "Game #12 · 7 Wonders · Age II turn 3"
    status: str  # lobby / running
    your_turn: bool
    link: str  # jump link: the status message, else the thread or channel
    deadline: float | None = None  # your seat's deadline (epoch seconds)


def my_games_text(games: list[MyGame], size: int = 2000) -> str:
    if not games:
        return "You are not in any open or running game here."
    ordered = sorted(games, key=lambda g: (not g.your_turn, g.status != "running"))
    lines = []
    for game in ordered:
        mark = (
            "👉 **your turn**"
            if game.your_turn
            else ("lobby" if game.status == "lobby" else "waiting")
        )
        due = f" · due <t:{int(game.deadline)}:R>" if game.your_turn and game.deadline else ""
        lines.append(f"{game.title} — {mark}{due} — {game.link}")
    shown: list[str] = []
    for index, line in enumerate(lines):
        rest = f"… and {len(lines) - index} more"
        if sum(len(s) + 1 for s in shown) + len(line) + len(rest) + 1 > size:
            shown.append(rest)
            break
        shown.append(line)
    return "\n".join(shown)
