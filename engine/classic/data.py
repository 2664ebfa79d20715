"""Classic rule data: YAML files validated by pydantic, compiled once into small int-indexed tables.

The YAML files in ``engine/classic/data/`` are the project's own encoding of the first-edition
cards and boards. Validation happens at import; a broken file raises :class:`DataError` naming the
file and the field. The engine itself works on :class:`CardDef` / :class:`StageDef` tuples indexed
by small ints (cheap to copy and compare), never on the pydantic models.
"""

from __future__ import annotations

from pathlib import Path

from engine.classic.data_schema import (
    COLORS,
    COUNT_KINDS,
    MANUFACTURED,
    RAW,
    RESOURCES,
    SCIENCE,
    SPECIALS,
    DataError,
    Effect,
    ExpansionFile,
    load_boards_file,
    load_cards_file,
    load_expansion_file,
)
from engine.classic.data_tables import (
    BoardDef,
    CardDef,
    EffectDef,
    StageDef,
    compile_boards,
    compile_cards,
    slug,
)

__all__ = [
    "BASE_BOARD_COUNT",
    "BASE_CARD_COUNT",
    "BOARDS",
    "CITIES_FILE",
    "BOARD_INDEX",
    "CARDS",
    "CARD_INDEX",
    "COLORS",
    "COUNT_KINDS",
    "CardDef",
    "DataError",
    "GUILD_IDS",
    "LEADER_GUILD_IDS",
    "LEADER_CARD_START",
    "LEADER_BOARD_START",
    "CITY_CARD_IDS",
    "CITY_BOARD_IDS",
    "LEADER_CARD_IDS",
    "LEADER_BOARD_IDS",
    "MANUFACTURED",
    "NAME_ID",
    "RAW",
    "RESOURCES",
    "SCIENCE",
    "SPECIALS",
    "BoardDef",
    "StageDef",
    "Effect",
    "EffectDef",
    "load_cards_file",
    "load_boards_file",
    "slug",
]
DATA_DIR = Path(__file__).with_name("data")

_CARDS_PATH = DATA_DIR / "cards.yaml"
_BOARDS_PATH = DATA_DIR / "boards.yaml"
_LEADER_CARDS_PATH = DATA_DIR / "cards_leaders.yaml"
_CITIES_PATH = DATA_DIR / "cities.yaml"
_BASE_CARDS = compile_cards(load_cards_file(_CARDS_PATH), _CARDS_PATH)
_BASE_BOARDS = compile_boards(load_boards_file(_BOARDS_PATH))
CITIES_FILE: ExpansionFile = load_expansion_file(_CITIES_PATH)
# Expansion cards and boards come after the base ones, so base ids never move; base games deal
# from the first BASE_CARD_COUNT cards and BASE_BOARD_COUNT boards only. Cities comes first (its
# ids were stored before Leaders joined), then the Leaders box (4 guilds, Roma).
BASE_CARD_COUNT, BASE_BOARD_COUNT = len(_BASE_CARDS), len(_BASE_BOARDS)
_CITY_CARDS = compile_cards(CITIES_FILE, _CITIES_PATH, BASE_CARD_COUNT)
_CITY_BOARDS = compile_boards(CITIES_FILE, BASE_BOARD_COUNT)
LEADER_CARD_START = BASE_CARD_COUNT + len(_CITY_CARDS)
LEADER_BOARD_START = BASE_BOARD_COUNT + len(_CITY_BOARDS)
CARDS: tuple[CardDef, ...] = (
    _BASE_CARDS
    + _CITY_CARDS
    + compile_cards(load_cards_file(_LEADER_CARDS_PATH), _LEADER_CARDS_PATH, LEADER_CARD_START)
)
BOARDS: tuple[BoardDef, ...] = (
    _BASE_BOARDS
    + _CITY_BOARDS
    + compile_boards(load_boards_file(DATA_DIR / "boards_leaders.yaml"), LEADER_BOARD_START)
)
# The ids of each expansion's cards and boards (Cities: black cards, 3 guilds, Petra, Byzantium).
CITY_CARD_IDS = range(BASE_CARD_COUNT, LEADER_CARD_START)
LEADER_CARD_IDS = range(LEADER_CARD_START, len(CARDS))
CITY_BOARD_IDS = range(BASE_BOARD_COUNT, LEADER_BOARD_START)
LEADER_BOARD_IDS = range(LEADER_BOARD_START, len(BOARDS))
# name -> id of the first (lowest age) card with that name; NAME_ID maps every id to it.
CARD_INDEX: dict[str, int] = {}
for _c in CARDS:
    CARD_INDEX.setdefault(_c.name, _c.id)
NAME_ID: tuple[int, ...] = tuple(CARD_INDEX[c.name] for c in CARDS)
BOARD_INDEX: dict[str, int] = {b.city: b.id for b in BOARDS}
GUILD_IDS: tuple[int, ...] = tuple(
    c.id for c in CARDS[:BASE_CARD_COUNT] if c.color == COLORS.index("purple")
)
# Guilds added to the Age III pool when the Leaders expansion is played (rules.md 1.1).
LEADER_GUILD_IDS: tuple[int, ...] = tuple(
    c.id for c in CARDS[LEADER_CARD_START:] if c.color == COLORS.index("purple")
)
