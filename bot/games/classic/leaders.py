"""Leaders' private prompts (ephemeral): the leader draft and the recruitment turn.

Draft: a "Choose a leader" select (``ws:card``; each option shows the printed cost and the
one-line effect) → a "Keep <leader>" button. Recruitment: the same select over the seat's
leader hand, each option saying "recruit for N coins" or why it can't be recruited → Recruit /
Wonder stage / Discard buttons, disabled with the reason; several ways to pay a stage lead to
a "How to pay" select (``ws:move``) and Confirm. The Courtesan and Roma steps have their own
prompt (``bot.games.classic.special``).
"""

from __future__ import annotations

from bot.games.classic.expansion import BotExpansion
from bot.games.classic.pay import pay_label
from bot.games.classic.seam import leaders_of, seat_of
from bot.model.game import PromptStep, Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import ButtonSpec, OptionSpec, Prompt, SelectSpec, cut
from bot.presenters.texts import ROMAN
from engine.classic import ClassicView, State
from engine.classic.leaders.state import DRAFT, RECRUIT
from engine.classic.leaders.views import LeaderCardView
from engine.classic.state import PHASES

__all__ = ["EXPANSION", "LEADER_STAGES", "leader_prompt"]

#: Leaders stages with a prompt of their own (the others list moves)
LEADER_STAGES = frozenset({"draft", "recruit"})
_WONDER = "leader-wonder"


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _draft_line(card: LeaderCardView) -> str:
    return cut(f"cost {card.cost} · {card.text}")


def _recruit_line(card: LeaderCardView) -> str:
    if card.recruit:
        now = "free" if card.price == 0 else f"recruit for {_coins(card.price)}"
    else:
        now = f"can't recruit: {card.why_not or 'not now'}"
    return cut(f"{now} · {card.text}")


def _effects(cards: list[LeaderCardView]) -> list[str]:
    """Each leader's effect in full (a select option is cut at 100 characters)."""
    seen = dict((c.name, c) for c in cards)
    return [f"• **{c.name}** (cost {c.cost}): {c.text}" for c in seen.values()]


def _select(
    table: Table, cards: list[LeaderCardView], chosen: str | None, draft: bool
) -> SelectSpec:
    line = _draft_line if draft else _recruit_line
    options = tuple(
        OptionSpec(cut(c.name), c.name, line(c), c.name == chosen)
        for c in dict((c.name, c) for c in cards).values()  # Discord refuses repeated values
    )
    return SelectSpec(select_id("card", table.id, table.version), "Choose a leader", options)


def _mv(table: Table, label: str, move: str, style: str = "success") -> ButtonSpec:
    return ButtonSpec(cut(label, 80), button_id("mv", table.id, table.version, move), style)


def _off(table: Table, label: str, what: str, name: str) -> ButtonSpec:
    # ``what`` keeps two disabled buttons of one leader apart: Discord refuses repeated ids.
    return ButtonSpec(
        cut(label, 80),
        button_id("act", table.id, table.version, f"off-{what}:{name}"),
        disabled=True,
    )


def _draft_prompt(table: Table, view: ClassicView, step: PromptStep) -> Prompt:
    cards = list(leaders_of(view).draft)
    card = next((c for c in cards if c.name == step.card), None)
    picks = leaders_of(view).draft_round + 1
    head = (
        f"{step.head}**Leader draft, pick {picks}** — keep one leader and pass the others to "
        "your right. Your leaders stay secret until you recruit them."
    )
    if card is None or card.draft is None:
        text = "\n".join([head, *_effects(cards)])
        return Prompt(text[:2000], (_select(table, cards, None, True),), image=True)
    text = f"{head}\n**{card.name}** (cost {card.cost}): {card.text}"
    return Prompt(
        text,
        (_select(table, cards, card.name, True),),
        (_mv(table, f"Keep {card.name}", card.draft),),
    )


def _stage_label(view: ClassicView) -> tuple[str, bool]:
    city = view.cities[seat_of(view)]
    full = city.stages_built >= city.stages_total
    return ("Wonder" if full else f"Wonder stage {city.stages_built + 1}"), full


def _wonder_button(table: Table, view: ClassicView, card: LeaderCardView) -> ButtonSpec:
    label, full = _stage_label(view)
    if not card.wonder:
        why = "all stages built" if full else "can't afford"
        return _off(table, f"{label}: {why}", "wonder", card.name)
    if len(card.wonder) == 1:
        left, right = _paid(card.wonder[0])
        paid = left + right
        return _mv(
            table, f"{label} ({_coins(paid)} to neighbours)" if paid else label, card.wonder[0]
        )
    return ButtonSpec(
        f"{label}…",
        button_id("act", table.id, table.version, f"{_WONDER}:{card.name}"),
        "primary",
    )


def _paid(move: str) -> tuple[int, int]:
    """``leader-wonder:Name:L:R`` → (L, R)."""
    parts = move.split(":")
    try:
        return int(parts[2]), int(parts[3])
    except (IndexError, ValueError):
        return 0, 0


def _cost(move: str) -> int:
    return sum(_paid(move))


def _recruit_button(table: Table, card: LeaderCardView) -> ButtonSpec:
    if card.recruit:
        price = "free" if card.price == 0 else _coins(card.price)
        return _mv(table, f"Recruit ({price})", card.recruit)
    return _off(table, f"Recruit: {card.why_not or 'not now'}", "recruit", card.name)


