"""What a seat sees of the Leaders expansion (``ClassicView.leaders``) and move texts.

Other seats' leader hands are hidden until a leader is recruited: a viewer sees their sizes
only, and the draft hand it is choosing from. Every leader the viewer may use comes with its
price now and, when it cannot be recruited, why.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine import wording
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.effects import leader_price, stage_payments
from engine.classic.leaders.state import RECRUIT, STAGES, Leaders
from engine.classic.state import LEAD, Move, State
from engine.wording import paid_to_neighbours

__all__ = ["LeaderCardView", "LeadersView", "describe_leader_move", "leaders_view"]


class LeaderCardView(BaseModel):
    """A leader the viewer holds (or drafts from), with what using it would take."""

    model_config = ConfigDict(frozen=True)

    name: str
    cost: int = Field(description="printed coin cost")
    price: int = Field(description="coins the viewer would pay to recruit it now (discounts)")
    text: str
    recruit: str | None = Field(None, description="move text to recruit it, when legal now")
    why_not: str | None = Field(None, description="why it cannot be recruited now")
    wonder: list[str] = Field(default_factory=list, description="move texts: build a stage")
    discard: str | None = Field(None, description="move text: discard it for 3 coins")
    draft: str | None = Field(None, description="move text: keep it (draft only)")


class LeadersView(BaseModel):
    model_config = ConfigDict(frozen=True)

    stage: Literal["play", "draft", "recruit", "court", "roma"]
    draft_round: int = Field(description="draft picks made so far (0-3)")
    recruited: list[list[str]] = Field(description="per seat: leaders face up in its city")
    held: list[int] = Field(description="per seat: unrecruited leaders in hand (count only)")
    tucked: list[int] = Field(description="per seat: leaders tucked under its wonder")
    courtesan: list[str | None] = Field(
        default_factory=list, description="per seat: the leader its Courtesans' Guild copies"
    )
    mine: list[LeaderCardView] = Field(default_factory=list, description="viewer's leader hand")
    draft: list[LeaderCardView] = Field(
        default_factory=list, description="the leaders the viewer drafts from now"
    )
    seen: list[list[str]] = Field(
        default_factory=list,
        description="draft hands the viewer passed on, oldest first (it saw them)",
    )
    caligula_used: list[bool] = Field(
        default_factory=list,
        description="per seat (with Cities): its Caligula free black card of this Age is spent",
    )


def _card(state: State, seat: int, lid: int, moves: list[Move]) -> LeaderCardView:
    d = LEADERS[lid]
    price = leader_price(state, seat, lid)
    mine = [m for m in moves if m.card == lid]
    recruit = next((str(m) for m in mine if m.action == "recruit"), None)
    why = None
    if recruit is None and state.phase == LEAD and state.leaders.stage == RECRUIT:
        coins = state.cities[seat].coins
        why = f"costs {wording.coins(price)}; you have {wording.purse(coins)}"
    return LeaderCardView(
        name=d.name,
        cost=d.cost,
        price=price,
        text=d.text,
        recruit=recruit,
        why_not=why,
        wonder=[str(m) for m in mine if m.action == "leader-wonder"],
        discard=next((str(m) for m in mine if m.action == "leader-discard"), None),
        draft=next((str(m) for m in mine if m.action == "draft"), None),
    )


def leaders_view(state: State, seat: int | None, moves: list[Move]) -> LeadersView:
    lead: Leaders = state.leaders
    mine: list[LeaderCardView] = []
    draft: list[LeaderCardView] = []
    seen: list[list[str]] = []
    if seat is not None:
        seen = [[LEADERS[x].name for x in h] for h in lead.seen[seat]]
        mine = [_card(state, seat, lid, moves) for lid in lead.held[seat]]
        draft = [_card(state, seat, lid, moves) for lid in lead.draft[seat]]
    return LeadersView(
        stage=STAGES[lead.stage],  # type: ignore[arg-type]
        draft_round=lead.round,
        recruited=[[LEADERS[x].name for x in r] for r in lead.recruited],
        held=[len(h) for h in lead.held],
        tucked=list(lead.tucked),
        courtesan=[LEADERS[x].name if x >= 0 else None for x in lead.copied],
        mine=mine,
        draft=draft,
        seen=seen,
        caligula_used=[age == state.age for age in lead.caligula],
    )


def describe_leader_move(move: Move) -> str:
    name = LEADERS[move.card].name
    tail = paid_to_neighbours(move.left, move.right)
    return {
        "draft": f"Keep {name} (leader draft)",
        "recruit": f"Recruit {name}",
        "leader-wonder": f"Wonder stage with leader {name}{tail}",
        "leader-discard": f"Discard leader {name} for 3 coins",
        "copy": f"Place the Courtesan on {name} (copy its effect)",
        "leader-pass": "Recruit no leader now (Roma)",
    }[move.action]


def wonder_payments_text(state: State, seat: int) -> str:
    """Ways to pay the next stage with a leader, for prompts ("" when none)."""
    pays = stage_payments(state, seat, leader=True)
    return ", ".join(f"{a} left + {b} right" for a, b in pays)


def leader_extras(
    state: State, seat: int, shields: int, science: dict[str, int]
) -> tuple[int, dict[str, int]]:
    """A city's shields and science symbols with its leaders' (Hannibal, Caesar, Euclid, ...)."""
    from engine.classic.leaders.state import active

    sci = dict(science)
    for lid in active(state.leaders, seat):
        d = LEADERS[lid]
        shields += d.shields
        if d.science >= 0:
            key = ("compass", "gear", "tablet")[d.science]
            sci[key] = sci.get(key, 0) + 1
    return shields, sci
