"""The Great Projects' rules (reference/babel/rules.md §4): the project of each Age, joining it
after building a card of its colour (the ``babel_join`` step at the end of the turn), success or
failure at the end of the Age, rewards, penalties and the "projects" score row."""

from __future__ import annotations

import random

from engine.classic.babel.data import DECISIONS, PROJECTS, PROJECTS_BY_AGE, ProjectDef
from engine.classic.babel.laws import CHAIN, COIN
from engine.classic.babel.projects_state import Projects, new_projects
from engine.classic.babel.texts import penalty_text, reward_text
from engine.classic.babel.views import ProjectsView
from engine.classic.data import BOARDS, CARDS, COLORS, RESOURCES
from engine.classic.moves import payments
from engine.classic.production import block_production, blocked
from engine.classic.state import HALI, PICK, SEVENTH, City, Move, State, make_move
from engine.classic.stats import city_stats
from engine.common import Event, IllegalMove

__all__ = [
    "JOIN",
    "JOIN_PHASE",
    "age_end",
    "current",
    "draw_order",
    "join_legal",
    "join_moves",
    "offer_seats",
    "open_join",
    "project_vp",
    "record_join",
    "shields",
    "validate_join",
]

JOIN_PHASE = 8  # the ``babel_join`` phase (a stored id)
JOIN, PASS = "join", "join-pass"
BUILD_ACTIONS = frozenset({"build", "free", "salvage", COIN, CHAIN})
_SHIELDS = {"shield": 1, "double_shield": 2}


def draw_order(seed: int) -> tuple[int, int, int]:
    """One random project per Age, from the game's seed (its own stream: the deal of a seed
    stays the one it is without Babel)."""
    rng = random.Random(f"babel-projects:{seed}")
    a, b, c = (rng.choice(PROJECTS_BY_AGE[age]) for age in (1, 2, 3))
    return a, b, c


def start(seed: int, n: int, players: int, old_rules: bool = False) -> Projects:
    return new_projects(draw_order(seed), n, players - 1, old_rules)


def current(p: Projects, age: int) -> ProjectDef:
    return PROJECTS[p.order[age - 1]]


def offer_seats(state: State, p: Projects, seat: int, cid: int, action: str) -> Projects:
    """``seat`` built ``cid`` (``action``): it may join the project at the end of the turn
    (rules 4.2; a free build counts, §6.11; Factory's token allows any colour, §6.13)."""
    if state.phase not in (PICK, SEVENTH, HALI) or action not in BUILD_ACTIONS or not p.left:
        return p
    proj = current(p, state.age)
    match = CARDS[cid].color == proj.color
    wild = not match and "any_colour_participation" in p.held[seat]
    if not (match or wild):
        return p
    stamp = (state.age, state.turn)
    offers = p.offers if p.stamp == stamp else ()
    if any(s == seat for s, _ in offers):
        return p
    return p._replace(offers=(*offers, (seat, wild)), stamp=stamp)


def join_moves(state: State, p: Projects, seat: int) -> list[Move]:
    """Every non-dominated way to pay the participation cost (resources may be bought from
    the neighbours, coins go to the bank: rules 4.3 [E])."""
    proj = current(p, state.age)
    pays = payments(state, seat, proj.resources, proj.coins)
    return [make_move(JOIN, proj.pid, a, b) for a, b in pays]


def _owed(state: State, p: Projects) -> tuple[int, ...]:
    if p.stamp != (state.age, state.turn) or not p.left:
        return ()
    return tuple(s for s, _ in p.offers if join_moves(state, p, s))


def open_join(state: State, p: Projects) -> tuple[State, Projects] | None:
    """The ``babel_join`` step when a seat may join (None: nobody can pay, or no offer)."""
    owed = _owed(state, p)
    if not owed:
        return None
    n = state.players
    return state._replace(phase=JOIN_PHASE, picks=(None,) * n, pending=owed), p


def join_legal(state: State, p: Projects, seat: int) -> list[Move]:
    return [*join_moves(state, p, seat), make_move(PASS, p.order[state.age - 1])]


