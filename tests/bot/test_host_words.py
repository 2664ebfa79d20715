"""A guard on the wording of everything players read: seeded full games of both kinds are
played by the AI through the services, and every text the presenters make on the way (hand
prompts at every step, hints, round and age posts, status, log, scores, the final post, card, wonder
and token facts, help and rules) is scanned for what a good host never writes."""

from __future__ import annotations

import re

import pytest

from bot.model.game import Table
from bot.model.prompt import Prompt
from bot.presenters import info, lookup, status
from bot.presenters.hand import build_prompt
from bot.services.hints import HintService
from bot.services.lobby import LobbyOptions
from engine.wording import duration

from .conftest import CHANNEL, GUILD, Services

ADMIN = 99
# What a good host never writes; each pattern says what it catches.
BAD = {
    r"\b1 (coins|games|wins|shields|days|hours|minutes|stages|cards|points)\b": "plural of 1",
    r"(?<![\d.])0 coins?\b": "a '0 coins' clause",
    r"coin\(s\)": "coin(s)",
    r"\b[Aa]ge [0-9]": "an Arabic age number",
    r"\b\d+ [dhms] per turn\b": "a duration as a unit letter",
    r"wonder stages": "'wonder stages' (per Wonder stage)",
    r"\b(random|greedy|heuristic|search)\)": "an AI level by its stored name",
    r"\bSeat [0-9]\b": "an engine seat number instead of a name",
}


def _prompt_texts(prompt: Prompt) -> list[str]:
    texts = [prompt.text]
    for select in prompt.selects:
        texts += [select.placeholder]
        texts += [t for o in select.options for t in (o.label, o.description)]
    texts += [b.label for b in prompt.buttons]
    return texts


def _every_step(table: Table, seat: int) -> list[Prompt]:
    """The seat's prompt, then each card's step and each payment or wonder step."""
    prompts = [build_prompt(table, seat)]
    view = table.view(seat)
    if table.kind == "classic":
        for card in view.hand_cards:
            prompts.append(build_prompt(table, seat, card=card.name))
            for action, pays in (("build", card.build), ("wonder", card.wonder)):
                if len(pays) > 1:
                    prompts.append(
                        build_prompt(table, seat, card=card.name, action=action, move=pays[0].move)
                    )
    elif view.phase == "play":
        for slot in {mv.slot for mv in view.legal_moves if mv.slot is not None}:
            prompts.append(build_prompt(table, seat, card=str(slot)))
            prompts.append(build_prompt(table, seat, card=str(slot), action="wonder"))
    return prompts


async def _texts_of_a_game(s: Services, kind: str, players: int, seed: int) -> list[str]:
    options = LobbyOptions(kind, players, "random", "1h")
    table = await s.lobby.create(GUILD, CHANNEL, ADMIN, options, seat_creator=False)
    for i in range(players):
        await s.lobby.add_ai(table.id, ADMIN, True, ("random", "greedy")[i % 2])
    texts = [s.lobby.lobby_text(await s.games.table(table.id))]
    first = await s.lobby.start(table.id, ADMIN, True, seed=seed)
    texts.append(first.text)
    while (table := await s.games.table(table.id)).status == "running":
        names = s.games.seat_names(table)
        texts += [info.status_text(s.games, table, []), status.status_text(table, names, None)]
        for seat in sorted(table.to_act()):
            for prompt in _every_step(table, seat):
                texts += _prompt_texts(prompt)
            texts.append(HintService._hint(table, seat).text)  # the Hint button's words
        texts += [r.text for r in await s.games.advance(table.id, max_reports=1)]
    texts += [info.score_text(s.games, table, True), status.status_text(table, names, None)]
    texts += await info.log_lines(s.games, table, last=100)
    assert table.status == "finished", texts[-3:]
    return texts


def _offences(texts: list[str]) -> list[tuple[str, str]]:
    found = []
    for text in texts:
        for pattern, what in BAD.items():
            if m := re.search(pattern, text):
                found.append((what, f"…{text[max(0, m.start() - 40) : m.end() + 40]}…"))
    return found


@pytest.mark.asyncio
@pytest.mark.parametrize(("kind", "players", "seed"), [("classic", 3, 7), ("duel", 2, 11)])
async def test_texts_of_seeded_full_games_read_like_a_host(
    services: Services, kind: str, players: int, seed: int
) -> None:
    texts = await _texts_of_a_game(services, kind, players, seed)
    assert len(texts) > 200 and any("Age III" in t for t in texts)
    assert any("AI (Easy)" in t for t in texts) and any("AI level" in t for t in texts)
    assert _offences(texts) == [], sorted(set(_offences(texts)))


@pytest.mark.asyncio
async def test_a_seven_player_game_reads_like_a_host(services: Services) -> None:
    texts = await _texts_of_a_game(services, "classic", 7, 3)
    assert any("conflicts:" in t for t in texts)
    assert _offences(texts) == [], sorted(set(_offences(texts)))


def test_facts_help_and_rules_read_like_a_host() -> None:
    texts = [lookup.lookup_text(label) for label in lookup.choices("")]
    texts += [lookup.entry_text(e) for e in lookup._entries()]
    texts += [info.HELP, *info.RULES.values()]
    texts += [f"{duration(s)} per turn" for s in (60, 1800, 3600, 43200, 86400, 172800)]
    assert _offences(texts) == [], sorted(set(_offences(texts)))
    assert "1 coin per brown card" in lookup.lookup_text("Vineyard")
    assert "per Wonder stage" in lookup.lookup_text("Arena")


def test_the_guard_catches_what_it_should() -> None:
    bad = [
        "Ana paid Bo 1 coins",
        "Bo loses 0 coins",
        "2 wins in 1 games",
        "Age 2, turn 3",
        "(4 seats, 1 d per turn)",
        "3 coins per wonder stages",
        "AI (heuristic)",
        "Seat 1 builds Baths",
        "2 coin(s) each",
    ]
    assert len(_offences(bad)) == len(bad)
    assert _offences(["1 coin", "10 coins", "Age II", "AI (Hard)", "+10 coins"]) == []
