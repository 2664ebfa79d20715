"""Edifice's rules (reference/edifice/rules.md): joining the current Age's project when
building a wonder stage (the ``edifice_join`` step at the end of the turn), the reward as soon
as the last pawn is taken, failure and penalties at the end of the Age, the "edifices" row."""

from __future__ import annotations

import random

from engine.classic.data import CARDS, COLORS, RESOURCES
from engine.classic.edifice.data import (
    DECISIONS,
    PROJECTS,
    PROJECTS_BY_AGE,
    PROJECTS_BY_AGE_V3,
    ProjectDef,
)
from engine.classic.edifice.state import DONE, FAILED, OPEN, Edifice, new_edifice
from engine.classic.edifice.texts import cost_text, penalty_text, reward_text
from engine.classic.edifice.views import EdificeProjectView, EdificeView
from engine.classic.moves import payments
from engine.classic.production import add_production
from engine.classic.state import LEAD, PICK, SEVENTH, City, Move, State, make_move
from engine.classic.stats import Stats
from engine.common import Event, IllegalMove

__all__ = [
    "JOIN",
    "JOIN_PHASE",
    "PASS",
    "age_end",
    "current",
    "join_legal",
    "join_moves",
    "offer",
    "open_join",
    "record",
    "settle",
    "shields",
    "start",
    "validate_join",
    "view",
    "vp",
]

JOIN_PHASE = 10  # the ``edifice_join`` phase (a stored id)
JOIN, PASS = "edifice", "edifice-pass"
_VP_TOKEN = {1: 1, 2: 3, 3: 5}
_PRODUCES = {p.pid: tuple(RESOURCES.index(r) for r in p.reward.produces) for p in PROJECTS}
# The phases where a stage is built, and the action building it there (the recruitment turn:
# a leader tucked under the stage, Leaders' ``leader-wonder``).
_STAGES = {PICK: "wonder", SEVENTH: "wonder", LEAD: "leader-wonder"}
_BROWN, _GREY, _BLUE, _PURPLE = (COLORS.index(c) for c in ("brown", "grey", "blue", "purple"))


def draw_order(seed: int, old_rules: bool = False) -> tuple[int, int, int]:
    """One project per Age, from the game's seed (its own stream: a seed deals the same cards
    and boards with or without Edifice). ``old_rules``: a game stored under rules classic-3 or
    before (``Config.projects_v4`` False), drawn without River Port and Factory."""
    rng = random.Random(f"edifice:{seed}")
    pool = PROJECTS_BY_AGE_V3 if old_rules else PROJECTS_BY_AGE
    a, b, c = (rng.choice(pool[age]) for age in (1, 2, 3))
    return a, b, c


def start(seed: int, n: int, players: int, old_rules: bool = False) -> Edifice:
    return new_edifice(draw_order(seed, old_rules), n, DECISIONS["pawns"][players])


def current(e: Edifice, age: int) -> ProjectDef:
    return PROJECTS[e.order[age - 1]]


def _may_join(e: Edifice, age: int, seat: int) -> bool:
    """Once per Age (rules 2.1), while the Age's project is open (2.2, 3.1)."""
    return e.status[age - 1] == OPEN and not e.pawns[age - 1][seat]


def offer(state: State, e: Edifice, seat: int, action: str) -> Edifice:
    """``seat`` built a wonder stage: it may join at the end of the turn (rules 2.1), a stage
    built with a leader in a recruitment turn included (2.5 [E]). A free build (Olympia) is a
    card, never a stage (§7.7)."""
    if _STAGES.get(state.phase) != action:
        return e
    if not _may_join(e, state.age, seat):
        return e
    stamp = (state.age, state.turn)
    offers = e.offers if e.stamp == stamp else ()
    if seat in offers:
        return e
    return e._replace(offers=(*offers, seat), stamp=stamp)


