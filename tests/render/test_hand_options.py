"""The private hand images show a seat's options, not the board just posted, and every
option's effect in full (issue 35 points 2 and 3): Duel cards, wonders and tokens, classic
cards and leaders; sizes checked against the board of the same position."""

from __future__ import annotations

import io
import re

from PIL import Image

from engine import classic, duel
from engine.classic.leaders.data import LEADERS
from render import board_png, hand_png
from render.duel_samples import duel_game
from render.samples import NAMES, classic_game
from tests.classic.leaders_kit import pos

from .helpers import load

DUEL = ["Ana", "Bo"]


def _height(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).height


def _joined(texts: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(texts))


def test_a_duel_hand_is_the_seats_options_not_the_board(drawn_text: list[str]) -> None:
    """Age III positions: before, the hand was the whole board again (up to 800×2514)."""
    shown = 0
    for state, seat, phase in duel_game(5):
        if phase != "play" or seat is None or state.age != 3:
            continue
        view = duel.view(state, seat)
        board = _height(board_png("duel", duel.view(state, None), DUEL))
        drawn_text.clear()
        hand = hand_png("duel", view, DUEL)
        assert load(hand).width == 800 and _height(hand) < min(1600, board * 0.6)
        joined = _joined(drawn_text)
        # Nothing of the board: no track, no token row, no city panels, no discard count.
        for board_word in ("Military", "Progress tokens", "Discard pile", "WIN"):
            assert board_word not in joined, board_word
        # Every card the seat may take, with its full effect and its price; nothing cut.
        for slot in view.pyramid:
            if slot.accessible and not slot.taken and slot.card is not None:
                assert f"#{slot.index} {slot.card.name}" in drawn_text
                assert slot.card.gives in joined, slot.card.gives
        mine = next(c for c in view.cities if c.seat == seat)
        for w in mine.wonders:
            if not w.built and not w.out and w.price is not None:
                assert w.name in drawn_text and w.text in joined, w.name
        assert not [t for t in drawn_text if "…" in t], [t for t in drawn_text if "…" in t]
        shown += 1
    assert shown >= 10


def test_the_progress_token_choice_shows_each_effect_in_full(drawn_text: list[str]) -> None:
    state, seat, _ = next(p for p in duel_game(5) if p[2] == "token")
    assert seat is not None
    view = duel.view(state, seat)
    hand_png("duel", view, DUEL)
    joined = _joined(drawn_text)
    for token in view.progress_board:
        assert token.name in drawn_text and token.text in joined, token.name
    assert not [t for t in drawn_text if "…" in t]


def test_a_classic_hand_leaves_the_city_to_the_board(drawn_text: list[str]) -> None:
    """Before: the viewer's whole city row on top (800×1704 at 7 players, Age III); after:
    the title with the coins, the stage, the neighbours' prices and the cards."""
    state = classic_game(7, picks=14)
    view = classic.view(state, 0)
    png = hand_png("classic", view, NAMES[:7])
    assert load(png).width == 800 and _height(png) <= 1300
    assert "Ana" not in drawn_text, "the viewer's own city row is the board's"
    assert str(view.cities[0].coins) in drawn_text  # the coins this hand spends
    joined = _joined(drawn_text)
    for card in view.hand_cards:
        assert card.name in drawn_text
    assert not [t for t in drawn_text if "…" in t]
    assert "sells" in joined  # the neighbours' prices stay: the board doesn't show them


def test_every_leader_effect_is_drawn_in_full(drawn_text: list[str]) -> None:
    """The draft hand of the longest leader texts (Hatshepsut's is 127 characters)."""
    longest = sorted(LEADERS, key=lambda x: len(x.text))[-4:]
    state = pos([{"lead": [x.name for x in longest]}], recruit=True)
    hand_png("classic", classic.view(state, 0), NAMES[:3])
    joined = _joined(drawn_text)
    for leader in longest:
        assert leader.text in joined, leader.name
    assert not [t for t in drawn_text if "…" in t]
