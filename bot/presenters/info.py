"""Read-only answers: status, log, live scores, games list, stats, card facts, rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.classic.expansions import EXPANSION_RULES
from bot.games.registry import GAMES, title_of
from bot.model.errors import UserError
from bot.model.game import Table
from bot.presenters.levels import level_name
from bot.presenters.reports import by_rank
from bot.presenters.status import game_title, seats_line
from bot.presenters.texts import ai_levels_text, with_levels
from bot.services.games import GameService
from bot.services.history import positions
from bot.services.lobby import format_duration
from bot.store import GuildSettings
from bot.store.models import Deadline, GameRecord, LeaderboardRow, UserStats
from engine.wording import coins, count, roman

__all__ = [
    "HELP",
    "RULES",
    "card_text",
    "games_text",
    "leaderboard_text",
    "log_lines",
    "score_text",
    "settings_text",
    "stats_text",
    "status_text",
    "watch_text",
]

#: ``/wonders rules``: each game's rules, then how to play here.
RULES = {
    **{kind: game.rules_text for kind, game in GAMES.items()},
    **EXPANSION_RULES,
    "bot": (
        "**Playing here**: `/wonders create` opens a table; others click **Join**; the creator "
        "clicks **Start** (empty seats get AI players). The game is played in its own thread, "
        "linked on the table's post: each turn click **Play your turn** on the status message "
        "there (or on the newest board post): only you see your hand. Choose a card, then "
        "Build / Wonder / "
        "Discard (and how to pay when there are several ways); **Change my pick** replaces "
        "your pick until everyone has picked. Duel: `/wonders duel` plays the AI at once, "
        "`/wonders duel opponent:@someone` challenges a member; pick your wonders with the "
        "buttons on the board post; choose a pyramid card by its number ([13] …, with your "
        "price), then Build / Wonder / Discard; progress tokens and other choices are a list "
        "plus Confirm. `/wonders status` shows who we wait for; `/wonders resign` hands your "
        "seat to the AI (Duel: you concede)."
    ),
}


# The five things a new player needs, in one message (every command named here exists:
# tests/bot/test_lookup.py checks them against the command group).
HELP = "\n".join(
    (
        "**Wonders Table — how to play here**",
        "1. **Start or join a game**: `/wonders create` opens a 7 Wonders table (others click "
        "**Join**, you click **Start**; empty seats get AI players). `/wonders duel` plays "
        "7 Wonders Duel against the AI at once, `/wonders duel opponent:@someone` challenges a "
        "member. `/wonders games` lists the open tables.",
        "2. **Your hand**: each game is played in its own thread, linked on the table's post; "
        "click **Play your turn** on the status message there (or on the newest board post, "
        "or use `/wonders hand`). Only you see your hand.",
        "3. **Play a turn**: choose a card, then **Build**, **Wonder** or **Discard** (and how "
        "to pay when asked). In 7 Wonders everyone picks at once; **Change my pick** works "
        "until the last pick. In Duel you take a card from the pyramid.",
        "4. **Learn or get a hint**: `/wonders tutorial` is a private guided tour with a "
        "practice game. In your first games and in every game against the AI, the **Hint** "
        "button under your hand shows what the Hard AI would play and why (the table's creator "
        "turns it off or on with `/wonders hints`).",
        "5. **Rules and cards**: `/wonders rules` explains the game; `/wonders card` tells what "
        "a card, a wonder or a progress token does; `/wonders status` and `/wonders board` "
        "show where a game stands.",
    )
)


def status_text(games: GameService, table: Table, deadlines: list[Deadline]) -> str:
    """``/wonders status``: the game's title, where it stands, whom it waits for (each name
    once) and until when."""
    names = games.seat_names(table)
    if table.status != "running":
        return f"**Game #{table.id}** ({title_of(table.kind)}) — {table.status}."
    lines = [f"**{game_title(table)}**"]
    if where := table.game.status_line(table, names):
        lines.append(where)
    lines.append(seats_line(table, names))
    if due := _deadlines_text(deadlines, names):
        lines.append(due)
    if levels := ai_levels_text(table, names):
        lines.append(levels + ".")
    return "\n".join(lines)


def _deadlines_text(deadlines: list[Deadline], names: list[str]) -> str:
    """ "Deadline <t:…:R>" when every clock agrees, else one per seat."""
    shown = [d for d in deadlines if 0 <= d.seat < len(names)]
    if not shown:
        return ""

    def when(d: Deadline) -> str:
        return f"<t:{int(d.due_at.timestamp())}:R>" + (" (stalled)" if d.stalled else "")

    if len({when(d) for d in shown}) == 1:
        return f"Deadline {when(shown[0])}"
    return "Deadlines: " + " · ".join(f"{names[d.seat]} {when(d)}" for d in shown)


async def log_lines(games: GameService, table: Table, last: int = 5) -> list[str]:
    """The last ``last`` public round texts, replayed from the move log."""
    if table.state is None:
        return []
    record = await games.store.load_game(table.id)
    found = positions(table, record.moves, games.seat_names(table))
    return [p.text for p in found[1:]][-last:]


def score_text(games: GameService, table: Table, live_allowed: bool) -> str:
    names = games.seat_names(table)
    state = table.require_state()
    outcome = table.outcome()
    if outcome is None and table.status == "running" and not live_allowed:
        raise UserError("This server does not show live scores; wait for the final sheet.")
    scores = outcome.scores if outcome else table.game.scores(state)
    title = "Final scores" if outcome else _unfinished_title(table)
    labels = with_levels(table, names)
    extra = table.game.score_rows(table)
    order = by_rank(outcome, table.players()) if outcome else range(len(scores))
    order = [*order, *(i for i in range(len(scores)) if i not in order)]  # the Free City
    rows = [
        f"{labels[i]}: **{s.total}** (military {s.military}, coins {s.treasury}, "
        f"wonders {s.wonders}, civilian {s.civilian}, science {s.science}, "
        f"commerce {s.commercial}, guilds {s.guilds}" + f"{table.game.score_extras(s, extra)})"
        for i, s in ((i, scores[i]) for i in order)
    ]
    return f"**{title} — game #{table.id}**\n" + "\n".join(rows)


def _unfinished_title(table: Table) -> str:
    """The score title of a game the rules did not end (running, resigned, abandoned)."""
    if table.status == "running":
        return "Scores if the game ended now"
    why = f" ({table.record.end_reason})" if table.record.end_reason else ""
    ended = "was abandoned" if table.status == "abandoned" else "ended"
    return f"Scores when the game {ended}{why}"


def games_text(
    tables: list[GameRecord],
    *,
    more_exist: bool = False,
    size: int = 2000,
    waiting: Mapping[int, list[str]] | None = None,
) -> str:
    """One line per game, newest first, within one message of ``size`` characters; the games
    that don't fit (plus any beyond ``tables`` when ``more_exist``) are counted at the end,
    never cut mid-line (a cut mention shows as raw ``<@1234``). ``waiting``: per running
    game, whom it waits for."""
    if not tables:
        return "No open or running games here."
    lines = [_game_line(g, (waiting or {}).get(g.id)) for g in tables]
    room = len(_more_line(len(lines), more_exist)) + 1  # the longest "… and N more" line
    shown: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        last = index == len(lines) - 1 and not more_exist
        if used + len(line) + (0 if last else room) > size:
            break
        shown.append(line)
        used += len(line) + 1
    hidden = len(lines) - len(shown)
    if hidden or more_exist:
        shown.append(_more_line(hidden, more_exist))
    return "\n".join(shown)


def watch_text(table: Table, names: list[str]) -> str:
    """``/wonders join`` where a game is already running: its seats are taken; whom it waits
    for, where to watch it and how to play next time."""
    rec = table.record
    where = f"<#{rec.thread_id or rec.channel_id}>"
    waiting = [names[s] for s in sorted(table.to_act())]
    lines = [
        f"Game #{table.id} ({table.game.title}) is already running in {where}: its seats"
        " are taken, so it can't be joined."
    ]
    if waiting:
        lines.append(f"It is waiting for {', '.join(waiting)}.")
    lines.append(
        f"Watch it there: every turn is posted in {where} with a status message kept up to"
        f" date; `/wonders board game:{table.id}` shows its board to you now. To play, open a"
        " table with `/wonders create` (or `/wonders duel`)."
    )
    return "\n".join(lines)


def _game_line(g: GameRecord, waiting: list[str] | None) -> str:
    """A game and where it is played: a running game's thread (where its turns are posted
    and a spectator can watch), a lobby's channel; a running game says whom it waits for."""
    seats = ", ".join(
        f"<@{s.user_id}>" if s.user_id else f"AI ({level_name(s.ai_level)})" for s in g.seats
    )
    where = g.thread_id if g.status == "running" and g.thread_id else g.channel_id
    status = g.status
    if g.status == "running" and waiting:
        status = f"running, waiting for {', '.join(waiting)}"
    return f"#{g.id} {title_of(g.kind)} — {status} — <#{where}> — {seats or 'no one yet'}"


