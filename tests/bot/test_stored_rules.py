"""A stored game replays under the rules it was created with (its ``rules_version``)."""

from __future__ import annotations

import pytest

import engine.classic as classic
from engine.classic.config import Config
from engine.classic.leaders.data import leader_pool
from tests.bot.conftest import CHANNEL, GUILD, Services

BOTH = {"players": 4, "expansions": ["leaders", "cities"]}


def dealt_leaders(config: Config, seed: int) -> set[int]:
    state = classic.new_game(config, seed)
    assert state.leaders is not None
    return {i for hand in state.leaders.draft for i in hand}


async def _stored(services: Services, rules_version: str, config: dict[str, object]) -> Config:
    game = await services.store.create_game(
        kind="classic",
        channel_id=CHANNEL,
        guild_id=GUILD,
        config=config,
        seed=7,
        rules_version=rules_version,
    )
    table = await services.games.table(game)
    found = table.config()
    assert isinstance(found, Config)
    return found


@pytest.mark.asyncio
async def test_leaders_cities_games_of_rules_classic_1_deal_only_the_box_leaders(
    services: Services,
) -> None:
    old = await _stored(services, "classic-1", BOTH)
    assert old.cities_leaders is False
    box = set(leader_pool(False))
    assert all(dealt_leaders(old, seed) <= box for seed in range(30))
    new = await _stored(services, classic.RULES_VERSION, BOTH)
    assert new.cities_leaders is True
    dealt = set().union(*(dealt_leaders(new, seed) for seed in range(30)))
    assert dealt - box, "the Cities leaders are dealt in new Leaders + Cities games"


@pytest.mark.asyncio
async def test_other_classic_1_games_read_their_config_unchanged(services: Services) -> None:
    leaders_only = await _stored(services, "classic-1", {"players": 4, "expansions": ["leaders"]})
    assert leaders_only.cities_leaders is True  # no Cities: the flag changes nothing
    base = await _stored(services, "classic-1", {"players": 3})
    assert base == Config(players=3)


@pytest.mark.asyncio
async def test_leaders_games_of_rules_classic_2_keep_the_old_seventh_card_and_docks_rules(
    services: Services,
) -> None:
    for version in ("classic-1", "classic-2"):
        old = await _stored(services, version, {"players": 4, "expansions": ["leaders"]})
        assert old.leaders_v3 is False
        lead = classic.new_game(old, 7).leaders
        assert lead is not None and lead.old_rules
    new = await _stored(services, classic.RULES_VERSION, {"players": 4, "expansions": ["leaders"]})
    assert new.leaders_v3 is True
    lead = classic.new_game(new, 7).leaders
    assert lead is not None and not lead.old_rules
    base = await _stored(services, "classic-2", {"players": 4, "expansions": ["cities"]})
    assert base == Config(players=4, expansions=("cities",))  # no Leaders: nothing changed


@pytest.mark.asyncio
async def test_babel_and_edifice_games_of_rules_classic_3_keep_the_old_projects(
    services: Services,
) -> None:
    babel = {"players": 4, "expansions": ["babel-tower", "babel-projects"]}
    edifice = {"players": 4, "expansions": ["edifice"]}
    for version in ("classic-1", "classic-2", "classic-3"):
        for config in (babel, edifice):
            old = await _stored(services, version, config)
            assert old.projects_v4 is False
    projects = classic.new_game(await _stored(services, "classic-3", babel), 7).ext
    assert dict(projects)["babel-projects"].old_rules
    for config in (babel, edifice):
        assert (await _stored(services, classic.RULES_VERSION, config)).projects_v4 is True
    tower = await _stored(services, "classic-3", {"players": 4, "expansions": ["babel-tower"]})
    assert tower == Config(players=4, expansions=("babel-tower",))  # no project: unchanged


@pytest.mark.asyncio
async def test_leaders_games_before_classic_4_end_recruitment_turns_at_once(
    services: Services,
) -> None:
    """Leaders + Edifice games stored before classic-5 replay without the join after a stage
    built with a leader (``Leaders.old_recruit``); new games offer it."""
    table = {"players": 4, "expansions": ["leaders", "edifice"]}
    for version in ("classic-1", "classic-2", "classic-3", "classic-4"):
        old = await _stored(services, version, table)
        assert old.leaders_v5 is False
        lead = classic.new_game(old, 7).leaders
        assert lead is not None and lead.old_recruit
    new = await _stored(services, classic.RULES_VERSION, table)
    assert new.leaders_v5 is True
    lead = classic.new_game(new, 7).leaders
    assert lead is not None and not lead.old_recruit
    base = await _stored(services, "classic-4", {"players": 4, "expansions": ["edifice"]})
    assert base == Config(players=4, expansions=("edifice",))  # no Leaders: nothing changed


@pytest.mark.asyncio
async def test_leaders_babel_games_before_classic_6_keep_nero_coins_for_tile_19(
    services: Services,
) -> None:
    both = {"players": 4, "expansions": ["leaders", "babel-tower", "babel-projects"]}
    for version in ("classic-3", "classic-4", "classic-5"):
        old = await _stored(services, version, both)
        assert old.tile19_nero is False
        tower = dict(classic.new_game(old, 7).ext)["babel-tower"]
        assert tower.coins_first
    new = await _stored(services, classic.RULES_VERSION, both)
    assert (
        new.tile19_nero is True
        and not dict(classic.new_game(new, 7).ext)["babel-tower"].coins_first
    )
    babel = {"players": 4, "expansions": ["babel-tower"]}
    assert (await _stored(services, "classic-5", babel)).tile19_nero is True  # no Nero there
