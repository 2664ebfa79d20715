"""Views per seat / spectator, move descriptions and card information for the bot."""

from __future__ import annotations

from typing import Any

from engine.classic.cities import present as cities_present
from engine.classic.data import (
    BOARDS,
    CARD_INDEX,
    CARDS,
    CITY_CARD_IDS,
    COLORS,
    LEADER_CARD_IDS,
    RESOURCES,
    SCIENCE,
    EffectDef,
    board_pool,
)
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.guilds import GUILD_TEXTS
from engine.classic.leaders.views import describe_leader_move, leaders_view
from engine.classic.moves import acting, chain_free, legal_moves, stage_cost
from engine.classic.scoring import outcome_of, score_all
from engine.classic.state import CHOOSE, HALI, LEADER_ACTIONS, OVER, PHASES, Move, Repick, State
from engine.classic.stats import Stats, city_stats, solve_trade
from engine.classic.variants import two
from engine.classic.views import (
    CityView,
    ClassicView,
    FreeCityView,
    HandCardView,
    MoveView,
    PaymentView,
    ProductionView,
    TradeView,
)
from engine.wording import coins, count

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

# classic-2: Leaders + Cities games deal the Cities leaders (base, Leaders-only and Cities-only
# games play exactly as under classic-1).
RULES_VERSION = "classic-2"


def _res(vec: tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[r]: q for r, q in enumerate(vec) if q}


def _prod(fixed: tuple[int, ...], choices: tuple[tuple[int, ...], ...]) -> ProductionView:
    return ProductionView(fixed=_res(fixed), choices=[[RESOURCES[r] for r in ch] for ch in choices])


def rule_text(eff: EffectDef) -> str:
    """The terse effect text the AI evaluators parse (``card_info``'s ``rule``), e.g.
    '1 coins per brown (own)'; players read ``effect_text``. Kept stable on purpose."""
    parts: list[str] = []
    if any(eff.produce):
        parts.append(", ".join(f"{q} {RESOURCES[r]}" for r, q in enumerate(eff.produce) if q))
    if eff.choice:
        parts.append("/".join(RESOURCES[r] for r in eff.choice))
    if eff.vp:
        parts.append(f"{eff.vp} VP")
    if eff.shields:
        parts.append(f"{eff.shields} shield{'s' if eff.shields > 1 else ''}")
    if eff.science >= 0:
        parts.append(f"science: {SCIENCE[eff.science]}")
    if eff.coins:
        parts.append(f"{eff.coins} coins")
    if eff.discount:
        parts.append(_discount_text(eff.discount))
    for label, per in (("coins", eff.coins_per), ("VP", eff.vp_per)):
        if per:
            kinds, cities, each = per
            what = "+".join(
                (COLORS + ("wonder stages", "defeats", "victory tokens"))[k] for k in kinds
            )
            parts.append(f"{each} {label} per {what} ({_cities(cities)})")
    if eff.special:
        parts.append(eff.special.replace("_", " "))
    parts += cities_present.effect_parts(eff)
    return "; ".join(parts) or "no effect"


def effect_text(eff: EffectDef) -> str:
    """An effect as players read it, e.g. '2 wood', '1 coin per brown card (left/own/right)'
    or '1 VP per Wonder stage (own)'."""
    parts: list[str] = []
    if any(eff.produce):
        parts.append(", ".join(f"{q} {RESOURCES[r]}" for r, q in enumerate(eff.produce) if q))
    if eff.choice:
        parts.append("/".join(RESOURCES[r] for r in eff.choice))
    if eff.vp:
        parts.append(f"{eff.vp} VP")
    if eff.shields:
        parts.append(count(eff.shields, "shield"))
    if eff.science >= 0:
        parts.append(f"science: {SCIENCE[eff.science]}")
    if eff.coins:
        parts.append(coins(eff.coins))
    if eff.discount:
        parts.append(_discount_text(eff.discount))
    for word, per in (("coin", eff.coins_per), ("VP", eff.vp_per)):
        if per:
            kinds, cities, each = per
            parts.append(f"{count(each, word)} per {_kinds(kinds)} ({_cities(cities)})")
    if eff.special:
        parts.append(_SPECIALS.get(eff.special, eff.special.replace("_", " ")))
    parts += cities_present.effect_parts(eff)
    return "; ".join(parts) or "no effect"


