"""Legal moves of a seat and validation of a move against the current state."""

from __future__ import annotations

import threading

from engine import wording
from engine.classic.data import BOARDS, CARDS, NAME_ID, RESOURCES
from engine.classic.plugin import Hooks, action_owner, active, hooks
from engine.classic.state import ACTIONS, CHOOSE, HALI, OVER, PICK, Move, State, make_move
from engine.classic.stats import HIGH, Stats, affordable, city_stats, pack, pareto, solve_trade
from engine.classic.trade import Pair, cost_key, entry
from engine.classic.variants import choice
from engine.common import IllegalMove

__all__ = [
    "CHAIN_MASKS",
    "acting",
    "explain_cost",
    "legal_base",
    "legal_cards",
    "legal_moves",
    "may_act",
    "payments",
    "validate",
]


def acting(state: State) -> frozenset[int]:
    for hook in (state.hooks_memo or hooks(state)).acting:
        got = hook(state)
        if got is not None:
            return got
    if state.phase == PICK or state.phase == CHOOSE:
        return frozenset(i for i, p in enumerate(state.picks) if p is None)
    if state.phase == OVER:
        return frozenset()
    return frozenset(state.pending[:1])


def _move_cards(state: State, seat: int) -> tuple[int, ...]:
    """Card ids the seat may act with now (hand, or the discard pile for Halikarnassos)."""
    if state.phase == HALI:
        return state.discard
    return state.hands[seat]


def _may_act(state: State, seat: int, table: Hooks | None = None) -> bool:
    """Cheap ``seat in acting(state)`` for the hot paths (``table``: ``hooks(state)``)."""
    for hook in (table or state.hooks_memo or hooks(state)).acting:
        got = hook(state)
        if got is not None:
            return seat in got
    if state.phase == PICK or state.phase == CHOOSE:
        return 0 <= seat < state.players and state.picks[seat] is None
    return state.phase != OVER and bool(state.pending) and state.pending[0] == seat


def _neighbours(state: State, seat: int) -> tuple[Stats, Stats, Stats]:
    n = state.players
    cs = state.cities
    return (city_stats(cs[seat]), city_stats(cs[(seat - 1) % n]), city_stats(cs[(seat + 1) % n]))


def payments(state: State, seat: int, cost: tuple[int, ...], bank: int) -> list[tuple[int, int]]:
    """Non-dominated affordable (left, right) payments for a cost; [] if unaffordable."""
    own, left, right = _neighbours(state, seat)
    return affordable(cost, own, left, right, state.cities[seat].coins - bank)


def stage_cost(state: State, seat: int) -> tuple[int, ...] | None:
    city = state.cities[seat]
    stages = BOARDS[city.board].sides[city.side]
    return stages[city.stages].cost if city.stages < len(stages) else None


CARD_CKEYS: tuple[int, ...] = tuple(cost_key(c.cost) for c in CARDS)
# Per card id: the bits (``Stats.names``) of the names that chain to it for free.
CHAIN_MASKS: tuple[int, ...] = tuple(
    sum(1 << b for b in {NAME_ID[s] for s in c.chain_from}) for c in CARDS
)
# Per board, side and stage index: (cost key, cost, packed cost).
STAGE_COSTS: tuple[tuple[tuple[tuple[int, tuple[int, ...], int], ...], ...], ...] = tuple(
    tuple(
        tuple((cost_key(stage.cost), stage.cost, pack(stage.cost)) for stage in side)
        for side in b.sides
    )
    for b in BOARDS
)
_FREE_FRONT: tuple[Pair, ...] = ((0, 0),)
STAGE_COINS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(stage.coins for stage in side) for side in b.sides) for b in BOARDS
)
_NO_COST = (0,) * 7
CARD_COINS: tuple[int, ...] = tuple(c.coins for c in CARDS)
CARD_PACKED: tuple[int, ...] = tuple(pack(c.cost) for c in CARDS)
# Moves without a payment, one per name id (indexed by card id; only name ids are used).
BUILD_FREE = tuple(make_move("build", NAME_ID[c.id]) for c in CARDS)
FREE = tuple(make_move("free", NAME_ID[c.id]) for c in CARDS)
DISCARD = tuple(make_move("discard", NAME_ID[c.id]) for c in CARDS)
SALVAGE = tuple(make_move("salvage", NAME_ID[c.id]) for c in CARDS)


def chain_free(st: Stats, cid: int) -> bool:
    return bool(st.names & CHAIN_MASKS[cid])


