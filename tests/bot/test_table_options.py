"""Issue 21's table options in the classic adapter: configs from the options, rounds of the
2-player game (the Free City's controller acts twice in one round), results without the Free
City, and the public wonder-pick reveal."""

from __future__ import annotations

import pytest

import engine.classic as classic
from bot.games.classic.game import ClassicGame
from bot.games.classic.picks import clash_line, wonder_reveal_text
from bot.games.duel.game import DuelGame
from bot.model.errors import UserError
from bot.model.options import TableOptions
from bot.services.games import rank_results
from engine.classic import Config

GAME = ClassicGame()


def test_config_from_the_options() -> None:
    assert GAME.config(TableOptions(players=2, sides="A")).players == 2
    chosen = GAME.config(TableOptions(players=4, sides="choose", wonders="choose"))
    assert chosen.picks_wonders and chosen.wonders == "choose" and chosen.sides == "choose"
    assert not GAME.config(TableOptions(players=3, sides="random")).picks_wonders
    with pytest.raises(UserError, match="`wonders` must be `deal` or `choose`"):
        GAME.config(TableOptions(players=3, sides="A", wonders="draft"))
    with pytest.raises(UserError, match="2 to 7 players"):
        GAME.config(TableOptions(players=1, sides="A"))
    with pytest.raises(UserError, match="drafts its wonders"):
        DuelGame().config(TableOptions(players=2, sides="random", wonders="choose"))
    assert GAME.neutral_names(GAME.config(TableOptions(players=2, sides="A"))) == ["Free City"]
    assert GAME.neutral_names(GAME.config(TableOptions(players=3, sides="A"))) == []
    assert "+ the Free City" in GAME.lobby_details(GAME.config(TableOptions(players=2, sides="A")))
    assert "wonders chosen" in GAME.lobby_details(
        GAME.config(TableOptions(players=3, sides="A", wonders="choose"))
    )


def test_wonder_choice_and_expansions_together() -> None:
    """Both option sets reach the engine; a combination it refuses is a UserError with its
    reason (refused privately before any post), never a crash."""
    both = GAME.config(
        TableOptions(players=4, sides="random", wonders="deal", expansions="cities+leaders")
    )
    assert both.expansions == ("leaders", "cities") and not both.picks_wonders
    chosen = GAME.config(TableOptions(players=4, sides="A", wonders="choose", expansions="cities"))
    assert chosen.cities and chosen.picks_wonders
    assert "with Cities" in GAME.lobby_details(chosen) and "wonders chosen" in (
        GAME.lobby_details(chosen)
    )
    led = GAME.config(TableOptions(players=3, sides="A", wonders="choose", expansions="leaders"))
    assert led.leaders and led.picks_wonders  # the wonder pick, then the leader draft
    with pytest.raises(UserError, match="3 to 7 players") as refused:
        GAME.config(TableOptions(players=2, sides="A", expansions="leaders"))
    assert "Value error" not in str(refused.value)
    assert "2-player Free City game is out of scope" in str(refused.value)
    with pytest.raises(UserError, match="not for Duel"):
        DuelGame().config(TableOptions(players=2, sides="random", expansions="leaders"))


def test_the_free_city_pick_does_not_end_the_round_early() -> None:
    state = classic.new_game(Config(players=2, sides="A"), 5)
    view = classic.view(state, None)
    holder = view.free_city.controller
    other = 1 - holder
    own = classic.legal_moves(state, holder)[0]
    after, events = classic.apply(state, holder, own)
    assert holder in classic.to_act(after), "the holder still picks the Free City's card"
    assert not GAME.is_round_end(events, state, holder, after)
    fc_move = classic.legal_moves(after, holder)[0]
    after2, events = classic.apply(after, holder, fc_move)
    assert not GAME.is_round_end(events, after, holder, after2)
    last, events = classic.apply(after2, other, classic.legal_moves(after2, other)[0])
    assert GAME.is_round_end(events, after2, other, last)


def test_results_rank_the_seats_only() -> None:
    state = classic.new_game(Config(players=2, sides="A"), 9)
    scores = classic.scores(state)
    assert len(scores) == 3, "the Free City is scored"
    outcome = classic.Outcome(scores=scores, winners=[0])
    entries = rank_results(outcome, 2)
    assert [e.seat for e in entries] == [0, 1] and entries[0].rank == 1


def test_wonder_pick_reveal_and_clash_texts() -> None:
    state = classic.new_game(Config(players=3, wonders="choose"), 3)
    moves = classic.legal_moves(state, 0)
    same = moves[0]
    state, _ = classic.apply(state, 0, same)
    state, _ = classic.apply(state, 1, same)
    state, events = classic.apply(state, 2, classic.legal_moves(state, 2)[-1])
    assert GAME.is_round_end(events)
    text = wonder_reveal_text(events, ["ana", "bo", "cy"])
    assert "ana and bo chose" in text and "the draw gave it to" in text, text
    assert "cy takes" in text
    losers = [s for s in (0, 1) if s in classic.to_act(state)]
    assert len(losers) == 1
    assert "Clash" in clash_line(events, losers[0])
    assert clash_line(events, 2) == ""


def test_each_game_refuses_the_options_it_does_not_declare() -> None:
    """A game reads only the options it declares (``Game.options``); any other one given is
    refused in that game's words, "none" counting as not given."""
    assert TableOptions(expansions="none", variant="none").given() == ()
    assert TableOptions(players=2, wonders="choose").given() == ("players", "wonders")
    duel = DuelGame()
    assert set(duel.options) == {"players", "sides"}
    assert duel.config(TableOptions(players=2, sides="A", expansions="none")) is not None
    with pytest.raises(UserError, match="no house variant"):
        duel.config(TableOptions(variant="gods-heroes"))
    assert set(GAME.options) == {f for f in TableOptions().__dataclass_fields__}
    assert GAME.refusal("colour") == "`colour` is not an option of 7 Wonders."
