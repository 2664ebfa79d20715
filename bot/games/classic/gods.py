"""Gods & Heroes in the bot: in the hand prompt, "Invoke <God>" next to the card steps when
the engine offers ``power:`` moves (docs/gods-and-heroes.md). An untargeted power is one
button; a power with targets is a select (``ws:pw``) of its moves, then an Invoke button.
On the table post, the gods, heroes and powers in force (``gods_text``); the hand opens
again after a power invoked. Registered in ``bot.games.classic.expansions``."""

from __future__ import annotations

from bot.games.classic.expansion import BotExpansion
from bot.model.game import Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import PAGE, ButtonSpec, OptionSpec, SelectSpec
from bot.model.prompt import cut as _cut
from bot.presenters.texts import name_seats
from engine.classic import ClassicView, Config
from engine.classic.views import MoveView
from engine.common import Event

__all__ = ["VARIANT", "gods_text", "power_head", "power_parts"]

# Seth with 5-7 players offers up to 42 targets: two selects of 25 hold them all.
_MAX_SELECTS = 2


def _powers(view: ClassicView) -> list[MoveView]:
    return [m for m in view.legal_moves if m.action == "power"]


def power_head(view: ClassicView) -> str:
    """One line above the hand: the god ready to invoke, or the power invoked this turn."""
    gods = getattr(view, "gods", None)
    if gods is None:
        return ""
    mine = next((g for g in gods.gods if g.seat == view.seat), None)
    if gods.my_power:
        god = mine.god if mine else "your god"
        return f"⚡ You invoked {god} this turn (secret until the reveal). Now pick a card.\n"
    powers = _powers(view)
    if not powers or mine is None:
        return ""
    return f"⚡ **{mine.god}** is ready ({mine.power}): invoke it before your pick, or keep it.\n"


def power_parts(
    table: Table, view: ClassicView, chosen: str | None
) -> tuple[tuple[SelectSpec, ...], tuple[ButtonSpec, ...]]:
    """The power step's components (none when no power may be invoked now)."""
    powers = _powers(view)
    if not powers:
        return (), ()
    god = powers[0].card
    if len(powers) == 1:
        move = powers[0].move
        return (), (ButtonSpec(f"Invoke {god}", button_id("mv", table.id, table.version, move)),)
    selects = tuple(
        SelectSpec(
            select_id("pw", table.id, table.version, str(i)),
            f"Invoke {god}: choose the target",
            tuple(
                OptionSpec(_cut(m.text), m.move, default=m.move == chosen)
                for m in powers[i * PAGE : (i + 1) * PAGE]
            ),
        )
        for i in range(min(_MAX_SELECTS, -(-len(powers) // PAGE)))
    )
    legal = {m.move for m in powers}
    if chosen in legal:
        button = ButtonSpec(
            f"Invoke {god}", button_id("mv", table.id, table.version, chosen), "primary"
        )
    else:
        button = ButtonSpec(
            f"Invoke {god}: choose a target first",
            button_id("act", table.id, table.version, f"power:{god}"),
            disabled=True,
        )
    return selects, (button,)


def gods_text(view: ClassicView, names: list[str]) -> str:
    """Gods & Heroes on the public post: each god's state, the heroes and lasting powers
    (the view's public lines, with display names); "" in other games."""
    gods = view.gods
    if gods is None:
        return ""
    cards = [f"{names[g.seat]}: {g.god} ({g.status})" for g in gods.gods if g.seat < len(names)]
    lines = ["**Gods:** " + " · ".join(cards)]
    if gods.heroes:
        heroes = [f"{h.name} ({names[h.seat]}, {h.gives})" for h in gods.heroes]
        lines.append("**Heroes:** " + " · ".join(heroes))
    if gods.effects:
        lines.append("**In force:** " + " · ".join(name_seats(e, names) for e in gods.effects))
    return "\n".join(lines)


def _public_event(e: Event, names: list[str]) -> str:
    """A power, a hero, a god ready, Artemis's and Ares's effects: the engine's sentence."""
    return name_seats(e.text, names)


def _hand_parts(
    table: Table, view: ClassicView, chosen: str | None
) -> tuple[str, tuple[SelectSpec, ...], tuple[ButtonSpec, ...]]:
    """Above the seat's own hand: its god's state; and the invoke button or target select."""
    selects, buttons = power_parts(table, view, chosen)
    return power_head(view), selects, buttons


def _acts_again(view: ClassicView, seat: int, to_act: frozenset[int]) -> bool:
    """A power invoked is a step before the pick, so the hand opens again."""
    return view.gods is not None and view.phase == "pick" and seat in to_act


GODS_HEROES = "gods-heroes"


def _lobby_tail(config: Config) -> str:
    return ", Gods & Heroes" if config.variant == GODS_HEROES else ""


VARIANT = BotExpansion(
    name=GODS_HEROES,
    title="Gods & Heroes",
    public_text=gods_text,
    acts_again=_acts_again,
    hand_parts=_hand_parts,
    lobby_tail=_lobby_tail,
    variant=GODS_HEROES,
    min_players=3,
    option_rules=(
        " `variant:gods-heroes` (3–7 players) — each board's god gives one single-use power "
        "once its wonder is complete (invoke it from your hand prompt before your pick; it is "
        "revealed with the picks), and a hero joins a city with three red (+1 Victory token), "
        "three green (a science symbol of your choice) or three blue (3 VP) structures."
    ),
    event_texts=dict.fromkeys(("power", "hero", "god_ready", "artemis", "ares"), _public_event),
)
