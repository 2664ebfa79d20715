"""Classic table, hand and score-sheet images: size, content, determinism, privacy."""

from __future__ import annotations

from typing import Any

from engine import classic
from render import board_detail_png, board_png, hand_png, kit, scores_png
from render.city_row import card_counts
from render.samples import NAMES, classic_outcome
from render.scores import ranking, row_box

from .helpers import load, non_bg_fraction, pixel

_UNSUPPORTED = set("←→−✓★▲")  # no bundled glyph: arrows and ticks are drawn shapes


def _names(n: int) -> list[str]:
    return NAMES[:n]


def test_table_dimensions_and_content(classic7: Any) -> None:
    png = board_png("classic", classic.view(classic7, None), _names(7))
    img = load(png)
    assert img.width == 800 and 800 < img.height < 3000
    assert non_bg_fraction(img) > 0.3
    assert len(png) <= 500_000


def test_table_is_byte_identical_for_the_same_view(classic3: Any) -> None:
    v = classic.view(classic3, None)
    assert board_png("classic", v, _names(3)) == board_png("classic", v, _names(3))
    w = classic.view(classic3, 1)
    assert hand_png("classic", w, _names(3)) == hand_png("classic", w, _names(3))


def test_table_draws_every_city_and_its_card_counts(classic7: Any, drawn_text: list[str]) -> None:
    v = classic.view(classic7, None)
    board_png("classic", v, _names(7))
    joined = "\n".join(drawn_text)
    for city in v.cities:
        assert city.board in joined
        counts = [str(n) for _, n in card_counts(city)]
        assert counts and all(n in drawn_text for n in counts)
    for name in _names(7):
        assert name in joined


def test_detail_image_names_every_built_card(classic7: Any, drawn_text: list[str]) -> None:
    v = classic.view(classic7, None)
    png = board_detail_png("classic", v, _names(7))
    assert load(png).width == 800
    joined = "\n".join(drawn_text)
    for city in v.cities:
        for card in city.built:
            assert card in joined


def test_hand_marks_the_neighbours_left_and_right(classic3: Any, drawn_text: list[str]) -> None:
    v = classic.view(classic3, 1)
    img = load(hand_png("classic", v, _names(3)))
    assert img.width == 800
    assert f"{_names(3)[0]} (left)" in drawn_text and f"{_names(3)[2]} (right)" in drawn_text


def test_spectator_table_never_draws_hand_cards(classic7: Any, drawn_text: list[str]) -> None:
    spectator = classic.view(classic7, None)
    assert spectator.hand == [] and spectator.hand_cards == []
    public = spectator.model_dump_json()
    hidden: set[str] = set()
    for seat in range(7):
        hidden |= {c for c in classic.view(classic7, seat).hand if c not in public}
    assert len(hidden) >= 5
    board_png("classic", spectator, _names(7))
    for text in drawn_text:
        for card in hidden:
            assert card not in text, f"hidden card {card!r} drawn in {text!r}"


def test_hand_shows_each_card_and_its_status(classic3: Any, drawn_text: list[str]) -> None:
    v = classic.view(classic3, 0)
    assert v.hand_cards
    png = hand_png("classic", v, _names(3))
    img = load(png)
    assert img.width == 800 and len(png) <= 500_000
    joined = "\n".join(drawn_text)
    for card in v.hand_cards:
        assert card.name[:6] in joined
    statuses = {
        "chain": "FREE by chain",
        "trade": "Trade",
        "unaffordable": "Can't",
        "affordable": "Affordable",
        "free": "Free",
        "duplicate": "Already built",
    }
    for card in v.hand_cards:
        assert any(statuses[card.status] in t for t in drawn_text)


def test_hand_frame_uses_the_card_colour(classic3: Any) -> None:
    v = classic.view(classic3, 0)
    img = load(hand_png("classic", v, _names(3)))
    colours = {pixel(img, (x, y)) for x in range(0, img.width, 7) for y in range(0, img.height, 7)}
    for card in v.hand_cards:
        want = kit.CARD_COLORS[card.color]
        assert any(
            sum(abs(a - b) for a, b in zip(col, want, strict=True)) < 24 for col in colours
        ), card.color


def test_only_supported_glyphs_are_drawn(classic7: Any, drawn_text: list[str]) -> None:
    board_png("classic", classic.view(classic7, None), _names(7))
    hand_png("classic", classic.view(classic7, 2), _names(7))
    scores_png("classic", classic_outcome(4), _names(4))
    assert not {ch for t in drawn_text for ch in t} & _UNSUPPORTED


