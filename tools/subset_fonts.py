"""Build render/fonts/ from Debian's Noto packages (a dev-time tool; the bot never runs it).

    apt-get install -y fonts-noto-core fonts-noto-cjk
    pip install fonttools
    python tools/subset_fonts.py

Writes the fallback chain the renderer draws names with (see render/fonts/README.md) and
``coverage.json``: the code points each file maps, so the renderer picks a font per character
without parsing fonts at run time.
"""

from __future__ import annotations

import json
import pathlib
import shutil

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

CORE = pathlib.Path("/usr/share/fonts/truetype/noto")
CJK = pathlib.Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = pathlib.Path(__file__).resolve().parent.parent / "render" / "fonts"

# Latin (with Vietnamese), Greek, Cyrillic, punctuation, arrows and the symbols the boards use.
LATIN_RANGES = [
    (0x0020, 0x024F),
    (0x0250, 0x02FF),
    (0x0300, 0x036F),
    (0x0370, 0x03FF),
    (0x0400, 0x052F),
    (0x1E00, 0x1EFF),
    (0x2000, 0x206F),
    (0x20A0, 0x20BF),
    (0x2100, 0x215F),
    (0x2190, 0x21FF),
    (0x2200, 0x22FF),
    (0x25A0, 0x25FF),
]
# CJK: the common ideographs block, kana, Hangul syllables, CJK punctuation, full-width forms.
CJK_RANGES = [
    (0x3000, 0x303F),
    (0x3040, 0x30FF),
    (0x3130, 0x318F),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0xFF00, 0xFFEF),
]
CJK_FACE = 2  # Simplified Chinese glyph forms (the face index inside the .ttc)


def _codepoints(ranges: list[tuple[int, int]]) -> list[int]:
    return [cp for lo, hi in ranges for cp in range(lo, hi + 1)]


def _subset(font: TTFont, ranges: list[tuple[int, int]], out: pathlib.Path) -> None:
    opts = subset.Options()
    opts.layout_features = ["*"]  # keep shaping (marks, ligatures, vertical metrics)
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=_codepoints(ranges))
    sub.subset(font)
    font.save(out)


def _ranges(path: pathlib.Path) -> list[list[int]]:
    cps = sorted(TTFont(path).getBestCmap())
    runs: list[list[int]] = []
    for cp in cps:
        if runs and runs[-1][1] == cp - 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return runs


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    _subset(TTFont(CORE / "NotoSans-Regular.ttf"), LATIN_RANGES, OUT / "NotoSans-Regular.ttf")
    for name in ("NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"):
        shutil.copyfile(CORE / name, OUT / name)  # small already: shipped whole
    cjk = TTCollection(CJK).fonts[CJK_FACE]
    _subset(cjk, CJK_RANGES, OUT / "NotoSansCJKsc-Subset.otf")
    chain = [
        "NotoSans-Regular.ttf",
        "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf",
        "NotoSansCJKsc-Subset.otf",
    ]
    coverage = {name: _ranges(OUT / name) for name in chain}
    (OUT / "coverage.json").write_text(json.dumps(coverage, separators=(",", ":")) + "\n")
    for name in chain:
        print(f"{name}: {(OUT / name).stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
