"""``/wonders tutorial``: pages (text + a rendered picture) for each game, Discord-free.

Pages 1-3 are ``tutorial_text``; page 4 is an example game: the first turns of a seeded game,
each with what the Hard AI would play and why (``engine.ai.hint``), over the board it reached.
The last page offers a practice game against Easy AI with coaching tips.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

import render
from bot.games.registry import GAMES as ADAPTERS
from bot.games.registry import adapter_for
from bot.model.game import Game
from bot.model.ids import button_id
from bot.model.options import TableOptions
from bot.model.prompt import ButtonSpec
from bot.presenters.tutorial_text import PAGES
from bot.rendering import drawable
from engine.ai import make_agent
from engine.ai.hint import hint
from engine.common import Outcome

__all__ = [
    "GAMES",
    "NAMES",
    "Page",
    "kind_of",
    "page",
    "page_count",
    "page_text",
    "tutorial_buttons",
]

#: kind -> title, from the adapters (their order numbers the tutorial buttons' ids)
GAMES = {kind: game.title for kind, game in ADAPTERS.items()}
NAMES = ("You", "Bo", "Cy")
_SEED = 7
_EXAMPLE_TURNS = 4


@dataclass(frozen=True)
class Page:
    kind: str
    number: int  # 0-based
    title: str
    text: str
    image: str  # "board", "hand", "scores" or "words" (the view with its parts labelled)
    view: render.GameView
    outcome: Outcome | None = None


def page_count(kind: str) -> int:
    return len(PAGES[kind]) + 2  # the written parts, the example game, the practice page


def _config(game: Game) -> BaseModel:
    # the smallest 7 Wonders table (a Duel is always two)
    return game.config(TableOptions(players=3, sides="A"))


@cache
def _playout(kind: str, turns: int | None) -> tuple[object, tuple[str, ...]]:
    """A seeded game played by the Hard AI for ``turns`` of seat 0 (None: to the end), and
    the explained hints of seat 0's turns."""
    state, told, _ = _played(kind, turns)
    return state, told


@cache
def _played(kind: str, turns: int | None) -> tuple[object, tuple[str, ...], object]:
    """``_playout``'s state and hints, and the state seat 0 decided its last hinted turn on
    (the position the last hint speaks about)."""
    game = mod = adapter_for(kind)
    state = mod.new_game(_config(game), _SEED)
    last = state
    ai, rng = make_agent(kind, "heuristic"), random.Random(_SEED)
    told: list[str] = []
    while mod.to_act(state) and (turns is None or len(told) < turns):
        for seat in sorted(mod.to_act(state)):
            view, legal = mod.view(state, seat), mod.legal_moves(state, seat)
            if seat == 0 and turns is not None:
                last = state
                h = hint(kind, view, legal, random.Random(_SEED + len(told)))
                told.append(h.text)
                move = h.move
            else:
                move = ai.choose(view, legal, rng)
            state, _ = mod.apply(state, seat, move)
            if not game.secret_picks:
                break  # one seat acts at a time: the next comes from ``to_act`` again
    return state, tuple(told), last


def page(kind: str, number: int) -> Page:
    """Page ``number`` (clamped) of the ``kind`` tutorial."""
    number = max(0, min(number, page_count(kind) - 1))
    mod = adapter_for(kind)
    written = PAGES[kind]
    if number == 2:  # scoring: a finished game's sheet
        state, _ = _playout(kind, None)
        title, text = written[2]
        return Page(
            kind, number, title, text, "scores", drawable(mod.view(state, 0)), mod.outcome(state)
        )
    if number == 0:  # the words: your own view, each part it names labelled
        state, _ = _playout(kind, 2 if kind == "classic" else 6)  # Duel: past its draft
        title, text = written[0]
        text += "\nThe picture: your own view, the parts these words name labelled."
        return Page(kind, number, title, text, "words", drawable(mod.view(state, 0)))
    if number < len(written):
        state, _ = _playout(kind, 6)
        title, text = written[number]
        return Page(kind, number, title, text, "board", drawable(mod.view(state, 0)))
    if number == len(written):
        # The picture is the table the last narrated turn was decided on, not the next one.
        _, told, last = _played(kind, _EXAMPLE_TURNS)
        lines = "\n".join(f"**Turn {i + 1}.** {t}" for i, t in enumerate(told))
        text = (
            "The first turns of a real game, with what the Hard AI played and why — the "
            f"same explanation the **Hint** button gives you:\n{lines}\n"
            f"The picture: the table as you decide turn {len(told)}."
        )
        return Page(kind, number, "An example game", text, "board", drawable(mod.view(last, 0)))
    text = (
        "Ready? **Practice game** starts a game against Easy AI here. Every prompt carries a "
        "coaching tip (what the Hard AI would play and why); switch the tips off with "
        "`/wonders hints off`, or keep only the **Hint** button with `/wonders hints on`."
    )
    state, _ = _playout(kind, 0)
    return Page(kind, number, "Your turn to play", text, "hand", drawable(mod.view(state, 0)))


def page_text(p: Page) -> str:
    total = page_count(p.kind)
    return f"**{GAMES[p.kind]} tutorial — {p.title}** ({p.number + 1}/{total})\n{p.text}"


def tutorial_buttons(kind: str, number: int) -> tuple[ButtonSpec, ...]:
    """Back / Next / Close (and Practice game on the last page); ids carry the page, so the
    buttons work after a restart like every component (``wt:tut:<0|1>:<page>``)."""
    game = list(GAMES).index(kind)
    last = page_count(kind) - 1
    buttons = [
        ButtonSpec("Back", button_id("tut", game, max(0, number - 1)), disabled=number == 0),
        ButtonSpec(
            "Next", button_id("tut", game, min(last, number + 1)), "primary", number == last
        ),
        ButtonSpec("Close", button_id("tutx", game, number), "danger"),
    ]
    if number == last:
        buttons.insert(2, ButtonSpec("Practice game", button_id("tutp", game, number), "success"))
    return tuple(buttons)


def kind_of(game_field: int) -> str:
    return list(GAMES)[game_field] if 0 <= game_field < len(GAMES) else "classic"
