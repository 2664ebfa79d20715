"""Applying moves: simultaneous picks and their reveal, the end of a turn (7th cards, discard
builds, coin losses, owed Leaders steps) and of an Age (conflicts, the next deal).

Set-up lives in :mod:`engine.classic.deal`, the resolution of a turn's actions in
:mod:`engine.classic.resolve`.
"""

from __future__ import annotations

from engine.classic.cities import debt, diplomacy
from engine.classic.cities.ext import LAST_TURN
from engine.classic.data import NAME_ID
from engine.classic.deal import _deal, deal_decks, deal_hands, new_game
from engine.classic.events import ev_lost, ev_pick, ev_sixth
from engine.classic.leaders import effects as lead_effects
from engine.classic.leaders import play as lead_play
from engine.classic.leaders.roma import begin_owed
from engine.classic.leaders.state import COURT, RECRUIT
from engine.classic.moves import validate
from engine.classic.resolve import build as _new
from engine.classic.resolve import resolve as _resolve
from engine.classic.resolve import with_fields as _with
from engine.classic.scoring import VP_TOKENS
from engine.classic.state import (
    CHOOSE,
    DEBT,
    HALI,
    LEAD,
    OVER,
    PICK,
    SEVENTH,
    City,
    Move,
    Repick,
    State,
)
from engine.classic.stats import city_stats
from engine.classic.variants import choice, gods, two
from engine.common import Event, IllegalMove

__all__ = ["after_discard_builds", "apply", "deal_decks", "deal_hands", "new_game"]


def _last(s: State) -> int:
    """The age's last turn: 6 (hands of 7), 7 with Cities (hands of 8)."""
    return 6 if s.cx is None else LAST_TURN


def apply(state: State, seat: int, move: Move | Repick) -> tuple[State, list[Event]]:
    if type(move) is Repick:
        return _repick(state, seat, move.move)
    assert type(move) is Move
    memo: dict[int, list[Move]] | None = state.memo
    listed = memo.get(seat) if memo is not None else None
    if listed is None or move not in listed:  # a move legal_moves listed here is legal
        validate(state, seat, move)
    if state.gods is not None and move.action == "power":
        return gods.declare(state, seat, move)
    if state.phase == CHOOSE:
        return choice.apply(state, seat, move, _deal)
    if state.phase == LEAD:
        return lead_play.apply(state, seat, move)
    if state.phase == DEBT:
        return debt.apply(state, seat, move, _after_debt)
    if state.free_city:
        if state.phase == PICK:
            return _free_city_pick(state, seat, move)
        seat = two.FREE_CITY if two.free_city_moves(state, seat) is not None else seat
    if state.phase == PICK:
        picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
        mine = ev_pick(seat, move)
        for p in picks:
            if p is None:  # others still to pick: nothing is revealed yet
                return _new(
                    State,
                    (
                        state.players,
                        state.seed,
                        state.age,
                        state.turn,
                        PICK,
                        state.hands,
                        state.cities,
                        picks,
                        state.discard,
                        state.decks,
                        state.pending,
                        state.hali,
                        mine,
                        state.passed,
                        state.shown,
                        state.free_city,
                        state.leaders,
                        state.cx,
                        state.gods,
                    ),
                ), list(mine)
        return _reveal(state, picks, list(mine))
    else:
        s, events = _resolve(state, ((seat, move),))
        s = _with(s, pending=s.pending[1:])
        if state.phase == SEVENTH:
            s, after = _after_picks(s) if not s.pending else (s, [])
        else:
            s, after = _after_hali(s) if not s.pending else (s, [])
        events += after
    return _with(s, events=tuple(events)), events


