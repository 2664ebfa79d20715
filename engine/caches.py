"""Module-level caches of the engines and the rule that keeps them thread-safe.

The bot applies moves on its event loop while AI searches run in worker threads
(``asyncio.to_thread``), all in one process: every module-level container in ``engine/`` is
shared between those threads. The engines are fast because of these caches, so they are not
removed or wrapped in a lock on the hot path; instead each one is of one of the kinds below,
and a test (tests/engine/test_caches_audit.py) fails when a new module-level container appears
without being listed in :data:`AUDIT`.

The rule: a module-level container is either

``table``
    built while the module is imported and never written afterwards (tests check it is
    unchanged after games and AI searches of both kinds);
``memo``
    filled lazily with values that are a pure function of the key (or equal values, such as
    interned events and moves, compared by value), by single dict or list-item stores, which are
    atomic in CPython. Two threads missing the same key both compute it and store equal values;
    clearing a full memo only drops entries, so a reader gets a miss, never a wrong value. Nothing
    may depend on the identity of a memo's values across threads;
``functools``
    a ``functools.cache`` / ``lru_cache``: thread-safe in CPython (a value may be computed twice);
``ids``
    an id table, where an id is a position in a list (``len`` of it when allocated): a miss takes
    the module's lock, appends what the id names *first* and publishes the id last, so no thread
    sees an id before its entry, and two threads can never get the same id for different keys.
    Id tables are never cleared while other threads may run (the ids live in other caches);
``generation``
    a group of caches whose entries refer to each other by index (``classic.moves``): replaced as
    a whole when full, never cleared in place; a caller reads the current generation once and
    uses only that one for the whole call;
``slot``
    a one-item list holding ``(object, data)`` (``duel.state.LAST``, ``duel.moves.LAST_ROW``):
    replaced in one store and read in one load, and used only when ``object`` *is* the caller's
    argument, which the tuple keeps alive (its id cannot be reused). The data it carries is never
    changed after it is published.

A new cache must fit one of these kinds and be added to :data:`AUDIT`. Anything else (a counter
read and written in two steps, a list cleared in place while indices into it are held, a memo
whose value depends on which thread filled it) is a bug even if every test passes on one thread.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["AUDIT", "Kind", "clear_caches"]

Kind = Literal["table", "memo", "functools", "ids", "generation", "slot"]

# Every module-level container of engine/, under the name of the module that defines it.
AUDIT: dict[str, Kind] = {
    # texts
    "engine.wording._PLURALS": "table",
    # classic rules
    "engine.classic.data.BOARD_INDEX": "table",
    "engine.classic.texts._SPECIALS": "table",
    "engine.classic.data.CARD_INDEX": "table",
    "engine.classic.cities.setup.BLACK_BY_AGE": "table",
    "engine.classic.cities.present._OWN": "table",
    "engine.classic.scoring.VP_TOKENS": "table",
    "engine.classic.state._SLUG_TO_NAME_ID": "table",
    "engine.classic.state._BOARD_BY_LOWER": "table",
    "engine.classic.values._MOVES": "memo",
    # The plug-in registry: filled once as the plug-ins register at import (tables after).
    "engine.classic.values.MOVE_TEXTS": "table",
    "engine.classic.values.MOVE_DESCRIPTIONS": "table",
    "engine.classic.values.EFFECT_PARTS": "table",
    "engine.classic.state.PHASES": "table",
    "engine.classic.state.MOVE_PARSERS": "table",
    "engine.classic.plugin_registry._PLUGINS": "table",
    "engine.classic.plugin_registry._SLOTS": "table",
    "engine.classic.plugin_registry._PHASES": "table",
    "engine.classic.plugin_registry._DERIVED": "table",
    # Hook tables per pattern of filled slots and phase: a handful of keys, built once each.
    "engine.classic.plugin_hooks._HOOKS": "memo",
    "engine.classic.plugin_registry._KNOWN": "memo",  # known_names(), one key
    "engine.classic.events._cache": "memo",
    "engine.classic.events._picks": "memo",
    "engine.classic.stats._base_cache": "memo",
    "engine.classic.stats._stats_cache": "memo",
    "engine.classic.stats._child_cache": "memo",
    "engine.classic.stats._deltas": "memo",
    # Signature ids come from itertools.count (one atomic call): never reused, so a racing
    # second id for an equal signature only misses the trade cache.
    "engine.classic.stats._buy_sigs": "memo",
    "engine.classic.stats._sell_sigs": "memo",
    "engine.classic.trade._FREE": "table",
    # Leaders expansion (rule tables built at import)
    "engine.classic.leaders.data.DECISIONS": "table",
    "engine.classic.leaders.data._COUNTS": "table",
    "engine.classic.leaders.data.LEADER_INDEX": "table",
    "engine.classic.leaders.data.LEADER_SLUGS": "table",
    "engine.classic.leaders.scoring._COLOR": "table",
    "engine.classic.leaders.guilds.GUILD_TEXTS": "table",
    "engine.classic.leaders.effects._POWERS": "memo",
    "engine.ai.classic_leaders._PER_AGE": "table",
    "engine.ai.classic_hooks.MOVE_VALUES": "table",
    "engine.ai.classic_hooks.GUILD_VALUES": "table",
    "engine.ai.classic_hooks.COLOR_VALUES": "table",
    "engine.ai.classic_hooks.MOVE_SUBJECTS": "table",
    "engine.ai.classic_hooks.UNSEARCHED": "table",
    "engine.ai.classic_hooks.BUILD_BONUSES": "table",
    "engine.ai.classic_hooks.STAGE_BONUSES": "table",
    "engine.ai.classic_hooks.POOL_CARDS": "table",
    "engine.ai.classic_hooks.SAMPLERS": "table",
    "engine.ai.classic_leaders._PER_AGE_VP": "table",
    "engine.classic.trade._ORIGIN": "table",
    "engine.classic.trade._cache": "memo",
    "engine.classic.trade._full_cache": "memo",
    "engine.classic.trade._fronts": "memo",
    "engine.classic.trade._cost_keys": "ids",
    "engine.classic.trade._cost_parts": "ids",
    "engine.classic.deal._base_decks": "memo",
    "engine.classic.moves._GEN": "generation",
    "engine.classic.variants.gods_data._GOD_INDEX": "table",
    # Duel rules
    "engine.duel.data.LAYOUTS": "table",
    "engine.duel.data.CARD_INDEX": "table",
    "engine.duel.data.TOKEN_INDEX": "table",
    "engine.duel.data.WONDER_INDEX": "table",
    "engine.duel.data.CHAIN_MASK": "table",
    "engine.duel.data._COL": "table",
    "engine.duel.data._RES": "table",
    "engine.duel.data._SYM": "table",
    "engine.duel.state._INDEX": "table",
    "engine.duel.state.LAST": "slot",
    "engine.duel.moves.LAST_ROW": "slot",
    "engine.duel.moves.SLOTS": "memo",
    "engine.duel.turns._ACCESS": "memo",
    "engine.duel.turns._COVERS": "table",
    "engine.duel.turns._PHASE_ACTIONS": "table",
    "engine.duel.costs._EMPTY_ROW": "table",
    "engine.duel.costs._PROFILES": "ids",
    "engine.duel.costs._PROFILE_IDS": "ids",
    "engine.duel.costs._OPPS": "ids",
    "engine.duel.costs._OPP_IDS": "ids",
    "engine.duel.costs._UNIT_PRICES": "ids",
    "engine.duel.costs._PROFILE_OF": "memo",
    "engine.duel.costs._OPP_OF": "memo",
    # A price row is filled entry by entry (-1 = unsolved) with values fixed by its key.
    "engine.duel.costs._ROWS": "memo",
    "engine.duel.costs._ROW_OF": "memo",
    "engine.duel.costs._GREEDY": "memo",
    "engine.duel.events._MEMO": "memo",
    "engine.duel.events._ONCE": "memo",
    "engine.duel.events.REVEALS": "memo",
    "engine.duel.events.DISCARDS": "memo",
    "engine.duel.events.BUILDS": "memo",
    "engine.duel.events.WONDER_BUILDS": "memo",
    "engine.duel.events._NONE_ROW": "table",
    "engine.duel.agent_json.names.AGENT_MOVES": "table",
    "engine.duel.agent_json.names.STEP_MOVES": "table",
    "engine.duel.agent_json.names.BACKS": "table",
    "engine.duel.agent_json.names.CARD_AGENT": "table",
    "engine.duel.agent_json.names.TOKEN_AGENT": "table",
    "engine.duel.agent_json.names.WONDER_AGENT": "table",
    "engine.duel.agent_json.names._CARD_KEYS": "table",
    "engine.duel.agent_json.names._TOKEN_KEYS": "table",
    "engine.duel.agent_json.names._WONDER_KEYS": "table",
    "engine.duel.agent_json.export._STEPS": "table",
    "engine.duel.agent_json.reader._BACK_AGE": "table",
    "engine.duel.agent_json.load._PHASES": "table",
    "engine.duel.agent_json.load._base": "functools",
    # AI
    "engine.ai.classic_wonders.board_value": "functools",
    "engine.ai.classic_gods.HERO_VP": "table",
    "engine.ai.classic_eval._MIL": "table",
    "engine.ai.classic_eval._SPECIAL": "table",
    "engine.ai.classic_eval._UNLOCK_MEMO": "memo",
    "engine.ai.classic_eval._info": "functools",
    "engine.ai.classic_eval._future_costs": "functools",
    "engine.ai.classic_sample._age_deck": "functools",
    "engine.ai.duel_eval.DRAFT_VALUE": "table",
    "engine.ai.duel_facts.CARD": "table",
    "engine.ai.duel_facts.WONDER": "table",
    "engine.ai.duel_facts.TOKEN": "table",
    "engine.ai.duel_facts.CHAIN_TARGETS": "table",
    "engine.ai.duel_sample._TEMPLATE": "table",
    "engine.ai.duel_value._CAP": "table",
    "engine.ai.duel_value._EXTRA_TURN": "table",
    "engine.ai.duel_value._PRESSURE": "table",
    "engine.ai.duel_value._TOKEN_BASE": "table",
    "engine.ai.duel_value._USES": "table",
    # the seam
    "engine.games.GAMES": "table",
    # Edifice (engine.classic.edifice; its rows and the tables built from them at import)
    "engine.classic.edifice.data.DECISIONS": "table",
    "engine.classic.edifice.data.PROJECTS_BY_AGE": "table",
    "engine.classic.edifice.data.PROJECTS_BY_AGE_V3": "table",
    "engine.classic.edifice.rules._PRODUCES": "table",
    "engine.classic.edifice.position._STATUS": "table",
    "engine.classic.edifice.position._NAMES": "table",
    "engine.classic.edifice.texts._VP_TOKEN": "table",
    "engine.classic.edifice.rules._VP_TOKEN": "table",
    "engine.classic.edifice.rules._STAGES": "table",
    "engine.ai.classic_hooks.MOVE_REASONS": "table",
    "engine.ai.classic_edifice._BY_NAME": "table",
    "engine.ai.classic_edifice._VP_TOKEN": "table",
    "engine.caches.AUDIT": "table",
    # Babel (engine.classic.babel; its rows and the tables built from them at import)
    "engine.classic.babel.data.DECISIONS": "table",
    "engine.classic.babel.data.PROJECTS_BY_AGE": "table",
    "engine.classic.values.DISCARD_ACTIONS": "table",
    "engine.classic.babel.texts._TOKENS": "table",
    "engine.classic.babel.texts._TARGET_WORDS": "table",
    "engine.classic.babel.texts._GROUPS": "table",
    "engine.classic.babel.texts._FIXED": "table",
    "engine.classic.babel.position._BY_NAME": "table",
    "engine.classic.babel.projects._SHIELDS": "table",
    "engine.classic.babel.tower_plugin._SLUGS": "table",
    "engine.ai.classic_babel._BY_NAME": "table",
    "engine.ai.classic_babel._TOKEN_VP": "table",
}


def clear_caches() -> None:
    """Empty the lazily filled caches (memos, id tables, generations, slots), so the next games
    start cold. Only for tests and benchmarks, and only while no other thread uses the engine:
    id tables are never cleared while ids into them may be held."""
    from engine.ai import classic_eval
    from engine.classic import events as classic_events
    from engine.classic import moves as classic_moves
    from engine.classic import stats
    from engine.duel import costs, moves, state, turns
    from engine.duel import events as duel_events

    stats._clear()  # (the trade caches and signature tables too)
    classic_moves._GEN = classic_moves._Generation()
    classic_events._cache.clear()
    for picks in classic_events._picks:
        picks.clear()
    classic_eval._UNLOCK_MEMO.clear()
    state.LAST[0] = (None, [])
    moves.LAST_ROW[0] = (None, [])
    moves.SLOTS.clear()
    for access in turns._ACCESS.values():
        access.clear()
    # Rows name profile and opponent ids: the id tables go with them.
    for table in (costs._ROW_OF, costs._ROWS, costs._GREEDY, costs._PROFILE_OF, costs._OPP_OF):
        table.clear()
    for ids in (costs._PROFILE_IDS, costs._OPP_IDS):
        ids.clear()
    del costs._PROFILES[:], costs._OPPS[:], costs._UNIT_PRICES[:]
    duel_events._MEMO.clear()
    duel_events._ONCE.clear()
    for rows in (duel_events.REVEALS, duel_events.DISCARDS, duel_events.BUILDS):
        for row in rows:
            row[:] = duel_events._NONE_ROW
    for row in duel_events.WONDER_BUILDS:
        row[:] = duel_events._NONE_ROW[: len(row)]
