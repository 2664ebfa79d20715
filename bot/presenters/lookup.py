"""What ``/wonders card`` finds: building cards, wonders (both games) and Duel progress
tokens, matched forgivingly (case, spaces and punctuation ignored; a part of a name; a close
misspelling), with suggestions when nothing matches."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache

from bot.model.errors import UserError
from bot.presenters.info import card_text
from engine import classic, duel
from engine.classic.babel.data import PROJECTS as BABEL_PROJECTS
from engine.classic.babel.data import TILES
from engine.classic.babel.texts import project_card, tile_card
from engine.classic.edifice.data import PROJECTS as EDIFICE_PROJECTS
from engine.classic.edifice.texts import cost_text, penalty_text, reward_text
from engine.classic.leaders.data import CITIES_LEADERS, LEADERS
from engine.wording import count

__all__ = ["Entry", "choices", "entry_text", "find", "lookup_text"]

_GAMES = {"classic": "7 Wonders", "duel": "7 Wonders Duel"}
_NOT_WORD = re.compile(r"[^0-9a-z]+")
# Shown when a name matches this many things or fewer; more asks the player to narrow it.
_MANY = 4


@dataclass(frozen=True)
class Entry:
    """One thing that can be looked up: ``label`` is shown (autocomplete, suggestions),
    ``aliases`` are the normalised names that find it, ``key`` is what the engine knows."""

    label: str
    kind: str  # card | wonder | token | leader | tile | project (Babel) | edifice (project)
    game: str  # classic | duel
    key: str
    aliases: tuple[str, ...]


def _norm(text: str) -> str:
    return _NOT_WORD.sub("", text.lower())


def _aliases(*names: str) -> tuple[str, ...]:
    """The normalised names, and each without a leading "The" ("sphinx" finds The Sphinx)."""
    found = [_norm(n) for n in names]
    found += [a[3:] for a in found if a.startswith("the") and len(a) > 6]
    return tuple(dict.fromkeys(found))


@cache
def _entries() -> tuple[Entry, ...]:
    found: list[Entry] = []
    for game, mod in (("classic", classic), ("duel", duel)):
        found += [Entry(n, "card", game, n, (_norm(n),)) for n in mod.card_names()]
    for city in classic.board_names(("cities", "leaders")):
        wonder = classic.wonder_info(city, "A")["wonder"]
        found.append(Entry(f"{wonder} ({city})", "wonder", "classic", city, _aliases(city, wonder)))
    found += [Entry(n, "wonder", "duel", n, _aliases(n)) for n in duel.wonder_names()]
    found += [Entry(n, "token", "duel", n, (_norm(n),)) for n in duel.token_names()]
    found += [Entry(d.name, "leader", "classic", d.name, (_norm(d.name),)) for d in LEADERS]
    for t in TILES:  # Babel (docs/babel.md): "Babel tile 7", "tile 7"
        label = f"Babel tile {t.number}"
        found.append(Entry(label, "tile", "classic", str(t.number), _aliases(label, label[6:])))
    found += [Entry(p.name, "project", "classic", p.name, _aliases(p.name)) for p in BABEL_PROJECTS]
    found += [
        Entry(f"{p.name} (Edifice project)", "edifice", "classic", p.name, _aliases(p.name))
        for p in EDIFICE_PROJECTS
    ]
    return tuple(found)


def choices(text: str) -> list[str]:
    """Autocomplete: labels containing ``text`` (names starting with it first), at most 25."""
    needle = _norm(text)
    labels = [e.label for e in _entries() if any(needle in a for a in e.aliases)]
    ordered = sorted(
        dict.fromkeys(labels),
        key=lambda label: (not _norm(label).startswith(needle), label),
    )
    return ordered[:25]


def find(text: str, prefer: str | None = None) -> list[Entry]:
    """What ``text`` names, ``prefer``'s game first (the game played in the channel: classic
    or duel): exact names (a card in both games gives two), then the names containing it (at
    most a few), then the closest spelling (a name of both games: both); else ``UserError``
    with suggestions."""
    found = _find(text)
    return sorted(found, key=lambda e: e.game != prefer) if prefer else found


def _find(text: str) -> list[Entry]:
    needle = _norm(text)
    if not needle:
        raise UserError("Type a card, wonder or progress token name, e.g. Lumber Yard.")
    every = _entries()
    exact = [e for e in every if needle in e.aliases or needle == _norm(e.label)]
    if exact:
        return exact
    part = [e for e in every if any(needle in a for a in e.aliases)]
    if 0 < len(part) <= _MANY:
        return part
    if part:
        some = ", ".join(list(dict.fromkeys(e.label for e in part))[:8])
        raise UserError(f"Several names contain {text[:40]!r}: {some}… Type more of the name.")
    close = _close(needle, every, 0.75)
    if close:  # the closest name, in each game that has it ("scriptorum": both Scriptoriums)
        return [e for e in close if _norm(e.label) == _norm(close[0].label)]
    hint = ", ".join(list(dict.fromkeys(e.label for e in _close(needle, every, 0.45)))[:6])
    tip = f" Did you mean: {hint}?" if hint else " Start typing a name and pick one from the list."
    raise UserError(f"I don't know a card, wonder or progress token called {text[:60]!r}.{tip}")


def _close(needle: str, every: tuple[Entry, ...], cutoff: float) -> list[Entry]:
    """Entries whose names are spelt closest to ``needle``, closest first (a name of both
    games gives both entries)."""
    by_alias: dict[str, list[Entry]] = {}
    for e in every:
        for a in e.aliases:
            by_alias.setdefault(a, []).append(e)
    names = difflib.get_close_matches(needle, list(by_alias), n=8, cutoff=cutoff)
    return list(dict.fromkeys(e for n in names for e in by_alias[n]))


def entry_text(entry: Entry) -> str:
    """The facts of one entry, as posted."""
    game = _GAMES[entry.game]
    if entry.kind == "card":
        info = classic.card_info if entry.game == "classic" else duel.card_info
        return card_text(info(entry.key), game)
    if entry.kind == "leader":
        leader = next(d for d in LEADERS if d.name == entry.key)
        told: dict[str, object] = {"name": leader.name, "kind": "leader", "coins": leader.cost}
        box = "Cities" if leader in CITIES_LEADERS else "Leaders"
        return card_text({**told, "effect": leader.text, "box": box}, game)
    if entry.kind == "tile":
        return tile_card(TILES[int(entry.key) - 1])
    if entry.kind == "project":
        return project_card(next(p for p in BABEL_PROJECTS if p.name == entry.key))
    if entry.kind == "edifice":
        return _project_text(entry.key, game)
    if entry.kind == "token":
        facts = duel.token_info(entry.key)
        return f"**{facts['name']}** ({game} progress token)\nEffect: {facts['effect']}"
    if entry.game == "duel":
        facts = duel.wonder_info(entry.key)
        return (
            f"**{facts['name']}** ({game} wonder)\nCost: {_cost(facts['cost'])}\n"
            f"Effect: {facts['effect']}"
        )
    return _board_text(entry.key, game)


def _project_text(name: str, game: str) -> str:
    """An Edifice project: its Age, participation cost, reward and penalty, and whether its
    row is confirmed (every row comes from one data set: docs/edifice.md)."""
    p = next(x for x in EDIFICE_PROJECTS if x.name == name)
    roman = {1: "I", 2: "II", 3: "III"}[p.age]
    lines = [
        f"**{p.name}** ({game}: Edifice project, Age {roman})",
        f"Join: when you build a wonder stage, also pay {cost_text(p)}.",
        f"Reward when completed (each pawn holder): {reward_text(p)}.",
        f"Penalty if it fails (each player without a pawn): {penalty_text(p)}.",
    ]
    if not p.confirmed:
        lines.append("⚠️ Unconfirmed: this row comes from one data set only (docs/edifice.md).")
    if not p.playable:
        lines.append(f"Not drawn on this bot: {p.why}.")
    return "\n".join(lines)


def _cost(cost: dict[str, int]) -> str:
    return ", ".join(f"{q} {r}" for r, q in cost.items()) or "free"


def _board_text(city: str, game: str) -> str:
    """A 7 Wonders board: its resource and each side's stages, cost → effect."""
    side_a = classic.wonder_info(city, "A")
    lines = [
        f"**{side_a['wonder']}** — {city} ({game} wonder board)",
        f"Produces 1 {side_a['resource']} from the start.",
    ]
    for side in ("A", "B"):
        stages = classic.wonder_info(city, side)["stages"]
        steps = " · ".join(
            f"{i}: {_cost(st['cost'])} → {st['effect']}" for i, st in enumerate(stages, 1)
        )
        lines.append(f"Side {side} ({count(len(stages), 'stage')}) — {steps}")
    return "\n".join(lines)


def lookup_text(text: str, prefer: str | None = None) -> str:
    """The answer to ``/wonders card name:<text>`` (``prefer``: the channel's game, shown
    first); ``UserError`` when nothing matches."""
    return "\n\n".join(entry_text(e) for e in find(text, prefer))[:2000]
