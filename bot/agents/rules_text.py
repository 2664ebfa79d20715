"""The rules part of the agent prompt, in the project's own words.

Same sections and facts as the seed prompt (victory, setup, building and trading, the card
families and catalogue, the wonder draft and wonders, the pyramids, the three actions, military,
science and progress tokens, the JSON position, the steps and moves, strategy notes, the answer
format). The catalogue and the pyramids are generated from the engine's rule tables, so the
prompt never disagrees with the rules the game enforces.
"""

from __future__ import annotations

from functools import cache

from engine.duel.data import CARDS, COLORS, LAYOUTS, RESOURCES, TOKENS, WONDERS, CardDef

__all__ = ["rules_text"]

_RES = {"wood": "WOOD", "stone": "STONE", "clay": "BRICK", "glass": "GLASS", "papyrus": "PAPYRUS"}
_FAMILY = {
    "brown": "Raw materials (brown): produce WOOD, BRICK or STONE",
    "grey": "Manufactured goods (grey): produce GLASS or PAPYRUS",
    "blue": "Civilian buildings (blue): victory points, often chains",
    "green": "Scientific buildings (green): a science symbol, sometimes points",
    "yellow": "Commercial buildings (yellow): coins, trade rebates, choice production, points",
    "red": "Military buildings (red): shields that move the conflict pawn",
    "purple": "Guilds (purple, Age III only): points (and coins) from the best city",
}

_INTRO = """You play 7 Wonders Duel, a two-player card game, as one of the two players.

## How a game is won
Three Ages are played. A player wins at once by military supremacy (the conflict pawn reaches the
opponent's capital) or by scientific supremacy (six different science symbols). If neither
happens by the end of Age III, the higher victory-point total wins.

## Setup
Twelve wonders are drafted, four per player (see the draft below); at most seven of them will ever
be built. Each Age has its own deck, laid out as a pyramid of 20 cards, some face up and some
face down.

## Building and trading
Buildings cost nothing, coins, resources, or coins and resources; wonders cost resources. A
city's resources come from its brown and grey cards, some yellow cards and some wonders; they are
never used up and are available again every turn. A missing resource is bought from the bank for
2 coins plus 1 per unit of that resource the OPPONENT produces with brown and grey cards (their
yellow cards and wonders do not count). Purchases are unlimited and paid to the bank (to the
opponent instead when the opponent owns the Economy token). A
yellow "X for 1" card fixes the price of X at 1 coin whatever the opponent produces.
Example: the opponent produces 2 stone with brown cards, so each stone costs you 4; a card
needing 2 stone, 1 clay and 1 papyrus, when you have 2 stone and the opponent 1 clay and no
papyrus, costs you 3 + 2 = 5 coins. Coin costs printed on cards go to the bank too.
Chains: from Age II on, a card may show a chain symbol; if your city already holds the card
named there, you build it for free.

## The card families
{families}

## The cards (name, Age, cost, effect; "chain from" = free with that card)
{catalogue}
Guilds count one city (the one with the most of what they count) for their coins when built and
again, possibly the other city, for their points at the end. Hidden cards show as AGE_ONE_BACK,
AGE_TWO_BACK, AGE_THREE_BACK or GUILD_BACK.

## The wonder draft and the wonders
Four wonders are shown; the first player takes 1, the second 2, the first the last one. Four
more are shown and the second player starts. Each player then owns 4 wonders. Building the 7th
wonder of the game sends the last unbuilt one back to the box.
{wonders}

## The pyramids (index = cardIndex; taking a card uncovers the ones it covered)
{pyramids}
Before you take a card, list what it uncovers: a face-down card whose last cover you remove is
revealed and offered to your opponent first. Prefer moves that leave your opponent nothing
strong.

## Your three actions with the card you take
1. Construct it: pay its cost; it joins your city.
2. Discard it: take 2 coins plus 1 per yellow card in your city; it goes to the discard pile.
3. Construct a wonder with it: pay the wonder's cost; the card is tucked under it, no effect.

## Military
Each shield moves the pawn one space toward the opponent's capital. The pawn goes from -9 to 9;
player 1 pushes toward +9, player 2 toward -9; reaching the end wins. The first time the pawn
enters the 3-5 zone on a side, that side's player loses 2 coins; the 6-8 zone, 5 coins (all they
have if less). At the end the pawn's zone scores 2 (1-2), 5 (3-5) or 10 (6-8) points for the
player it favours.

## Science and progress tokens
Symbols: GLOBE, SCALE, SUNDIAL, MORTAR, PENDULUM, QUILL, WHEEL. Two identical symbols let you
take one progress token from the board at once (5 are on the board at the start). Six different
symbols win.
{tokens}

## The JSON position
`player1` / `player2`: `money`; `wonders` (name: 0 unbuilt, else the Age it was built);
`tokens`; `sortedHand` (the buildings of the city by family). `military`: `militaryPosition`
and the four loot flags (`loot2Player1Available` true while the 2-coin token of player 1 can
still be taken, and so on). `discardedCards`; `tokensAvailable` (on the board);
`tokensFromUnavailable` (the Great Library's draw, only when you choose from it);
`wondersAvailable` (the draft offer); `wondersUnavailable`; `age`; `step`;
`visiblePyramid` ({{index: {{cardName, isActive}}}}; only active cards may be taken).

## Steps and moves
WONDER_SELECTION: SELECT_WONDER {{"wonder": NAME}} from wondersAvailable.
PLAY_CARD: CONSTRUCT_BUILDING {{"cardIndex": i}}, DISCARD {{"cardIndex": i}},
  CONSTRUCT_WONDER {{"cardIndex": i, "wonder": NAME}} (one of your unbuilt wonders you can afford).
CHOOSE_PROGRESS_TOKEN: CHOOSE_PROGRESS_TOKEN {{"progressToken": NAME}} from tokensAvailable.
CHOOSE_PROGRESS_TOKEN_FROM_DISCARD: the same with a token of tokensFromUnavailable.
DESTROY_BROWN / DESTROY_GREY: DESTROY_CARD {{"cardName": NAME}}, a card of that colour in the
  opponent's city.
CONSTRUCT_FROM_DISCARD: CONSTRUCT_FROM_DISCARD {{"cardName": NAME}} from discardedCards, for free.
CHOOSE_STARTING_PLAYER: CHOOSE_STARTING_PLAYER {{"player": 1 or 2}}, who begins the next Age.

## Playing well
Ask every turn which victory each player is closest to and how your move changes that race.
Win at once if you can; stop an immediate loss; early on build economy (resources, coins, trade
rebates, wonders with cash or extra turns); then points; deny the opponent's best card.
Extra-turn wonders win tempo. Yellow cards make later discards richer. Do not overbuy
resources. Blue chains save whole cards later. Science pays through progress tokens.
Tokens: Agriculture, Philosophy, Mathematics for late points; Architecture with wonders left to
build; Economy early with many resource cards; Law for a science race; Masonry before Age III
blues; Urbanism early with chains; Theology with several non-replay wonders left; Strategy early
or in a military race. Keep 7-9 coins to afford what appears; draining the opponent's coins
shuts down threats. Destroy the card that raises your costs most or blocks their wonder. Keep
the Mausoleum for a rich discard pile.

## Your answer
Answer with one JSON object and nothing else:
{{"move": "CONSTRUCT_BUILDING", "moveData": {{"cardIndex": 10}}}}
The move must belong to the current step; a cardIndex must be in visiblePyramid with isActive
true; you must afford what you build; no wonder once seven are built. The list of legal moves
sent with the position is complete: choose one of them.
"""


