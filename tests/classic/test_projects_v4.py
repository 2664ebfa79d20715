"""Rules classic-4 (engine.classic.production): Babel's Double Walls blocks the wonder's own
resource and Edifice draws River Port and Factory. Games stored under classic-3 replay as they
were played: ``classic3_games.json`` holds seeded random games recorded with the classic-3
engine (their moves, the SHA-256 of their final dump without its last events, and their
totals)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine import classic as C
from engine.common import IllegalMove

STORED = json.loads(Path(__file__).with_name("classic3_games.json").read_text(encoding="utf-8"))


def _replay(game: dict[str, Any], **rules: bool) -> C.State:
    config = C.Config(players=game["players"], expansions=tuple(game["expansions"]), **rules)
    s = C.new_game(config, game["seed"])
    for line in game["moves"]:
        seat, text = line.split(" ", 1)
        s, _ = C.apply(s, int(seat), C.parse_move(text))
    return s


def _digest(s: C.State) -> str:
    """The final dump's hash, without the last events (their wording may change freely)."""
    dump = {k: v for k, v in C.dump(s).items() if k != "events"}
    if "babel-projects" in dump:  # the classic-3 engine had no old-rules mark to write
        dump["babel-projects"] = {
            k: v for k, v in dump["babel-projects"].items() if k != "old_rules"
        }
    return hashlib.sha256(json.dumps(dump, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize(
    "game", STORED["games"], ids=lambda g: f"{'+'.join(g['expansions'])}-{g['seed']}"
)
def test_a_game_stored_under_classic_3_replays_identically(game: dict[str, Any]) -> None:
    assert STORED["rules_version"] == "classic-3"
    s = _replay(game, projects_v4=False)
    assert s.phase == C.state.OVER
    assert _digest(s) == game["dump_sha256"]
    assert [x.total for x in C.scores(s)] == game["totals"]


def test_the_same_seeds_play_differently_under_the_new_rules() -> None:
    babel, edifice = STORED["games"][0], STORED["games"][1]
    with pytest.raises(IllegalMove, match="not possible"):  # a resource blocked: moves part ways
        _replay(babel)
    s = C.new_game(C.Config(players=4, expansions=tuple(edifice["expansions"])), 0)
    old = C.new_game(C.Config(players=4, expansions=("edifice",), projects_v4=False), 0)
    assert C.view(s, 0).edifice != C.view(old, 0).edifice  # Age II draws Factory now


def test_config_defaults_to_the_new_rules() -> None:
    assert C.Config().projects_v4 is True
    assert C.RULES_VERSION not in ("classic-1", "classic-2", "classic-3")
