"""7 Wonders expansions as the bot offers them: the ``expansions:`` choices of /wonders create
and /wonders-admin aimatch, and their parsing into the engine's ``Config.expansions``.

A choice the engine on this install does not play yet (Cities before its engine lands) is
refused with a clear sentence by the adapter, not hidden: the choice list stays the same for
every bot version, so a command registered once keeps working.
"""

from __future__ import annotations

from bot.games.classic import babel, cities, edifice, free_city, gods, leaders
from bot.games.classic.expansion import BotExpansion
from bot.model.errors import UserError

__all__ = [
    "BOT_EXPANSIONS",
    "BOT_VARIANTS",
    "EXPANSION_CHOICES",
    "EXPANSION_RULES",
    "bot_parts",
    "expansion_names",
    "expansions_label",
]

#: Register an expansion's bot module here (its prompts, wait texts and title).
BOT_EXPANSIONS: tuple[BotExpansion, ...] = (
    leaders.EXPANSION,
    cities.EXPANSION,
    babel.TOWER,
    babel.PROJECTS,
    edifice.EXPANSION,
)
#: Register a variant's bot module here (a table option, not an ``expansions:`` choice).
BOT_VARIANTS: tuple[BotExpansion, ...] = (free_city.VARIANT, gods.VARIANT)


def bot_parts() -> tuple[BotExpansion, ...]:
    """Everything the classic adapter loops over: the expansions, then the variants (read at
    each call, so a registration made at run time - a test's toy expansion - counts)."""
    return BOT_EXPANSIONS + BOT_VARIANTS


#: (shown name, option value) in the order the choices are listed
EXPANSION_CHOICES: tuple[tuple[str, str], ...] = (
    ("none (base game)", "none"),
    ("Leaders", "leaders"),
    ("Cities", "cities"),
    ("Leaders + Cities", "leaders+cities"),
    ("Babel (Tower + Great Projects)", "babel"),
    ("Babel: Tower of Babel only", "babel-tower"),
    ("Babel: Great Projects only", "babel-projects"),
    ("Leaders + Babel", "leaders+babel"),
    ("Cities + Babel", "cities+babel"),
    ("Leaders + Cities + Babel", "leaders+cities+babel"),
    ("Edifice", "edifice"),
    ("Leaders + Edifice", "leaders+edifice"),
    ("Cities + Edifice", "cities+edifice"),
    ("Leaders + Cities + Edifice", "leaders+cities+edifice"),
)

_TITLES = {expansion.name: expansion.title for expansion in BOT_EXPANSIONS}
# A choice naming a whole box: its engine modules (Babel's two, played together).
_BOXES = {"babel": ("babel-tower", "babel-projects")}


def expansion_names(value: str | None) -> tuple[str, ...]:
    """``"leaders+cities"`` → ``("leaders", "cities")``; ``"babel"`` → both Babel modules;
    ``""``/``"none"``/None → ``()``."""
    if not value or value == "none":
        return ()
    parts = (part.strip() for part in value.split("+"))
    names = tuple(n for part in parts for n in _BOXES.get(part, (part,)))
    unknown = [n for n in names if n not in _TITLES]
    if unknown or len(set(names)) != len(names):
        offered = ", ".join(f"`{v}`" for _, v in EXPANSION_CHOICES)
        raise UserError(f"`expansions` must be one of {offered}, not {value[:40]!r}.")
    return names


def expansions_label(names: tuple[str, ...] | list[str]) -> str:
    """``("leaders", "cities")`` → ``"Leaders + Cities"`` ("" for the base game)."""
    return " + ".join(_TITLES.get(n, n) for n in names)


_BABEL = (
    "**Babel** (7 Wonders expansion, 3–7 players; `/wonders create expansions:babel`, or one "
    "module: `babel-tower`, `babel-projects`). Combines with Leaders and Cities.\n"
    "**Tower of Babel**: before any other draft, keep 1 of 3 Babel tiles and pass the rest to "
    "your right (then 1 of 2; the last is yours). On your turn you may **discard the chosen "
    "card to build one of your tiles** (no coins). Tiles are revealed with the turn and placed "
    "on the tower (3 spaces up to 4 players, 4 above); a new tile covers the oldest. Every "
    "visible tile's **law** applies to all players from the next turn: taxes, bonuses, "
    "cheaper or dearer trade, production changes, chains from a neighbour, weaker victories. "
    "End: 1 / 2 / 3 tiles built → 2 / 5 / 10 VP.\n"
    "**Great Projects**: each Age shows one project with players − 1 tokens. After you build a "
    "card of its colour you are asked whether you **also join** it (pay its cost; resources may "
    "be bought). At the Age's end: no token left → each participant gets the reward per token; "
    "else everyone without a token suffers the penalty (or a −1/−2/−3 VP token; Double "
    "Walls' penalty blocks your wonder's own resource for the rest of the game). "
    "`/wonders card` shows every tile and project and says which data is unconfirmed."
)

