"""The expansion plug-in protocol of the classic engine, and the registry of plug-ins.

An expansion or variant (Leaders, Cities, Gods & Heroes, the 2-player Free City ...) is a
:class:`Plugin`: it overrides the handful of hooks it needs, and the core calls every hook of
the plug-ins active in a game, in registry order, without ever asking which one it is (the
shape of boardgame.io's plugins, and of python-chess's ``variant.py``: the board never asks
which variant it plays).

A plug-in is active in a game when :meth:`Plugin.wanted` says so for the game's Config at set
up, and afterwards when its part of the state is there (:meth:`Plugin.on`). Its per-game value
lives in its State slot (``field``; the dedicated ones are declared in
:mod:`engine.classic.slots`) or, for a plug-in without one, in ``State.ext`` under its name.

Hooks (every default is "nothing to add"):

- config: :meth:`~Plugin.wanted`, :meth:`~Plugin.check_config`, :attr:`~Plugin.names`;
- set-up and deal: :meth:`~Plugin.table_size`, :meth:`~Plugin.boards`, :meth:`~Plugin.guilds`,
  :meth:`~Plugin.deal_decks`, :meth:`~Plugin.deal_age`, :meth:`~Plugin.slot`,
  :meth:`~Plugin.setup`, :meth:`~Plugin.next_age`;
- moves, phases and steps: :attr:`~Plugin.phases`, :attr:`~Plugin.move_texts`,
  :attr:`~Plugin.move_parsers`, :attr:`~Plugin.discard_actions`, :meth:`~Plugin.acting`,
  :meth:`~Plugin.legal`, :meth:`~Plugin.more_legal`,
  :meth:`~Plugin.validate`, :meth:`~Plugin.apply`, :meth:`~Plugin.refuse_repick`;
- costs and payments: :meth:`~Plugin.legal` (wraps the core's list: discounts, extra payers),
  :meth:`~Plugin.accepts`;
- effects: :meth:`~Plugin.resolution` (per build; with :attr:`~Plugin.sees_step_builds`
  also for the wonder stages a plug-in's own turn builds: :func:`step_builds`),
  :meth:`~Plugin.reveal`, :meth:`~Plugin.last_turn`, :meth:`~Plugin.owes_step`,
  :meth:`~Plugin.end_turn`, :meth:`~Plugin.turn_steps`, :meth:`~Plugin.turn_over`,
  :meth:`~Plugin.pass_hands`, :meth:`~Plugin.conflicts` (age end),
  :meth:`~Plugin.age_end` (before or after the conflicts), :meth:`~Plugin.shields`,
  :meth:`~Plugin.token_coins`;
- scoring: :meth:`~Plugin.score`, :meth:`~Plugin.scoring_extras`, :meth:`~Plugin.players`;
- views: :meth:`~Plugin.view_seat`, :meth:`~Plugin.public_view`, :meth:`~Plugin.city_view`,
  :meth:`~Plugin.seat_view`, :meth:`~Plugin.move_card`;
- serialisation: :meth:`~Plugin.dump`, :meth:`~Plugin.load`, :meth:`~Plugin.dump_position`,
  :meth:`~Plugin.load_position`.

Register a plug-in with :func:`register` (the built-in ones: :mod:`engine.classic.plugins`).

This module gathers the plug-in API from where it lives: the protocol
(:mod:`engine.classic.plugin_base`), the registry (:mod:`engine.classic.plugin_registry`)
and the dispatch of the hooks in play (:mod:`engine.classic.plugin_hooks`).
"""

from __future__ import annotations

from engine.classic.plugin_base import (
    Events,
    Fight,
    Hands,
    Plugin,
    Resolution,
    Setup,
    Step,
)
from engine.classic.plugin_hooks import (
    Hooks,
    active,
    age_end,
    board_pool,
    hooks,
    players_of,
    shield_bonus,
    slot_of,
    slots_for,
    step_builds,
    token_coins,
    with_slot,
)
from engine.classic.plugin_registry import (
    action_owner,
    by_name,
    card_owner,
    card_text,
    expansion_plugins,
    for_config,
    known_names,
    phase_owner,
    register,
    registered,
    registered_plugins,
    unregister,
)

__all__ = [
    "Events",
    "Fight",
    "Hands",
    "Hooks",
    "Plugin",
    "Resolution",
    "Setup",
    "Step",
    "action_owner",
    "active",
    "age_end",
    "board_pool",
    "by_name",
    "card_owner",
    "card_text",
    "expansion_plugins",
    "for_config",
    "hooks",
    "known_names",
    "phase_owner",
    "players_of",
    "register",
    "registered",
    "registered_plugins",
    "shield_bonus",
    "slot_of",
    "slots_for",
    "step_builds",
    "token_coins",
    "unregister",
    "with_slot",
]
