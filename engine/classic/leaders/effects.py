"""Leader effects acting during the Ages: hooks the core calls only when ``State.leaders`` is
set (cost discounts and Ramses in legal moves, coins on builds, conflicts)."""

from __future__ import annotations

from engine.classic.data import CARDS, COLORS
from engine.classic.leaders.data import DECISIONS, LEADERS
from engine.classic.leaders.state import Leaders, owns
from engine.classic.state import City, Move, State, make_move
from engine.classic.stats import Pair, city_stats, pareto

__all__ = [
    "build_coins",
    "discounted",
    "extend_legal",
    "leader_price",
    "military",
    "stage_payments",
]

STAGE_DISCOUNT = len(COLORS)  # LeaderDef.discount value of Imhotep (wonder stages)
_PURPLE = COLORS.index("purple")
_YELLOW = COLORS.index("yellow")


def _discounts(lead: Leaders, seat: int) -> frozenset[int]:
    return frozenset(LEADERS[lid].discount for lid in lead.recruited[seat]) - {-1}


def _free_colors(lead: Leaders, seat: int) -> frozenset[int]:
    return frozenset(LEADERS[lid].free_color for lid in lead.recruited[seat]) - {-1}


def discounted(
    state: State, seat: int, cost: tuple[int, ...], bank: int, ignore: bool
) -> list[Pair]:
    """Non-dominated (left, right) payments of ``cost``, ignoring one resource unit of the
    player's choice when ``ignore`` (rules 5.9); [] when unaffordable."""
    from engine.classic.moves import payments  # moves imports this module lazily too

    if not ignore or not any(cost):
        return payments(state, seat, cost, bank)
    found: set[Pair] = set()
    for r, q in enumerate(cost):
        if q:
            less = cost[:r] + (q - 1,) + cost[r + 1 :]
            found.update(payments(state, seat, less, bank))
    return sorted(pareto(found), key=lambda p: (p[0] + p[1], p))


def stage_payments(state: State, seat: int) -> list[Pair]:
    """Payments of the seat's next wonder stage (Imhotep counted); [] if none is left or
    it is unaffordable."""
    from engine.classic.moves import stage_cost

    cost = stage_cost(state, seat)
    if cost is None:
        return []
    lead: Leaders = state.leaders
    return discounted(state, seat, cost, 0, STAGE_DISCOUNT in _discounts(lead, seat))


def extend_legal(state: State, seat: int, moves: list[Move]) -> list[Move]:
    """A pick turn's legal moves with the seat's leaders applied: one resource unit less for
    the colours of Archimedes/Hammurabi/Leonidas and for stages (Imhotep), Ramses' free
    guilds. Moves of other cards stay as the core listed them, in the same order."""
    lead: Leaders = state.leaders
    disc, free = _discounts(lead, seat), _free_colors(lead, seat)
    if not disc and not free:
        return moves
    city = state.cities[seat]
    st = city.memo or city_stats(city)
    from engine.classic.moves import CHAIN_MASKS

    out: list[Move] = []
    done: set[tuple[str, int]] = set()
    for m in moves:
        if m.action not in ("build", "wonder"):
            out.append(m)
            continue
        key = (m.action, m.card)
        if key in done:
            continue
        done.add(key)
        cid = _hand_card(state, seat, m.card)
        card = CARDS[cid]
        if m.action == "wonder":
            pays = stage_payments(state, seat) if STAGE_DISCOUNT in disc else None
        elif st.names & CHAIN_MASKS[cid]:
            pays = None
        elif card.color in free:
            pays = [(0, 0)]
        elif card.color in disc:
            pays = discounted(state, seat, card.cost, card.coins, True)
        else:
            pays = None
        if pays is None:
            out.extend(x for x in moves if x.action == m.action and x.card == m.card)
        else:
            out.extend(make_move(m.action, m.card, a, b) for a, b in pays)
    have = {(m.action, m.card) for m in moves}
    for cid in state.hands[seat]:  # cards only a leader makes affordable
        from engine.classic.data import NAME_ID

        nid = NAME_ID[cid]
        card = CARDS[cid]
        if st.names >> nid & 1 or ("build", nid) in have:
            continue
        if card.color in free:
            pays = [(0, 0)]
        elif card.color in disc:
            pays = discounted(state, seat, card.cost, card.coins, True)
        else:
            continue
        have.add(("build", nid))
        out.extend(make_move("build", nid, a, b) for a, b in pays)
    if STAGE_DISCOUNT in disc and not any(m.action == "wonder" for m in moves):
        pays = stage_payments(state, seat)
        seen: set[int] = set()
        for cid in state.hands[seat]:
            nid = NAME_ID[cid]
            if nid not in seen:
                seen.add(nid)
                out.extend(make_move("wonder", nid, a, b) for a, b in pays)
    return out


def _hand_card(state: State, seat: int, nid: int) -> int:
    from engine.classic.data import NAME_ID

    for cid in state.hands[seat]:
        if NAME_ID[cid] == nid:
            return cid
    raise AssertionError("listed card not in hand")


def build_coins(lead: Leaders, seat: int, mv: Move, cid: int, chained: bool) -> int:
    """Coins the seat's leaders pay for one resolved action of a pick turn (Xenophon,
    Vitruvius, Hatshepsut): from the bank, counted with the turn's other income."""
    if not lead.recruited[seat]:
        return 0
    gain = 0
    for lid in lead.recruited[seat]:
        d = LEADERS[lid]
        if d.on_event is not None and mv.action != "discard" and mv.action != "wonder":
            event, each = d.on_event
            if event == "build_yellow" and CARDS[cid].color == _YELLOW:
                if mv.action != "salvage" or DECISIONS["xenophon_on_discard_build"]:
                    gain += each
            elif event == "build_via_chain" and chained:
                gain += each
        if d.neighbour_buy_coins:
            gain += d.neighbour_buy_coins * ((mv.left > 0) + (mv.right > 0))
    return gain


def leader_price(state: State, seat: int, lid: int) -> int:
    """Coins ``seat`` pays the bank to recruit ``lid`` now (Maecenas: 0 after him)."""
    lead: Leaders = state.leaders
    if owns(lead, seat, "recruit_free"):
        return 0
    return LEADERS[lid].cost


def military(s: State) -> State:
    """Conflicts of a Leaders game: leader shields count; Tomyris hands a Defeat token to the
    neighbour who beat her owner; Nero pays 2 coins per Victory token won (rules 5.8, 5.16)."""
    from engine.classic.scoring import VP_TOKENS

    lead: Leaders = s.leaders
    n = s.players
    shields = [city_stats(c).shields + owns(lead, i, "shields") for i, c in enumerate(s.cities)]
    toks = [list(c.tokens) for c in s.cities]
    gain = [0] * n
    for i in range(n):
        for j in ((i - 1) % n, (i + 1) % n):
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


def _nero(lead: Leaders, seat: int) -> int:
    total = 0
    for lid in lead.recruited[seat]:
        d = LEADERS[lid]
        if d.on_event is not None and d.on_event[0] == "victory_token_gained":
            total += d.on_event[1]
    return total


def _tomyris(lead: Leaders, seat: int) -> bool:
    return any(LEADERS[lid].special == "defeat_tokens_to_victor" for lid in lead.recruited[seat])
