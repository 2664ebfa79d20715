"""7-player public posts stay within Discord's 2,000 characters and keep their point.

Seven players with 32-character display names play whole random games (Leaders + Cities,
and Gods & Heroes) through the engine; every round's post is built as the bot builds it
(title, the reveal with its coin losses and conflicts, the turn line, seven pings) and the
longest one is checked after ``with_pings`` fitted it."""

from __future__ import annotations

import random

import engine.classic as classic
from bot.exts.post import with_pings
from bot.games.classic.game import ClassicGame
from bot.presenters.fit import fit_post
from engine.classic import Config
from tests.bot.classic_table import StateTable

# Discord allows 32 characters in a display name; each name here has all 32.
NAMES = [
    f"{word:<28.28}{i:>4}".replace(" ", "x")
    for i, word in enumerate(
        ("Aristarchus", "Hypatia", "Archimedes", "Eratosthenes", "Pythagoras", "Sappho", "Thales")
    )
]
USERS = [10**18 + i for i in range(7)]  # 19-digit ids, as Discord's are
GAME = ClassicGame()


def _posts(config: Config, seed: int) -> list[str]:
    """Every round's post of one random game (before fitting)."""
    rng = random.Random(seed)
    state = classic.new_game(config, seed)
    start, posts = state, []
    while classic.outcome(state) is None:
        seat = min(classic.to_act(state))
        prev = state
        state, events = classic.apply(state, seat, rng.choice(classic.legal_moves(state, seat)))
        if GAME.is_round_end(events, prev, seat, state):
            before, after = StateTable(start), StateTable(state)
            text = GAME.round_text(before, after, events, NAMES)  # type: ignore[arg-type]
            title = f"**Game #123456 · 7 Wonders · {GAME.progress(state)}**"
            turn = "" if after.outcome() else GAME.turn_line(after, NAMES)  # type: ignore[arg-type]
            posts.append("\n".join(p for p in (title, text, turn) if p))
            start = state
    return posts


def _longest(config: Config, seeds: range) -> str:
    return max((p for seed in seeds for p in _posts(config, seed)), key=len)


def _check(post: str) -> str:
    sent = with_pings(post, USERS)
    assert len(sent) <= 2000, len(sent)
    lines = post.split("\n")
    assert sent.startswith(lines[0]), "the title stays"
    assert sent.endswith(" ".join(f"<@{u}>" for u in USERS)), "every ping stays"
    kept = sent.split("\n")
    assert len(kept) == len(lines) + 1, "no line of the post is lost"
    if "conflicts:**" in post:
        assert any("conflicts:**" in line for line in kept)
    return sent


def test_longest_leaders_and_cities_post_fits() -> None:
    post = _longest(Config(players=7, expansions=("leaders", "cities")), range(6))
    assert "💸 **Coin loss**" in post or "coin losses settled" in post or "conflicts" in post
    _check(post)


def test_longest_gods_and_heroes_post_fits() -> None:
    post = _longest(Config(players=7, variant="gods-heroes"), range(6))
    assert "**Gods:**" in post, post[:300]
    _check(post)


def test_an_age_end_with_every_cities_line_at_seven_players_fits() -> None:
    """The worst case written out: seven builds paying both neighbours, six coin losses,
    seven conflicts and the next turn's line; the payments go first, the rest stays."""
    builds = " · ".join(
        f"{NAMES[i]} built Counterfeiters Guild (paid {NAMES[i - 1]} 4 coins, "
        f"paid {NAMES[(i + 1) % 7]} 3 coins)"
        for i in range(7)
    )
    losses = ", ".join(f"{n} −3" for n in NAMES[1:])
    fights = " · ".join(f"{NAMES[i]} beats {NAMES[(i + 1) % 7]} 12–11 (+5 / −1)" for i in range(7))
    post = "\n".join(
        (
            "**Game #123456 · 7 Wonders · Age III turn 7**",
            f"**Age III, turn 7** — {builds}",
            f"💸 **Coin loss**: {losses} — each pays or takes debt now",
            f"**Age III conflicts:** {fights}",
            f"Coin loss: {', '.join(NAMES[1:])} — pay or take debt.",
        )
    )
    assert len(post) > 2000
    sent = _check(post)
    assert "(paid" not in sent and "💸 **Coin loss**: " + NAMES[1] in sent
    assert "Counterfeiters Guild" in sent


def test_fit_post_leaves_short_posts_alone_and_cuts_at_items() -> None:
    assert fit_post("  a\nb  ") == "a\nb"
    long = "head\n" + " · ".join(f"item{i:03}" for i in range(300)) + "\nlast line"
    fitted = fit_post(long, 500)
    assert len(fitted) <= 500
    head, middle, last = fitted.split("\n")
    assert (head, last) == ("head", "last line")
    assert middle.endswith(" · …") and middle.startswith("item000 · item001")
    assert "item29" not in middle  # whole items only