def _recruit_card(table: Table, view: ClassicView, card: LeaderCardView, head: str) -> Prompt:
    buttons = [_recruit_button(table, card), _wonder_button(table, view, card)]
    if card.discard:
        buttons.append(_mv(table, "Discard (+3 coins)", card.discard, "danger"))
    text = (
        f"{head}**{card.name}** (cost {card.cost}, {_coins(card.price)} for you now): "
        f"{card.text}\nRecruit it (its effect is yours from now on), use it to build your next "
        "wonder stage (its own effect is then lost), or discard it for 3 coins."
    )
    return Prompt(
        text, (_select(table, list(leaders_of(view).mine), card.name, False),), tuple(buttons)
    )


def _wonder_pay(
    table: Table, view: ClassicView, card: LeaderCardView, chosen: str | None
) -> Prompt:
    moves = list(card.wonder)
    pick = chosen if chosen is not None and chosen in moves else min(moves, key=_cost)
    have = view.cities[seat_of(view)].coins
    options = tuple(
        OptionSpec(
            pay_label(view, view.seat, *_paid(m)),
            m,
            f"You keep {_coins(max(0, have - _cost(m)))}",
            default=m == pick,
        )
        for m in moves[:25]
    )
    label, _ = _stage_label(view)
    return Prompt(
        f"{label} with **{card.name}**: how do you pay your neighbours?",
        (SelectSpec(select_id("move", table.id, table.version, "0"), "How to pay", options),),
        (
            _mv(table, "Confirm", pick),
            ButtonSpec("Back", button_id("hand", table.id, table.version)),
        ),
    )


def _recruit_prompt(table: Table, view: ClassicView, step: PromptStep) -> Prompt:
    cards = list(leaders_of(view).mine)
    name = step.card
    if step.move and step.move.startswith(_WONDER + ":"):
        name = step.move.split(":")[1]
    card = next((c for c in cards if c.name == name), None)
    age = ROMAN.get(view.age, view.age)
    head = (
        f"{step.head}**Recruitment before Age {age}** — you have "
        f"{_coins(view.cities[seat_of(view)].coins)}. Choose a leader, then what to do with it."
    )
    if card is None:
        text = "\n".join([head, *_effects(cards)])
        return Prompt(text[:2000], (_select(table, cards, None, False),), image=True)
    if card.wonder and (step.action == _WONDER or step.move):
        return _wonder_pay(table, view, card, step.move)
    return _recruit_card(table, view, card, step.head)


def leader_prompt(table: Table, view: ClassicView, step: PromptStep) -> Prompt | None:
    """The draft or recruitment prompt of the viewing seat; None in other Leaders stages (and
    with no leader to choose from: Discord refuses an empty select, the move list remains)."""
    stage = leaders_of(view).stage
    if not (leaders_of(view).draft if stage == "draft" else leaders_of(view).mine):
        return None
    if stage == "draft":
        return _draft_prompt(table, view, step)
    if stage == "recruit":
        return _recruit_prompt(table, view, step)
    return None


def _prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    return leader_prompt(table, view, step) if view.phase == "leaders" else None


#: who waits while one seat places the Courtesan or recruits for Roma is told by
#: ``bot.games.classic.special`` (the power's own wording), not here
def _secret_step(state: State) -> bool:
    """The draft and a recruitment turn (not the Courtesan's or Roma's steps, made alone)."""
    return bool(PHASES[state.phase] == "leaders" and state.leaders.stage in (DRAFT, RECRUIT))


def _leader_event_text(kind: str, d: dict[str, object], who: str, tail: str) -> str | None:
    # A leader used for a stage or discarded stays face down: the table never learns which.
    if kind == "recruit":
        return f"{who} recruited {d.get('leader')}"
    if kind == "leader_wonder":
        return f"{who} built a wonder stage with a leader{tail}"
    if kind == "leader_discard":
        return f"{who} discarded a leader (+3 coins)"
    return None


def _changeable(view: ClassicView) -> bool | None:
    """The draft and a recruitment turn may be changed until the reveal; the Courtesan's and
    Roma's one-at-a-time steps may not."""
    if view.phase != "leaders":
        return None
    return view.leaders is not None and view.leaders.stage in ("draft", "recruit")


def _round_name(state: State) -> str | None:
    """ "Leader draft, pick 2" / "Recruitment before Age II" while one is open, else None."""
    if PHASES[state.phase] != "leaders":
        return None
    if state.leaders.stage == DRAFT:
        return f"Leader draft, pick {state.leaders.round + 1}"
    if state.leaders.stage == RECRUIT:
        return f"Recruitment before Age {ROMAN.get(state.age, state.age)}"
    return None


def _start_text(state: State) -> str | None:
    if _round_name(state) is None:
        return None
    return (
        "**The leader draft begins** — everyone keeps one of their 4 leaders and "
        "passes the rest to the right."
    )


def _before_age(state: State) -> str | None:
    """An Age's eve with Leaders is its recruitment."""
    return "Recruitment before" if state.leaders is not None else None


def _round_key(state: State) -> tuple[object, ...]:
    """A draft round resolves without a new turn: its pick count names it."""
    lead = state.leaders
    return () if lead is None else (lead.stage, lead.round)


EXPANSION = BotExpansion(
    "leaders",
    "Leaders",
    _prompt,
    secret_step=_secret_step,
    score_rows=("leaders",),
    round_name=_round_name,
    quiet_round="everyone kept a leader",
    start_text=_start_text,
    before_age=_before_age,
    round_key=_round_key,
    seat_event=_leader_event_text,
    change_asks={"leaders": "leader"},
    changeable=_changeable,
)