def join_moves(state: State, e: Edifice, seat: int) -> list[Move]:
    """Every non-dominated way to pay the participation cost (resources bought from the
    neighbours at the usual price, coins to the bank: rules 2.4 [E])."""
    proj = current(e, state.age)
    pays = payments(state, seat, proj.resources, proj.coins)
    return [make_move(JOIN, proj.pid, a, b) for a, b in pays]


def _owed(state: State, e: Edifice) -> tuple[int, ...]:
    if e.stamp != (state.age, state.turn) or not _open(e, state.age):
        return ()
    return tuple(s for s in sorted(e.offers) if join_moves(state, e, s))


def _open(e: Edifice, age: int) -> bool:
    return e.status[age - 1] == OPEN


def open_join(state: State, e: Edifice) -> tuple[State, Edifice] | None:
    """The ``edifice_join`` step when an offered seat can pay (None: nobody can)."""
    owed = _owed(state, e)
    if not owed:
        return None
    n = state.players
    return state._replace(phase=JOIN_PHASE, picks=(None,) * n, pending=owed), e


def join_legal(state: State, e: Edifice, seat: int) -> list[Move]:
    if seat not in state.pending or state.picks[seat] is not None:
        return []
    return [*join_moves(state, e, seat), make_move(PASS, e.order[state.age - 1])]


def validate_join(state: State, e: Edifice, seat: int, move: Move) -> None:
    if seat not in state.pending or state.picks[seat] is not None:
        raise IllegalMove("You have no Edifice decision to make now.")
    if move.action not in (JOIN, PASS):
        raise IllegalMove(
            "Decide first whether you join the Edifice project (edifice or edifice-pass)."
        )
    proj = current(e, state.age)
    if move.card != proj.pid:
        raise IllegalMove(f"The Edifice project of this Age is {proj.name}.")
    if move.action == JOIN and move not in join_moves(state, e, seat):
        raise IllegalMove(f"You cannot pay {move.left} left + {move.right} right for {proj.name}.")


def record(state: State, seat: int, move: Move) -> tuple[State, bool]:
    """Record ``seat``'s decision; True once every owed seat decided."""
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    state = state._replace(picks=picks)
    return state, all(picks[s] is not None for s in state.pending)


def settle(state: State, e: Edifice, events: list[Event]) -> tuple[State, Edifice]:
    """Every joiner pays and takes a pawn (decisions are simultaneous; past the last pawn,
    extra pawns come from the box: rules 2.3); the last pawn completes the project at once
    (3.1)."""
    age = state.age
    proj = current(e, age)
    cities = list(state.cities)
    n = state.players
    pawns, left = list(e.pawns[age - 1]), e.left[age - 1]
    for seat in state.pending:
        mv = state.picks[seat]
        if mv is None or mv.action != JOIN:
            continue
        if not left and not DECISIONS["extra_pawns_from_box"]:
            break
        _pay(cities, seat, n, proj.coins, mv.left, mv.right)
        pawns[seat] += 1
        left = max(0, left - 1)
        events.append(
            Event(
                kind="edifice_joined",
                text=f"Seat {seat} joined the Edifice project {proj.name}.",
                data={"seat": seat, "project": proj.name, "left": mv.left, "right": mv.right},
            )
        )
    e = _with_age(e, age, pawns=tuple(pawns), left=left)
    if left == 0:
        cities, e = _complete(cities, e, age, events)
    e = e._replace(offers=())
    state = state._replace(cities=tuple(cities), picks=(None,) * n, pending=(), phase=PICK)
    return state, e


def _with_age(
    e: Edifice,
    age: int,
    pawns: tuple[int, ...] | None = None,
    left: int | None = None,
    status: int | None = None,
) -> Edifice:
    """``e`` with one Age's pawns, pawns left or status replaced."""
    i = age - 1
    all_pawns = e.pawns if pawns is None else e.pawns[:i] + (pawns,) + e.pawns[i + 1 :]
    lefts, states = list(e.left), list(e.status)
    if left is not None:
        lefts[i] = left
    if status is not None:
        states[i] = status
    return e._replace(pawns=all_pawns, left=_three(lefts), status=_three(states))