def test_score_sheet_ranks_seats_and_frames_the_winner(drawn_text: list[str]) -> None:
    out = classic_outcome(4)
    png = scores_png("classic", out, _names(4))
    img = load(png)
    assert img.width <= 1000 and len(png) <= 500_000
    assert any("Winner" in t or "Shared" in t for t in drawn_text)
    order = ranking(out, None)
    totals = [out.scores[i].total for i in order]
    assert order[0] in out.winners and totals == sorted(totals, reverse=True)
    # rows are drawn best first: the totals appear in rank order
    shown = [t for t in drawn_text if t.endswith(" VP")]
    assert shown == [f"{t} VP" for t in totals]

    # the winner's row carries a gold frame; the others do not
    def goldish(rank: int) -> int:
        x0, y0, x1, y1 = row_box(4, rank)
        return sum(
            1
            for x in range(x0, x1, 2)
            for y in (y0 + 1, y1 - 1)
            if (p := pixel(img, (x, y)))[0] > 200 and p[1] > 150 and p[2] < 110
        )

    assert goldish(0) > 200
    assert all(goldish(r) < 20 for r in range(1, 4) if order[r] not in out.winners)


def test_long_names_do_not_break_the_layout(classic3: Any, drawn_text: list[str]) -> None:
    names = ["A" * 80, "Bo " * 30, "Cy"]
    img = load(board_png("classic", classic.view(classic3, None), names))
    assert img.width == 800
    assert all(kit.text_width(t, 12) < 1600 for t in drawn_text)


def test_non_ascii_names_on_the_classic_table(classic3: Any, drawn_text: list[str]) -> None:
    names = ["Zoë 🎲", "山田太郎", "Ørjan-Łukasz"]
    png = board_png("classic", classic.view(classic3, None), names)
    assert load(png).width == 800
    hand_png("classic", classic.view(classic3, 1), names)
    scores_png("classic", classic_outcome(3), names)
    assert all(kit.has_glyph(ch) for t in drawn_text for ch in t)
    joined = "\n".join(drawn_text)
    # drawn as written (bundled Noto fonts); only the emoji is dropped
    assert "Zoë" in joined and "山田太郎" in joined and "Ørjan-Łukasz" in joined
    assert "Seat 2" not in joined and "🎲" not in joined


def test_free_labels_stay_in_their_card_and_either_or_sales_are_listed(monkeypatch: Any) -> None:
    from render import classic_hand as hand

    drawn: list[tuple[int, str, int]] = []
    original = kit.Canvas.text

    def spy(
        self: kit.Canvas,
        xy: tuple[int, int],
        text: str,
        size: int,
        fill: tuple[int, int, int] = kit.TEXT,
        anchor: str = "la",
    ) -> None:
        drawn.append((xy[0], text, size))
        original(self, xy, text, size, fill, anchor)

    monkeypatch.setattr(kit.Canvas, "text", spy)
    seats = [
        {
            "wonder": "Rhodos",
            "side": "A",
            "coins": 3,
            "built": [],
            "hand": ["Loom", "Glassworks", "Press", "Lumber Yard"],
        },
        {
            "wonder": "Gizah",
            "side": "A",
            "coins": 3,
            "built": ["Tree Farm", "Ore Vein"],
            "hand": [],
        },
        {"wonder": "Babylon", "side": "A", "coins": 3, "built": [], "hand": []},
    ]
    state = classic.load_position({"game": "classic", "age": 1, "turn": 3, "seats": seats})
    hand_png("classic", classic.view(state, 0), _names(3))
    right = hand.WIDTH - hand._M  # one card per row, full width
    frees = [(x, size) for x, text, size in drawn if text == "free"]
    assert len(frees) == 4  # none of these four cards costs anything
    for x, size in frees:
        assert x + kit.text_width("free", size) <= right, (x, right)
    sales = [t for _, t, _ in drawn if t.startswith("sells")]
    assert any("ore" in t and "wood 2c/clay 2c" in t for t in sales), sales