def _more_line(hidden: int, more_exist: bool) -> str:
    if more_exist:
        return f"… and more than {hidden} other games." if hidden else "… and more games."
    return f"… and {hidden} more game{'s' if hidden != 1 else ''}."


def card_text(info: dict[str, Any], game: str = "") -> str:
    """A card's facts; ``info`` from ``engine.classic.card_info`` (``ages``, ``chain_from``…)
    or ``engine.duel.card_info`` (``age``, ``chain`` symbol, ``free_with``)."""
    if info.get("kind") == "leader":
        return _leader_text(info, game)
    cost = ", ".join(f"{q} {r}" for r, q in (info.get("cost") or {}).items()) or "free"
    if info.get("coins"):
        cost = coins(info["coins"]) + ("" if cost == "free" else f" + {cost}")
    ages = sorted(set(info.get("ages") or ([info["age"]] if info.get("age") else [])))
    where = f" ({game})" if game else ""
    parts = [
        f"**{info['name']}**{where} — {info.get('color', '?')} card, "
        f"Age {'/'.join(roman(a) for a in ages)}",
        f"Cost: {cost}",
        f"Effect: {info.get('effect', '?')}",
    ]
    if info.get("chain_from"):
        parts.append("Free if you built: " + ", ".join(info["chain_from"]))
    if info.get("chain_to"):
        parts.append("Makes free: " + ", ".join(info["chain_to"]))
    if info.get("free_with"):
        parts.append(f"Free if you own the {info['free_with']} chain symbol")
    if info.get("chain"):
        parts.append(f"Chain symbol: {info['chain']} (a later card with it is free)")
    return "\n".join(parts)