def validate_join(state: State, p: Projects, seat: int, move: Move) -> None:
    if seat not in state.pending or state.picks[seat] is not None:
        raise IllegalMove("You have no Great Project decision to make now.")
    if move.action not in (JOIN, PASS):
        raise IllegalMove("Decide first whether you join the Great Project (join or join-pass).")
    proj = current(p, state.age)
    if move.card != proj.pid:
        raise IllegalMove(f"The Great Project of this Age is {proj.name}.")
    if move.action == JOIN and move not in join_moves(state, p, seat):
        raise IllegalMove(f"You cannot pay {move.left} left + {move.right} right for {proj.name}.")


def record_join(state: State, p: Projects, seat: int, move: Move) -> tuple[State, Projects, bool]:
    """Record ``seat``'s decision; True once every owed seat decided (then settled)."""
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    state = state._replace(picks=picks)
    return state, p, all(picks[s] is not None for s in state.pending)


def settle_joins(state: State, p: Projects, events: list[Event]) -> tuple[State, Projects]:
    """Pay and take the tokens in seat order while tokens remain ([E]: simultaneous decisions;
    a later seat finding none left pays nothing)."""
    proj = current(p, state.age)
    cities = list(state.cities)
    tokens, held, left = list(p.tokens), list(p.held), p.left
    n = state.players
    wild = dict(p.offers)
    for seat in state.pending:
        mv = state.picks[seat]
        if mv is None or mv.action != JOIN or not left:
            continue
        _pay(cities, seat, n, proj.coins, mv.left, mv.right)
        tokens[seat] += 1
        left -= 1
        if wild.get(seat):
            spent = list(held[seat])
            spent.remove("any_colour_participation")
            held[seat] = tuple(spent)
        events.append(
            Event(
                kind="project_joined",
                text=f"Seat {seat} joined the Great Project {proj.name}.",
                data={"seat": seat, "project": proj.name, "left": mv.left, "right": mv.right},
            )
        )
    p = p._replace(tokens=tuple(tokens), held=tuple(held), left=left, offers=())
    state = state._replace(cities=tuple(cities), picks=(None,) * n, pending=(), phase=PICK)
    return state, p


def _pay(cities: list[City], seat: int, n: int, bank: int, left: int, right: int) -> None:
    c = cities[seat]
    cities[seat] = c._replace(coins=c.coins - bank - left - right)
    for nb, coins in (((seat - 1) % n, left), ((seat + 1) % n, right)):
        if coins:
            cities[nb] = cities[nb]._replace(coins=cities[nb].coins + coins)


# --- the end of an Age -----------------------------------------------------------------------


def age_end(
    state: State, p: Projects, seats: tuple[int, ...], events: list[Event]
) -> tuple[State, Projects]:
    """Success: each participant's reward once per token. Failure: each player without a
    token suffers the penalty (or takes a penalty token). Then the next Age's project."""
    proj = current(p, state.age)
    cities = list(state.cities)
    discard = state.discard
    held, penalty = list(p.held), list(p.penalty)
    ok = p.left == 0
    events.append(
        Event(
            kind="project_end",
            text=f"The Great Project {proj.name} {'succeeds' if ok else 'fails'}.",
            data={"project": proj.name, "success": ok},
        )
    )
    for seat in seats:
        if ok and p.tokens[seat]:
            cities[seat], held[seat] = _reward(cities[seat], held[seat], proj, p.tokens[seat])
        elif not ok and not p.tokens[seat]:
            cities[seat], lost, took = _penalty(cities[seat], proj, p.old_rules)
            discard += lost
            if took:
                penalty[seat] += DECISIONS["penalty_token_vp"][state.age]
            elif proj.penalty == "resource_block":
                events.append(_blocked_event(seat, cities[seat], proj))
    p = p._replace(held=tuple(held), penalty=tuple(penalty), offers=())
    if state.age < 3:  # the next Age's project, with players - 1 tokens (rules 4.1)
        p = p._replace(tokens=(0,) * state.players, left=len(seats) - 1)
    return state._replace(cities=tuple(cities), discard=discard), p


def _blocked_event(seat: int, city: City, proj: ProjectDef) -> Event:
    res = RESOURCES[BOARDS[city.board].resource]
    return Event(
        kind="project_blocked",
        text=f"Seat {seat}'s {res} is blocked by {proj.name}: its wonder no longer produces it.",
        data={"seat": seat, "project": proj.name, "resource": res},
    )


