"""Applying moves: simultaneous picks and their reveal, the end of a turn (7th cards, discard
builds, coin losses, owed Leaders steps) and of an Age (conflicts, the next deal).

Set-up lives in :mod:`engine.classic.deal`, the resolution of a turn's actions in
:mod:`engine.classic.resolve`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.classic.data import NAME_ID
from engine.classic.deal import deal_age, deal_decks, deal_hands, new_game
from engine.classic.events import ev_lost, ev_pick, ev_sixth
from engine.classic.moves import validate
from engine.classic.plugin import (
    Hooks,
    Plugin,
    active,
    age_end,
    hooks,
    phase_owner,
    players_of,
    shield_bonus,
)
from engine.classic.resolve import (
    AGE_AT,
    DECKS_AT,
    EVENTS_AT,
    HALI_AT,
    HANDS_AT,
    PASSED_AT,
    PENDING_AT,
    PHASE_AT,
    PICKS_AT,
    SHOWN_AT,
    TURN_AT,
)
from engine.classic.resolve import build as _new
from engine.classic.resolve import resolve as _resolve
from engine.classic.resolve import with_fields as _with
from engine.classic.scoring import VP_TOKENS
from engine.classic.state import (
    CHOOSE,
    HALI,
    OVER,
    PICK,
    SEVENTH,
    City,
    Move,
    Repick,
    State,
)
from engine.classic.stats import city_stats
from engine.classic.variants import choice
from engine.common import Event, IllegalMove

__all__ = [
    "NO_PICK",
    "after_discard_builds",
    "after_picks",
    "after_step",
    "apply",
    "deal_decks",
    "deal_hands",
    "fight_rule",
    "new_game",
    "reveal",
    "step",
]

NO_PICK = "You have no pick to change this turn."
Fight = Callable[[State, Mapping[int, tuple[int, ...]] | None], State]


def _last(s: State, table: Hooks | None = None) -> int:
    """The age's last turn: 6 (hands of 7), or as a plug-in says (hands of 8: 7)."""
    last = 6
    for hook in (table or s.hooks_memo or hooks(s)).last_turn:
        last = hook(s, last)
    return last


def apply(state: State, seat: int, move: Move | Repick) -> tuple[State, list[Event]]:
    if type(move) is Repick:
        return _repick(state, seat, move.move)
    assert type(move) is Move
    memo: dict[int, list[Move]] | None = state.memo
    listed = memo.get(seat) if memo is not None else None
    if listed is None or move not in listed:  # a move legal_moves listed here is legal
        validate(state, seat, move)
    table = state.hooks_memo or hooks(state)
    for hook in table.apply:
        got = hook(state, seat, move)
        if got is not None:
            return got
    if state.phase != PICK:
        if state.phase == CHOOSE:
            return choice.apply(state, seat, move, deal_age)
        return step(state, seat, move)
    # A pick of a pick turn (inline: the hottest path): hidden until every seat has picked,
    # then revealed.
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    mine = ev_pick(seat, move)
    for p in picks:
        if p is None:  # others still to pick: nothing is revealed yet
            f = list(state)
            f[PICKS_AT] = picks
            f[EVENTS_AT] = mine
            new: State = _new(State, f)
            new.hooks_memo = table  # same phase, same plug-ins in play
            return new, list(mine)
    return reveal(state, picks, list(mine))