def legal_moves(state: State, seat: int) -> list[Move]:
    table = state.hooks_memo or hooks(state)
    if not _may_act(state, seat, table):
        return []
    memo: dict[int, list[Move]] | None = state.memo
    if memo is None:
        memo = {}
        state.memo = memo  # derived, not part of the value
    got = memo.get(seat)
    if got is None:
        got = memo[seat] = _legal(state, seat, table)
    return list(got)  # a copy: callers may reorder their list


def _legal(state: State, seat: int, table: Hooks | None = None, adjust: bool = True) -> list[Move]:
    """The seat's moves as the core and the plug-ins' :meth:`legal` hooks give them, then (with
    ``adjust``) as their :meth:`more_legal` hooks adjust them."""
    table = table or state.hooks_memo or hooks(state)
    got: list[Move] | None = None
    if state.phase == CHOOSE:
        got = choice.legal(state, seat)
    else:
        for hook in table.legal:
            got = hook(state, seat, _legal_cards)
            if got is not None:
                break
    if got is None:
        got = _legal_cards(state, seat)
    if adjust:
        for more in table.more_legal:
            got = more(state, seat, got)
    return got


def legal_base(state: State, seat: int, table: Hooks | None = None) -> list[Move]:
    """The seat's moves before any plug-in's ``more_legal`` adjustment."""
    return _legal(state, seat, table, False)


def _legal_cards(state: State, seat: int) -> list[Move]:
    """The core's moves with the seat's cards: build, wonder stage, discard (free, salvage)."""
    cities = state.cities
    city = cities[seat]
    st = city.memo or city_stats(city)  # the memo inline: three lookups on every call
    names = st.names
    if state.phase == HALI:
        seen = sorted(
            {nid for nid in map(NAME_ID.__getitem__, state.discard) if not names >> nid & 1}
        )
        return [SALVAGE[nid] for nid in seen]
    n = state.players
    lc, rc = cities[(seat - 1) % n], cities[(seat + 1) % n]
    lst, rst = lc.memo or city_stats(lc), rc.memo or city_stats(rc)
    coins = city.coins
    # Packed vectors (see ``stats.pack``): a cost nobody around can cover even counting every
    # choice card for each of its resources has no build (most trade questions of a random
    # game), and one the city's fixed production covers costs nothing: neither needs the solver.
    avail = st.cap_p + lst.sell_cap_p + rst.sell_cap_p | HIGH
    fixed = st.fixed_p | HIGH
    stage_front: tuple[Pair, ...] = ()
    stage_all = False
    stages = STAGE_COSTS[city.board][city.side]
    if city.stages < len(stages):
        ckey, cost, packed = stages[city.stages]
        budget = coins - STAGE_COINS[city.board][city.side][city.stages]  # Petra's coin stages
        if budget < 0:
            pass
        elif (fixed - packed) & HIGH == HIGH or st.stage_free:
            stage_front, stage_all = _FREE_FRONT, True
        elif (avail - packed) & HIGH == HIGH:
            front, top = entry(ckey, cost, st, lst, rst)
            stage_all = budget >= top
            stage_front = front if stage_all else tuple(p for p in front if p[0] + p[1] <= budget)
    free = st.free_build and city.free_used_age != state.age
    out: list[Move] = []
    add, more = out.append, out.extend
    done: set[int] = set()
    bsig, lsig, rsig = st.buy_sig, lst.sell_sig, rst.sell_sig
    gen = _GEN  # one generation for the whole call (another thread may start a new one)
    builds_get, lists = gen.builds.get, gen.lists
    for cid in state.hands[seat]:
        nid = NAME_ID[cid]
        if nid in done:
            continue
        done.add(nid)
        if not names >> nid & 1:
            if names & CHAIN_MASKS[cid]:
                add(BUILD_FREE[nid])
            else:
                budget = coins - CARD_COINS[cid]
                if budget < 0:
                    pass
                elif (fixed - CARD_PACKED[cid]) & HIGH == HIGH:
                    add(BUILD_FREE[nid])  # only coins to the bank, if any: no trade
                elif (avail - CARD_PACKED[cid]) & HIGH == HIGH:
                    got = builds_get((cid, bsig, lsig, rsig))
                    builds, top = lists[_builds(gen, cid, st, lst, rst) if got is None else got]
                    if budget >= top:
                        more(builds)
                    else:
                        more([m for m in builds if m.left + m.right <= budget])
                if free:
                    add(FREE[nid])
        if stage_front:
            more(
                lists[_paid(gen, -1 - nid, stage_front)][0]
                if stage_all
                else [_pay_move("wonder", nid, p) for p in stage_front]
            )
        add(DISCARD[nid])
    return out


