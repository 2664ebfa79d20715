"""The texts of ``/wonders history review``: the summary with the three costliest moves, then
every decision in compact lines, cut into messages of at most 2000 characters."""

from __future__ import annotations

from bot.services.review import Review
from bot.services.review_work import Judged

__all__ = ["decision_line", "review_messages", "summary_text"]

_LIMIT = 2000


def _vp(value: float) -> str:
    return f"{round(value, 1) + 0.0:+.1f}"  # + 0.0: never "-0.0"


def _costly_line(game_id: int, rank: int, j: Judged) -> str:
    return (
        f"{rank}. **{j.when}** (decision {j.number}) — you: {j.played} ({_vp(j.played_value)}); "
        f"better: **{j.best}** ({_vp(j.best_value)}), about {j.loss:.1f} VP given away.\n"
        f"   Why: {j.why} (`/wonders history replay game:{game_id} turn:{j.turn}` shows "
        "that board.)"
    )


def summary_text(review: Review) -> str:
    """Headline, how often the player matched the Hard AI, the three costliest moves."""
    judged = review.judged
    matched = sum(1 for j in judged if not j.best)
    given = sum(j.loss for j in judged)
    lines = [
        f"**Review of game #{review.game_id}** ({review.title}) — {review.name}: "
        f"{len(judged)} of {review.total} decisions judged by the Hard AI "
        f"({review.cpu_s:.2f} s of CPU). Values are in VP-equivalents.",
        f"You played the Hard AI's own choice {matched} times; in all you gave away about "
        f"{given:.1f} VP.",
    ]
    if not review.complete:
        lines.append("(The review reached its time limit: later decisions are not judged.)")
    costly = review.costliest()
    if costly:
        lines.append(f"**Your {len(costly)} costliest moves**")
        lines.extend(_costly_line(review.game_id, rank, j) for rank, j in enumerate(costly, 1))
    else:
        lines.append("The Hard AI finds no move of yours worse than its own choice.")
    return "\n".join(lines)[:_LIMIT]


def decision_line(j: Judged) -> str:
    """ "`3 Age I turn 3` Build Baths +2.1 → Build Altar +3.0 (−0.9)", ✓ when it was best."""
    head = f"`{j.number} {j.when}` {j.played} {_vp(j.played_value)}"
    if not j.best:
        return f"{head} ✓"
    return f"{head} → {j.best} {_vp(j.best_value)} (−{j.loss:.1f})"


def review_messages(review: Review) -> list[str]:
    """The summary, then every decision (your move and value → the Hard AI's best)."""
    messages = [summary_text(review)]
    current = "**Every decision** (your move and its value → the Hard AI's best move)"
    for j in review.judged:
        line = decision_line(j)[: _LIMIT - 1]
        if len(current) + 1 + len(line) > _LIMIT:
            messages.append(current)
            current = line
        else:
            current += "\n" + line
    messages.append(current)
    return messages
