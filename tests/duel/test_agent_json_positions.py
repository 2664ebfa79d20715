"""Agent JSON positions: the seed's example loads and plays; export hides secrets; round trips."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.common import EngineError, IllegalMove
from engine.duel import Config, State, apply, legal_moves, new_game, scores, to_act
from engine.duel.agent_json import from_agent_json, move_from_agent, move_to_agent, to_agent_json
from engine.duel.data import CARDS, TOKENS, WONDERS
from engine.duel.move import Move
from engine.duel.state import DRAFT, LIBRARY, OVER, PLAY
from tests.duel.helpers import act, pos

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = 40


def seed_position() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "seed_position.json").read_text())
    return data


def names_in(data: object) -> set[str]:
    """Every string (keys and values) anywhere in a JSON value."""
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(str(k))
            out |= names_in(v)
    elif isinstance(data, list):
        for v in data:
            out |= names_in(v)
    elif isinstance(data, str):
        out.add(data)
    return out


@functools.cache
def _games() -> tuple[tuple[int, State], ...]:
    out = []
    for g in range(GAMES):
        r = random.Random(1000 + g)
        st = new_game(Config(first_player=None), 1000 + g)
        out.append((g, st))
        while to_act(st):
            seat = st.player
            st, _ = apply(st, seat, r.choice(legal_moves(st, seat)))
            out.append((g, st))
    return tuple(out)


def positions() -> Iterator[tuple[int, State]]:
    """The positions of GAMES random games (seeded): every choice and end, 1 in 4 card plays."""
    for i, (g, st) in enumerate(_games()):
        if st.phase != PLAY or i % 4 == 0:
            yield g, st


def hidden_names(st: State, seat: int) -> set[str]:
    """Names the seat may not see: removed cards, later decks, face-down cards, box tokens."""
    cards = set(st.removed) | {c for d in st.decks for c in d}
    cards |= {
        c for s, c in enumerate(st.pyramid) if not st.face_up >> s & 1 and not st.taken >> s & 1
    }
    toks = set(st.box) | (set(st.offer) if st.phase == LIBRARY and seat != st.player else set())
    out = {CARDS[c].agent for c in cards} | {TOKENS[t].agent for t in toks}
    if len(st.draft) > 4:  # first draft round: the second round's wonders are unseen
        out |= {WONDERS[x].agent for x in st.draft[4:]}
    return out


def assert_everything_in_one_place(st: State) -> None:
    """The 73 cards and 10 tokens of a loaded state are each in exactly one place."""
    live = [c for s, c in enumerate(st.pyramid) if not st.taken >> s & 1]
    places = (
        live
        + [c for d in st.decks for c in d]
        + list(st.removed)
        + list(st.discard)
        + [c for b in st.built for c in b]
        + [c for t in st.tucked for c in t]
    )
    assert sorted(places) == list(range(len(CARDS)))
    ages = [CARDS[c].age for c in live]
    assert all(a == st.age for a in ages)
    assert all(len(d) == 20 for d in st.decks) and len(st.decks) == 3 - st.age + (not st.pyramid)
    owned = [t for t in range(len(TOKENS)) for m in st.tokens if m >> t & 1]
    assert sorted(owned + list(st.board) + list(st.box) + list(st.offer)) == list(
        range(len(TOKENS))
    )


def agent_moves(st: State, seat: int, exporter: int, as_player2: bool) -> list[dict[str, Any]]:
    return sorted(
        (move_to_agent(m, st, exporter, as_player2) for m in legal_moves(st, seat)), key=json.dumps
    )


# --- the seed's example ------------------------------------------------------------------------


def test_the_seed_example_loads_with_player2_to_play() -> None:
    for seed in range(5):
        st = from_agent_json(seed_position(), seed)
        assert_everything_in_one_place(st)
        assert to_act(st) == frozenset({1})
        assert st.coins == (15, 5) and st.pawn == 0 and st.age == 2
        moves = legal_moves(st, 1)
        assert Move("build", 13) in moves  # Caravansery: glass/papyrus from Piraeus and Press
        assert Move("wonder", 10, "circus_maximus") in moves
        assert {m.slot for m in moves} == {0, 7, 10, 13}  # the active indexes of the example
        # The two face-down cards are Age II cards the position does not name anywhere.
        named = names_in(seed_position())
        for slot in (8, 9):
            card = CARDS[st.pyramid[slot]]
            assert card.age == 2 and card.agent not in named


def test_the_seed_example_exports_back_to_itself() -> None:
    data = seed_position()
    out = to_agent_json(from_agent_json(data, 3), 1, as_player2=True, code=data["code"])
    for key in (
        "step",
        "age",
        "currentPlayerNumber",
        "discardedCards",
        "tokensAvailable",
        "tokensFromUnavailable",
        "wondersAvailable",
        "visiblePyramid",
    ):
        assert out[key] == data[key], key
    assert sorted(out["wondersUnavailable"]) == sorted(data["wondersUnavailable"])
    for p in ("player1", "player2"):
        mine, theirs = out[p], data[p]
        assert (mine["money"], mine["wonders"], mine["sortedHand"]) == (
            theirs["money"],
            theirs["wonders"],
            theirs["sortedHand"],
        )
        assert sorted(mine["tokens"]) == sorted(theirs["tokens"])
    assert {k: v for k, v in data["military"].items() if k != "id"} == out["military"]
    assert out["tokensUnavailable"] == []  # box tokens are never shown to a player


def test_the_seed_example_moves_and_their_reasons() -> None:
    st = from_agent_json(seed_position(), 0)
    build = {"move": "CONSTRUCT_BUILDING", "moveData": {"cardIndex": 13}}
    assert move_from_agent(st, 1, build) == Move("build", 13)
    nxt, _ = apply(st, 1, move_from_agent(st, 1, build))
    assert nxt.player == 0 and "CARAVANSERY" in str(to_agent_json(nxt, 0)["player2"])
    cases = [
        (1, {"move": "CONSTRUCT_BUILDING", "moveData": {"cardIndex": 8}}, "not active"),
        (1, {"move": "DISCARD", "moveData": {"cardIndex": 6}}, "already taken"),
        (1, {"move": "CONSTRUCT_BUILDING", "moveData": {"cardIndex": 7}}, "cannot afford"),
        (
            1,
            {"move": "CONSTRUCT_WONDER", "moveData": {"cardIndex": 0, "wonder": "THE_COLOSSUS"}},
            "not one of your wonders",
        ),
        (
            1,
            {"move": "CHOOSE_PROGRESS_TOKEN", "moveData": {"progressToken": "LAW"}},
            "not a move of step PLAY_CARD",
        ),
        (1, {"move": "DESTROY_CARD", "moveData": {"cardName": "GOLD_MINE"}}, "Unknown card"),
        (0, build, "not your turn"),
    ]
    for seat, data, reason in cases:
        with pytest.raises(IllegalMove, match=reason):
            move_from_agent(st, seat, data)


def test_broken_positions_are_refused_with_the_field() -> None:
    def broken(change: str) -> dict[str, Any]:
        data = seed_position()
        if change == "twice":
            data["discardedCards"].append("ALTER")
        elif change == "active":
            data["visiblePyramid"]["1"]["isActive"] = True
        elif change == "step":
            data["step"] = "DANCE"
        elif change == "age":
            data["player1"]["sortedHand"]["GUILD"] = ["BUILDERS_GUILD"]
        return data

    for change, field in [
        ("twice", "discardedCards"),
        ("active", r"visiblePyramid\[1\]"),
        ("step", "step"),
        ("age", "GUILD"),
    ]:
        with pytest.raises(EngineError, match=field):
            from_agent_json(broken(change))


# --- lenient reading: military tokens the pawn has reached, the seed's draft form ------------


def _military(pawn: int, **flags: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"militaryPosition": pawn}
    for n in (1, 2):
        for coins in (2, 5):
            key = f"loot{coins}Player{n}Available"
            out[key] = flags.get(key, True)
    return out


def test_a_military_token_the_pawn_already_passed_is_not_taken_again() -> None:
    # The seed engine's state after a 2 -> 6 jump: the 5-coin token gone, the 2-coin one kept.
    data = to_agent_json(pos(slots={19: "guard_tower"}, coins=(7, 7)), 0)
    data["military"] = _military(6, loot5Player2Available=False)
    st = from_agent_json(data, 0)
    assert (st.pawn, st.coins) == (6, (7, 7))
    assert to_agent_json(st, 0)["military"] == _military(
        6, loot2Player2Available=False, loot5Player2Available=False
    )
    after, _ = act(st, "build:19")  # Guard Tower: 6 -> 7, no zone entered
    assert (after.pawn, after.coins[1]) == (7, 7)
    # The same on player 1's side, and a token not yet reached is still taken on entering.
    data["military"] = _military(-7)
    assert to_agent_json(from_agent_json(data, 0), 0)["military"] == _military(
        -7, loot2Player1Available=False, loot5Player1Available=False
    )
    data["military"] = _military(2)
    after, _ = act(from_agent_json(data, 0), "build:19")  # 2 -> 3 enters the 3-5 zone
    assert (after.pawn, after.coins[1]) == (3, 5)


def _first_round(picks: int) -> dict[str, Any]:
    st = new_game(Config(), 5)
    for _ in range(picks):
        st, _ = apply(st, st.player, legal_moves(st, st.player)[0])
    return to_agent_json(st, st.player)


def _not_on_offer(data: dict[str, Any], held: bool) -> list[str]:
    mine = [w for p in ("player1", "player2") for w in data[p]["wonders"]]
    return [
        w.agent
        for w in WONDERS
        if w.agent not in data["wondersAvailable"] and (held or w.agent not in mine)
    ]


def test_a_first_draft_round_loads_in_the_engines_and_the_seeds_form() -> None:
    for picks in (0, 1, 2):
        data = _first_round(picks)
        assert data["wondersUnavailable"] == []  # this engine's form: the pool is unseen
        unseen = set(_not_on_offer(data, held=False))
        assert len(unseen) == 8
        seed_form = dict(data, wondersUnavailable=_not_on_offer(data, held=bool(picks % 2)))
        for form in (data, seed_form):
            for k in range(3):
                st = from_agent_json(form, k)
                assert st.phase == DRAFT and len(st.draft) == 8 - picks
                assert {WONDERS[x].agent for x in st.draft[4 - picks :]} <= unseen
                assert to_agent_json(st, st.player) == data
                while st.phase == DRAFT:  # the draft plays through to Age I
                    st, _ = apply(st, st.player, legal_moves(st, st.player)[-1])
                assert st.phase == PLAY and len(to_agent_json(st, 0)["wondersUnavailable"]) == 4
        # Naming 4 of them as out of the game leaves exactly the other 4 for the second round.
        out = sorted(unseen)[:4]
        st = from_agent_json(dict(data, wondersUnavailable=out), 0)
        assert {WONDERS[x].agent for x in st.draft[4 - picks :]} == unseen - set(out)


def test_an_inconsistent_wonders_unavailable_is_refused_with_a_reason() -> None:
    data = _first_round(0)
    six = _not_on_offer(data, held=False)[:6]
    with pytest.raises(EngineError, match=r"wondersUnavailable: lists 6 of the 8 .* at most 4"):
        from_agent_json(dict(data, wondersUnavailable=six))
    offered = data["wondersAvailable"][:1]
    with pytest.raises(EngineError, match="wondersUnavailable: a wonder on offer"):
        from_agent_json(dict(data, wondersUnavailable=offered))


def _json_paths(o: object, p: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(o, dict):
        for k, v in o.items():
            yield p + (k,)
            yield from _json_paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield p + (i,)
            yield from _json_paths(v, p + (i,))


def test_mangled_positions_fail_only_with_engine_errors() -> None:
    r = random.Random(3)
    junk: list[object] = [
        None,
        -1,
        25,
        "x",
        "AGE_TWO_BACK",
        "GUILD_BACK",
        [],
        {},
        True,
        "ALTER",
        ["ALTER"],
        2,
        "PLAY_CARD",
        "DESTROY_GREY",
        "CONSTRUCT_FROM_DISCARD",
    ]
    base = seed_position()
    paths = list(_json_paths(base))
    for i in range(400):
        data = copy.deepcopy(base)
        for _ in range(r.randint(1, 2)):
            *up, last = r.choice(paths)
            node: Any = data
            try:
                for k in up:
                    node = node[k]
                node[last] = r.choice(junk)
            except (KeyError, IndexError, TypeError):
                pass  # an earlier change removed this path
        try:
            st = from_agent_json(data, i)
        except EngineError:
            continue
        assert legal_moves(st, st.player)  # whatever loads can be played


# --- export ------------------------------------------------------------------------------------


def test_as_player2_presents_the_seat_as_player2() -> None:
    for _, st in positions():
        if st.pawn and st.loot != 0b1111 and st.coins[0] != st.coins[1]:
            break
    plain = to_agent_json(st, 0)
    flipped = to_agent_json(st, 0, as_player2=True)
    assert flipped["player2"] == plain["player1"] and flipped["player1"] == plain["player2"]
    assert flipped["military"]["militaryPosition"] == -st.pawn
    for n, m in ((1, 2), (2, 1)):
        for coins in (2, 5):
            assert (
                flipped["military"][f"loot{coins}Player{n}Available"]
                == plain["military"][f"loot{coins}Player{m}Available"]
            )
    if st.phase != OVER:
        assert flipped["currentPlayerNumber"] == 3 - plain["currentPlayerNumber"]
    # Seat 1 already is player 2.
    assert to_agent_json(st, 1, as_player2=True) == to_agent_json(st, 1)


def test_export_never_reveals_hidden_cards_tokens_or_wonders() -> None:
    seen: Counter[str] = Counter()
    for _, st in positions():
        for seat in (0, 1, None):
            data = to_agent_json(st, seat)
            json.dumps(data)  # JSON-safe
            assert not names_in(data) & hidden_names(st, -1 if seat is None else seat)
            if st.phase == LIBRARY:
                drawn = {TOKENS[t].agent for t in st.offer}
                assert set(data["tokensFromUnavailable"]) == (drawn if seat == st.player else set())
        seen[to_agent_json(st, 0)["step"]] += 1
    # The games went through every step, so the checks above covered them all.
    assert set(seen) == {
        "WONDER_SELECTION",
        "PLAY_CARD",
        "CHOOSE_PROGRESS_TOKEN",
        "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD",
        "DESTROY_GREY",
        "DESTROY_BROWN",
        "CONSTRUCT_FROM_DISCARD",
        "CHOOSE_STARTING_PLAYER",
        "GAME_OVER",
    }


def test_reveal_box_is_an_analysis_option_that_lists_the_box() -> None:
    st = new_game(Config(), 5)
    assert to_agent_json(st, 0)["tokensUnavailable"] == []
    shown = to_agent_json(st, 0, reveal_box=True)["tokensUnavailable"]
    assert sorted(shown) == sorted(TOKENS[t].agent for t in st.box) and len(shown) == 5


# --- round trips -------------------------------------------------------------------------------


def test_export_import_round_trips_keep_moves_scores_and_public_facts() -> None:
    r = random.Random(7)
    checked = 0
    for _, st in positions():
        if st.phase == OVER:
            continue
        exporter, as_player2 = r.randrange(2), r.random() < 0.5
        flip = as_player2 and exporter == 0
        data = to_agent_json(st, exporter, as_player2)
        before = copy.deepcopy(data)
        back = from_agent_json(data, seed=r.randrange(1000))
        assert data == before  # the import does not touch its input
        assert_everything_in_one_place(back)
        me = 1 - exporter if flip else exporter  # the exporter's seat in the loaded state
        assert to_agent_json(back, me, as_player2) == data
        pair = (1, 0) if flip else (0, 1)
        assert back.player == pair[st.player]
        theirs = agent_moves(back, back.player, me, as_player2)
        mine = agent_moves(st, st.player, exporter, as_player2)
        if st.phase == LIBRARY and exporter != st.player:
            # The opponent's draw is unseen: the import draws 3 tokens no one owns instead.
            assert len(theirs) == len(mine) and set(back.offer).isdisjoint(back.board)
        else:
            assert theirs == mine
        assert [scores(back)[pair[s]] for s in (0, 1)] == scores(st)
        assert back.coins == tuple(st.coins[pair[s]] for s in (0, 1))
        assert back.pawn == (-st.pawn if flip else st.pawn)
        if st.phase == DRAFT:  # the draft's player A is deduced from the pick order
            assert back.first == pair[st.first]
        checked += 1
    assert checked > 500


def test_loaded_positions_play_on_to_the_end() -> None:
    r = random.Random(11)
    for g, st in positions():
        if st.phase == OVER or r.random() > 0.02:
            continue
        back = from_agent_json(to_agent_json(st, st.player), seed=g)
        while to_act(back):
            seat = back.player
            move = r.choice(legal_moves(back, seat))
            # Every legal move survives the trip through its seed JSON.
            assert move_from_agent(back, seat, move_to_agent(move, back)) == move
            assert move_from_agent(back, seat, move_to_agent(move)) == move
            back, _ = apply(back, seat, move)


def test_every_legal_move_round_trips_through_its_json() -> None:
    for _, st in positions():
        if st.phase == OVER:
            continue
        for as_player2 in (False, True):
            for m in legal_moves(st, st.player):
                data = json.loads(json.dumps(move_to_agent(m, st, st.player, as_player2)))
                assert move_from_agent(st, st.player, data, as_player2) == m
