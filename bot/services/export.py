"""``/wonders history export``: a finished game as a JSON file (format: docs/export.md) — its
record (kind, options, seed, rules version), players, the move log and the final scores, and for
Duel every position in the seed prompt's agent JSON. ``replay_export`` is the other way:
it plays a file's moves again and returns the scores they lead to.

Only finished games are exported: the seed and the moves give away every hidden card.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.games.registry import adapter_for
from bot.model.errors import GameNotHere, UserError
from bot.model.game import Table
from bot.services.games import GameService
from bot.services.history import steps
from bot.store import GameRecord

__all__ = ["FORMAT", "FORMAT_VERSION", "ExportService", "Exported", "export_data", "replay_export"]

FORMAT = "wonders-table-game"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Exported:
    filename: str
    data: bytes  # UTF-8 JSON
    positions: bool  # it holds positions in another tool's format (Duel: the agent JSON)


class ExportService:
    def __init__(self, games: GameService) -> None:
        self.games = games

    async def export(self, guild_id: int | None, user_id: int, game_id: int) -> Exported:
        """The file of game ``game_id`` (of this server)."""
        table = await self.games.table_in(guild_id, game_id)
        if table.record.guild_id is None and table.record.seat_of(user_id) is None:
            raise GameNotHere(f"There is no game #{game_id} in this server.")
        if table.status != "finished":
            raise UserError(
                f"Game #{game_id} is {_status_words(table.status)}: only a finished game can be "
                "exported (the file holds every card, hidden ones too)."
            )
        record = await self.games.store.load_game(game_id)
        names = self.games.seat_names(table)
        data = await asyncio.to_thread(export_data, table, record, names)
        text = json.dumps(data, indent=1, ensure_ascii=False)
        return Exported(f"wonders-game-{game_id}.json", text.encode(), "positions" in data)


def _status_words(status: str) -> str:
    return {
        "lobby": "not started yet",
        "running": "still running",
        "abandoned": "abandoned (it has no final scores)",
    }.get(status, status)


def export_data(table: Table, record: GameRecord, names: list[str]) -> dict[str, Any]:
    """The file's content (docs/export.md)."""
    played = list(steps(table, record.moves))
    final = played[-1].after if played else table.game.new_game(table.config(), record.seed)
    outcome = table.game.outcome(final)
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {
            "id": record.id,
            "kind": record.kind,
            "title": table.game.title,
            "rules_version": record.rules_version,
            "config": table.config().model_dump(mode="json"),
            "seed": record.seed,
            "started_at": _when(record.started_at),
            "ended_at": _when(record.ended_at),
            "end_reason": record.end_reason,
        },
        "players": [
            {"seat": s.seat, "name": names[s.seat], "ai_level": s.ai_level, "resigned": s.resigned}
            for s in sorted(record.seats, key=lambda s: s.seat)
        ],
        "moves": [
            {"seq": m.seq, "seat": m.seat, "move": m.move_text, "at": _when(m.created_at)}
            for m in record.moves
        ],
        "result": None
        if outcome is None
        else {
            "scores": [s.model_dump(mode="json") for s in outcome.scores],
            "winners": list(outcome.winners),
            "victory": getattr(outcome, "victory", None),
        },
    }
    positions = table.game.export_positions([(p.seat, p.move, p.before) for p in played], final)
    if positions:
        data["positions"] = positions
    return data


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def replay_export(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Plays an exported file's moves from its options and seed: the final scores (as in
    its ``result.scores``). Raises ``ValueError`` for a file of another format."""
    if data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    game = data["game"]
    mod = adapter_for(game["kind"])
    config = mod.read_config(game["config"], mod.rules_version)
    state = mod.new_game(config, int(game["seed"]))
    for move in data["moves"]:
        state, _ = mod.apply(state, int(move["seat"]), mod.parse_move(move["move"]))
    return [s.model_dump(mode="json") for s in mod.scores(state)]
