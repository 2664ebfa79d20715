"""The live status message of a game (one per game, edited as it moves) and the title every
post carries: Discord-free texts built from a ``Table``.

    Game #12 · 7 Wonders · Age II turn 3
    ⏳ Waiting for Bo, Cy · ✅ done: Ana, Euclid (AI)
    Deadline <t:1764200000:R>

Picks are never shown (only that a seat has picked), so the message can be public.
"""

from __future__ import annotations

from bot.model.game import Table

__all__ = ["JOINED", "game_title", "jump_url", "seats_line", "status_text", "where_text"]

#: told to whoever joins a table: where the game will be once it starts
JOINED = (
    "When it starts, the table's post links the game's thread; there, click **Play your "
    "turn** on its status message."
)


def game_title(table: Table) -> str:
    """``Game #12 · 7 Wonders · Age II turn 3``: names the game in every post."""
    head = f"Game #{table.id} · {table.game.title}"
    state = table.state
    if table.status != "running" or state is None:
        return f"{head} · {'over' if table.status == 'finished' else table.status}"
    return f"{head} · {table.game.progress(state)}"


def status_text(
    table: Table, names: list[str], deadline: float | None, result: str | None = None
) -> str:
    """The status message: title, whose turn, a ✅/⏳ per seat, the deadline; once over, who
    won and a link to the result post (``result``, a jump URL, once it is posted)."""
    lines = [f"**{game_title(table)}**"]
    if table.status != "running":
        outcome = table.outcome()
        if outcome is not None:
            winners = " and ".join(names[w] for w in outcome.winners)
            where = f"[the result post]({result})" if result else "the channel"
            lines.append(f"🏆 Game over — {winners} won. Final scores: {where}.")
        else:
            lines.append("This game has ended.")
        return "\n".join(lines)
    lines.append(seats_line(table, names))
    if deadline is not None:
        lines.append(f"Deadline <t:{int(deadline)}:R>")
    return "\n".join(lines)[:2000]


def seats_line(table: Table, names: list[str]) -> str:
    """Each seat named once: ⏳ whom we wait for, then ✅ who has picked (in simultaneous
    turns; in a turn-by-turn game only whose turn it is)."""
    acting = table.to_act()
    if not acting:
        return "Resolving the turn…"
    line = "⏳ Waiting for " + ", ".join(names[s] for s in sorted(acting))
    done = [name for s, name in enumerate(names) if s not in acting]
    if table.game.secret_picks and done:
        line += " · ✅ done: " + ", ".join(done)
    return line


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens the channel (or one message) in Discord."""
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return base if message_id is None else f"{base}/{message_id}"


def where_text(table: Table, place: int, status_url: str | None) -> str:
    """Where a game that just started is played, for each seated person: "Game #3 is played
    in <#thread>: click **Play your turn** on its status message there (<link>)"."""
    seated = [f"<@{u}>" for s in range(len(table.record.seats)) if (u := table.seat_user(s))]
    link = f" — {status_url}" if status_url else ""
    who = f" {', '.join(seated)}:" if seated else ""
    return (
        f"🧵 Game #{table.id} is played in <#{place}>.{who} click **Play your turn** on its "
        f"status message there{link}"
    )
