"""Leader effects acting during the Ages: hooks the core calls only when ``State.leaders`` is
set (cost discounts and Ramses in legal moves, coins on builds, conflicts)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.classic.cities.trade import REBATE_LEFT, REBATE_RIGHT
from engine.classic.data import CARDS, COLORS
from engine.classic.leaders.cities_powers import caligula_moves, semiramis_shields
from engine.classic.leaders.data import DECISIONS, LEADERS
from engine.classic.leaders.roma import leader_price
from engine.classic.leaders.state import Leaders, active, owns
from engine.classic.plugin import shield_bonus
from engine.classic.state import City, Move, State, make_move
from engine.classic.stats import Pair, city_stats, pareto

__all__ = [
    "bank_coin",
    "build_coins",
    "build_income",
    "discounted",
    "extend_legal",
    "leader_price",
    "military",
    "neighbours_bought",
    "stage_payments",
    "victory_token_coins",
]

STAGE_DISCOUNT = len(COLORS)  # LeaderDef.discount value of Imhotep (wonder stages)
_PURPLE = COLORS.index("purple")
_YELLOW = COLORS.index("yellow")
_BLACK = COLORS.index("black")


Powers = tuple[frozenset[int], frozenset[int], bool]
# Active leader ids -> (discounted colours, free colours, Bilkis): a memo of a pure function
# (engine/caches.py), asked on every legal-moves call of a Leaders game.
_POWERS: dict[tuple[int, ...], Powers] = {}


def _powers(lead: Leaders, seat: int) -> Powers:
    key = active(lead, seat)
    got = _POWERS.get(key)
    if got is None:
        if len(_POWERS) > 20_000:
            _POWERS.clear()
        got = _POWERS[key] = (
            frozenset(LEADERS[lid].discount for lid in key) - {-1},
            frozenset(LEADERS[lid].free_color for lid in key) - {-1},
            any(LEADERS[lid].bank_buy for lid in key),
        )
    return got


def _discounts(lead: Leaders, seat: int) -> frozenset[int]:
    return _powers(lead, seat)[0]


def _free_colors(lead: Leaders, seat: int) -> frozenset[int]:
    return _powers(lead, seat)[1]


def _less(cost: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The costs left after ignoring one unit of one resource (each choice once)."""
    return [cost[:r] + (q - 1,) + cost[r + 1 :] for r, q in enumerate(cost) if q]


def _costs(cost: tuple[int, ...], ignore: bool) -> list[tuple[int, ...]]:
    return _less(cost) if ignore and any(cost) else [cost]


def discounted(
    state: State, seat: int, cost: tuple[int, ...], bank: int, ignore: bool, bilkis: bool = False
) -> list[Pair]:
    """Non-dominated (left, right) payments of ``cost`` plus ``bank`` coins: ignoring one
    resource unit of the player's choice when ``ignore`` (rules 5.9), and with ``bilkis``
    also buying one unit from the bank for 1 coin (5.11); [] when unaffordable."""
    from engine.classic.moves import payments  # moves imports this module lazily too

    found: set[Pair] = set()
    for c in _costs(cost, ignore):
        found.update(payments(state, seat, c, bank))
        if bilkis and any(c):
            for c2 in _less(c):
                found.update(payments(state, seat, c2, bank + 1))
    return pareto(found)


def _plans(state: State, seat: int, cost: tuple[int, ...], ignore: bool) -> set[Pair]:
    """Every purchase plan of ``cost`` without Bilkis (discount included)."""
    from engine.classic.moves import _neighbours
    from engine.classic.stats import solve_trade

    own, left, right = _neighbours(state, seat)
    out: set[Pair] = set()
    for c in _costs(cost, ignore):
        out |= solve_trade(c, own, left, right)
    return out