class _Generation:
    """The build-move caches, replaced as a whole when full (never cleared in place): an index
    read from one generation's ``builds`` or ``paid`` is only ever used with the same
    generation's ``lists``, so a thread that started with a generation finishes with it even if
    another thread has started a new one meanwhile (engine/caches.py)."""

    __slots__ = ("builds", "fronts", "lists", "lock", "paid")

    def __init__(self) -> None:
        # (card id, own buy_sig, left sell_sig, right sell_sig) -> index in ``lists`` of (build
        # moves of the non-dominated payments, largest total among them): one lookup per card
        # on the hot path. Values are ints, not tuples of moves: tuples holding moves stay
        # tracked by the garbage collector, and a cache growing by hundreds of them a game
        # made full collections a fifth of the run time.
        self.builds: dict[tuple[int, int, int, int], int] = {}
        # (name id, or -1 - name id for wonder stages; id of a cached trade front) -> index in
        # ``lists``; ``fronts[index]`` keeps the front alive, so its id cannot be reused.
        self.paid: dict[tuple[int, int], int] = {}
        self.lists: list[tuple[tuple[Move, ...], int]] = [((), 0)]  # 0: no payment at all
        self.fronts: list[tuple[Pair, ...]] = [()]
        self.lock = threading.Lock()  # allocating an index: append to lists and fronts


_GEN = _Generation()
_LIMIT = 100_000


def _builds(gen: _Generation, cid: int, st: Stats, lst: Stats, rst: Stats) -> int:
    front, _ = entry(CARD_CKEYS[cid], CARDS[cid].cost, st, lst, rst)
    got = _paid(gen, NAME_ID[cid], front) if front else 0
    if len(gen.builds) > _LIMIT:
        gen.builds.clear()  # (drops entries only: every index in lists stays valid)
    gen.builds[(cid, st.buy_sig, lst.sell_sig, rst.sell_sig)] = got
    return got


def _paid(gen: _Generation, code: int, front: tuple[Pair, ...]) -> int:
    """Index in ``gen.lists`` of the build (code = name id) or wonder (code = -1 - name id)
    moves of a (non-empty, sorted by total) payment list."""
    key = (code, id(front))
    got = gen.paid.get(key)
    if got is not None and gen.fronts[got] is front:
        return got
    global _GEN
    if len(gen.lists) > _LIMIT and gen is _GEN:  # later calls start afresh; this one goes on
        _GEN = _Generation()
    action, nid = ("build", code) if code >= 0 else ("wonder", -1 - code)
    moves = tuple(_pay_move(action, nid, p) for p in front)
    with gen.lock:
        gen.lists.append((moves, front[-1][0] + front[-1][1]))
        gen.fronts.append(front)
        got = gen.paid[key] = len(gen.lists) - 1
    return got


def _pay_move(action: str, nid: int, pay: Pair) -> Move:
    return make_move(action, nid, pay[0], pay[1])


def _find(cards: tuple[int, ...], nid: int) -> int | None:
    for cid in cards:
        if NAME_ID[cid] == nid:
            return cid
    return None


