"""``view(state, seat)``: what one seat (or a spectator) may know, as pydantic models.

Never included: face-down card identities (a face-down Guild shows only its Guild back), the
removed cards, the later Ages' decks, the box tokens, another seat's Great Library draw, the RNG.
"""

from __future__ import annotations

from engine.duel.costs import build_price, card_is_free, wonder_price
from engine.duel.data import (
    AGE_BACKS,
    BOARD,
    CARD_INDEX,
    CARDS,
    COLOR_MASK,
    COLORS,
    LAYOUTS,
    RESOURCES,
    SCIENCE_MASK,
    SYMBOLS,
    TOKEN_INDEX,
    TOKENS,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.effects import LAW
from engine.duel.moves import draft_offer, legal_moves
from engine.duel.scoring import outcome, scores
from engine.duel.state import LIBRARY, OUT, OVER, PHASES, State
from engine.duel.texts import describe_move, effect_text, prompt, res
from engine.duel.views import (
    CardRef,
    DuelCityView,
    DuelMoveView,
    DuelView,
    LootView,
    SlotView,
    TokenView,
    WonderView,
)

__all__ = ["RULES_VERSION", "card_ref", "view"]

RULES_VERSION = "duel-2"
_PURPLE = COLORS.index("purple")
_BG = COLOR_MASK[COLORS.index("brown")] | COLOR_MASK[COLORS.index("grey")]
_LIGHTHOUSE_PIRAEUS = tuple(w.id for w in WONDERS if w.choice)


# One frozen reference per card, made once: views share them.
_REFS = tuple(
    CardRef(key=c.key, name=c.name, color=COLORS[c.color], gives=effect_text(c)) for c in CARDS
)


def card_ref(card: int) -> CardRef:
    return _REFS[card]


def _token(t: int) -> TokenView:
    d = TOKENS[t]
    return TokenView(key=d.key, name=d.name, text=d.text)


def _slot(state: State, s: int, viewer: int | None) -> SlotView:
    lay = LAYOUTS[state.age]
    row, col = lay.pos[s]
    card = state.pyramid[s]
    taken = bool(state.taken >> s & 1)
    up = bool(state.face_up >> s & 1)
    access = bool(state.access >> s & 1)
    back = AGE_BACKS[3] if CARDS[card].color == _PURPLE else AGE_BACKS[state.age - 1]
    price = None
    chain = False
    if viewer is not None and access and up and state.phase != OVER:
        cost = build_price(state, viewer, card)[0]
        price = cost if cost <= state.coins[viewer] else None
        chain = card_is_free(state, viewer, card)
    return SlotView(
        index=s,
        row=row - 1,
        col=col,
        taken=taken,
        face_up=up,
        back=back,
        card=card_ref(card) if up and not taken else None,
        accessible=access,
        price=price,
        chain=chain,
    )


def _wonder(state: State, x: int, owner: int | None, viewer: int | None) -> WonderView:
    w = WONDERS[x]
    age = state.wage[x]
    price = None
    if owner is not None and owner == viewer and age == 0 and state.phase != OVER:
        cost = wonder_price(state, owner, x)
        price = cost if cost <= state.coins[owner] else None
    return WonderView(
        key=w.key,
        name=w.name,
        cost=res(w.cost),
        vp=w.vp,
        text=w.text,
        built=0 < age < OUT,
        age_built=age if 0 < age < OUT else None,
        price=price,
        out=age == OUT and owner is not None,
    )


def _city(state: State, seat: int, viewer: int | None) -> DuelCityView:
    mask = state.masks[seat]
    other = state.masks[1 - seat]
    prod = [0] * 5
    oprod = [0] * 5
    choices: list[list[str]] = []
    fixed = 0
    shields = 0
    for i, c in enumerate(CARDS):
        if other >> i & 1 and _BG >> i & 1:
            oprod = [a + b for a, b in zip(oprod, c.produce, strict=True)]
        if not mask >> i & 1:
            continue
        prod = [a + b for a, b in zip(prod, c.produce, strict=True)]
        if c.choice:
            choices.append([RESOURCES[r] for r in range(5) if c.choice >> r & 1])
        fixed |= c.fixed
        shields += c.shields
    for x in state.wonders[seat]:
        if 0 < state.wage[x] < OUT:
            shields += WONDERS[x].shields
            if x in _LIGHTHOUSE_PIRAEUS:
                choices.append([RESOURCES[r] for r in range(5) if WONDERS[x].choice >> r & 1])
    base, one = BOARD.trading["base"], BOARD.trading["fixed_price"]
    science = [SYMBOLS[s] for s, m in enumerate(SCIENCE_MASK) if m & mask]
    if state.tokens[seat] & LAW:
        science.append("scale")
    return DuelCityView(
        seat=seat,
        coins=state.coins[seat],
        built=[card_ref(c) for c in state.built[seat]],
        wonders=[_wonder(state, x, seat, viewer) for x in state.wonders[seat]],
        tokens=[_token(t) for t in range(len(TOKENS)) if state.tokens[seat] >> t & 1],
        science=science,
        production={RESOURCES[r]: q for r, q in enumerate(prod) if q},
        choices=choices,
        trade_prices={RESOURCES[r]: one if fixed >> r & 1 else base + oprod[r] for r in range(5)},
        shields=shields,
    )


def _loot(state: State) -> list[LootView]:
    out = []
    for k, t in enumerate(BOARD.military.loot):
        for victim, sign, bit in ((1, 1, 1 << k), (0, -1, 1 << (2 + k))):
            zone = (t.from_, t.to) if sign > 0 else (-t.to, -t.from_)
            out.append(
                LootView(victim=victim, coins=t.coins, zone=zone, available=bool(state.loot & bit))
            )
    return out


def _moves(state: State, seat: int | None) -> list[DuelMoveView]:
    if seat is None:
        return []
    out = []
    for m in legal_moves(state, seat):
        card = wonder = token = None
        cost = 0
        if m.slot >= 0:
            card = CARDS[state.pyramid[m.slot]].name
        if m.action == "build":
            cost = build_price(state, seat, state.pyramid[m.slot])[0]
        elif m.action in ("wonder", "pick"):
            wonder = WONDERS[WONDER_INDEX[m.key]].name
            if m.action == "wonder":
                cost = wonder_price(state, seat, WONDER_INDEX[m.key])
        elif m.action == "token":
            token = TOKENS[TOKEN_INDEX[m.key]].name
        elif m.action in ("destroy", "revive"):
            card = CARDS[CARD_INDEX[m.key]].name
        out.append(
            DuelMoveView(
                move=str(m),
                action=m.action,  # type: ignore[arg-type]
                slot=m.slot if m.slot >= 0 else None,
                card=card,
                wonder=wonder,
                token=token,
                price=cost,
                text=describe_move(state, m),
            )
        )
    return out


def view(state: State, seat: int | None = None) -> DuelView:
    """Everything ``seat`` may know (``None`` = spectator)."""
    if seat not in (None, 0, 1):
        raise ValueError(f"seat must be 0, 1 or None, not {seat!r}")
    drafting = state.phase == 0
    return DuelView(
        rules_version=RULES_VERSION,
        seat=seat,
        age=state.age,
        phase=PHASES[state.phase],  # type: ignore[arg-type]
        to_act=None if state.phase == OVER else state.player,
        prompt=prompt(state),
        pyramid=[] if drafting else [_slot(state, s, seat) for s in range(20)],
        draft_offer=[_wonder(state, x, None, seat) for x in draft_offer(state.draft)]
        if drafting
        else [],
        pawn=state.pawn,
        loot=_loot(state),
        progress_board=[_token(t) for t in state.board],
        library_offer=[_token(t) for t in state.offer]
        if state.phase == LIBRARY and seat == state.player
        else [],
        cities=[_city(state, s, seat) for s in (0, 1)],
        discard=[card_ref(c) for c in state.discard],
        wonders_built=state.nbuilt,
        legal_moves=_moves(state, seat if seat == state.player else None),
        last_events=[e for e in state.events if e.visible(seat)],
        scores=scores(state),
        outcome=outcome(state),
    )
