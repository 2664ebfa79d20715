"""The four guilds of the Leaders box (rules.md 7) and tricky cases 7 and 8."""

from __future__ import annotations

from engine import classic as C
from engine.classic.data import BASE_CARD_COUNT
from engine.classic.state import HALI, LEAD, PICK
from tests.classic.leaders_kit import coins, moves, pos, score, turn

COURT_KIT = ["Lumber Yard", "Clay Pool", "Glassworks", "Loom"]  # wood, clay, glass, loom


def _court(neighbour: list[str], **extra: object) -> C.State:
    me = {"built": COURT_KIT, "hand": ["Courtesans' Guild", "Statue"]}
    s = pos([me, {"recruited": neighbour}], age=3, **extra)  # type: ignore[arg-type]
    assert "build:CourtesansGuild:0:0" in moves(s, 0)
    return turn(s, {0: "build:CourtesansGuild:0:0"})


def test_case_07_courtesans_copying_croesus_pays_six_coins_now() -> None:
    s = _court(["Croesus"])
    assert s.phase == LEAD and C.to_act(s) == frozenset({0})
    assert moves(s, 0) == {"copy:Croesus"}
    s, events = C.apply(s, 0, C.parse_move("copy:Croesus"))
    assert coins(s) == 3 + 6 and s.phase == PICK and s.turn == 2
    assert any(e.kind == "courtesan" and e.visible_to is None for e in events)


def test_case_07_courtesans_copying_solomon_builds_from_the_discard() -> None:
    s = _court(["Solomon"], discard=["Altar"])
    s, _ = C.apply(s, 0, C.parse_move("copy:Solomon"))
    assert s.phase == HALI and C.to_act(s) == frozenset({0}) and "salvage:Altar" in moves(s, 0)


def test_case_08_the_neighbour_keeps_the_copied_leader() -> None:
    s = _court(["Cleopatra"])
    s, _ = C.apply(s, 0, C.parse_move("copy:Cleopatra"))
    assert score(s, 0).leaders == 5 and score(s, 1).leaders == 5
    assert C.view(s, 2).leaders is not None
    assert C.view(s, 2).leaders.courtesan[0] == "Cleopatra"


def test_courtesans_without_a_leader_next_door_has_no_effect() -> None:
    s = _court([])
    assert s.phase == PICK and s.turn == 2 and s.leaders.copied[0] == -1


def test_a_courtesan_copy_is_no_white_card_for_the_diplomats() -> None:
    s = pos(
        [
            {"built": ["Diplomats' Guild"], "recruited": ["Sappho"]},
            {"recruited": ["Zenobia", "Nefertiti"]},
            {"recruited": ["Cleopatra"]},
        ],
        age=3,
    )
    assert score(s).guilds == 3
    copied = pos(
        [{"built": ["Diplomats' Guild"]}, {"courtesan": "Cleopatra"}, {"recruited": ["Cleopatra"]}],
        age=3,
    )
    assert score(copied).guilds == 1  # seat 1's copy of Cleopatra does not count
    assert score(copied, 1).leaders == 5


def test_gamers_guild() -> None:
    s = pos([{"built": ["Gamers' Guild"], "coins": 11}], age=3)
    assert score(s).guilds == 3 and score(s).treasury == 3


def test_architects_guild() -> None:
    s = pos(
        [
            {"built": ["Architects' Guild"]},
            {"built": ["Workers Guild", "Spies Guild"]},
            {"built": ["Traders Guild"]},
        ],
        age=3,
    )
    assert score(s).guilds == 9


def test_the_leaders_guilds_join_the_pool_only_with_leaders() -> None:
    base, lead = set(), set()
    for seed in range(30):
        s = C.new_game(C.Config(players=7), seed)
        base.update(c for c in s.decks[1] if c >= BASE_CARD_COUNT)
        s = C.new_game(C.Config(players=7, expansions=("leaders",)), seed)
        assert sum(1 for c in s.decks[2] if C.card_info(_name(c))["color"] == "purple") == 9
        lead.update(c for c in s.decks[2] if c >= BASE_CARD_COUNT)
    assert not base and len(lead) == 4


def _name(cid: int) -> str:
    from engine.classic.data import CARDS

    return CARDS[cid].name