def _three(v: list[int]) -> tuple[int, int, int]:
    return v[0], v[1], v[2]


def _pay(cities: list[City], seat: int, n: int, bank: int, left: int, right: int) -> None:
    c = cities[seat]
    cities[seat] = c._replace(coins=c.coins - bank - left - right)
    for nb, coins in (((seat - 1) % n, left), ((seat + 1) % n, right)):
        if coins:
            cities[nb] = cities[nb]._replace(coins=cities[nb].coins + coins)


def _complete(
    cities: list[City], e: Edifice, age: int, events: list[Event]
) -> tuple[list[City], Edifice]:
    """The project is built: each pawn holder gains the reward now (coins, tokens; the
    shields and end-of-game VP count from its status)."""
    proj = current(e, age)
    r = proj.reward
    holders = [s for s, k in enumerate(e.pawns[age - 1]) if k]
    for seat in holders:
        c = cities[seat]
        tokens = c.tokens
        if r.remove_defeats:  # Military School: defeat tokens where they lie now (§7.5)
            tokens = tuple(t for t in tokens if t >= 0)
        if r.victory_token_age:
            tokens += (_VP_TOKEN[r.victory_token_age],)
        c = c._replace(coins=c.coins + r.coins, tokens=tokens)
        if r.produces:  # River Port, Factory: one of these each turn, from the next turn on
            c = add_production(c, _PRODUCES[proj.pid], DECISIONS["reward_production_sold"])
        cities[seat] = c
    events.append(
        Event(
            kind="edifice_completed",
            text=f"The Edifice project {proj.name} is completed: "
            f"{_seats(holders)} gain {reward_text(proj)}.",
            data={"project": proj.name, "seats": holders},
        )
    )
    return cities, _with_age(e, age, status=DONE)


# --- the end of an Age -----------------------------------------------------------------------


def age_end(
    state: State, e: Edifice, seats: tuple[int, ...], events: list[Event]
) -> tuple[State, Edifice]:
    """A project still open at the end of its Age fails: each player without a pawn suffers
    the penalty, or takes the Age's debt token when it cannot suffer it whole (rules 3.2-3.5)."""
    age = state.age
    if e.status[age - 1] != OPEN:
        return state, e._replace(offers=())
    proj = current(e, age)
    cities = list(state.cities)
    discard = state.discard
    debt = list(e.debt)
    hit = [s for s in seats if not e.pawns[age - 1][s]]
    events.append(
        Event(
            kind="edifice_failed",
            text=f"The Edifice project {proj.name} failed: "
            f"{_seats(hit) or 'nobody'} must {penalty_text(proj)}.",
            data={"project": proj.name, "seats": hit},
        )
    )
    partial = bool(DECISIONS["partial_penalty"])
    for seat in hit:
        city, lost, paid = _penalty(cities[seat], proj, partial)
        cities[seat] = city
        discard += lost
        if paid < proj.penalty[1]:  # short of the whole penalty: the Age's debt token
            vp = DECISIONS["debt_vp"][age]
            debt[seat] = (*debt[seat], vp)
            events.append(_debt_event(seat, vp, proj, paid))
    e = _with_age(e, age, status=FAILED)._replace(debt=tuple(debt), offers=())
    return state._replace(cities=tuple(cities), discard=discard), e


def _debt_event(seat: int, vp: int, proj: ProjectDef, paid: int) -> Event:
    kind = proj.penalty[0]
    what = {"lose_coins": "coin", "discard": "card", "lose_victories": "victory token"}[kind]
    verb = "discards" if kind == "discard" else "loses"
    part = f"{verb} {paid} {what}{'s' if paid != 1 else ''} (all it has) and " if paid else ""
    return Event(
        kind="edifice_debt",
        text=f"Seat {seat} cannot suffer the whole penalty: it {part}takes a {vp} VP "
        "Edifice debt token.",
        data={"seat": seat, "vp": vp, "project": proj.name, "paid": paid},
    )


