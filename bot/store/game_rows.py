"""Row <-> record mapping and SQL fragments shared by the game repositories."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from .models import GameRecord, MoveRecord, SeatRecord, from_ts

__all__ = ["GAME_COLS", "SEAT_COLS", "config_text", "game_record", "guild_filter", "seat_record"]

GAME_COLS = (
    "id, guild_id, channel_id, thread_id, kind, config, seed, rules_version, status, "
    "creator_id, version, created_at, updated_at, started_at, ended_at, end_reason, "
    "turn_timer_s, invited_id"
)
SEAT_COLS = "seat, user_id, ai_level, joined_at, resigned_at, display_name"


def _opt_ts(v: float | None) -> datetime | None:
    return None if v is None else from_ts(v)


def game_record(
    row: Sequence[Any], seats: Iterable[SeatRecord] = (), moves: Iterable[MoveRecord] = ()
) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        kind=row[4],
        config=row[5],
        seed=row[6],
        rules_version=row[7],
        status=row[8],
        creator_id=row[9],
        version=row[10],
        created_at=from_ts(row[11]),
        updated_at=from_ts(row[12]),
        started_at=_opt_ts(row[13]),
        ended_at=_opt_ts(row[14]),
        end_reason=row[15],
        seats=tuple(seats),
        moves=tuple(moves),
        turn_timer_s=row[16],
        invited_id=row[17],
    )


def seat_record(r: Sequence[Any]) -> SeatRecord:
    return SeatRecord(r[0], r[1], r[2], from_ts(r[3]), _opt_ts(r[4]), r[5])


def config_text(config: str | Mapping[str, object]) -> str:
    return config if isinstance(config, str) else json.dumps(config, sort_keys=True)


def guild_filter(column: str, n: int, dms: bool) -> str:
    """``column`` among ``n`` guild ids (``?`` placeholders), or NULL (a DM game) if ``dms``."""
    parts = [f"{column} IN ({','.join('?' * n)})"] if n else []
    if dms:
        parts.append(f"{column} IS NULL")
    return f"({' OR '.join(parts)})"
