"""A Duel seat's private prompt, built from its ``DuelView`` alone (no engine calls).

Play phase: "Choose a card" select (``ws:card:<g>:<v>``, value = pyramid index) of the
accessible cards, labelled ``[13] Lumber Yard — 1 wood · 1 coin`` (what it gives, its price);
then Build / Wonder / Discard buttons (``wt:mv:<g>:<v>:build:13`` …; disabled with the reason
when impossible). With several affordable wonders, "Wonder…" (``wt:act:<g>:<v>:wonder:13``)
opens a wonder select (``ws:wonder:<g>:<v>:13``, value = move text) and Confirm.
Every other phase (wonder draft, progress token, Great Library, destroy, Mausoleum, who starts):
a "Choose your move" select of the legal moves (``ws:move:<g>:<v>:<page>``, 25 per page), then
Confirm (``wt:mv:<g>:<v>:<move>``).
"""

from __future__ import annotations

import re

from bot.model.ids import button_id, select_id
from bot.model.prompt import PAGE, ButtonSpec, OptionSpec, Prompt, SelectSpec, cut
from engine.duel import DuelView
from engine.duel.views import CardRef, DuelCityView, DuelMoveView, SlotView
from engine.wording import purse

__all__ = ["duel_prompt", "slot_label"]

_ROMAN = {1: "I", 2: "II", 3: "III"}
_PHASE_TITLES = {
    "draft": "Wonder draft",
    "token": "Progress token",
    "library": "Great Library",
    "destroy": "Destroy a card",
    "mausoleum": "Mausoleum",
    "start": "Who starts the next age",
}


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _card(slot: SlotView) -> CardRef:
    """The card of a slot the viewer may take (those are face up)."""
    if slot.card is None:
        raise ValueError(f"slot {slot.index} is face down")
    return slot.card


def _price_text(slot: SlotView) -> str:
    if slot.chain:
        return "free (chain)"
    if slot.price is None:
        return "can't afford"
    return "free" if slot.price == 0 else _coins(slot.price)


def slot_label(slot: SlotView) -> str:
    """``[13] Lumber Yard — 1 wood · 1 coin`` (what the card select shows): what the card
    gives is shortened, never the price, when the label is too long."""
    card = slot.card
    head = f"[{slot.index}] {card.name if card is not None else '?'} — "
    price = _price_text(slot)
    gives = getattr(card, "gives", "")
    room = 100 - len(head) - len(price) - 3
    if not gives or room < 8:
        return cut(head + price)
    return f"{head}{cut(gives, room)} · {price}"


def _moves_of(view: DuelView, slot: int) -> dict[str, list[DuelMoveView]]:
    by_action: dict[str, list[DuelMoveView]] = {"build": [], "discard": [], "wonder": []}
    for mv in view.legal_moves:
        if mv.slot == slot and mv.action in by_action:
            by_action[mv.action].append(mv)
    return by_action


def _slots(view: DuelView) -> list[SlotView]:
    """The cards the viewer may take now: accessible, face up, with a legal move."""
    legal = {mv.slot for mv in view.legal_moves if mv.slot is not None}
    return [
        s
        for s in view.pyramid
        if s.accessible and not s.taken and s.card is not None and s.index in legal
    ]


def _card_select(view: DuelView, game_id: int, version: int, chosen: int | None) -> SelectSpec:
    options = []
    for slot in _slots(view)[:PAGE]:
        wonders = len(_moves_of(view, slot.index)["wonder"])
        extra = f" · wonder possible ({wonders})" if wonders else ""
        options.append(
            OptionSpec(
                slot_label(slot),
                str(slot.index),
                cut(f"{_card(slot).color} card{extra} · {_card(slot).gives}".rstrip(" ·")),
                slot.index == chosen,
            )
        )
    return SelectSpec(select_id("card", game_id, version), "Choose a card", tuple(options))


def _city(view: DuelView) -> DuelCityView | None:
    return next((c for c in view.cities if c.seat == view.seat), None)


_SEAT_PREFIX = re.compile(r"^\s*Seat [01]:\s*")


