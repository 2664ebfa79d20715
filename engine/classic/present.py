"""Views per seat / spectator for the bot; also the door to the move texts (``texts``) and the
card and board facts (``info``) the bot imports from here."""

from __future__ import annotations

from typing import Any

from engine.classic.data import (
    BOARDS,
    CARD_INDEX,
    CARDS,
    COLORS,
    RESOURCES,
    SCIENCE,
)
from engine.classic.info import board_names, card_info, card_names, wonder_info
from engine.classic.moves import acting, chain_free, legal_moves, stage_cost
from engine.classic.plugin import action_owner, active
from engine.classic.production import change_texts, changes_to_position
from engine.classic.scoring import outcome_of, score_all
from engine.classic.state import ACTIONS, CHOOSE, HALI, OVER, PHASES, City, Move, State
from engine.classic.stats import Stats, city_stats, solve_trade
from engine.classic.texts import describe_move, effect_text, res_names, rule_text
from engine.classic.variants.choice_view import pick_view
from engine.classic.version import RULES_VERSION
from engine.classic.views import (
    CityView,
    ClassicView,
    HandCardView,
    MoveView,
    PaymentView,
    ProductionChangeView,
    ProductionView,
    TradeView,
)

__all__ = [
    "RULES_VERSION",
    "board_names",
    "card_info",
    "card_names",
    "describe_move",
    "effect_text",
    "rule_text",
    "view",
    "wonder_info",
]


def _prod(fixed: tuple[int, ...], choices: tuple[tuple[int, ...], ...]) -> ProductionView:
    return ProductionView(
        fixed=res_names(fixed), choices=[[RESOURCES[r] for r in ch] for ch in choices]
    )


def _changes(c: City) -> list[ProductionChangeView]:
    texts = change_texts(c)
    return [
        ProductionChangeView(**d, text=t)
        for d, t in zip(changes_to_position(c.prod), texts, strict=True)
    ]


def _city(state: State, seat: int) -> CityView:
    c = state.cities[seat]
    st = city_stats(c)
    b = BOARDS[c.board]
    nxt = stage_cost(state, seat)
    sci = dict(zip(SCIENCE, st.science, strict=True))
    fields: dict[str, Any] = dict(
        seat=seat,
        board=b.city,
        wonder=b.wonder,
        side="AB"[c.side],
        stages_built=c.stages,
        stages_total=len(b.sides[c.side]),
        next_stage_cost=res_names(nxt) if nxt else None,
        coins=c.coins,
        built=[CARDS[i].name for i in c.built],
        tucked=len(c.tucked),
        military_tokens=list(c.tokens),
        shields=st.shields,
        science=sci,
        production=_prod(st.fixed, st.choices),
        sells=_prod(st.sell_fixed, st.sell_choices),
        has_picked=state.picks[seat] is not None,
        free_build_used=c.free_used_age == state.age,
    )
    if c.prod:
        fields["production_changes"] = _changes(c)
    for p in active(state):  # e.g. shields and tokens a plug-in adds
        p.city_view(state, seat, fields)
    return CityView(**fields)


def _card_of(move: Move) -> str:
    """The card a move names (a plug-in's action names what it names, maybe nothing)."""
    owner = action_owner(move.action) if move.action not in _CORE else None
    if owner is not None:
        return owner.move_card(move) or ""
    return CARDS[move.card].name


_CORE = frozenset(ACTIONS)


def _pay(move: Move, bank: int) -> PaymentView:
    return PaymentView(
        move=str(move), left=move.left, right=move.right, bank=bank, text=describe_move(None, move)
    )


def _hand_card(state: State, seat: int, cid: int, moves: list[Move], st: Stats) -> HandCardView:
    card = CARDS[cid]
    nid = CARD_INDEX[card.name]
    mine = [m for m in moves if m.card == nid]
    build = [m for m in mine if m.action == "build"]
    free = next((str(m) for m in mine if m.action == "free"), None)
    missing: dict[str, int] = {}
    if st.names >> nid & 1:
        status = "duplicate"
    elif chain_free(st, cid):
        status = "chain"
    elif any(build) and build[0].left + build[0].right == 0:
        status = "free" if card.coins == 0 and not any(card.cost) else "affordable"
    elif build:
        status = "trade"
    else:
        status = "unaffordable"
        missing = _missing(state, seat, cid)
    return HandCardView(
        name=card.name,
        color=COLORS[card.color],
        gives=effect_text(card.effect),
        status=status,
        missing=missing,
        build=[_pay(m, 0 if status == "chain" else card.coins) for m in build],
        wonder=[_pay(m, 0) for m in mine if m.action == "wonder"],
        discard=str(Move("discard", nid)),
        free_build=free,
    )


def _missing(state: State, seat: int, cid: int) -> dict[str, int]:
    """What an unaffordable card lacks: units nobody around can supply, else coins."""
    card = CARDS[cid]
    return _lacking(state, seat, card.cost, card.coins)