def _repick(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """``seat`` replaces its pick of the open turn by ``move`` (legal on the turn's state as
    it was before the seat picked: picks only take effect at the reveal). Nothing is revealed
    and the seats to act stay the same."""
    if (
        state.phase not in (PICK, LEAD, CHOOSE, DEBT)
        or not 0 <= seat < state.players
        or state.picks[seat] is None
        or (state.phase == LEAD and state.leaders.stage >= COURT)  # one at a time: final
        or (state.phase == CHOOSE and state.cities[seat].board >= 0)  # seated by a reveal
    ):
        raise IllegalMove("You have no pick to change this turn.")
    if move.action == "power":
        raise IllegalMove("A power is invoked before the pick; it cannot replace a pick.")
    before = _with(state, picks=state.picks[:seat] + (None,) + state.picks[seat + 1 :])
    if state.phase == CHOOSE or state.phase == DEBT:
        # The pick made afresh: another seat still has to pick, so nothing is revealed.
        return apply(before, seat, move)
    validate(before, seat, move)
    free_city_pick = state.picks[two.FREE_CITY] if state.free_city else None
    if free_city_pick is not None and free_city_pick.card == move.card:
        # The controller's hand holds that card once: the Free City has it this turn.
        raise IllegalMove("That card is the Free City's pick this turn; choose another card.")
    events = ev_pick(seat, move)
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    return _with(state, picks=picks, events=events), list(events)


def _reveal(
    state: State, picks: tuple[Move | None, ...], mine: list[Event]
) -> tuple[State, list[Event]]:
    """Every pick is in: resolve them all, then pass the hands or end the turn's steps."""
    if state.gods is not None:
        return _reveal_gods(state, picks, mine)
    s, more = _resolve(state, enumerate(picks))  # type: ignore[arg-type]
    court = s.leaders is not None and (s.leaders.court or s.leaders.rome)
    if s.turn < _last(s) and not s.hali and not court and not (s.cx and s.cx.losses):
        # the usual turn: straight to passing the hands
        events = [*mine, *more]
        return _passed(s, tuple(events)), events
    s, after = _after_picks(s)
    events = [*mine, *more, *after]
    return _with(s, events=tuple(events)), events


def _reveal_gods(
    state: State, picks: tuple[Move | None, ...], mine: list[Event]
) -> tuple[State, list[Event]]:
    """The reveal of a Gods & Heroes game: Zeus, the actions, then the other powers."""
    state, acts, pre = gods.before_reveal(state, picks)
    s, more = _resolve(state, acts)
    s, post = gods.after_reveal(s, acts)
    s, after = _after_picks(s)
    events = [*mine, *pre, *more, *post, *after]
    return _with(s, events=tuple(events)), events


def _free_city_pick(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """A pick of the 2-player game: a player's own card, or the controller's Free City card."""
    if two.picking_for_free_city(state, seat):
        at, mine = two.FREE_CITY, two.pick_events(state, seat, move)
    else:
        at, mine = seat, list(ev_pick(seat, move))
    picks = state.picks[:at] + (move,) + state.picks[at + 1 :]
    s = _with(state, picks=picks, events=tuple(mine))
    if any(p is None for p in picks):
        return s, mine
    return _reveal(two.with_free_city_card(s), picks, mine)


def _after_picks(s: State) -> tuple[State, list[Event]]:
    """After the turn's picks (and Babylon's 7th card): discard 7th cards, then Halikarnassos."""
    events: list[Event] = []
    n = s.players
    last = _last(s)
    if s.turn == last and s.phase == PICK:
        babylon = tuple(
            i
            for i, c in enumerate(s.cities)
            if s.hands[i] and city_stats(c).seventh and not (s.free_city and i == two.FREE_CITY)
        )
        if babylon:
            return _with(s, phase=SEVENTH, picks=(None,) * n, pending=babylon), events
    if s.turn == last:
        discard = s.discard + tuple(c for h in s.hands for c in h)
        s = _with(s, discard=discard, hands=((),) * n)
        events.append(ev_sixth())
    return _after_hali(_with(s, pending=()), start=True, events=events)


def after_discard_builds(s: State) -> tuple[State, list[Event]]:
    """The end of a turn from its discard builds on (used after the Courtesan choices)."""
    return _after_hali(s, start=True)


def _after_hali(
    s: State, start: bool = False, events: list[Event] | None = None
) -> tuple[State, list[Event]]:
    """Halikarnassos seats owed a build pick one by one; a seat with nothing it may build
    from the discard (empty pile, or only names it already has) simply loses the power."""
    events = events if events is not None else []
    if start and s.hali:
        pile = {NAME_ID[c] for c in s.discard}
        owed = tuple(
            i for i in s.hali if any(not city_stats(s.cities[i]).names >> nid & 1 for nid in pile)
        )
        if owed:
            return _with(s, phase=HALI, picks=(None,) * s.players, pending=owed, hali=()), events
        events.append(ev_lost())
    return _finish(s, events)


def _finish(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    """End the turn; with Cities, first the coin losses of the turn (the ``debt`` phase)."""
    s = _with(s, hali=(), pending=())
    if s.cx is not None and s.cx.losses:
        s, more = debt.open_losses(s)
        events += more
        if s.phase == DEBT:
            return s, events
    if s.gods is not None:  # Gods & Heroes: tokens, heroes and gods at the end of each turn
        s, more = gods.end_turn(s)
        events += more
    return _end_turn(s, events), events


def _after_debt(s: State, events: list[Event]) -> State:
    """The turn's end once every coin loss is settled (hands pass, or the age ends)."""
    return _end_turn(_with(s, phase=PICK), events)


def _end_turn(s: State, events: list[Event] | None = None) -> State:
    n = s.players
    picks: tuple[Move | None, ...] = (None,) * n
    if s.leaders is not None:
        if s.leaders.court or s.leaders.rome:  # Courtesan choices, Roma B recruitments
            return begin_owed(s)
        if s.leaders.stage == RECRUIT:  # its discard builds are done
            return lead_play.finish_recruit(s)
    if s.turn < _last(s):
        return _passed(s, s.last_events)
    if s.cx is not None and any(s.cx.diplomacy):
        fight = lead_effects.military if s.leaders is not None else None
        s, more = diplomacy.military(s, VP_TOKENS, fight)
        if events is not None:
            events += more
    else:
        s = _military(s)
    if s.age == 3:
        return _with(s, phase=OVER, picks=picks)
    if s.leaders is not None:  # the next Age begins with a recruitment turn
        return lead_play.begin_recruit(_with(s, phase=PICK, picks=picks), s.age + 1)
    if s.free_city:
        return State(
            n,
            s.seed,
            s.age + 1,
            1,
            PICK,
            two.deal_age(s.decks[0], s.age + 1),
            s.cities,
            picks,
            s.discard,
            s.decks[1:],
            s.pending,
            s.hali,
            s.last_events,
            free_city=1,
            cx=s.cx,
        )
    return State(
        n,
        s.seed,
        s.age + 1,
        1,
        PICK,
        _deal(s.decks[0], n),
        s.cities,
        picks,
        s.discard,
        s.decks[1:],
        s.pending,
        s.hali,
        s.last_events,
        cx=s.cx,
        gods=s.gods,
    )


def _passed(s: State, events: tuple[Event, ...]) -> State:
    """The next turn of the age: hands passed, no picks, nothing pending."""
    hands = s.hands
    before = s.passed or ((),) * s.players
    passed = tuple(p + (h,) for p, h in zip(before, hands, strict=True))
    # Ages I and III pass left (seat j receives from seat j + 1), Age II passes right.
    if s.free_city:  # two players swap hands; the Free City's draw pile stays
        hands = two.swap_and_draw(hands, s.age, s.turn + 1)
    elif s.age == 2:
        hands = hands[-1:] + hands[:-1]
    else:
        hands = hands[1:] + hands[:1]
    return _new(
        State,
        (
            s.players,
            s.seed,
            s.age,
            s.turn + 1,
            PICK,
            hands,
            s.cities,
            (None,) * s.players,
            s.discard,
            s.decks,
            (),
            (),
            events,
            passed,
            s.shown,
            s.free_city,
            s.leaders,
            s.cx,
            s.gods,
        ),
    )


def _military(s: State) -> State:
    if s.leaders is not None:
        return lead_effects.military(s)
    n = s.players
    shields = [city_stats(c).shields for c in s.cities]
    cities = []
    for i, c in enumerate(s.cities):
        toks = list(c.tokens)
        for j in ((i - 1) % n, (i + 1) % n):
            if shields[i] > shields[j]:
                toks.append(VP_TOKENS[s.age])
            elif shields[i] < shields[j]:
                toks.append(-1)
        nc = _new(
            City,
            (c.board, c.side, c.stages, c.coins, c.built, c.tucked, tuple(toks), c.free_used_age),
        )
        nc.memo = city_stats(c)
        cities.append(nc)
    return _with(s, cities=tuple(cities))
