"""Turn an ``engine.duel`` view into a ``DuelScene`` (the only module that knows its fields).

Secrets stay out by construction: a slot that is not face up is drawn as its back whatever the
view holds, the Great Library draw and the legal moves reach only a private image of the seat
that is choosing, and a public image keeps only the events everybody may see.
"""

from __future__ import annotations

import re

from engine.duel.views import DuelCityView, DuelView, SlotView, WonderView
from render.duel_cards import card_cost, card_effect, cost_text
from render.duel_parts import Slot
from render.duel_scene import CityScene, DuelScene, Option, WonderScene

__all__ = ["price_text", "private_events", "scene_of"]

_BACKS: dict[str, int | str] = {"age1": 1, "age2": 2, "age3": 3, "guild": "guild"}
_WHO = re.compile(r"^Seat \d+:\s*")  # the engine's prompt names the actor; the image does too
_VICTORY = {
    "civilian": "most victory points",
    "military": "military supremacy",
    "science": "scientific supremacy",
}


def price_text(price: int | None, chain: bool = False) -> tuple[str, bool]:
    """The viewer's price as a label and whether it can be paid now."""
    if chain:
        return "free (chain)", True
    if price is None:
        return "can't afford", False
    if price == 0:
        return "free", True
    return f"{price} coin" + ("s" if price > 1 else ""), True


def _slot(sv: SlotView, private: bool) -> Slot:
    back = _BACKS.get(sv.back, 1)
    shown = sv.card if sv.face_up and not sv.taken else None
    if shown is None:  # a face-down card is only its back, whatever else the view says
        return Slot(sv.index, None, "grey", back, sv.accessible and not sv.taken, sv.taken)
    cost, coins, hint = card_cost(shown.key)
    price, ok = price_text(sv.price, sv.chain) if private and sv.accessible else ("", None)
    return Slot(
        sv.index,
        shown.name,
        shown.color,
        back,
        sv.accessible,
        False,
        cost=(cost_text(cost, coins) + (f" · {hint}" if hint else "")),
        effect=card_effect(shown.key),
        price=price,
        affordable=ok if private and sv.accessible else None,
        gives=shown.gives or card_effect(shown.key),
    )


def _wonder(w: WonderView, priced: bool) -> WonderScene:
    cost = cost_text(w.cost)
    effect = f"{w.text} · {w.vp} VP" if w.vp else w.text
    if w.out:
        return WonderScene(w.name, effect=effect, out=True)
    if not priced or w.built:
        return WonderScene(w.name, w.built, effect, cost)
    price, ok = price_text(w.price)
    return WonderScene(w.name, w.built, effect, cost, price, ok)


def _trade(city: DuelCityView) -> str:
    """The seat's bank prices and what a discard would pay it (2 + 1 per yellow card)."""
    prices = ", ".join(f"{r} {p}" for r, p in city.trade_prices.items())
    yellow = sum(1 for c in city.built if c.color == "yellow")
    return f"Trade: {prices} · discard gives {2 + yellow} coins"


def _city(view: DuelView, city: DuelCityView, private: bool) -> CityScene:
    mine = private and city.seat == view.seat and view.phase != "draft"
    vp = next((s.total for i, s in enumerate(view.scores) if i == city.seat), None)
    return CityScene(
        city.seat,
        city.coins,
        [_wonder(w, mine) for w in city.wonders],
        [(c.name, c.color) for c in city.built],
        [t.name for t in city.tokens],
        list(city.science),
        dict(city.production),
        [list(ch) for ch in city.choices],
        vp,
        _trade(city) if mine else "",
    )


def _colour_of(view: DuelView, name: str) -> str:
    for card in [*view.discard, *(c for city in view.cities for c in city.built)]:
        if card.name == name:
            return card.color
    return ""


def _options(view: DuelView, private: bool) -> tuple[str, list[Option]]:
    """The choice of a special phase: full detail for the chooser, public part for others."""
    chooser = private and view.seat is not None and view.seat == view.to_act
    moves = view.legal_moves if chooser else []
    if view.phase == "token":
        return "Progress tokens on offer", [Option(t.name, t.text) for t in view.progress_board]
    if view.phase == "library":
        if chooser:
            return (
                "The Great Library: keep one (the others leave the game)",
                [Option(t.name, t.text) for t in view.library_offer],
            )
        return "The Great Library: a token is being chosen from the box", []
    if view.phase == "destroy":
        return "Discard one of the rival's cards", [
            Option(m.card, color=_colour_of(view, m.card))
            for m in moves
            if m.action == "destroy" and m.card
        ]
    if view.phase == "mausoleum":
        if chooser:
            return "The Mausoleum: build one discarded card for free", [
                Option(m.card, color=_colour_of(view, m.card))
                for m in moves
                if m.action == "revive" and m.card
            ]
        return "Discard pile", [Option(c.name, color=c.color) for c in view.discard]
    if view.phase == "start":
        return "Who starts the next Age?", [Option(m.text) for m in moves if m.action == "start"]
    return "", []


def _result(view: DuelView) -> str:
    out = view.outcome
    if out is None:
        return ""
    who = " & ".join(f"Seat {w}" for w in out.winners)
    how = _VICTORY.get(out.victory or "", out.victory or "")
    verb = "wins" if len(out.winners) == 1 else "share the victory"
    return f"{who} {verb}" + (f" by {how}" if how else "")


def scene_of(view: DuelView, private: bool = False) -> DuelScene:
    """The scene of ``view``: public board (``private=False``) or ``view.seat``'s own image."""
    private = private and view.seat is not None
    shown_to = view.seat if private else None
    title, options = _options(view, private)
    loot = {(lo.zone[0] + lo.zone[1]) // 2: lo.available for lo in view.loot}
    return DuelScene(
        age=view.age,
        phase=view.phase,
        to_act=view.to_act,
        prompt=_WHO.sub("", view.prompt),
        slots=[_slot(sv, private) for sv in view.pyramid],
        pawn=view.pawn,
        loot=loot,
        progress=[t.name for t in view.progress_board],
        cities=[_city(view, c, private) for c in view.cities],
        offer=[_wonder(w, False) for w in view.draft_offer],
        viewer=shown_to,
        discard=len(view.discard),
        events=[e.text for e in view.last_events if e.text and e.visible(shown_to)],
        private=private,
        panel_title=title,
        options=options,
        result=_result(view),
    )


def private_events(view: DuelView) -> list[str]:
    """The last events only ``view.seat`` may see (the Great Library's draw): the board post
    shows the others."""
    if view.seat is None:
        return []
    return [
        e.text for e in view.last_events if e.text and e.visible(view.seat) and not e.visible(None)
    ]