def step(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """A seventh-card play or a discard build (``seat``: the city it is for)."""
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
    owner = phase_owner(state.phase)
    if (
        (state.phase != PICK and state.phase != CHOOSE and owner is None)
        or not 0 <= seat < state.players
        or state.picks[seat] is None
        or (state.phase == CHOOSE and state.cities[seat].board >= 0)  # seated by a reveal
    ):
        raise IllegalMove(NO_PICK)
    for p in active(state):
        why = p.refuse_repick(state, seat, move)
        if why is not None:
            raise IllegalMove(why)
    before = _with(state, picks=state.picks[:seat] + (None,) + state.picks[seat + 1 :])
    if state.phase == CHOOSE or (owner is not None and state.phase in owner.repick_phases):
        # The pick made afresh: another seat still has to pick, so nothing is revealed.
        return apply(before, seat, move)
    validate(before, seat, move)
    for p in active(state):
        why = p.refuse_repick_after(state, seat, move)
        if why is not None:
            raise IllegalMove(why)
    events = ev_pick(seat, move)
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    return _with(state, picks=picks, events=events), list(events)


def reveal(
    state: State, picks: tuple[Move | None, ...], mine: list[Event]
) -> tuple[State, list[Event]]:
    """Every pick is in: resolve them all, then pass the hands or end the turn's steps."""
    table = state.hooks_memo or hooks(state)
    for hook in table.reveal:
        got = hook(state, picks, mine)
        if got is not None:
            return got
    # The resolution keeps the phase and which plug-ins are in play: the same hooks hold after.
    s, more = _resolve(state, enumerate(picks), table)  # type: ignore[arg-type]
    s.hooks_memo = table  # (the turn's end below asks them again: no second look-up)
    # ``_last`` and the ``owes_step`` question inline (no call, no generator: hot path).
    last = 6
    for hook in table.last_turn:
        last = hook(s, last)
    owed = False
    for o in table.owes_step:
        if o(s):
            owed = True
            break
    if s.turn < last and not s.hali and not owed:
        # the usual turn: straight to passing the hands
        events = [*mine, *more]
        return _passed(s, tuple(events), table), events
    s, after = _after_picks(s)
    events = [*mine, *more, *after]
    return _with(s, events=tuple(events)), events


def _after_picks(s: State) -> tuple[State, list[Event]]:
    """After the turn's picks (and Babylon's 7th card): discard 7th cards, then Halikarnassos."""
    events: list[Event] = []
    n = s.players
    last = _last(s)
    if s.turn == last and s.phase == PICK:
        babylon = tuple(
            i
            for i, c in enumerate(s.cities)
            if s.hands[i] and city_stats(c).seventh and i in players_of(s)
        )
        if babylon:
            return _with(s, phase=SEVENTH, picks=(None,) * n, pending=babylon), events
    if s.turn == last:
        discard = s.discard + tuple(c for h in s.hands for c in h)
        s = _with(s, discard=discard, hands=((),) * n)
        events.append(ev_sixth())
    return _after_hali(_with(s, pending=()), start=True, events=events)


after_picks = _after_picks


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
    for hook in hooks(s).end_turn:
        s, opened = hook(s, events)
        if opened:  # a plug-in's step (coin losses): the turn ends once it is over
            return s, events
    return _end_turn(s, events), events


def after_step(s: State, events: list[Event]) -> State:
    """The turn's end once a plug-in's end-of-turn step is over (hands pass, or the age
    ends)."""
    return _end_turn(_with(s, phase=PICK), events)


def _end_turn(s: State, events: list[Event] | None = None) -> State:
    n = s.players
    picks: tuple[Move | None, ...] = (None,) * n
    table = hooks(s)
    for hook in table.turn_steps:
        owed = hook(s)
        if owed is not None:
            return owed
    for over in table.turn_over:  # after every step owed (a recruitment turn deals the Age)
        ended = over(s)
        if ended is not None:
            return ended
    if s.turn < _last(s, table):
        # from a pick turn the next turn's hooks are this state's (same phase, same slots)
        return _passed(s, s.last_events, table if s.phase == PICK else None)
    events = [] if events is None else events
    s = age_end(_conflicts(age_end(s, events, False), events), events, True)
    if s.age == 3:
        return _with(s, phase=OVER, picks=picks)
    for p in active(s):
        got = p.next_age(_with(s, phase=PICK, picks=picks))
        if got is not None:  # the next Age opens with a plug-in's step
            return got
    f = list(s)
    f[AGE_AT] = s.age + 1
    f[TURN_AT] = 1
    f[PHASE_AT] = PICK
    f[HANDS_AT] = deal_age(s, s.decks[0], s.age + 1)
    f[PICKS_AT] = picks
    f[DECKS_AT] = s.decks[1:]
    f[PASSED_AT] = f[SHOWN_AT] = ()
    return _new(State, f)  # type: ignore[no-any-return]


def fight_rule(s: State) -> Fight | None:
    """How conflicts are fought when a plug-in changes it (None: the core's rule)."""
    for p in active(s):
        if type(p).fight is not Plugin.fight:
            return p.fight
    return None


def _conflicts(s: State, events: list[Event]) -> State:
    """The Age's military conflicts: a plug-in may change who fights, or how."""
    fight = fight_rule(s)
    for p in active(s):
        got = p.conflicts(s, events, fight)
        if got is not None:
            return got
    return _military(s) if fight is None else fight(s, None)


def _passed(s: State, events: tuple[Event, ...], table: Hooks | None = None) -> State:
    """The next turn of the age: hands passed, no picks, nothing pending."""
    hands = s.hands
    before = s.passed or ((),) * s.players
    passed = tuple(p + (h,) for p, h in zip(before, hands, strict=True))
    # Ages I and III pass left (seat j receives from seat j + 1), Age II passes right.
    for hook in (table or hooks(s)).pass_hands:
        got = hook(s, hands)
        if got is not None:
            hands = got
            break
    else:
        hands = hands[-1:] + hands[:-1] if s.age == 2 else hands[1:] + hands[:1]
    f = list(s)
    f[TURN_AT] = s.turn + 1
    f[PHASE_AT] = PICK
    f[HANDS_AT] = hands
    f[PICKS_AT] = (None,) * s.players
    f[PENDING_AT] = f[HALI_AT] = ()
    f[EVENTS_AT] = events
    f[PASSED_AT] = passed
    new: State = _new(State, f)
    new.hooks_memo = table  # a pick turn again, the same plug-ins in play (None: found later)
    return new


def _military(s: State) -> State:
    n = s.players
    shields = [city_stats(c).shields for c in s.cities]
    extra = shield_bonus(s)
    if extra is not None:
        shields = [a + b for a, b in zip(shields, extra, strict=True)]
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
            (
                c.board,
                c.side,
                c.stages,
                c.coins,
                c.built,
                c.tucked,
                tuple(toks),
                c.free_used_age,
                c.prod,
            ),
        )
        nc.memo = city_stats(c)
        cities.append(nc)
    return _with(s, cities=tuple(cities))
