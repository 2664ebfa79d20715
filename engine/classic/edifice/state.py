"""Edifice's part of a game state (``State.ext["edifice"]``) and its dump."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["OPEN", "DONE", "FAILED", "Edifice", "dump_edifice", "load_edifice", "new_edifice"]

OPEN, DONE, FAILED = 0, 1, 2  # a project's status (stored)


class Edifice(NamedTuple):
    """``order``: the project of each Age (all three drawn at set-up, project side up).
    ``pawns``: per Age, per seat, the participation pawns it holds on that Age's project;
    ``left``: per Age, pawns still on the card; ``status``: per Age, OPEN / DONE / FAILED.
    ``debt``: per seat, the VP of its Edifice debt tokens (-2/-3/-5; not Cities' debt).
    ``offers``: seats that built a wonder stage this turn and may join; ``stamp``: the
    (age, turn) of those offers (older offers are void)."""

    order: tuple[int, int, int]
    pawns: tuple[tuple[int, ...], ...]
    left: tuple[int, int, int]
    status: tuple[int, int, int]
    debt: tuple[tuple[int, ...], ...]
    offers: tuple[int, ...] = ()
    stamp: tuple[int, int] = (0, 0)


def new_edifice(order: tuple[int, int, int], n: int, pawns: int) -> Edifice:
    return Edifice(order, ((0,) * n,) * 3, (pawns, pawns, pawns), (OPEN, OPEN, OPEN), ((),) * n)


def dump_edifice(e: Edifice) -> dict[str, Any]:
    return {
        "order": list(e.order),
        "pawns": [list(p) for p in e.pawns],
        "left": list(e.left),
        "status": list(e.status),
        "debt": [list(d) for d in e.debt],
        "offers": list(e.offers),
        "stamp": list(e.stamp),
    }


def _three(v: Any) -> tuple[int, int, int]:
    a, b, c = v
    return int(a), int(b), int(c)


def load_edifice(d: dict[str, Any]) -> Edifice:
    s0, s1 = d.get("stamp", (0, 0))
    return Edifice(
        _three(d["order"]),
        tuple(tuple(p) for p in d["pawns"]),
        _three(d["left"]),
        _three(d["status"]),
        tuple(tuple(x) for x in d["debt"]),
        tuple(d.get("offers", ())),
        (s0, s1),
    )