def bank_coin(state: State, seat: int, mv: Move, cid: int) -> int:
    """1 when the seat pays ``mv`` by buying a unit from the bank with Bilkis: exactly when the
    payment cannot be made without her (a player never pays the bank a coin for nothing)."""
    lead: Leaders = state.leaders
    if not _powers(lead, seat)[2] or mv.action in ("discard", "salvage", "free"):
        return 0
    disc = _discounts(lead, seat)
    if mv.action in ("wonder", "leader-wonder"):
        cost = _stage_cost(state, seat)
        assert cost is not None
        ignore = _stage_ignore(lead, seat, mv.action == "leader-wonder")
    else:
        card = CARDS[cid]
        if card.color in _free_colors(lead, seat):
            return 0
        from engine.classic.moves import CHAIN_MASKS

        if city_stats(state.cities[seat]).names & CHAIN_MASKS[cid]:
            return 0
        cost, ignore = card.cost, card.color in disc
    return 0 if (mv.left, mv.right) in _plans(state, seat, cost, ignore) else 1


def _stage_ignore(lead: Leaders, seat: int, leader: bool) -> bool:
    """Imhotep's unit off a stage (for a stage built with a leader: DECISIONS, rules 5.9 [E])."""
    return STAGE_DISCOUNT in _discounts(lead, seat) and (
        not leader or bool(DECISIONS["imhotep_on_leader_stage"])
    )


def _stage_cost(state: State, seat: int) -> tuple[int, ...] | None:
    """The resources of the seat's next stage: none with Cities' Architect Cabinet (its coins,
    Petra's, are still paid), so Imhotep has nothing left to take off (Leaders case 16)."""
    from engine.classic.moves import stage_cost

    cost = stage_cost(state, seat)
    if cost is not None and city_stats(state.cities[seat]).stage_free:
        return (0,) * len(cost)
    return cost


def stage_payments(state: State, seat: int, leader: bool = False) -> list[Pair]:
    """Payments of the seat's next wonder stage (Imhotep, Bilkis counted; ``leader``: built
    with a leader in a recruitment turn); [] if none is left or it is unaffordable."""
    from engine.classic.moves import STAGE_COINS

    cost = _stage_cost(state, seat)
    if cost is None:
        return []
    lead: Leaders = state.leaders
    ignore = _stage_ignore(lead, seat, leader)
    city = state.cities[seat]
    bank = STAGE_COINS[city.board][city.side][city.stages]  # Petra's stages cost coins too
    return discounted(state, seat, cost, bank, ignore, _powers(lead, seat)[2])


def _card_pays(
    state: State, seat: int, cid: int, disc: frozenset[int], free: frozenset[int], bilkis: bool
) -> list[Pair] | None:
    """Payments of a hand card under the seat's leaders; None: as the core lists them."""
    card = CARDS[cid]
    if card.color in free:
        return [(0, 0)]
    if card.color in disc or (bilkis and any(card.cost)):
        return discounted(state, seat, card.cost, card.coins, card.color in disc, bilkis)
    return None


def extend_legal(state: State, seat: int, moves: list[Move]) -> list[Move]:
    """A pick turn's legal moves with the seat's leaders applied: one resource unit less for
    the colours of Archimedes/Hammurabi/Leonidas and for stages (Imhotep), Ramses' free
    guilds, Bilkis' bank purchase. The discards and untouched cards keep the core's moves."""
    from engine.classic.data import NAME_ID
    from engine.classic.moves import CHAIN_MASKS

    lead: Leaders = state.leaders
    if lead.caligula:  # Leaders with Cities: Caligula's free black card
        moves = caligula_moves(state, seat, moves)
    disc, free, bilkis = _powers(lead, seat)
    if not disc and not free and not bilkis:
        return moves
    city = state.cities[seat]
    st = city.memo or city_stats(city)
    changed: dict[int, list[Pair]] = {}
    for cid in state.hands[seat]:
        nid = NAME_ID[cid]
        if nid in changed or st.names >> nid & 1 or st.names & CHAIN_MASKS[cid]:
            continue
        pays = _card_pays(state, seat, cid, disc, free, bilkis)
        if pays is not None:
            changed[nid] = pays
    stage = stage_payments(state, seat) if STAGE_DISCOUNT in disc or bilkis else None
    if not changed and stage is None:  # no card of the hand is affected: the core's list
        return moves
    out: list[Move] = []
    done: set[int] = set()
    for m in moves:  # the core's order: per card, its builds, stages, then its discard
        if m.action == "build" and m.card in changed or m.action == "wonder" and stage is not None:
            continue
        if m.action == "discard" and m.card not in done:
            done.add(m.card)
            out.extend(make_move("build", m.card, a, b) for a, b in changed.get(m.card, ()))
            if stage is not None:
                out.extend(make_move("wonder", m.card, a, b) for a, b in stage)
        out.append(m)
    return out