def _box(info: dict[str, Any]) -> str:
    """Which box a leader comes from: the Cities leaders are played with Leaders + Cities."""
    if info.get("box") == "Cities":
        return "Cities expansion, played with Leaders"
    return "Leaders expansion"


def _leader_text(info: dict[str, Any], game: str) -> str:
    coins = int(info.get("coins") or 0)
    return "\n".join(
        (
            f"**{info['name']}** ({game}: {_box(info)}) — leader",
            f"Recruit for: {coins} coin{'s' if coins != 1 else ''} (before its discounts)",
            f"Effect: {info.get('effect', '?')}",
        )
    )


def settings_text(g: GuildSettings) -> str:
    """``/wonders-admin settings``: the server's settings, one per line."""
    channels = ", ".join(f"<#{c}>" for c in g.allowed_channel_ids) or "all"
    reminders = format_duration(g.reminder_interval_s) if g.reminder_interval_s else "off"
    delay = f"{g.ai_match_delay_s:g} second{'' if g.ai_match_delay_s == 1 else 's'}"
    return (
        f"**Server settings**\nturn timer: {format_duration(g.turn_timer_s)}"
        f"\nreminder interval: {reminders}"
        f" (at most {g.max_reminders})"
        f"\ntimeout policy: {g.timeout_policy}"
        f"\ndefault AI level: {level_name(g.default_ai_level)}"
        f"\nallowed channels: {channels}"
        f"\nlive scores: {'shown' if g.show_live_scores else 'hidden'}"
        f"\nAI match delay: {delay}"
        f"\ngame threads: {'on' if g.game_threads else 'off'}"
        f"\nping for a turn: "
        f"{f'after {format_duration(g.ping_after_s)} away' if g.ping_after_s else 'always'}"
    )


def stats_text(mention: str, s: UserStats) -> str:
    """A player's record, e.g. "@Ana: 1 game, 1 win, 57.0 points on average (best 57)." """
    return (
        f"{mention}: {count(s.games, 'game')}, {count(s.wins, 'win')}, "
        f"{s.average_points:.1f} points on average (best {s.best_points})."
    )


def leaderboard_text(rows: list[LeaderboardRow]) -> str:
    lines = [
        f"{i}. <@{r.user_id}> — {count(r.wins, 'win')} in {count(r.games, 'game')} "
        f"({r.average_points:.1f} points on average)"
        for i, r in enumerate(rows, 1)
    ]
    return "**Leaderboard**\n" + "\n".join(lines)
