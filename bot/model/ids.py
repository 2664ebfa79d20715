"""``custom_id`` formats of every component the bot sends (stable: end-to-end tests use them).

Buttons: ``wt:<verb>:<game id>[:<version>[:<arg>]]``; selects: ``ws:<verb>:<game id>:<version>``.

| custom_id                          | component | meaning                                         |
|------------------------------------|-----------|-------------------------------------------------|
| ``wt:join:<g>``                    | button    | lobby: take a free seat                         |
| ``wt:leave:<g>``                   | button    | lobby: leave the table                          |
| ``wt:addai:<g>``                   | button    | lobby: seat an AI (creator or admin)            |
| ``wt:start:<g>``                   | button    | lobby: start (creator or admin)                 |
| ``wt:play:<g>:<v>``                | button    | "Play your turn": opens the clicker's own hand  |
| ``wt:hand:<g>:<v>``                | button    | back to the card choice (inside a hand prompt)  |
| ``wt:act:<g>:<v>:<action>:<card>`` | button    | classic: Build / Wonder with several payments   |
| ``wt:mv:<g>:<v>:<move>``           | button    | apply ``<move>`` (engine move text) — Confirm   |
| ``wt:mv:<g>:<v>:pick:<wonder>``    | button    | Duel draft, on the public post: take a wonder   |
| ``wt:pg:<g>:<v>:<page>``           | button    | next / previous page of a long move list        |
| ``ws:card:<g>:<v>``                | select    | classic: choose a card (value: card name)       |
| ``ws:pay:<g>:<v>``                 | select    | classic: how to pay (value: move text)          |
| ``ws:move:<g>:<v>:<page>``         | select    | any move from a list (value: move text)         |
| ``ws:card:<g>:<v>``                | select    | Duel: a pyramid card (value: its index 0..19)   |
| ``wt:act:<g>:<v>:wonder:<slot>``   | button    | Duel: "Wonder…" (several wonders possible)      |
| ``ws:wonder:<g>:<v>:<slot>``       | select    | Duel: which wonder (value: the move text)       |
| ``wt:sent:<g>:<v>:<move>``         | button    | "Check my move" on a prompt left at "Sending    |
|                                    |           | your move…": saved or not, reopens the hand     |
| ``wt:coachoff:<g>``                | button    | "Tips off": no more coaching tips in prompts    |
| ``wt:rematch:<g>``                 | button    | result post: open / take a seat at the rematch  |
| ``wt:rp:<g>:<turn>:<tag>``         | button    | replay: show public round ``<turn>`` (tag:      |
|                                    |           | prev/next/a1-a3/end keeps two ids distinct)     |
| ``wt:change:<g>:<v>``              | button    | classic: "Change my pick" (v: the round start)  |
| ``wt:c<verb>…`` / ``ws:c<verb>…``  | both      | classic: a step of the change prompt: the hand  |
|                                    |           | prompt's ``card act pay hand mv move pg`` ids   |
|                                    |           | with ``c`` prefixed (``bot.services.change``)   |

Duel: Build / Discard / a single possible wonder are ``wt:mv`` buttons (``build:<slot>``,
``discard:<slot>``, ``wonder:<slot>:<wonder>``); the draft, progress tokens, Great Library,
destroy, Mausoleum and who-starts choices use ``ws:move`` + Confirm.

``<v>`` is the game's version (number of moves) when the component was built; a click from an
earlier round is answered "the game has moved on" with a fresh button. Engine move texts hold no
spaces and at most 60 characters, so every id stays within Discord's 100 (the longest,
``wt:sent:`` + 18-digit game + 9-digit version + move, is 97).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "BUTTON_RE",
    "NOT_OURS",
    "SELECT_RE",
    "ComponentId",
    "IdTooLong",
    "button_id",
    "parse",
    "select_id",
]

BUTTON_RE = re.compile(
    r"wt:(?P<verb>[a-z]+):(?P<game>\d{1,18})(?::(?P<ver>\d{1,9}))?(?::(?P<arg>.+))?"
)
SELECT_RE = re.compile(r"ws:(?P<verb>[a-z]+):(?P<game>\d{1,18}):(?P<ver>\d{1,9})(?::(?P<arg>.+))?")
MAX_LEN = 100
# The longest id the bot makes (``wt:sent:`` above). A click's id may grow by 2 characters in
# the ids derived from it (``mv`` -> ``sent``, ``mv`` -> ``cmv``), so an id longer than this
# is not ours, and anything derived from an id we accept fits in ``MAX_LEN``.
LONGEST = 97
#: The one answer to a component id that does not parse or whose derived ids would not fit.
NOT_OURS = (
    "This button is not from this bot or is out of date. Use `/wonders hand` to see your game."
)


class IdTooLong(ValueError):
    """A custom_id built from a clicked one would exceed Discord's 100 characters (a forged
    id): answered with ``NOT_OURS``, never an error."""


@dataclass(frozen=True, slots=True)
class ComponentId:
    """A parsed ``custom_id``."""

    select: bool
    verb: str
    game_id: int
    version: int | None
    arg: str | None


def _join(prefix: str, verb: str, game_id: int, version: int | None, arg: str | None) -> str:
    parts = [prefix, verb, str(game_id)]
    if version is not None:
        parts.append(str(version))
    if arg is not None:
        parts.append(arg)
    text = ":".join(parts)
    if len(text) > MAX_LEN:
        raise IdTooLong(f"custom_id longer than {MAX_LEN}: {text[:120]!r}…")
    return text


def button_id(verb: str, game_id: int, version: int | None = None, arg: str | None = None) -> str:
    return _join("wt", verb, game_id, version, arg)


def select_id(verb: str, game_id: int, version: int, arg: str | None = None) -> str:
    return _join("ws", verb, game_id, version, arg)


def parse(custom_id: str) -> ComponentId | None:
    """The parts of one of our ids, or None for anything else (forged, foreign, too long)."""
    if len(custom_id) > LONGEST:
        return None
    for select, pattern in ((False, BUTTON_RE), (True, SELECT_RE)):
        m = pattern.fullmatch(custom_id)
        if m:
            ver = m.group("ver")
            return ComponentId(
                select,
                m.group("verb"),
                int(m.group("game")),
                None if ver is None else int(ver),
                m.group("arg"),
            )
    return None