#: ``/wonders rules leaders`` and ``/wonders rules cities`` (each under Discord's 2,000 chars)
EXPANSION_RULES: dict[str, str] = {
    "leaders": (
        "**Leaders** (7 Wonders expansion, 3–7 players; `/wonders create expansions:leaders`). "
        "Everyone starts with 6 coins and 4 secret leaders.\n"
        "**Draft**: keep 1 leader and pass the rest to your right; again with 3, then 2; the "
        "last one is yours. Nobody sees which leaders you keep.\n"
        "**Recruitment** before each Age: everyone at once chooses one leader from their hand "
        "and either **recruits** it (pay its coin cost to the bank; it is placed face up and "
        "its effect works from then on), **builds a wonder stage** with it (pay the stage; the "
        "leader is tucked face down, no effect), or **discards** it for 3 coins. The prompt "
        "shows each leader's price for you now, or why you can't recruit it. Until everyone "
        "has chosen, **Change my pick** lets you choose again (draft and recruitment alike).\n"
        "Effects: victory points (scored in their own Leaders row), coins, shields, science "
        "symbols or cheaper builds. Roma's board is only played with Leaders; the Leaders "
        "guilds join the Age III guilds. With `wonders:choose` the wonder pick comes first "
        "(Roma is on offer), then the draft. `/wonders card` shows any leader's cost and effect."
    ),
    "cities": (
        "**Cities** (7 Wonders expansion, 3–7 players; `/wonders create expansions:cities`). "
        "Each Age adds one black City card per player: hands are 8 cards, an Age has 7 turns, "
        "and the last card of each hand is discarded without coins.\n"
        "**Coin losses**: when someone builds a card with the broken-coin symbol, every "
        "*other* player loses coins. Each chooses in a private prompt how much to pay to the "
        "bank; every coin not paid is a **debt token** (−1 point at the end, never repaid). "
        "You may take debt even when you could pay.\n"
        "**Diplomacy**: a card with the dove gives a diplomacy token. At the next Age's end "
        "you sit out the conflicts (no military tokens) and your two neighbours fight each "
        "other across you; the token is then spent.\n"
        "**Masks** copy one green card's science symbol from a neighbour at the game's end. "
        "Black cards score in a new Cities row; Petra and Byzantium join the boards."
    ),
    "babel": _BABEL,
    "babel-tower": _BABEL,
    "babel-projects": _BABEL,
    "edifice": (
        "**Edifice** (7 Wonders expansion, 3–7 players; `/wonders create expansions:edifice`; "
        "not with Babel). Three shared **projects** are drawn at the start, one per Age; each "
        "holds participation pawns (3 players: 2, 4–5: 3, 6: 4, 7: 5).\n"
        "**Joining**: once per Age, when you build a **wonder stage**, your prompt offers an "
        "extra step: also pay the current Age's project cost and take one of its pawns. Only "
        "the current Age's project can be joined; an Olympia free build is a card, not a "
        "stage. With Leaders, a stage built with a leader in a recruitment turn counts too. "
        "Until everyone asked has answered, **Change my pick** changes your answer.\n"
        "**Completed**: as soon as the last pawn is taken, every pawn holder gains the reward "
        "at once (coins, shields, victory tokens, a resource your city produces each turn "
        "from then on, or points at the end).\n"
        "**Failed**: if pawns remain at the end of the Age (before its conflicts), every player "
        "**without** a pawn suffers the penalty (lose coins, discard a card of a colour, "
        "discard victory tokens). Who cannot suffer it whole takes an Edifice debt token "
        "instead: −2 / −3 / −5 points by Age (not Cities' debt).\n"
        "Points from projects and Edifice debt score in the **Edifices** row. The project data "
        "comes from one source only (unconfirmed; `/wonders card` shows each project). The "
        "Carthage and Ur boards are not included."
    ),
}
