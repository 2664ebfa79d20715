"""The Cities expansion as a plug-in of the classic engine (engine.classic.plugin)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.classic.cities import debt, diplomacy
from engine.classic.cities import present as cities_present
from engine.classic.cities import scoring as cities_scoring
from engine.classic.cities import setup as cities_setup
from engine.classic.cities.effects import on_place
from engine.classic.cities.ext import LAST_TURN, CitiesExt, new_ext
from engine.classic.cities.setup import BLACK_BY_AGE, CITY_GUILDS
from engine.classic.data import CITY_BOARD_IDS, CITY_CARD_IDS, EffectDef
from engine.classic.plugin import Events, Fight, Plugin, Resolution, Step
from engine.classic.scoring import VP_TOKENS, per_value
from engine.classic.state import DEBT, Move, State, make_move
from engine.classic.stats import Stats
from engine.classic.turns import after_step
from engine.common import IllegalMove

__all__ = ["CITIES", "CitiesPlugin"]

_NO_LOSS = "There is no coin loss to settle now."


def _pay_text(move: Move) -> str:
    return f"pay:{move.left}"


def _parse_pay(text: str, parts: list[str]) -> Move:
    """``pay:2``: pay 2 coins of a coin loss, the rest as debt."""
    if len(parts) != 2 or not parts[1].isdigit():
        raise IllegalMove(f"Malformed payment {text!r} (expected e.g. pay:2)")
    return make_move("pay", 0, int(parts[1]))


class _Placing(Resolution):
    """Black cards, Cities guilds and stages placed: coins, Diplomacy tokens, coin losses."""

    # One per resolution, most of which place no card of Cities: nothing is read from the
    # state until a card needs it (``cx`` stays None until then).
    __slots__ = ("state", "cx")

    def __init__(self, state: State) -> None:
        self.state = state  # as before the resolution (one action per seat in it)
        self.cx: CitiesExt | None = None

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        if effect is None or (
            effect.coins_to is None and not effect.diplomacy and effect.coin_loss is None
        ):
            return  # nothing of Cities in it (most cards: checked first, hot path)
        state = self.state
        # the cause: the card, or the stage (-1, its number)
        cause = (-1, state.cities[seat].stages + 1) if move.action == "wonder" else (cid, 0)
        cx = self.cx or state.cx
        self.cx = on_place(cx, seat, effect, state.players, delta, cause)  # type: ignore[arg-type]

    def close(self, state: State) -> State:
        cx = self.cx
        return state if cx is None or state.cx is cx else state._replace(cx=cx)


class CitiesPlugin(Plugin):
    name = "cities"
    title = "Cities"
    spelling = 1
    field = "cx"
    card_ids = CITY_CARD_IDS
    phases = {DEBT: "debt"}
    repick_phases = frozenset({DEBT})
    move_phases = frozenset({DEBT})  # acting, apply: its own phase only
    legal_phases = frozenset({DEBT})
    move_texts = {"pay": _pay_text}
    move_parsers = {"pay": _parse_pay}
    move_descriptions = {
        "pay": lambda m: (
            f"Pay {m.left} coin{'s' if m.left != 1 else ''} of the loss, the rest as debt"
        )
    }
    effect_parts = staticmethod(cities_present.effect_parts)

    def check_config(self, config: Any) -> None:
        if config.players < 3:
            raise ValueError("Cities is played by 3 to 7 players")

    def boards(self, pool: tuple[int, ...]) -> tuple[int, ...]:
        return pool + tuple(CITY_BOARD_IDS)

    def deal_decks(
        self,
        n: int,
        rng: random.Random,
        base_deck: Callable[[int, int], tuple[int, ...]],
        guilds: tuple[int, ...],
    ) -> list[list[int]]:
        d1, d2, d3 = cities_setup.deal_decks(n, rng, base_deck, guilds)
        return [list(d1), list(d2), list(d3)]

    def slot(self, config: Any, n: int) -> CitiesExt:
        return new_ext(n)

    def acting(self, state: State) -> frozenset[int] | None:
        return debt.acting(state) if state.phase == DEBT else None

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        return debt.legal(state, seat) if state.phase == DEBT else None

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        if state.phase == DEBT:
            debt.validate(state, seat, move)
            return -1
        if move.action == "pay":
            raise IllegalMove(_NO_LOSS)
        return None

    def absent(self, move: Move) -> str:
        return _NO_LOSS

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        if state.phase == DEBT:
            return debt.apply(state, seat, move, after_step)
        return None

    def resolution(self, state: State) -> Resolution:
        return _Placing(state)

    def last_turn(self, state: State, last: int) -> int:
        return LAST_TURN  # hands of 8

    def owes_step(self, state: State) -> bool:
        return bool(state.cx and state.cx.losses)

    def end_turn(self, state: State, events: Events) -> tuple[State, bool]:
        if state.cx is None or not state.cx.losses:
            return state, False
        state, more = debt.open_losses(state)
        events += more
        return state, state.phase == DEBT

    def conflicts(self, state: State, events: Events, fight: Fight | None) -> State | None:
        if state.cx is None or not any(state.cx.diplomacy):
            return None
        state, more = diplomacy.military(state, VP_TOKENS, fight)
        events += more
        return state

    def science(
        self,
        state: State,
        seat: int,
        science: tuple[int, int, int, int],
        points: Callable[[int, int, int, int], int],
    ) -> int:
        return cities_scoring.masked_science(state, seat, science, points)

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        parts["cities"] = cities_scoring.cities_row(state, seat, stats, per_value)
        parts["debt"] = cities_scoring.debt_row(state, seat)

    def city_view(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        fields.update(cities_present.city_fields(state, seat))

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        fields.update(cities_present.view_fields(state, seat))

    def move_card(self, move: Move) -> str:
        return ""  # a payment names no card

    def dump_key(self) -> str:
        return "cities_ext"

    def dump(self, value: CitiesExt) -> dict[str, Any]:
        out: dict[str, Any] = {
            "debt": list(value.debt),
            "diplomacy": list(value.diplomacy),
            "losses": [list(x) for x in value.losses],
            "owed": list(value.owed),
        }
        if value.causes:  # only in a debt phase: other dumps keep their shape
            out["causes"] = [list(x) for x in value.causes]
        return out

    def load(self, data: dict[str, Any]) -> CitiesExt:
        return CitiesExt(
            debt=tuple(data["debt"]),
            diplomacy=tuple(data["diplomacy"]),
            losses=tuple((a, b, c) for a, b, c in data["losses"]),
            owed=tuple(data["owed"]),
            causes=tuple((a, b, c) for a, b, c in data.get("causes", ())),
        )

    def in_position(self, data: Mapping[str, Any]) -> bool:
        return self.name in data.get("expansions", ())

    def position_cards(
        self, guilds: tuple[int, ...], extra: dict[int, tuple[int, ...]]
    ) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
        return guilds + CITY_GUILDS, {**extra, **{a: tuple(c) for a, c in BLACK_BY_AGE.items()}}

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        seats = data["seats"]
        return state._replace(
            cx=new_ext(state.players)._replace(
                debt=tuple(int(s.get("debt", 0)) for s in seats),
                diplomacy=tuple(int(s.get("diplomacy", 0)) for s in seats),
            )
        )

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        cx = state.cx
        assert cx is not None
        for k, seat in enumerate(out["seats"]):
            seat["debt"], seat["diplomacy"] = cx.debt[k], cx.diplomacy[k]
        out["expansions"] = [*out.get("expansions", []), "cities"]

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        return None  # the core copies the view's expansions and token counts


CITIES = CitiesPlugin()
EffectParts = Callable[[EffectDef], list[str]]
