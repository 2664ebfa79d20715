"""Fitting a public post into Discord's 2,000 characters without losing its point.

A 7-player round with long display names (up to 32 characters each) can outgrow a message:
seven builds each naming the two neighbours paid, six coin losses, seven conflicts, the
Gods & Heroes lines. Cutting the end would drop what matters most - the Age's conflicts and
whose turn it is - so the details go first: the payments in parentheses (the board image
shows every coin), then the longest lines are shortened at a " · " boundary, each keeping
its start. Every line stays; the first and last lines are shortened only as a last resort.
"""

from __future__ import annotations

import re

__all__ = ["MESSAGE_LIMIT", "fit_post"]

MESSAGE_LIMIT = 2000
_PAID = re.compile(r" \(paid [^()]*\)")
_SEP = " · "
_MORE = " · …"


def fit_post(text: str, size: int = MESSAGE_LIMIT) -> str:
    """``text`` within ``size`` characters, shortened as the module says."""
    text = text.strip()
    if len(text) <= size:
        return text
    text = _PAID.sub("", text)
    if len(text) <= size:
        return text
    lines = text.split("\n")
    middle = list(range(1, len(lines) - 1))
    for group in (middle, list(range(len(lines)))):
        while _length(lines) > size:
            candidates = [i for i in group if len(lines[i]) > len(_MORE) + 1]
            if not candidates:
                break
            longest = max(candidates, key=lambda i: len(lines[i]))
            lines[longest] = _shorten(lines[longest], _length(lines) - size)
        if _length(lines) <= size:
            return "\n".join(lines)
    return "\n".join(lines)[:size]


def _length(lines: list[str]) -> int:
    return sum(len(line) for line in lines) + len(lines) - 1


def _shorten(line: str, excess: int) -> str:
    """``line`` at least ``excess`` characters shorter (when it can be), ending "· …" after
    the last whole item that fits, or "…" inside a single long item."""
    room = max(len(line) - excess - len(_MORE), 0)
    cut = line.rfind(_SEP, 0, room + 1)
    if cut > 0:
        return line[:cut] + _MORE
    return line[: max(room + len(_MORE) - 1, 0)] + "…"