def build_coins(state: State, seat: int, mv: Move, cid: int, chained: bool) -> int:
    """Coins the seat's leaders pay for one resolved action of a pick turn (Xenophon,
    Vitruvius, Hatshepsut, Diocletian; minus Bilkis' bank coin): counted with the turn's other
    income."""
    lead: Leaders = state.leaders
    mine = active(lead, seat)
    if not mine:
        return 0
    sellers = neighbours_bought(state, seat, mv, cid)
    return build_income(mine, mv, cid, chained, sellers) - bank_coin(state, seat, mv, cid)


def neighbours_bought(state: State, seat: int, mv: Move, cid: int) -> int:
    """How many neighbours the seat bought a resource from with ``mv`` (Hatshepsut's count,
    rules 5.12): a side it paid, or a side whose one unit the Clandestine Docks made free (the
    move then pays that side 0; [E] the purchase still counts). ``cid`` -1: the next stage."""
    paid = (mv.left > 0) + (mv.right > 0)
    lead: Leaders = state.leaders
    if lead.old_rules or mv.action in ("discard", "salvage", "free"):
        return paid
    rebate = city_stats(state.cities[seat]).rebate
    free_l = rebate & REBATE_LEFT and mv.left == 0
    free_r = rebate & REBATE_RIGHT and mv.right == 0
    if not (free_l or free_r) or not any(neighbour_buy(lead, seat)):
        return paid
    dl, dr = bool(rebate & REBATE_LEFT), bool(rebate & REBATE_RIGHT)
    best = 0
    for raw_l, raw_r in _raw_plans(state, seat, mv, cid):
        after = (raw_l - 1 if dl and raw_l else raw_l, raw_r - 1 if dr and raw_r else raw_r)
        if after == (mv.left, mv.right):  # a plan the move pays: its Docks-free sides count
            best = max(best, (free_l and raw_l > 0) + (free_r and raw_r > 0))
    return paid + best


def neighbour_buy(lead: Leaders, seat: int) -> tuple[int, ...]:
    """Hatshepsut's coins per neighbour bought from, per active leader of the seat."""
    return tuple(LEADERS[lid].neighbour_buy_coins for lid in active(lead, seat))


def _raw_plans(state: State, seat: int, mv: Move, cid: int) -> set[Pair]:
    """The move's purchase plans before the Docks' rebate (the discount and, when the move
    pays the bank a coin for it, Bilkis' unit taken)."""
    from engine.classic.moves import _neighbours
    from engine.classic.trade import plans_before_rebate

    lead: Leaders = state.leaders
    if mv.action in ("wonder", "leader-wonder"):
        cost = _stage_cost(state, seat)
        ignore = _stage_ignore(lead, seat, mv.action == "leader-wonder")
    else:
        from engine.classic.moves import CHAIN_MASKS

        card = CARDS[cid]
        if card.color in _free_colors(lead, seat) or (
            city_stats(state.cities[seat]).names & CHAIN_MASKS[cid]
        ):
            return set()  # Ramses' guild, a chain: nothing is bought
        cost, ignore = card.cost, card.color in _discounts(lead, seat)
    if cost is None:
        return set()
    costs = _costs(cost, ignore)
    if bank_coin(state, seat, mv, cid):  # Bilkis bought one unit from the bank
        costs = [c2 for c in costs for c2 in _less(c)]
    own, left, right = _neighbours(state, seat)
    return {p for c in costs for p in plans_before_rebate(c, own, left, right)}