def _to_viewer(view: DuelView, text: str) -> str:
    """The engine's prompt ("Seat 0: take a card…") addressed to the viewer."""
    text = _SEAT_PREFIX.sub("", text)
    if view.seat is not None:
        text = re.sub(rf"\b[Ss]eat {view.seat}\b", "you", text)
        text = re.sub(rf"\b[Ss]eat {1 - view.seat}\b", "your opponent", text)
    return text[:1].upper() + text[1:]


def _head(view: DuelView, head: str) -> str:
    city = _city(view)
    coins = f" (you have {purse(city.coins)})" if city is not None else ""
    age = _ROMAN.get(view.age, str(view.age))
    title = _PHASE_TITLES.get(view.phase, f"Age {age}")
    return f"{head}**{title}**{coins} — {_to_viewer(view, view.prompt)}".strip()


def _wonder_button(
    view: DuelView, game_id: int, version: int, slot: int, wonders: list[DuelMoveView]
) -> ButtonSpec:
    if not wonders:
        city = _city(view)
        all_built = city is not None and all(w.built for w in city.wonders)
        reason = "all built" if all_built or view.wonders_built >= 7 else "can't afford"
        return ButtonSpec(
            f"Wonder: {reason}", button_id("act", game_id, version, f"wonder:{slot}"), disabled=True
        )
    if len(wonders) == 1:
        mv = wonders[0]
        return ButtonSpec(
            cut(f"Wonder: {mv.wonder or '?'} ({_price(mv.price)})", 80),
            button_id("mv", game_id, version, mv.move),
            "primary",
        )
    return ButtonSpec(
        f"Wonder… ({len(wonders)} possible)",
        button_id("act", game_id, version, f"wonder:{slot}"),
        "primary",
    )


def _price(price: int) -> str:
    return "free" if price == 0 else _coins(price)


def _discard_coins(view: DuelView) -> int:
    city = _city(view)
    yellow = 0 if city is None else sum(1 for c in city.built if c.color == "yellow")
    return 2 + yellow


def _card_step(view: DuelView, game_id: int, version: int, slot_index: int, head: str) -> Prompt:
    slot = next((s for s in _slots(view) if s.index == slot_index), None)
    if slot is None:
        return _play_step(view, game_id, version, head)
    moves = _moves_of(view, slot_index)
    buttons = []
    if moves["build"]:
        mv = moves["build"][0]
        how = "free (chain)" if slot.chain else _price(mv.price)
        buttons.append(
            ButtonSpec(
                cut(f"Build ({how})", 80), button_id("mv", game_id, version, mv.move), "success"
            )
        )
    else:
        buttons.append(
            ButtonSpec(
                "Build: can't afford",
                button_id("act", game_id, version, f"build:{slot_index}"),
                disabled=True,
            )
        )
    buttons.append(_wonder_button(view, game_id, version, slot_index, moves["wonder"]))
    if moves["discard"]:
        buttons.append(
            ButtonSpec(
                f"Discard (+{_coins(_discard_coins(view))})",
                button_id("mv", game_id, version, moves["discard"][0].move),
                "danger",
            )
        )
    card = _card(slot)
    text = (
        f"{_head(view, head)}\n**{card.name}** ({card.color}: {card.gives or 'no effect'}; "
        f"{_price_text(slot)}). "
        "Choose what to do with it."
    )
    return Prompt(text, (_card_select(view, game_id, version, slot_index),), tuple(buttons))


