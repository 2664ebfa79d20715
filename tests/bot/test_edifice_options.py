"""Edifice as a table option: the choices, the refusals with their reason, the join labels."""

from __future__ import annotations

import pytest

from bot.games.classic.edifice import join_label
from bot.games.classic.expansions import EXPANSION_RULES, expansion_names, expansions_label
from bot.games.classic.game import ClassicGame
from bot.model.errors import UserError
from bot.model.options import TableOptions

GAME = ClassicGame()


def test_every_edifice_combination_is_a_choice_and_a_config() -> None:
    for value in ("edifice", "leaders+edifice", "cities+edifice", "leaders+cities+edifice"):
        names = expansion_names(value)
        config = GAME.config(TableOptions(players=4, sides="A", expansions=value))
        assert "edifice" in config.expansions and set(config.expansions) == set(names)
    assert expansions_label(("leaders", "edifice")) == "Leaders + Edifice"


def test_two_players_with_edifice_is_refused_with_the_reason() -> None:
    with pytest.raises(UserError, match="3 to 7 players"):
        GAME.config(TableOptions(players=2, sides="A", expansions="edifice"))


def test_join_labels_say_what_is_paid() -> None:
    assert join_label("edifice:MoneyChanger:0:0", "1 coin") == "Join (pay 1 coin)"
    assert (
        join_label("edifice:Outpost:2:1", "1 coin")
        == "Join (pay 1 coin + 2 coins to the left + 1 coin to the right)"
    )
    assert join_label("edifice-pass:Outpost", "1 coin") == "Don't join"


def test_rules_topic_fits_discord() -> None:
    assert len(EXPANSION_RULES["edifice"]) < 2000 and "wonder stage" in EXPANSION_RULES["edifice"]