def _units(vec: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{q} {RESOURCES[r]}" for r, q in enumerate(vec) if q) or "nothing"


def explain_cost(state: State, seat: int, what: str, cost: tuple[int, ...], bank: int) -> str:
    """Why a cost cannot be paid, in words a player understands."""
    own, left, right = _neighbours(state, seat)
    coins = state.cities[seat].coins
    lack = [max(0, c - f) for c, f in zip(cost, own.fixed, strict=True)]
    for ch in own.choices:  # use each own choice card on the first lacking resource it covers
        for r in ch:
            if lack[r]:
                lack[r] -= 1
                break
    head = f"{what} needs {_units(cost)}" + (f" and {wording.coins(bank)}" if bank else "")
    if not any(lack):
        return f"{head}: you have {wording.coins(coins)}."
    parts = [f"you lack {_units(lack)}"]
    for side, st, prices in (("left", left, own.price_left), ("right", right, own.price_right)):
        offers = []
        for r, q in enumerate(lack):
            if q:
                avail = min(q, st.sell_fixed[r] + sum(1 for ch in st.sell_choices if r in ch))
                if avail:
                    offers.append(f"{avail} {RESOURCES[r]} for {wording.coins(prices[r])} each")
        parts.append(f"{side} sells " + ("; ".join(offers) if offers else "none"))
    parts.append(f"you have {wording.coins(coins)}")
    return f"{head}: " + "; ".join(parts) + "."


def validate(state: State, seat: int, move: Move) -> int:
    """Check ``move`` for ``seat``; return the card id it uses or raise IllegalMove."""
    if state.phase == OVER:
        raise IllegalMove("The game is over.")
    if seat < 0 or seat >= state.players:
        raise IllegalMove(f"There is no seat {seat}.")
    for hook in hooks(state).validate:
        got = hook(state, seat, move)
        if got is not None:
            return got
    if state.phase == CHOOSE:
        choice.validate(state, seat, move)
        return -1
    if move.action == "board":
        raise IllegalMove("Wonders are only picked before Age I.")
    if move.action not in ACTIONS:
        owner = action_owner(move.action)
        raise IllegalMove(
            owner.absent(move) if owner is not None else f"Not a move: {move.action!r}."
        )
    if not _may_act(state, seat):
        if state.phase == PICK:
            raise IllegalMove("You have already chosen your card this turn.")
        raise IllegalMove("It is not your turn to act.")
    memo: dict[int, list[Move]] | None = state.memo
    if memo is not None:
        listed = memo.get(seat)
        if listed is not None and move in listed:  # listed by legal_moves: legal
            cid = _find(_move_cards(state, seat), move.card)
            if cid is not None:
                return cid
    name = CARDS[move.card].name
    cid = _find(_move_cards(state, seat), move.card)
    if cid is not None and any(p.accepts(state, seat, move) for p in active(state)):
        return cid  # e.g. a payment only a leader's discount (or Ramses) makes possible
    if cid is None:
        where = "the discard pile" if state.phase == HALI else "your hand"
        raise IllegalMove(f"{name} is not in {where}.")
    if (state.phase == HALI) != (move.action == "salvage"):
        raise IllegalMove(
            "Build a card from the discard pile now."
            if state.phase == HALI
            else "Only Halikarnassos builds from the discard pile."
        )
    st = city_stats(state.cities[seat])
    if move.action == "discard":
        return cid
    if move.action == "wonder":
        cost = stage_cost(state, seat)
        if cost is None:
            raise IllegalMove("Your wonder is complete.")
        city = state.cities[seat]
        bank = STAGE_COINS[city.board][city.side][city.stages]
        if st.stage_free:  # Architect Cabinet: no resources (coins still paid)
            cost = _NO_COST
        _check_pay(state, seat, move, cost, bank, f"Stage {city.stages + 1}")
        return cid
    if st.names >> NAME_ID[cid] & 1:
        raise IllegalMove(f"You already have {name} in your city.")
    if move.action in ("salvage",):
        return cid
    if move.action == "free":
        for p in active(state):
            why = p.refuse_free_build(state, seat, cid, st)
            if why is not None:
                raise IllegalMove(why)
        if not st.free_build:
            raise IllegalMove("Only Olympia (side A, stage 2) builds for free.")
        if state.cities[seat].free_used_age == state.age:
            raise IllegalMove("You already used Olympia's free build this age.")
        return cid
    if chain_free(st, cid) and move.left == 0 and move.right == 0:
        return cid
    card = CARDS[cid]
    _check_pay(state, seat, move, card.cost, card.coins, name)
    return cid


def _check_pay(
    state: State, seat: int, move: Move, cost: tuple[int, ...], bank: int, what: str
) -> None:
    coins = state.cities[seat].coins
    own, left, right = _neighbours(state, seat)
    if bank + move.left + move.right <= coins:
        # Listed (non-dominated) payments first: the full set of plans is rarely needed.
        pay = (move.left, move.right)
        if pay in entry(cost_key(cost), cost, own, left, right)[0]:
            return
        if pay in solve_trade(cost, own, left, right):
            return
    pairs = solve_trade(cost, own, left, right)
    if not any(a + b + bank <= coins for a, b in pairs):
        raise IllegalMove(explain_cost(state, seat, what, cost, bank))
    best = pareto({p for p in pairs if p[0] + p[1] + bank <= coins})
    opts = ", ".join(f"{a} left + {b} right" for a, b in best)
    raise IllegalMove(
        f"{what}: paying {move.left} left + {move.right} right does not match "
        f"a purchase; you can pay {opts}."
    )


legal_cards = _legal_cards
may_act = _may_act
