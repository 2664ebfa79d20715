"""Test-only fault injection: stop the process's work at a named point so a test can SIGKILL
the bot exactly there (a crash in that window).

``WONDERS_FAULT_POINT=<name>`` makes ``fault_point(name)`` log a line and then never return.
Unset (production), ``fault_point`` returns at once and does nothing else.

Points: ``game-started`` (a start is saved, nothing posted), ``move-sending`` (a move is on
its way, not saved yet), ``move-saved`` (a move is saved, not confirmed nor posted),
``status-edit`` (a game's live status message is about to be edited: only that edit halts).
"""

from __future__ import annotations

import asyncio
import logging
import os

__all__ = ["FAULT_ENV", "fault_point"]

FAULT_ENV = "WONDERS_FAULT_POINT"

log = logging.getLogger(__name__)


async def fault_point(name: str) -> None:
    """Halt here for good when the environment names this point (tests only)."""
    if os.environ.get(FAULT_ENV) != name:
        return
    log.warning("fault point %s reached: halting until killed", name)
    await asyncio.Event().wait()
