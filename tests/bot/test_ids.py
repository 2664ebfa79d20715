"""custom_id formats: round trips, the 100-character limit, forged ids rejected."""

from __future__ import annotations

import pytest

from bot.model.ids import button_id, parse, select_id


def test_button_and_select_round_trip() -> None:
    move = "build:LumberYard:0:2"
    parsed = parse(button_id("mv", 12, 34, move))
    assert parsed is not None and not parsed.select
    assert (parsed.verb, parsed.game_id, parsed.version, parsed.arg) == ("mv", 12, 34, move)
    lobby = parse(button_id("join", 5))
    assert lobby is not None and lobby.version is None and lobby.arg is None
    sel = parse(select_id("card", 7, 0))
    assert sel is not None and sel.select and (sel.verb, sel.game_id, sel.version) == ("card", 7, 0)


def test_longest_ids_fit_discord_limit() -> None:
    longest_move = "wonder:" + "X" * 45 + ":99:99"
    assert len(button_id("mv", 10**17, 10**8, longest_move)) <= 100
    with pytest.raises(ValueError):
        button_id("mv", 1, 1, "x" * 100)


@pytest.mark.parametrize(
    "forged", ["", "wt:", "wt:mv:abc:1:x", "other:join:1", "ws:card:1", "wt:JOIN:1", "wt:join:1\n"]
)
def test_forged_ids_do_not_parse(forged: str) -> None:
    assert parse(forged) is None
