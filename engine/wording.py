"""How texts for players write counts, ages and durations: "1 coin", "Age II", "1 day".

Shared by the engines' effect and event texts and by the bot's presenters, so every text
says it the same way (pure: no I/O).
"""

from __future__ import annotations

__all__ = [
    "age_name",
    "and_list",
    "coins",
    "count",
    "duration",
    "lack_text",
    "paid_to_neighbours",
    "purse",
    "roman",
]

_ROMAN = ("", "I", "II", "III", "IV")
# Words whose plural is not the word plus "s".
_PLURALS = {"VP": "VP", "copy": "copies", "progress": "progress"}
_DURATION_UNITS = ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second"))


def count(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` in the right number: "1 coin", "2 coins", "0 shields"."""
    if n == 1 or n == -1:
        return f"{n} {word}"
    return f"{n} {many or _PLURALS.get(word, word + 's')}"


def and_list(items: list[str]) -> str:
    """ "ana", "ana and bo", "ana, bo and cy"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def lack_text(missing: dict[str, int]) -> str:
    """Why a card can't be built, from ``HandCardView.missing``: "lacks 2 ore" (units nobody
    around can sell), else "4 coins short" (buying it would cost more than you have)."""
    units = [f"{q} {r}" for r, q in missing.items() if r != "coins"]
    if units:
        return "lacks " + ", ".join(units)
    short = missing.get("coins", 0)
    return f"{coins(short)} short" if short else "can't afford"


def coins(n: int) -> str:
    """ "1 coin", "3 coins"."""
    return count(n, "coin")


def paid_to_neighbours(left: int, right: int) -> str:
    """A move's payments as a tail: " (2 coins to left, 1 coin to right)"; "" when none."""
    pay = [f"{coins(n)} to {side}" for n, side in ((left, "left"), (right, "right")) if n]
    return f" ({', '.join(pay)})" if pay else ""


def purse(n: int) -> str:
    """What a player holds: "no coins", "1 coin", "7 coins"."""
    return "no coins" if n == 0 else coins(n)


def roman(age: int) -> str:
    """An age's number as the rules write it: 2 -> "II" (other numbers stay Arabic)."""
    return _ROMAN[age] if 0 < age < len(_ROMAN) else str(age)


def age_name(age: int) -> str:
    """ "Age II"."""
    return f"Age {roman(age)}"


def duration(seconds: int) -> str:
    """A duration as people write it: "1 day", "12 hours", "30 minutes", "90 seconds";
    a mixed one in its two largest units ("1 day 12 hours"); 0 or less: "no timer"."""
    if seconds <= 0:
        return "no timer"
    parts: list[str] = []
    rest = seconds
    for size, unit in _DURATION_UNITS:
        if rest >= size and len(parts) < 2:
            parts.append(count(rest // size, unit))
            rest %= size
        elif parts:  # a gap after the largest unit: stop at two adjacent units
            break
    return " ".join(parts)
