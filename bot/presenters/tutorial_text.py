"""The tutorial's written pages for both games (the project's own words).

Four parts, as the design seed asks: the words of the game, the rules by age and turn, how
victory points are counted, and an example game (generated in ``bot.presenters.tutorial``).
"""

from __future__ import annotations

__all__ = ["PAGES"]

_CLASSIC = [
    (
        "Words of the game",
        "**City** — your board: a wonder and the buildings you add.\n"
        "**Age** — the game has three (I, II, III), six turns each.\n"
        "**Hand** — the cards you hold; after each turn you pass the rest to a neighbour "
        "(left in Ages I and III, right in Age II).\n"
        "**Resources** — wood, stone, clay, ore (brown cards), glass, loom, papyrus (grey). "
        "They are never spent: a card needs them, it does not consume them.\n"
        "**Trading** — buy a resource a neighbour produces for 2 coins (some yellow cards "
        "make it 1). The coins go to that neighbour.\n"
        "**Chain** — a card that names an earlier card is free if you built that card.\n"
        "**Wonder stage** — tuck a card under your wonder and pay the stage's resources.",
    ),
    (
        "An age, turn by turn",
        "Each turn everyone picks one card at the same time, then all picks are revealed:\n"
        "1. **Build** it (pay its coins and resources, or free through a chain),\n"
        "2. **Build a wonder stage** with it, or\n"
        "3. **Discard** it for 3 coins.\n"
        "Then hands pass on. After the sixth turn the last card is discarded and each city "
        "fights its two neighbours: more shields wins a token worth 1 / 3 / 5 VP (Age I / II / "
        "III), fewer takes a −1. The picture: a real table, cities around the board.",
    ),
    (
        "Counting victory points",
        "At the end of Age III, add up: **military** tokens, **treasury** (1 VP per 3 coins), "
        "**wonder** stages, **civilian** (blue) cards, **science** (each kind of symbol "
        "counted squared, plus 7 VP per set of compass, gear and tablet), **commercial** "
        "(yellow Age III cards) and **guilds** (purple, scored from the neighbours). The most "
        "points wins; coins break a tie. The picture: a worked score sheet.",
    ),
]

_DUEL = [
    (
        "Words of the game",
        "**City** — your buildings, wonders and progress tokens.\n"
        "**Pyramid** — each Age's 20 cards laid out overlapping; only uncovered cards can be "
        "taken, and taking one may turn a hidden card face up.\n"
        "**Conflict pawn** — shields push it toward your rival's capital.\n"
        "**Science symbols** — a pair of the same symbol gives a **progress token**.\n"
        "**Trading** — a missing resource costs 2 coins plus 1 per unit your rival makes with "
        "brown and grey cards, paid to the bank.\n"
        "**Chain** — a card whose symbol you already own is free.",
    ),
    (
        "An age, turn by turn",
        "First the players draft four wonders each. In each Age players alternate: take an "
        "uncovered card of the pyramid and **build** it, **discard** it for 2 coins (+1 per "
        "yellow card), or **build a wonder** with it. Some wonders let you play again. When the "
        "pyramid is empty the next Age starts; the player behind in military chooses who "
        "begins. Only seven wonders are built in all. The picture: a real pyramid.",
    ),
    (
        "Winning and counting points",
        "You win **at once** with the pawn in the rival capital (military) or six different "
        "science symbols (science). Otherwise after Age III add up: blue cards, green and "
        "yellow points, guilds, wonders, progress tokens, the pawn's zone (2 / 5 / 10 VP) and "
        "1 VP per 3 coins. The picture: a worked score sheet.",
    ),
]

PAGES: dict[str, list[tuple[str, str]]] = {"classic": _CLASSIC, "duel": _DUEL}