_SPECIALS = {
    "free_build_once_per_age": "build one card for free once per Age",
    "play_seventh_card": "play the seventh card of each Age",
    "build_from_discard": "build a card from the discard pile for free",
    "copy_neighbour_guild": "copy a neighbour's guild",
}


def _kinds(kinds: tuple[int, ...]) -> str:
    """ "brown card", "brown/grey/purple card", "Wonder stage", "defeat"."""
    extra = {
        len(COLORS): "Wonder stage",
        len(COLORS) + 1: "defeat",
        len(COLORS) + 2: "victory token",
    }
    if all(k < len(COLORS) for k in kinds):
        return "/".join(COLORS[k] for k in kinds) + " card"
    return "/".join(extra.get(k, COLORS[k] if k < len(COLORS) else "?") for k in kinds)


def _cities(cities: tuple[int, ...]) -> str:
    return "/".join({-1: "left", 0: "own", 1: "right"}[c] for c in cities)


def _discount_text(discount: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    res, sides = discount
    where = " and ".join("left" if s < 0 else "right" for s in sides)
    kind = "raw materials" if res[0] < 4 else "manufactured goods"
    return f"buy {kind} from {where} for 1 coin"


def describe_move(view_or_state: object, move: Move | Repick) -> str:
    """Human text, e.g. 'Build Baths (2 coins to left)'."""
    del view_or_state  # the text depends on the move only
    if isinstance(move, Repick):
        return f"Change the pick to: {describe_move(None, move.move)}"
    if move.action == "board":
        from engine.classic.variants.choice_view import describe_pick

        return describe_pick(move)
    if move.action in LEADER_ACTIONS:
        return describe_leader_move(move)
    if move.action == "power":
        from engine.classic.variants.gods_view import describe_power

        return describe_power(move)
    if move.action == "pay":
        return f"Pay {move.left} coin{'s' if move.left != 1 else ''} of the loss, the rest as debt"
    name = CARDS[move.card].name
    pay = [f"{move.left} coin{'s' if move.left != 1 else ''} to left"] if move.left else []
    if move.right:
        pay.append(f"{move.right} coin{'s' if move.right != 1 else ''} to right")
    tail = f" ({', '.join(pay)})" if pay else ""
    return {
        "build": f"Build {name}{tail}",
        "wonder": f"Wonder stage with {name}{tail}",
        "discard": f"Discard {name} for 3 coins",
        "free": f"Build {name} free ({_FREE_BY[CARDS[move.card].color == _BLACK]})",
        "salvage": f"Build {name} from the discard pile",
    }[move.action]


_BLACK = COLORS.index("black")
# Who builds a card for free: a black one is Caligula's once-an-Age build first (Cities leaders).
_FREE_BY = ("Olympia", "Caligula, else Olympia")


def card_names() -> list[str]:
    return sorted({c.name for c in CARDS})


def card_info(name: str) -> dict[str, Any]:
    """Facts of a card (all ages with that name), for the bot's card command."""
    found = [c for c in CARDS if c.name.lower() == name.lower()]
    if not found:
        raise KeyError(name)
    c = found[0]
    return {
        "name": c.name,
        "ages": [x.age for x in found],
        "color": COLORS[c.color],
        "cost": _res(c.cost),
        "coins": c.coins,
        "copies": {n: sum(x.copies_for(n) for x in found) for n in range(3, 8)}
        if c.copies is not None
        else None,
        "chain_from": sorted({CARDS[i].name for x in found for i in x.chain_from}),
        "chain_to": sorted({CARDS[i].name for x in found for i in x.chain_to}),
        "effect": GUILD_TEXTS.get(c.name) or effect_text(c.effect),
        "rule": GUILD_TEXTS.get(c.name) or rule_text(c.effect),
        "expansion": _expansion_of(c.id),
    }


def board_names(expansions: tuple[str, ...] = ()) -> list[str]:
    """Board (city) names a table with these expansions plays (``wonder_info``,
    ``Config.wonders`` and positions): Petra and Byzantium only with Cities, Roma only with
    Leaders."""
    return [BOARDS[b].city for b in board_pool(expansions)]


def _expansion_of(card: int) -> str | None:
    """The expansion a card comes from (None: the base game)."""
    if card in LEADER_CARD_IDS:
        return "leaders"
    return "cities" if card in CITY_CARD_IDS else None


def wonder_info(board: str, side: str) -> dict[str, Any]:
    """Facts of one side of a board: starting resource and each stage's cost and effect.

    Each stage lists ``cost`` (resource -> units), ``effect`` (short text, as in ``card_info``)
    and the structured parts: ``vp``, ``coins``, ``shields``, ``science`` ("any" wildcard or
    None), ``choice`` (one-of resources produced for the owner only), ``discount`` (resources
    bought for 1 coin and from which neighbours) and ``special`` (free_build_once_per_age,
    play_seventh_card, build_from_discard, copy_neighbour_guild or None).
    """
    found = next((b for b in BOARDS if b.city.lower() == board.lower()), None)
    if found is None or side not in ("A", "B"):
        raise KeyError(f"{board} {side}")
    stages = []
    for st in found.sides[side == "B"]:
        eff = st.effect
        stages.append(
            {
                "cost": _res(st.cost),
                "effect": effect_text(eff),
                "vp": eff.vp,
                "coins": eff.coins,
                "shields": eff.shields,
                "science": SCIENCE[eff.science] if eff.science >= 0 else None,
                "choice": [RESOURCES[r] for r in eff.choice],
                "discount": None
                if eff.discount is None
                else {
                    "resources": [RESOURCES[r] for r in eff.discount[0]],
                    "from": ["left" if x < 0 else "right" for x in eff.discount[1]],
                },
                "special": eff.special,
                "coin_cost": st.coins,
            }
        )
    return {
        "board": found.city,
        "wonder": found.wonder,
        "side": side,
        "resource": RESOURCES[found.resource] if found.resource >= 0 else None,
        "stages": stages,
    }


def _city(state: State, seat: int) -> CityView:
    c = state.cities[seat]
    st = city_stats(c)
    b = BOARDS[c.board]
    nxt = stage_cost(state, seat)
    sci = dict(zip(SCIENCE, st.science, strict=True))
    shields = st.shields
    if state.leaders is not None:  # recruited leaders' shields and symbols count too
        from engine.classic.leaders.views import leader_extras

        shields, sci = leader_extras(state, seat, shields, sci)
    return CityView(
        seat=seat,
        board=b.city,
        wonder=b.wonder,
        side="AB"[c.side],
        stages_built=c.stages,
        stages_total=len(b.sides[c.side]),
        next_stage_cost=_res(nxt) if nxt else None,
        coins=c.coins,
        built=[CARDS[i].name for i in c.built],
        tucked=len(c.tucked),
        military_tokens=list(c.tokens),
        shields=shields,
        science=sci,
        production=_prod(st.fixed, st.choices),
        sells=_prod(st.sell_fixed, st.sell_choices),
        has_picked=state.picks[seat] is not None,
        free_build_used=c.free_used_age == state.age,
        **cities_present.city_fields(state, seat),
    )


def _card_of(move: Move) -> str:
    """The card a move names ("" for Cities' pay moves; the god of a Gods & Heroes power)."""
    if move.action == "pay":
        return ""
    if move.action == "power":
        from engine.classic.variants.gods import GODS

        return GODS[move.card]
    return CARDS[move.card].name


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
    gods = state.gods
    if gods is not None and gods.famine[0] == seat and card.cost[gods.famine[1]]:
        res = gods.famine[1]  # Gods & Heroes: Seth's famine, none of it this turn
        return {RESOURCES[res]: card.cost[res]}
    missing: dict[str, int] = {}
    n = state.players
    own = city_stats(state.cities[seat])
    pairs = solve_trade(
        card.cost,
        own,
        city_stats(state.cities[(seat - 1) % n]),
        city_stats(state.cities[(seat + 1) % n]),
    )
    if not pairs:
        missing = {
            RESOURCES[r]: max(0, q - own.fixed[r])
            for r, q in enumerate(card.cost)
            if q > own.fixed[r]
        }
    short = min((a + b for a, b in pairs), default=0) + card.coins - state.cities[seat].coins
    if short > 0:
        missing["coins"] = short
    return missing


def view(state: State, seat: int | None) -> ClassicView:
    if state.phase == CHOOSE:  # present is imported by that module: import it here, late
        from engine.classic.variants.choice_view import pick_view

        return pick_view(state, seat)
    if state.free_city and seat == 2:  # the Free City is nobody's seat: it sees no hand
        seat = None
    n = state.players
    over = state.phase == OVER
    scores = score_all(state)
    base: dict[str, Any] = dict(
        rules_version=RULES_VERSION,
        seat=seat,
        players=n,
        age=state.age,
        turn=state.turn,
        pass_direction="right" if state.age == 2 else "left",
        phase=PHASES[state.phase],
        to_act=sorted(acting(state)),
        picked=[i for i, p in enumerate(state.picks) if p],
        cities=[_city(state, i) for i in range(n)],
        discard_size=len(state.discard),
        last_events=[e for e in state.last_events if e.visible(seat)],
        scores=scores,
        discard_build_next=list(state.hali),
        revealed=[[CARDS[c].name if c >= 0 else None for c in row] for row in state.shown],
        outcome=outcome_of(state, scores) if over else None,
        **cities_present.view_fields(state, seat),
    )
    moves = legal_moves(state, seat) if seat is not None else []
    if state.leaders is not None:
        base["leaders"] = leaders_view(state, seat, moves)
    fc_pick = False
    if state.free_city:
        fc_pick = seat is not None and two.picking_for_free_city(state, seat)
        base["free_city"] = FreeCityView(
            controller=two.controller(state.age, state.turn), picking=fc_pick
        )
    if state.gods is not None:
        from engine.classic.variants.gods_view import gods_view

        base["gods"] = gods_view(state, seat)
    if seat is None:
        return ClassicView(**base)
    st = city_stats(state.cities[seat])
    own_hand = state.hands[seat]
    pick = state.picks[seat]
    label = ""
    hand_seat, hand_st = seat, st
    if fc_pick:  # the viewer picks for the Free City: show its hand and options
        own_hand, label = two.free_city_hand(state), "Free City: "
        hand_seat, hand_st = 2, city_stats(state.cities[2])
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
    return ClassicView(
        **base,
        hand=[CARDS[c].name for c in own_hand],
        hand_cards=[_hand_card(state, hand_seat, c, moves, hand_st) for c in own_hand],
        passed_hands=[[CARDS[c].name for c in h] for h in state.passed[seat]]
        if state.passed
        else [],
        my_pick=str(pick) if pick else None,
        my_pick_text=describe_move(None, pick) if pick else None,
        trade=trade,
        legal_moves=[
            MoveView(
                move=str(m),
                action=m.action,
                card=_move_card(m),
                left=m.left,
                right=m.right,
                text=label + describe_move(None, m),
            )
            for m in moves
        ],
        discard=[CARDS[c].name for c in state.discard]
        if state.phase == HALI and seat in acting(state)
        else [],
    )


def _move_card(m: Move) -> str:
    """The card or leader a move names ("" for a Roma pass; the god of a power)."""
    if m.action == "leader-pass":
        return ""
    return LEADERS[m.card].name if m.action in LEADER_ACTIONS else _card_of(m)