def build_income(
    mine: tuple[int, ...], mv: Move, cid: int, chained: bool, sellers: int | None = None
) -> int:
    """The coins from the bank that the leaders ``mine`` give for one resolved action
    (``sellers``: neighbours bought from, default: the sides the move pays)."""
    if sellers is None:
        sellers = (mv.left > 0) + (mv.right > 0)
    gain = 0
    for lid in mine:
        d = LEADERS[lid]
        if d.on_event is not None and mv.action != "discard" and mv.action != "wonder":
            event, each = d.on_event
            color = CARDS[cid].color
            if event == "build_yellow" and color == _YELLOW:
                if mv.action != "salvage" or DECISIONS["xenophon_on_discard_build"]:
                    gain += each
            elif (
                event == "build_via_chain"
                and (
                    chained
                    or DECISIONS["vitruvius_on_free_builds"]
                    and mv.action in ("free", "salvage")
                )
                or event == "build_black"  # Diocletian: any build, free ones too
                and color == _BLACK
            ):
                gain += each
        if d.neighbour_buy_coins:
            gain += d.neighbour_buy_coins * sellers
    return gain


def military(s: State, foes: Mapping[int, tuple[int, ...]] | None = None) -> State:
    """Conflicts of a Leaders game: leader shields count; Tomyris hands a Defeat token to the
    neighbour who beat her owner; Nero pays 2 coins per Victory token won (rules 5.8, 5.16).
    ``foes``: who fights whom when Cities' Diplomacy tokens keep seats out (default: each
    seat against both neighbours); an absent seat takes and gives no tokens (Cities case 17)."""
    from engine.classic.scoring import VP_TOKENS

    lead: Leaders = s.leaders
    n = s.players
    shields = [city_stats(c).shields + owns(lead, i, "shields") for i, c in enumerate(s.cities)]
    if lead.caligula:  # with Cities: Semiramis (when a position or the data deals her)
        shields = [x + semiramis_shields(lead, i, s.cities[i]) for i, x in enumerate(shields)]
    extra = shield_bonus(s)  # other plug-ins' shield tokens
    if extra is not None:
        shields = [a + b for a, b in zip(shields, extra, strict=True)]
    toks = [list(c.tokens) for c in s.cities]
    gain = [0] * n
    for i in range(n):
        near = ((i - 1) % n, (i + 1) % n) if foes is None else foes.get(i, ())
        for j in near:
            if shields[i] > shields[j]:
                toks[i].append(VP_TOKENS[s.age])
                gain[i] += _nero(lead, i)
            elif shields[i] < shields[j]:
                toks[j if _tomyris(lead, i) else i].append(-1)
    cities = []
    for i, c in enumerate(s.cities):
        nc: City = c._replace(coins=c.coins + gain[i], tokens=tuple(toks[i]))
        nc.memo = city_stats(c)
        cities.append(nc)
    return s._replace(cities=tuple(cities))


def victory_token_coins(lead: Leaders, seat: int) -> int:
    """Coins ``seat``'s leaders pay per Victory token won (Nero)."""
    return _nero(lead, seat)


def _nero(lead: Leaders, seat: int) -> int:
    total = 0
    for lid in active(lead, seat):
        d = LEADERS[lid]
        if d.on_event is not None and d.on_event[0] == "victory_token_gained":
            total += d.on_event[1]
    return total


def _tomyris(lead: Leaders, seat: int) -> bool:
    return any(LEADERS[lid].special == "defeat_tokens_to_victor" for lid in active(lead, seat))
