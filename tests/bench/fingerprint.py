"""Fingerprint of seeded games: prints one JSON line with a SHA-256 per game kind.

Run: python tests/bench/fingerprint.py [--duel 300] [--classic 100] [--leaders 0] [--choose 0]
[--cities 0] [--gods 0] [--two 0] [--babel 0] [--edifice 0] [--old-rules]
Random players (``random.Random(seed)``) play default-Config Duel games (seeds 0..N-1) and 4-player
7 Wonders games (``--leaders N``: also 5-player Leaders games; ``--choose N``: also 4-player games
with the wonder pick, base and with Cities; ``--cities N``: also 4-player Cities games and
Leaders + Cities games; ``--gods N``: 4-player Gods & Heroes games; ``--two N``: 2-player
games with the Free City; ``--babel N``: 4-player games with both Babel modules;
``--edifice N``: 4-player Edifice games); the hash covers every legal-move list, every
chosen move, every event (kind, text, visibility, data) and the final ``dump``. A refactoring
that keeps the engine's behaviour keeps the hashes: compare the line printed before and after
a change. ``--no-text`` leaves the events' wording out, to check that a change of texts alone
kept the rules' behaviour. ``--old-rules`` plays the Leaders games as games stored under rules
classic-2 replay (``Config.leaders_v3=False``) and the Babel and Edifice games as games stored
under classic-3 replay (``Config.projects_v4=False``), the dumps' ``old_rules`` marks left out:
their hashes must equal the classic-2 (Leaders) and classic-3 (Babel, Edifice) ones.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from engine import classic, duel


def _feed(h: Any, obj: object) -> None:
    h.update(json.dumps(obj, sort_keys=True, default=sorted).encode())


TEXT = True
OLD_RULES = False
BOTH = ("leaders", "cities")


def _unmarked(dump: dict[str, Any]) -> dict[str, Any]:
    """A dump without the old-rules marks (``--old-rules``: compared with older dumps)."""
    if not OLD_RULES:
        return dump
    out = dict(dump)
    for key in ("leaders", "babel-projects"):
        if key in out:
            out[key] = {k: v for k, v in out[key].items() if k != "old_rules"}
    return out


def _wordless(obj: Any) -> Any:
    """``obj`` without its "text" fields (events, and the event log inside a dump)."""
    if TEXT:
        return obj
    if isinstance(obj, dict):
        return {k: _wordless(v) for k, v in obj.items() if k != "text"}
    if isinstance(obj, list):
        return [_wordless(v) for v in obj]
    return obj


def _game(mod: Any, config: Any, seed: int, h: Any) -> None:
    rng = random.Random(seed)
    s = mod.new_game(config, seed)
    while acting := sorted(mod.to_act(s)):
        for seat in acting:
            moves = mod.legal_moves(s, seat)
            move = moves[rng.randrange(len(moves))]
            _feed(h, [str(m) for m in moves] + [str(move)])
            s, events = mod.apply(s, seat, move)
            _feed(h, [_wordless(e.model_dump(mode="json")) for e in events])
    _feed(h, _wordless(_unmarked(mod.dump(s))))


def fingerprint(mod: Any, config: Any, games: int) -> str:
    h = hashlib.sha256()
    for seed in range(games):
        _game(mod, config, seed, h)
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--duel", type=int, default=300)
    ap.add_argument("--classic", type=int, default=100)
    ap.add_argument("--leaders", type=int, default=0, help="5-player Leaders games")
    ap.add_argument("--choose", type=int, default=0, help="4-player wonder-pick games")
    ap.add_argument("--cities", type=int, default=0, help="4-player Cities, Leaders+Cities games")
    ap.add_argument("--gods", type=int, default=0, help="4-player Gods & Heroes games")
    ap.add_argument("--two", type=int, default=0, help="2-player Free City games")
    ap.add_argument("--babel", type=int, default=0, help="4-player Babel (both modules) games")
    ap.add_argument("--edifice", type=int, default=0, help="4-player Edifice games")
    ap.add_argument("--no-text", action="store_true", help="leave the events' wording out")
    ap.add_argument(
        "--old-rules",
        action="store_true",
        help="Leaders games as under classic-2, Babel and Edifice games as under classic-3",
    )
    a = ap.parse_args()
    global TEXT, OLD_RULES
    TEXT = not a.no_text
    OLD_RULES = a.old_rules
    v3 = {"leaders_v3": False} if a.old_rules else {}
    v4 = {"projects_v4": False} if a.old_rules else {}
    out = {
        f"duel_{a.duel}": fingerprint(duel, duel.Config(), a.duel),
        f"classic4_{a.classic}": fingerprint(classic, classic.Config(players=4), a.classic),
    }
    if a.leaders:
        leaders = classic.Config(players=5, sides="B", expansions=("leaders",), **v3)
        out[f"leaders5_{a.leaders}"] = fingerprint(classic, leaders, a.leaders)
    if a.choose:
        for name, expansions in (("choose4", ()), ("choose4_cities", ("cities",))):
            config = classic.Config(players=4, wonders="choose", expansions=expansions)
            out[f"{name}_{a.choose}"] = fingerprint(classic, config, a.choose)
    if a.cities:
        for name, expansions in (("cities4", ("cities",)), ("leaders_cities4", BOTH)):
            extra = v3 if "leaders" in expansions else {}
            config = classic.Config(players=4, expansions=expansions, **extra)
            out[f"{name}_{a.cities}"] = fingerprint(classic, config, a.cities)
    if a.gods:
        gods = classic.Config(players=4, variant="gods-heroes")
        out[f"gods4_{a.gods}"] = fingerprint(classic, gods, a.gods)
    if a.two:
        out[f"two_{a.two}"] = fingerprint(classic, classic.Config(players=2), a.two)
    if a.babel:
        babel = classic.Config(players=4, expansions=("babel-tower", "babel-projects"), **v4)
        out[f"babel4_{a.babel}"] = fingerprint(classic, babel, a.babel)
    if a.edifice:
        edifice = classic.Config(players=4, expansions=("edifice",), **v4)
        out[f"edifice4_{a.edifice}"] = fingerprint(classic, edifice, a.edifice)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