def _seats(seats: list[int]) -> str:
    return ", ".join(f"Seat {s}" for s in seats)


def _penalty(city: City, proj: ProjectDef, partial: bool) -> tuple[City, tuple[int, ...], int]:
    """(the city after the penalty, the cards it discards, how much of the penalty it paid:
    coins, cards or victory tokens). Short of the whole penalty it takes a debt token (rules
    3.5): by default it then pays nothing ([E]: no partial payment); with ``partial``
    (``DECISIONS["partial_penalty"]``) it first loses all it has of what the penalty asks."""
    kind, amount, colour = proj.penalty
    if kind == "lose_coins":
        paid = min(amount, city.coins)
        if paid < amount and not partial:
            return city, (), 0
        return city._replace(coins=city.coins - paid), (), paid
    if kind == "discard":
        mine = [i for i, cid in enumerate(city.built) if CARDS[cid].color == colour]
        # [E] the player's choice made for them: the last-built cards ("first": the oldest)
        gone = set((mine[::-1] if DECISIONS["discard_choice"] == "last" else mine)[:amount])
        if len(gone) < amount and not partial:  # §7.4: no card of the colour -> debt token
            return city, (), 0
        kept = tuple(cid for i, cid in enumerate(city.built) if i not in gone)
        lost = tuple(cid for i, cid in enumerate(city.built) if i in gone)
        return city._replace(built=kept), lost, len(gone)
    wins = sorted(t for t in city.tokens if t > 0)[:amount]  # [E] the smallest victory tokens
    if len(wins) < amount and not partial:
        return city, (), 0
    tokens = list(city.tokens)
    for t in wins:
        tokens.remove(t)
    return city._replace(tokens=tuple(tokens)), (), len(wins)


# --- conflicts, scoring, view ----------------------------------------------------------------


def _holds(e: Edifice, seat: int) -> list[ProjectDef]:
    """The completed projects ``seat`` holds a pawn of."""
    return [
        PROJECTS[pid] for i, pid in enumerate(e.order) if e.status[i] == DONE and e.pawns[i][seat]
    ]


def shields(e: Edifice, seat: int) -> int:
    return sum(p.reward.shields for p in _holds(e, seat))


def vp(state: State, e: Edifice, seat: int, stats: list[Stats], guild_vp: list[int]) -> int:
    """The "edifices" row: completed projects' end-of-game VP, minus debt tokens (rules 3.6).
    ``guild_vp``: the VP of each guild the seat built (Agora scores the best one again)."""
    total = sum(e.debt[seat])
    city, st = state.cities[seat], stats[seat]
    for p in _holds(e, seat):
        r = p.reward
        total += r.vp_stages * city.stages
        total += r.vp_pairs * min(st.colors[_BROWN], st.colors[_GREY])
        total += r.vp_blue * st.colors[_BLUE]
        total += r.vp_colours * sum(1 for k in st.colors if k)
        if r.guild_twice and guild_vp:  # §7.6: no guild -> nothing
            total += max(guild_vp)
    return total


def view(state: State, e: Edifice) -> EdificeView:
    names = ("open", "completed", "failed")
    out = []
    for i, pid in enumerate(e.order):
        p = PROJECTS[pid]
        status = names[e.status[i]]
        if status == "open" and i + 1 > state.age:
            status = "waiting"
        out.append(
            EdificeProjectView(
                name=p.name,
                age=p.age,
                cost=cost_text(p),
                coins=p.coins,
                reward=reward_text(p),
                penalty=penalty_text(p),
                confirmed=p.confirmed,
                status=status,  # type: ignore[arg-type]
                pawns_left=e.left[i],
                pawns=list(e.pawns[i]),
            )
        )
    return EdificeView(projects=out, debt=[sum(d) for d in e.debt])


def picked(seat: int) -> Event:
    return Event(kind="picked", text=f"Seat {seat} has chosen.", data={"seat": seat})
