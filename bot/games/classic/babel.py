"""Babel's two modules as the bot offers them (docs/babel.md): the Tower of Babel
(``babel-tower``) and the Great Projects (``babel-projects``), registered in
``bot.games.classic.expansions.BOT_EXPANSIONS`` for their titles. Their steps (the tile draft,
the join question) are lists of moves with a head of their own, written by
``bot.games.classic.prompts`` beside the shared move list."""

from __future__ import annotations

from bot.games.classic.expansion import BotExpansion

__all__ = ["PROJECTS", "TOWER"]

TOWER = BotExpansion("babel-tower", "Tower of Babel")
PROJECTS = BotExpansion("babel-projects", "Great Projects")
