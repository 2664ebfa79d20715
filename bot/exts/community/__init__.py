"""A game's life in a Discord community (issue 18): its thread, its live status message and
who hears of their turn, and how. Not an extension of its own: the composition root
(``bot.hub``) builds ``Community`` and the poster and the ``/wonders`` features use it, so
this package imports nothing of ``bot.exts.wonders`` (which imports the client)."""

from __future__ import annotations

from ._community import Community

__all__ = ["Community"]