def test_waiting_line_counts_the_names_that_do_not_fit(
    classic7: Any, drawn_text: list[str]
) -> None:
    picked = classic.apply(classic7, 6, classic.legal_moves(classic7, 6)[0])[0]
    v = classic.view(picked, None)  # /wonders board once one seat picked: it names the rest
    waiting = [s for s in v.to_act if s not in v.picked]
    assert len(waiting) == 6
    names = [f"Player{i} " + "W" * 12 for i in range(7)]
    board_png("classic", v, names)
    (line,) = [t for t in drawn_text if t.startswith("Waiting for")]
    shown = sum(f"Player{i} " in line for i in range(6))
    assert 0 < shown < 6 and line.endswith(f"+{6 - shown} more"), line
    assert "…" not in line and "Player6" not in line


def test_a_board_posted_as_the_turn_starts_names_nobody_to_wait_for(
    classic7: Any, drawn_text: list[str]
) -> None:
    """Issue 35.9: the posted image never changes while the AIs pick a moment later; a list
    of names ("Waiting for … Euclid (AI)") would be stale at once."""
    board_png("classic", classic.view(classic7, None), [f"P{i}" for i in range(7)])
    assert not [t for t in drawn_text if t.startswith("Waiting for")]
    assert "Everyone picks at once · the status message shows who is left" in drawn_text


def test_card_effects_read_like_a_host_says_them() -> None:
    from render.classic_hand import host_text

    assert host_text("1 coins per brown (own); 1 VP per brown (own)") == (
        "1 coin per brown (own); 1 VP per brown (own)"
    )
    assert host_text("3 coins per wonder stages (own)") == "3 coins per Wonder stage (own)"
    assert host_text("11 coins") == "11 coins"


def test_score_sheet_has_a_leaders_row_only_in_leaders_games(drawn_text: list[str]) -> None:
    out = classic_outcome(4)
    scores_png("classic", out, _names(4))
    assert "Leaders" not in drawn_text
    drawn_text.clear()
    scores = [s.model_copy(update={"leaders": 7, "total": s.total + 7}) for s in out.scores]
    scores_png("classic", out.model_copy(update={"scores": scores}), _names(4))
    assert "Leaders" in drawn_text and drawn_text.count("7") >= 4


def _leaders_game(seed: int) -> Any:
    import random

    s = classic.new_game(classic.Config(players=4, expansions=("leaders",)), seed)
    rng = random.Random(seed)
    while s.phase != 0 or s.age < 2:  # into Age II: two recruitments done
        for seat in sorted(classic.to_act(s)):
            s, _ = classic.apply(s, seat, rng.choice(classic.legal_moves(s, seat)))
    return s


def test_table_shows_recruited_leaders_and_hides_held_ones(drawn_text: list[str]) -> None:
    from engine.classic.leaders.data import LEADERS

    s = _leaders_game(3)
    board_png("classic", classic.view(s, None), _names(4))
    joined = "\n".join(drawn_text)
    assert "Leaders" in drawn_text
    for seat in range(4):
        for lid in s.leaders.recruited[seat]:
            assert LEADERS[lid].name in joined
        for lid in s.leaders.held[seat]:
            assert LEADERS[lid].name not in joined
        assert f"{len(s.leaders.held[seat])} in hand" in joined


def test_hand_image_lists_my_leaders_with_prices_and_reasons(drawn_text: list[str]) -> None:
    s = classic.new_game(classic.Config(players=3, expansions=("leaders",)), 4)
    img = load(hand_png("classic", classic.view(s, 0), _names(3)))
    assert img.width == 800
    joined = "\n".join(drawn_text)
    assert "Leader draft: keep one" in joined and "Leader draft · pick 1 of 3" in joined
    from engine.classic.leaders.data import LEADERS

    for lid in s.leaders.draft[0]:
        assert LEADERS[lid].name in joined
    for lid in s.leaders.draft[1]:  # another seat's draft hand stays hidden
        assert LEADERS[lid].name not in joined
    drawn_text.clear()
    r = classic.load_position(
        {
            "game": "classic",
            "phase": "recruit",
            "expansions": ["leaders"],
            "seats": [
                {"coins": 2, "hand": [], "leaders": {"hand": ["Cleopatra", "Sappho"]}},
                {"hand": [], "leaders": {"hand": ["Zenobia"]}},
                {"hand": [], "leaders": {"hand": ["Varro"]}},
            ],
        }
    )
    hand_png("classic", classic.view(r, 0), _names(3))
    joined = "\n".join(drawn_text)
    assert "Recruit for 1 coin" in joined
    assert "Can't recruit: costs 4 coins; you have 2 coins" in joined