def _reward(
    city: City, held: tuple[str, ...], proj: ProjectDef, k: int
) -> tuple[City, tuple[str, ...]]:
    if proj.reward == "coins":
        return city._replace(coins=city.coins + k * proj.amount), held
    if proj.reward == "victory_token":
        return city._replace(tokens=city.tokens + (proj.amount,) * k), held
    return city, held + (proj.reward,) * k


def _penalty(city: City, proj: ProjectDef, old_rules: bool) -> tuple[City, tuple[int, ...], bool]:
    """(city after the penalty, cards it discards, True: it takes a penalty token instead)."""
    kind = proj.penalty
    if kind == "discard_card":
        # [E] the player's choice: the last card of that colour it built
        mine = [cid for cid in city.built if CARDS[cid].color == proj.penalty_arg]
        if not mine:
            return city, (), True
        built = list(city.built)
        built.reverse()
        built.remove(mine[-1])
        built.reverse()
        return city._replace(built=tuple(built)), (mine[-1],), False
    if kind == "lose_all_coins":
        return city._replace(coins=0), (), city.coins == 0
    if kind == "discard_victory_tokens":
        wins = sorted(t for t in city.tokens if t > 0)[: proj.penalty_arg]
        if not wins:
            return city, (), True
        tokens = list(city.tokens)
        for t in wins:  # [E] the player's choice: the smallest ones
            tokens.remove(t)
        return city._replace(tokens=tuple(tokens)), (), False
    return _block(city, old_rules)


def _block(city: City, old_rules: bool) -> tuple[City, tuple[int, ...], bool]:
    """Double Walls' ``resource_block``: the wonder's own resource cannot be used for the rest
    of the game (engine.classic.production). A board producing nothing, or already blocked,
    cannot suffer it: a penalty token (4.5). Games of rules classic-3 and before: always the
    token (``Projects.old_rules``)."""
    own = BOARDS[city.board].resource
    if old_rules or own < 0 or own in blocked(city):
        return city, (), True
    return block_production(city, (own,), sold=DECISIONS["blocked_resource_sold"]), (), False


# --- scoring and conflicts -------------------------------------------------------------------


def shields(p: Projects, seat: int) -> int:
    return sum(_SHIELDS.get(t, 0) for t in p.held[seat])


def project_vp(state: State, p: Projects, seat: int, science: tuple[int, int, int, int]) -> int:
    """The "projects" row: penalty tokens and the end-of-game reward tokens (rules 4.7)."""
    held = p.held[seat]
    vp = p.penalty[seat]
    city = state.cities[seat]
    vp += held.count("wonder_vp") * city.stages
    if "science_bonus" in held:
        vp += held.count("science_bonus") * 3 * _sets(science)
    if "guild_vp" in held:
        n = state.players
        purple = COLORS.index("purple")
        around = (seat, (seat - 1) % n, (seat + 1) % n)
        count = sum(city_stats(state.cities[s]).colors[purple] for s in set(around))
        vp += held.count("guild_vp") * count
    return vp


def _sets(science: tuple[int, int, int, int]) -> int:
    """Complete compass/gear/tablet sets, the wild symbols given to the smallest counts."""
    counts = sorted(science[:3])
    for _ in range(science[3]):
        counts[0] += 1
        counts.sort()
    return counts[0]


def picked(seat: int) -> Event:
    return Event(kind="picked", text=f"Seat {seat} has chosen.", data={"seat": seat})


def view(state: State, p: Projects) -> ProjectsView:
    """The current Age's project (the later ones stay hidden) with every seat's tokens."""
    proj = current(p, state.age)
    return ProjectsView(
        name=proj.name,
        age=proj.age,
        color=COLORS[proj.color],
        coins=proj.coins,
        resources={RESOURCES[r]: q for r, q in enumerate(proj.resources) if q},
        reward=reward_text(proj),
        penalty=penalty_text(proj, p.old_rules),
        confirmed=proj.confirmed,
        tokens=list(p.tokens),
        left=p.left,
        held=[list(h) for h in p.held],
        penalty_vp=list(p.penalty),
        offers=list(p.offers) if p.stamp == (state.age, state.turn) else [],
    )
