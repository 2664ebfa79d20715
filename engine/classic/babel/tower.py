"""The Tower of Babel's rules in play (reference/babel/rules.md §3): the 4th action (discard
the chosen card to build a tile), the reveal and placement on the tower, the laws' effects on
moves, costs and conflicts, and the 2/5/10 VP score row."""

from __future__ import annotations

from engine.classic.babel import laws as L
from engine.classic.babel.data import DECISIONS, TILES
from engine.classic.babel.texts import tile_tag, tile_text
from engine.classic.babel.tower_state import Tower
from engine.classic.babel.views import TowerView
from engine.classic.data import CARDS, NAME_ID
from engine.classic.moves import CHAIN_MASKS, STAGE_COINS, legal_base, stage_cost
from engine.classic.plugin import token_coins
from engine.classic.state import PICK, SEVENTH, City, Move, State, make_move
from engine.classic.stats import Stats, city_stats
from engine.common import IllegalMove

__all__ = [
    "TILE",
    "after_conflicts",
    "laws_now",
    "more_moves",
    "outlay",
    "place",
    "tile_vp",
    "view",
]

TILE = "tile"  # tile:<card>:<tile number>: discard the card, build the tile
CARD_PHASES = frozenset({PICK, SEVENTH})


def laws_now(state: State, t: Tower) -> L.Laws:
    return L.laws_for(t.placed, t.spaces, (state.age, state.turn), state.age)


def visible(t: Tower) -> tuple[int, ...]:
    """The tiles on the tower now, oldest first (a tile placed this turn included)."""
    return tuple(n for n, _, _ in t.placed[-t.spaces :]) if t.placed else ()


# --- moves -------------------------------------------------------------------------------------


def more_moves(state: State, t: Tower, seat: int, moves: list[Move]) -> list[Move]:
    """The seat's card moves under the laws, and its tile builds (one per card and tile)."""
    laws = laws_now(state, t)
    if laws.moves:
        moves = _under_laws(state, seat, moves, laws)
    tiles = t.hands[seat]
    if tiles:
        seen: set[int] = set()
        for cid in state.hands[seat]:
            nid = NAME_ID[cid]
            if nid not in seen:
                seen.add(nid)
                moves.extend(make_move(TILE, nid, n) for n in tiles)
    return moves


def _under_laws(state: State, seat: int, moves: list[Move], laws: L.Laws) -> list[Move]:
    if laws.trade:  # production and prices as the laws make them
        moves = legal_base(L.trade_cities(state, laws), seat)
    city = state.cities[seat]
    st = city_stats(city)
    n = state.players
    around = (
        city_stats(state.cities[(seat - 1) % n]).names
        | city_stats(state.cities[(seat + 1) % n]).names
    )
    out = list(moves)
    seen = set(out)
    done: set[int] = set()
    for cid in state.hands[seat]:
        nid = NAME_ID[cid]
        if nid in done:
            continue
        done.add(nid)
        for m in _extra(state, seat, cid, st, around, laws):
            if m not in seen:
                seen.add(m)
                out.append(m)
    if laws.tax:
        out = [m for m in out if _payable(state, seat, m, st, laws)]
    return out


def _extra(state: State, seat: int, cid: int, st: Stats, around: int, laws: L.Laws) -> list[Move]:
    city, card, nid = state.cities[seat], CARDS[cid], NAME_ID[cid]
    out: list[Move] = []
    owned = bool(st.names >> nid & 1)
    color = L.targets(make_move("build", nid), cid, False)[0]
    if not owned:
        if color in laws.ignore and city.coins >= card.coins:  # tile 2
            out.append(make_move("build", nid))
        coin_pay = card.color in laws.coin_pay and any(card.cost)  # tiles 8, 23
        if coin_pay and city.coins >= card.coins + L.units(cid):
            out.append(L.coin_move(nid))
        if laws.neighbour_chains and not st.names & CHAIN_MASKS[cid] and around & CHAIN_MASKS[cid]:
            out.append(L.chain_move(nid))  # tile 7
    free_stage = "wonder_stage" in laws.ignore and stage_cost(state, seat) is not None
    if free_stage and city.coins >= STAGE_COINS[city.board][city.side][city.stages]:  # tile 15
        out.append(make_move("wonder", nid))
    return out


def chained(st: Stats, move: Move, cid: int) -> bool:
    """A build through a chain (own structure, or a neighbour's with tile 7)."""
    if move.action == L.CHAIN:
        return True
    return (
        move.action == "build"
        and not (move.left or move.right)
        and bool(st.names & CHAIN_MASKS[cid])
    )


def outlay(state: State, seat: int, move: Move, st: Stats) -> int:
    """Coins a card move costs before any tax."""
    city = state.cities[seat]
    if move.action == "wonder":
        return move.left + move.right + STAGE_COINS[city.board][city.side][city.stages]
    cid = _cid(move)
    if move.action == "build":
        own_chain = not (move.left or move.right) and bool(st.names & CHAIN_MASKS[cid])
        return move.left + move.right + (0 if own_chain else CARDS[cid].coins)
    if move.action == L.COIN:
        return CARDS[cid].coins + L.units(cid)
    return 0


