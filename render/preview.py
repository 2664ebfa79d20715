"""``python -m render.preview --out DIR``: write one image of every kind from seeded games."""

from __future__ import annotations

import argparse
import pathlib
from collections.abc import Callable

from engine import classic
from render import board_detail_png, board_png, hand_png, scores_png
from render.duel_samples import duel_images
from render.samples import (
    NAMES,
    babel_game,
    classic_final,
    classic_game,
    classic_outcome,
    edifice_final,
    edifice_game,
    gods_game,
)
from render.variant_samples import variant_images

__all__ = ["images", "main"]


def images() -> dict[str, Callable[[], bytes]]:
    """File name -> a function producing that image."""
    out: dict[str, Callable[[], bytes]] = {}
    for n in (3, 5, 7):

        def table(n: int = n) -> bytes:
            return board_png("classic", classic.view(classic_game(n), None), NAMES[:n])

        def hand(n: int = n) -> bytes:
            return hand_png("classic", classic.view(classic_game(n), 0), NAMES[:n])

        def sheet(n: int = n) -> bytes:
            final = classic.view(classic_final(n), None)
            return scores_png("classic", classic_outcome(n), NAMES[:n], final)

        def detail(n: int = n) -> bytes:
            return board_detail_png("classic", classic.view(classic_game(n), None), NAMES[:n])

        out[f"classic_table_{n}p.png"] = table
        out[f"classic_detail_{n}p.png"] = detail
        out[f"classic_hand_{n}p.png"] = hand
        out[f"classic_scores_{n}p.png"] = sheet
    for age, picks in ((1, 2), (2, 8)):

        def early(n: int = 4, picks: int = picks) -> bytes:
            return board_png("classic", classic.view(classic_game(n, 2, picks), None), NAMES[:n])

        out[f"classic_table_4p_age{age}.png"] = early
    out.update(variant_images())

    def gods_table(n: int = 5) -> bytes:
        return board_png("classic", classic.view(gods_game(n, 3, 14), None), NAMES[:n])

    out["classic_table_gods_5p.png"] = gods_table

    def edifice_table(n: int = 4) -> bytes:
        return board_png("classic", classic.view(edifice_game(n, 2), None), NAMES[:n])

    def edifice_sheet(n: int = 4) -> bytes:
        end = edifice_final(n, 2)
        got = classic.outcome(end)
        assert got is not None
        return scores_png("classic", got, NAMES[:n], classic.view(end, None))

    out["classic_table_edifice_4p.png"] = edifice_table
    # The tower's 3 and 4 spaces; the 4-player game (docs/babel-table-4p.png) has a token taken.
    for n, seed, picks in ((4, 7, 8), (5, 1, 12)):

        def babel_table(n: int = n, seed: int = seed, picks: int = picks) -> bytes:
            state = babel_game(n, seed, picks)
            return board_png("classic", classic.view(state, None), NAMES[:n])

        out[f"classic_table_babel_{n}p.png"] = babel_table
    out["classic_scores_edifice_4p.png"] = edifice_sheet
    out.update(duel_images())
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write sample board images.")
    ap.add_argument("--out", required=True, type=pathlib.Path)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in images().items():
        (args.out / name).write_bytes(make())
        print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
