"""Real Duel games through the renderer: every phase drawn, valid PNGs, nothing hidden drawn.

The test peeks at the engine state only to know what is secret; the renderer gets views.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engine import duel
from engine.duel.data import CARDS, TOKENS, WONDERS
from engine.duel.state import PHASES
from render import board_png, hand_png, kit, scores_png
from render.duel_adapt import scene_of

from .helpers import load

NAMES = ["Ana", "Bo"]
_SPECIAL = {"token", "library", "destroy", "mausoleum", "start"}


@dataclass(frozen=True)
class Shot:
    state: Any
    seat: int | None  # the seat to act (None once over)
    phase: str


def _play(seed: int) -> list[Shot]:
    """A random game that builds Wonders whenever it can (to reach every special phase)."""
    st = duel.new_game(duel.Config(), seed)
    rng = random.Random(seed)
    shots = []
    while duel.outcome(st) is None:
        seat = next(iter(duel.to_act(st)))
        shots.append(Shot(st, seat, PHASES[st.phase]))
        moves = duel.legal_moves(st, seat)
        wonders = [m for m in moves if m.action == "wonder"]
        move = rng.choice(wonders if wonders and rng.random() < 0.7 else moves)
        st, _ = duel.apply(st, seat, move)
    shots.append(Shot(st, None, "over"))
    return shots


def _sample(shots: list[Shot]) -> list[Shot]:
    """First state of each (age, phase), every special-phase state, every 15th, the end."""
    seen: set[tuple[int, str]] = set()
    out = []
    for i, s in enumerate(shots):
        key = (s.state.age, s.phase)
        if key not in seen or s.phase in _SPECIAL or i % 15 == 0 or s.phase == "over":
            seen.add(key)
            out.append(s)
    return out


@pytest.fixture(scope="module")
def game() -> list[Shot]:
    """The first seed whose game visits every phase (found without rendering: fast)."""
    for seed in range(300):
        shots = _play(seed)
        if {s.phase for s in shots} >= _SPECIAL | {"draft", "play", "over"}:
            return shots
    raise AssertionError("no seed in 0..299 reaches every Duel phase")


def _hidden(st: Any, seat: int | None) -> set[str]:
    """Names ``seat`` must not see: face-down, removed and later cards, box tokens, unseen
    Wonders, and the Great Library draw unless ``seat`` is choosing from it."""
    cards = [
        c for i, c in enumerate(st.pyramid) if not st.taken >> i & 1 and not st.face_up >> i & 1
    ]
    cards += list(st.removed) + [c for d in st.decks for c in d]
    tokens = list(st.box) + (
        [] if PHASES[st.phase] == "library" and seat == st.player else list(st.offer)
    )
    shown = {w.name for city in duel.view(st, None).cities for w in city.wonders}
    shown |= {w.name for w in duel.view(st, None).draft_offer}
    return (
        {CARDS[c].name for c in cards}
        | {TOKENS[t].name for t in tokens}
        | {w.name for w in WONDERS if w.name not in shown}
    )


def _leaks(texts: list[str], hidden: set[str]) -> set[str]:
    # wrapped lines are separate draws: join with spaces so "The" / "Temple of Artemis" rejoin
    joined = " ".join(texts)
    for w in sorted((w.name for w in WONDERS), key=len, reverse=True):
        if w not in hidden:  # "Library" the card is hidden, "The Great Library" is not
            joined = joined.replace(w, "#")
    return {h for h in hidden if re.search(rf"\b{re.escape(h)}\b", joined)}


@pytest.fixture
def texts(drawn_text: list[str]) -> Iterator[list[str]]:
    yield drawn_text


def test_every_sampled_position_renders_without_leaks(game: list[Shot], texts: list[str]) -> None:
    phases = set()
    for shot in _sample(game):
        st = shot.state
        viewers = [shot.seat] if shot.seat is not None else [0, 1]
        texts.clear()
        png = board_png("duel", duel.view(st, None), NAMES)
        img = load(png)
        assert img.width == 800 and len(png) <= 500_000
        assert not _leaks(texts, _hidden(st, None)), (shot.phase, _leaks(texts, _hidden(st, None)))
        for seat in viewers:
            texts.clear()
            png = hand_png("duel", duel.view(st, seat), NAMES)
            img = load(png)
            assert img.width == 800 and len(png) <= 500_000
            assert not _leaks(texts, _hidden(st, seat)), (shot.phase, seat)
        assert all(kit.has_glyph(ch) for t in texts for ch in t)
        phases.add(shot.phase)
    assert phases >= _SPECIAL | {"draft", "play", "over"}


def test_face_down_slots_of_real_views_are_backs(game: list[Shot]) -> None:
    for shot in _sample(game):
        if shot.phase in ("draft", "over"):
            continue
        for seat in (None, 0, 1):
            view = duel.view(shot.state, seat)
            scene = scene_of(view, private=seat is not None)
            up = {s.index for s in view.pyramid if s.face_up and not s.taken}
            for slot in scene.slots:
                assert (slot.name is not None) == (slot.index in up)


def test_the_library_draw_is_drawn_only_for_its_chooser(game: list[Shot], texts: list[str]) -> None:
    shot = next(s for s in game if s.phase == "library")
    st = shot.state
    offer = {TOKENS[t].name for t in st.offer}
    assert len(offer) >= 1 and shot.seat is not None
    hand_png("duel", duel.view(st, shot.seat), NAMES)
    assert all(any(name in t for t in texts) for name in offer)
    texts.clear()
    board_png("duel", duel.view(st, None), NAMES)
    board_png("duel", duel.view(st, shot.seat), NAMES)  # the board stays public
    hand_png("duel", duel.view(st, 1 - shot.seat), NAMES)
    assert not _leaks(texts, offer)


def test_the_hand_offers_the_choice_of_each_special_phase(
    game: list[Shot], texts: list[str]
) -> None:
    for phase in sorted(_SPECIAL):
        shot = next(s for s in game if s.phase == phase)
        assert shot.seat is not None
        view = duel.view(shot.state, shot.seat)
        texts.clear()
        hand_png("duel", view, NAMES)
        joined = "\n".join(texts)
        labels = [m.card or m.token or "" for m in view.legal_moves]
        for label in labels:
            assert label == "" or label in joined, (phase, label)
        assert any(t.startswith("Your turn") for t in texts), phase


def test_accessible_prices_are_drawn_in_the_hand(game: list[Shot], texts: list[str]) -> None:
    shot = next(s for s in game if s.phase == "play" and s.state.age == 2)
    assert shot.seat is not None
    view = duel.view(shot.state, shot.seat)
    hand_png("duel", view, NAMES)
    for sv in view.pyramid:
        if sv.accessible and sv.card is not None:
            want = (
                "free (chain)"
                if sv.chain
                else "can't afford"
                if sv.price is None
                else "free"
                if sv.price == 0
                else f"{sv.price} coin"
            )
            assert any(t.startswith(want) for t in texts), (sv.index, want)


def test_final_score_sheet_names_the_victory(game: list[Shot], texts: list[str]) -> None:
    end = game[-1].state
    out = duel.outcome(end)
    assert out is not None and out.victory
    png = scores_png("duel", out, NAMES, duel.view(end, None))
    assert load(png).width == 800
    words = {
        "civilian": "Civilian",
        "military": "Military supremacy",
        "science": "Scientific supremacy",
    }[out.victory]
    assert any(words in t for t in texts)
