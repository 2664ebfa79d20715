"""A plug-in registered from a test package changes one rule without any edit of the engine,
and its picture joins the table without any edit of the renderer."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pydantic import ValidationError

from engine import classic as C
from engine.classic.plugin import registered
from render import board_png
from render.table_parts import registered as render_registered
from tests.classic.toy_expansion import RICH_MARKETS
from tests.classic.toy_expansion.picture import PANEL_H, PANEL_RGB, TOY_PART


def _sell_all(state: C.State) -> C.State:
    """Every seat sells the first card its legal moves offer for sale."""
    for seat in range(state.players):
        sell = next(m for m in C.legal_moves(state, seat) if m.action == "discard")
        state, _ = C.apply(state, seat, sell)
    return state


def test_selling_pays_four_coins_with_the_plugin_and_three_without() -> None:
    base = _sell_all(C.new_game(C.Config(players=3), 7))
    assert [c.coins for c in base.cities] == [6, 6, 6]
    with registered(RICH_MARKETS):
        config = C.Config(players=3, expansions=("rich-markets",))
        s = C.new_game(config, 7)
        assert s.ext == (("rich-markets", None),)
        assert s.hands == C.new_game(C.Config(players=3), 7).hands  # same deal
        s = _sell_all(s)
        assert [c.coins for c in s.cities] == [7, 7, 7]
        again = C.load(C.dump(s))  # its part of the dump comes back: the rule still holds
        assert again == s and C.dump(again)["rich-markets"] is None
        assert [c.coins for c in _sell_all(again).cities] == [11, 11, 11]


def test_a_game_plays_to_the_end_with_the_plugin() -> None:
    with registered(RICH_MARKETS):
        s = C.new_game(C.Config(players=4, expansions=("rich-markets",)), 3)
        while seats := sorted(C.to_act(s)):
            for seat in seats:
                s, _ = C.apply(s, seat, C.legal_moves(s, seat)[-1])  # the last: a sale
        outcome = C.outcome(s)
        assert outcome is not None and all(sc.treasury > 0 for sc in outcome.scores)


def test_the_name_is_unknown_once_the_plugin_is_unregistered() -> None:
    with pytest.raises(ValidationError, match="unknown expansions"):
        C.Config(players=3, expansions=("rich-markets",))


def _purple_pixels(png: bytes) -> tuple[int, int]:
    """(image height, pixels of the toy panel's colour)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    raw, rgb = img.tobytes(), bytes(PANEL_RGB)
    return img.height, sum(1 for i in range(0, len(raw), 3) if raw[i : i + 3] == rgb)


def test_its_panel_is_drawn_on_the_table_without_an_edit_of_the_renderer() -> None:
    with registered(RICH_MARKETS):
        s = C.new_game(C.Config(players=3, expansions=("rich-markets",)), 7)
        view = C.view(_sell_all(s), None)
        names = ["Ana", "Bo", "Cy"]
        before_h, before_n = _purple_pixels(board_png("classic", view, names))
        with render_registered(TOY_PART):
            after_h, after_n = _purple_pixels(board_png("classic", view, names))
        again_h, again_n = _purple_pixels(board_png("classic", view, names))
    assert after_h == before_h + PANEL_H  # the panel's room, under the cities
    assert after_n - before_n > (800 - 24) * (PANEL_H - 8) // 2  # its fill, around its text
    assert (again_h, again_n) == (before_h, before_n)  # unregistered: gone again