def _cid(move: Move) -> int:
    return move.card  # a move's card is its name id: the lowest card id of the name


def _payable(state: State, seat: int, m: Move, st: Stats, laws: L.Laws) -> bool:
    """False when the move's taxes push its cost beyond the seat's coins (rules 3.7 [E])."""
    if m.action not in ("build", "wonder", "free", L.COIN, L.CHAIN):
        return True
    tax = L.tax_of(laws, m, _cid(m), chained(st, m, _cid(m)))
    if not tax:
        return True
    if not DECISIONS["tax_unpaid_blocks_build"]:
        return True
    return outlay(state, seat, m, st) + tax <= state.cities[seat].coins


def card_of(state: State, seat: int, move: Move) -> int:
    for cid in state.hands[seat]:
        if NAME_ID[cid] == move.card:
            return cid
    raise IllegalMove(f"{CARDS[move.card].name} is not in your hand.")


def refusal(state: State, t: Tower, seat: int, move: Move) -> str:
    """Why a card move is not legal under the laws in force."""
    laws = laws_now(state, t)
    if move.action == TILE and move.left not in t.hands[seat]:
        return f"You have no Babel tile {move.left} to build."
    shown = ", ".join(str(n) for n in laws.tiles) or "none"
    return (
        f"{move} is not possible now under the Tower of Babel's laws (visible tiles: {shown}): "
        "check its cost, its taxes and your coins."
    )


# --- resolution --------------------------------------------------------------------------------


def costs(state: State, laws: L.Laws, seat: int, move: Move, cid: int, st: Stats) -> int:
    """The coin change the laws add to a resolved build (taxes, bonuses, coin-builds)."""
    delta = 0
    if move.action == L.COIN:
        delta -= CARDS[cid].coins + L.units(cid)
    if move.action in ("build", "wonder", "free", L.COIN, L.CHAIN):
        ch = chained(st, move, cid)
        delta += L.bonus_of(laws, move, cid, ch) - L.tax_of(laws, move, cid, ch)
    return delta


def place(state: State, t: Tower, built: list[tuple[int, int]]) -> Tower:
    """Tiles built this resolution, placed on the tower in increasing number (rules 3.2)."""
    hands, mine = list(t.hands), list(t.built)
    placed = t.placed
    for tile, seat in sorted(built):
        hands[seat] = tuple(x for x in hands[seat] if x != tile)
        mine[seat] += (tile,)
        placed += ((tile, state.age, state.turn),)
    return t._replace(hands=tuple(hands), built=tuple(mine), placed=placed)


def tile_event_text(seat: int, move: Move) -> str:
    return f"Seat {seat} built Babel tile {move.left}: {tile_text(TILES[move.left - 1])}"


# --- conflicts and scoring -----------------------------------------------------------------------


def after_conflicts(state: State, t: Tower) -> State:
    """Tiles 19 and 22 change the tokens the Age's conflicts gave (visible at the Age's end).
    A Victory token tile 19 removes takes back the coins a power paid for it (Nero, rules
    §6.1: paid for the token actually taken) unless the game keeps the older rules."""
    laws = L.gather(visible(t), state.age)
    if not laws.downgrade and laws.defeats == 1 or not t.before:
        return state
    cities: list[City] = []
    for seat, (c, k) in enumerate(zip(state.cities, t.before, strict=True)):
        new: list[int] = []
        lost = 0
        for tok in c.tokens[k:]:
            if tok < 0:
                new.extend([tok] * laws.defeats)
            else:
                got = laws.downgrade.get(tok, tok)
                if got:
                    new.append(got)
                else:
                    lost += 1
        c = c._replace(tokens=c.tokens[:k] + tuple(new))
        if lost and not t.coins_first:
            # The coins were paid in this Age's conflicts, just before: they are there.
            c = c._replace(coins=max(0, c.coins - lost * token_coins(state, seat)))
        cities.append(c)
    return state._replace(cities=tuple(cities))


def tile_vp(t: Tower, seat: int) -> int:
    vp: tuple[int, ...] = DECISIONS["tile_vp"]
    return vp[min(len(t.built[seat]), len(vp) - 1)]


def view(state: State, t: Tower, seat: int | None) -> TowerView:
    shown = visible(t)
    return TowerView(
        spaces=t.spaces,
        visible=list(shown),
        covered=[n for n, _, _ in t.placed[: len(t.placed) - len(shown)]],
        built=[list(b) for b in t.built],
        mine=list(t.hands[seat]) if seat is not None else [],
        draft_hand=list(t.draft[seat]) if seat is not None else [],
        laws=[f"{n}: {tile_text(TILES[n - 1])}" for n in shown],
        tags=[tile_tag(TILES[n - 1]) for n in shown],
        placed=list(t.placed),
    )
