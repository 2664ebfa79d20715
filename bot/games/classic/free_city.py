"""The 2-player game's neutral Free City in the bot: the head above the card pick of the seat
holding the Free City card, who holds it on the table post, the hint reworded for the Free
City, and the controller's second pick. Registered in ``bot.games.classic.expansions``."""

from __future__ import annotations

import re

from bot.games.classic.expansion import BotExpansion
from engine.classic import ClassicView, Config

__all__ = ["FREE_CITY", "VARIANT", "free_city_head", "free_city_hint"]

FREE_CITY = "Free City"


def _picking(view: ClassicView) -> bool:
    return view.free_city is not None and bool(view.free_city.picking)


def free_city_head(view: ClassicView) -> str:
    """Above the Free City's card pick: whose hand this is and why the seat picks again."""
    if not _picking(view):
        return ""
    return (
        f"🏛️ **{FREE_CITY}'s card** — you hold the {FREE_CITY} card this turn: pick the card "
        f"the {FREE_CITY} plays from its hand (prices are the {FREE_CITY}'s). "
    )


# The Hard AI's hint speaks to the seat ("cost you less", "your science set"); while the seat
# picks the Free City's card, each "you" means the Free City (longest phrases first).
_FREE_CITY_WORDS = (
    (re.compile(r"\byou pay\b"), f"the {FREE_CITY} pays"),
    (re.compile(r"\byou take\b"), f"the {FREE_CITY} takes"),
    (re.compile(r"\bYou pay\b"), f"The {FREE_CITY} pays"),
    (re.compile(r"\bYou take\b"), f"The {FREE_CITY} takes"),
    (re.compile(r"\byour\b"), f"the {FREE_CITY}'s"),
    (re.compile(r"\bYour\b"), f"The {FREE_CITY}'s"),
    (re.compile(r"\byou\b"), f"the {FREE_CITY}"),
    (re.compile(r"\bYou\b"), f"The {FREE_CITY}"),
)


def free_city_hint(view: ClassicView, text: str) -> str:
    """A hint's sentence as it reads for the Free City's card (unchanged otherwise)."""
    if not _picking(view):
        return text
    for pattern, words in _FREE_CITY_WORDS:
        text = pattern.sub(words, text)
    return f"For the {FREE_CITY}'s card: {text}"


def _holder(view: ClassicView, names: list[str], line: str) -> str | None:
    """``line`` with the name of the seat holding the Free City card in an Age's turn."""
    if view.free_city is None or view.phase != "pick":
        return None
    return line.format(who=names[int(view.free_city.controller)], city=FREE_CITY)


def _hand_city(view: ClassicView) -> tuple[int, str] | None:
    """The Free City's hand while the viewer picks its card."""
    if view.free_city is None or not view.free_city.picking:
        return None
    return int(view.free_city.seat), f"the {FREE_CITY}"


def _turn_text(view: ClassicView, names: list[str]) -> str | None:
    return _holder(view, names, "{who} also picks the {city}'s card.")


def _status_text(view: ClassicView, names: list[str]) -> str | None:
    return _holder(view, names, "{who} holds the {city} card.")


def _acts_again(view: ClassicView, seat: int, to_act: frozenset[int]) -> bool:
    """The Free City's controller picks its card right after their own."""
    return _picking(view)


def _neutrals(config: Config) -> list[str]:
    return [FREE_CITY] if config.players == 2 else []


def _lobby_lead(config: Config) -> str:
    return " + the Free City" if config.players == 2 else ""


VARIANT = BotExpansion(
    name="free-city",
    title=FREE_CITY,
    turn_text=_turn_text,
    status_text=_status_text,
    prompt_head=free_city_head,
    hand_city=_hand_city,
    hint_words=free_city_hint,
    acts_again=_acts_again,
    neutrals=_neutrals,
    lobby_lead=_lobby_lead,
    option_rules=(
        " `players:2` — two players and the neutral **Free City**: each turn one player (it "
        "alternates) also picks the Free City's card from its hand; the Free City trades, "
        "fights and scores but cannot win."
    ),
)