def _cost(vec: tuple[int, ...], coins: int) -> str:
    parts = [f"{n} {_RES[r]}" for r, n in zip(RESOURCES, vec, strict=True) if n]
    if coins:
        parts.insert(0, f"{coins} coins")
    return ", ".join(parts) or "free"


def _card_line(c: CardDef) -> str:
    from engine.duel import card_info

    eff = card_info(c.key)["effect"]
    for r, name in _RES.items():
        eff = eff.replace(r, name)
    if "science: " in eff:
        head, sym = eff.split("science: ")
        eff = f"{head}science: {sym.upper()}"
    chain = ""
    if c.free_with:
        prev = [p.agent for p in CARDS if p.chain == c.free_with and p.key != c.key]
        chain = f"; chain from {prev[0]}" if prev else ""
    return f"- {c.agent} (Age {c.age}): cost {_cost(c.cost, c.coins)}; {eff}{chain}"


def _pyramid(age: int) -> str:
    lay = LAYOUTS[age]
    rows: dict[int, list[str]] = {}
    for i, (row, _col) in enumerate(lay.pos):
        shown = "down" if lay.face_down >> i & 1 else "up"
        rows.setdefault(row, []).append(f"{i}({shown})")
    body = "; ".join(f"row {r}: {' '.join(v)}" for r, v in sorted(rows.items()))
    covers = ", ".join(f"{i} by {'+'.join(map(str, u))}" for i, u in _covers(age))
    return f"Age {age}: {body}. Covered: {covers}."


def _covers(age: int) -> list[tuple[int, tuple[int, ...]]]:
    lay = LAYOUTS[age]
    out = []
    for i, mask in enumerate(lay.covered_by):
        if mask:
            out.append((i, tuple(j for j in range(20) if mask >> j & 1)))
    return out


@cache
def rules_text() -> str:
    """The rules prompt (system message), built once from the rule tables."""
    catalogue = []
    for colour in COLORS:
        cards = sorted((c for c in CARDS if COLORS[c.color] == colour), key=lambda c: c.age)
        catalogue += [_card_line(c) for c in cards]
    wonders = [f"- {w.agent}: cost {_cost(w.cost, 0)}; {w.vp} VP; {w.text}" for w in WONDERS]
    tokens = [f"- {t.agent}: {t.text}" for t in TOKENS]
    return _INTRO.format(
        families="\n".join(f"- {_FAMILY[c]}" for c in COLORS),
        catalogue="\n".join(catalogue),
        wonders="\n".join(wonders),
        pyramids="\n".join(_pyramid(a) for a in sorted(LAYOUTS) if a in (1, 2, 3)),
        tokens="\n".join(tokens),
    )