def _wonder_step(
    view: DuelView, game_id: int, version: int, slot_index: int, chosen: str | None, head: str
) -> Prompt:
    wonders = _moves_of(view, slot_index)["wonder"]
    if not wonders:
        return _card_step(view, game_id, version, slot_index, head)
    pick = chosen if any(w.move == chosen for w in wonders) else None
    city = _city(view)
    effects = {w.name: w.text for w in city.wonders} if city is not None else {}
    options = tuple(
        OptionSpec(
            cut(f"{w.wonder or w.move} — {_price(w.price)}"),
            w.move,
            cut(effects.get(w.wonder or "", "")),
            w.move == pick,
        )
        for w in wonders[:PAGE]
    )
    buttons = [ButtonSpec("Back", button_id("hand", game_id, version))]
    if pick is not None:
        buttons.insert(0, ButtonSpec("Confirm", button_id("mv", game_id, version, pick), "success"))
    slot = next((s for s in view.pyramid if s.index == slot_index), None)
    name = slot.card.name if slot is not None and slot.card is not None else f"card {slot_index}"
    text = f"{_head(view, head)}\nBuild a wonder with **{name}** under it: which one?"
    return Prompt(
        text,
        (
            SelectSpec(
                select_id("wonder", game_id, version, str(slot_index)), "Choose a wonder", options
            ),
        ),
        tuple(buttons),
    )


def _play_step(view: DuelView, game_id: int, version: int, head: str) -> Prompt:
    select = _card_select(view, game_id, version, None)
    if not select.options:
        return _move_list(view, game_id, version, 0, None, head)
    text = f"{_head(view, head)}\nChoose a card of the pyramid, then what to do with it."
    return Prompt(text, (select,), image=True)


def _effect_texts(view: DuelView) -> dict[str, str]:
    """What a wonder or progress token does, by display name (select descriptions)."""
    found = {w.name: w.text for w in view.draft_offer}
    found.update({t.name: t.text for t in [*view.progress_board, *view.library_offer]})
    return found


def _move_label(view: DuelView, mv: DuelMoveView) -> str:
    if mv.action == "start":
        mine = mv.move == f"start:{view.seat}"
        return "I start the next age" if mine else "My opponent starts the next age"
    tail = f" — {_coins(mv.price)}" if mv.price else ""
    return cut(f"{_to_viewer(view, mv.text)}{tail}")


def _move_list(
    view: DuelView, game_id: int, version: int, page: int, chosen: str | None, head: str
) -> Prompt:
    moves = list(view.legal_moves)
    pages = max(1, -(-len(moves) // PAGE))
    page = min(max(page, 0), pages - 1)
    shown = moves[page * PAGE : (page + 1) * PAGE]
    texts = _effect_texts(view)
    options = tuple(
        OptionSpec(
            _move_label(view, m),
            m.move,
            cut(texts.get(m.wonder or m.token or "", "")),
            m.move == chosen,
        )
        for m in shown
    )
    buttons = []
    if chosen and any(m.move == chosen for m in moves):
        buttons.append(ButtonSpec("Confirm", button_id("mv", game_id, version, chosen), "success"))
    if page > 0:
        buttons.append(ButtonSpec("Previous", button_id("pg", game_id, version, str(page - 1))))
    if page + 1 < pages:
        buttons.append(ButtonSpec("More moves", button_id("pg", game_id, version, str(page + 1))))
    more = f" (page {page + 1} of {pages})" if pages > 1 else ""
    text = f"{_head(view, head)}\nChoose{more}, then Confirm."
    selects = (
        (SelectSpec(select_id("move", game_id, version, str(page)), "Choose your move", options),)
        if options
        else ()
    )
    return Prompt(text, selects, tuple(buttons), image=True)


def duel_prompt(
    view: DuelView,
    game_id: int,
    version: int,
    *,
    card: str | None = None,
    action: str | None = None,
    move: str | None = None,
    page: int = 0,
    head: str = "",
) -> Prompt:
    """The prompt of ``view.seat`` (who must act) at ``version``; ``card`` is a pyramid index
    (text), ``action`` "wonder" for the wonder choice, ``move`` a chosen move text."""
    if view.phase != "play":
        return _move_list(view, game_id, version, page, move, head)
    slot = int(card) if card is not None and card.isdigit() else None
    if slot is not None and action == "wonder":
        return _wonder_step(view, game_id, version, slot, move, head)
    if slot is not None:
        return _card_step(view, game_id, version, slot, head)
    if move is not None:  # a move chosen from the list (fallback page) → confirm it
        return _move_list(view, game_id, version, page, move, head)
    return _play_step(view, game_id, version, head)