def stage_shortfall(state: State, seat: int) -> dict[str, int]:
    """What the next Wonder stage of ``seat`` lacks, as ``HandCardView.missing`` says it for
    a card ({} when the stage can be paid or all are built): for a prompt's "can't afford"."""
    cost = stage_cost(state, seat)
    return {} if cost is None else _lacking(state, seat, cost, 0)


def _lacking(state: State, seat: int, cost: tuple[int, ...], price: int) -> dict[str, int]:
    for p in active(state):  # a plug-in's reason first (e.g. a famine)
        why = p.missing(state, seat, cost)
        if why is not None:
            return why
    missing: dict[str, int] = {}
    n = state.players
    own = city_stats(state.cities[seat])
    pairs = solve_trade(
        cost,
        own,
        city_stats(state.cities[(seat - 1) % n]),
        city_stats(state.cities[(seat + 1) % n]),
    )
    if not pairs:
        missing = {
            RESOURCES[r]: max(0, q - own.fixed[r]) for r, q in enumerate(cost) if q > own.fixed[r]
        }
    short = min((a + b for a, b in pairs), default=0) + price - state.cities[seat].coins
    if short > 0:
        missing["coins"] = short
    return missing


def view(state: State, seat: int | None) -> ClassicView:
    if state.phase == CHOOSE:
        return pick_view(state, seat)
    plugins = active(state)
    for p in plugins:
        seat = p.view_seat(state, seat)  # a neutral city is nobody's seat: it sees no hand
    base = _public_fields(state, seat)
    moves = legal_moves(state, seat) if seat is not None else []
    for p in plugins:
        p.public_view(state, seat, moves, base)
    if seat is None:
        return ClassicView(**base)
    return ClassicView(**base, **_seat_fields(state, seat, moves))


def _public_fields(state: State, seat: int | None) -> dict[str, Any]:
    """What every seat and spectator sees (``seat`` only filters the events)."""
    scores = score_all(state)
    return dict(
        rules_version=RULES_VERSION,
        seat=seat,
        players=state.players,
        age=state.age,
        turn=state.turn,
        pass_direction="right" if state.age == 2 else "left",
        phase=PHASES[state.phase],
        to_act=sorted(acting(state)),
        picked=[i for i, p in enumerate(state.picks) if p],
        cities=[_city(state, i) for i in range(state.players)],
        discard_size=len(state.discard),
        last_events=[e for e in state.last_events if e.visible(seat)],
        scores=scores,
        discard_build_next=list(state.hali),
        revealed=[[CARDS[c].name if c >= 0 else None for c in row] for row in state.shown],
        outcome=outcome_of(state, scores) if state.phase == OVER else None,
    )


def _seat_fields(state: State, seat: int, moves: list[Move]) -> dict[str, Any]:
    """What only ``seat`` sees: its hand (another city's when it plays that city's card, as
    a plug-in says), its pick, its trade prices and its legal moves."""
    own_hand, label, hand_seat = state.hands[seat], "", seat
    for p in active(state):
        other = p.seat_view(state, seat)
        if other is not None:
            own_hand, hand_seat, label = other
    hand_st = city_stats(state.cities[hand_seat])
    pick = state.picks[seat]
    return dict(
        hand=[CARDS[c].name for c in own_hand],
        hand_cards=[_hand_card(state, hand_seat, c, moves, hand_st) for c in own_hand],
        passed_hands=[[CARDS[c].name for c in h] for h in state.passed[seat]]
        if state.passed
        else [],
        my_pick=str(pick) if pick else None,
        my_pick_text=describe_move(None, pick) if pick else None,
        trade=_trade(state, seat),
        legal_moves=[_move_view(m, label) for m in moves],
        discard=[CARDS[c].name for c in state.discard]
        if state.phase == HALI and seat in acting(state)
        else [],
    )


def _trade(state: State, seat: int) -> list[TradeView]:
    """What each neighbour sells and what ``seat`` pays them per unit."""
    st, n = city_stats(state.cities[seat]), state.players
    trade = []
    for side, nb in (("left", (seat - 1) % n), ("right", (seat + 1) % n)):
        ns = city_stats(state.cities[nb])
        prices = st.price_left if side == "left" else st.price_right
        trade.append(
            TradeView(
                side=side,
                seat=nb,
                sells=_prod(ns.sell_fixed, ns.sell_choices),
                prices={RESOURCES[r]: p for r, p in enumerate(prices)},
            )
        )
    return trade


def _move_view(m: Move, label: str) -> MoveView:
    return MoveView(
        move=str(m),
        action=m.action,
        card=_move_card(m),
        left=m.left,
        right=m.right,
        text=label + describe_move(None, m),
    )


def _move_card(m: Move) -> str:
    """The card, or whatever else, a move names."""
    return _card_of(m)
