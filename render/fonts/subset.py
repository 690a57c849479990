#!/usr/bin/env python3
"""Builds the fallback fonts the renderer embeds, from OFL fonts in Debian and PyPI packages.

Run `render/fonts/subset.sh` (it installs the pinned sources, then calls this script); the
outputs are committed, so neither tests nor CI run it. Output, beside this script:

- NotoSansCJKjp-Regular.subset.otf: Noto Sans CJK JP Regular (Debian `fonts-noto-cjk`) cut to
  every character of JIS X 0208 (kana, the 6,355 level 1 and 2 kanji, punctuation, full-width
  letters and digits, Greek, Cyrillic, box drawing), plus the whole Hiragana, Katakana,
  Katakana Phonetic Extensions, CJK Symbols and Punctuation and Halfwidth and Fullwidth Forms
  blocks.
- NotoEmoji-Regular.subset.ttf: Noto Emoji (monochrome; PyPI `manimgx-fonts`) at weight 400,
  every character it maps, without its ligatures (the renderer draws one glyph per character).
- ../tests/data/jis_x_0208.txt: the characters of JIS X 0208 (from Python's EUC-JP codec), for
  the test that the renderer has a glyph for each.

Hinting and layout tables are dropped: the renderer scales outlines itself and does no
shaping. The fonts' modified timestamps are kept, so a rerun writes the same bytes.
"""

import argparse
import pathlib

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from fontTools.varLib import instancer

HERE = pathlib.Path(__file__).resolve().parent

CJK_SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
CJK_FACE = "Noto Sans CJK JP"
CJK_OUT = HERE / "NotoSansCJKjp-Regular.subset.otf"

EMOJI_OUT = HERE / "NotoEmoji-Regular.subset.ttf"

# The list the renderer's tests check coverage against.
JIS_LIST = HERE.parent / "tests" / "data" / "jis_x_0208.txt"

BLOCKS = [
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
]


def jis_x_0208() -> set[int]:
    """Every character of JIS X 0208: each row and cell encoded as EUC-JP and decoded."""
    chars = set()
    for row in range(1, 95):
        for cell in range(1, 95):
            try:
                text = bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp")
            except UnicodeDecodeError:
                continue  # an unassigned cell
            chars.update(ord(c) for c in text)
    return chars


def options() -> subset.Options:
    opts = subset.Options()
    opts.hinting = False
    opts.layout_features = []
    opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "STAT"]
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    opts.notdef_outline = False
    opts.glyph_names = False
    return opts


def save(font: TTFont, path: pathlib.Path) -> None:
    font.recalcTimestamp = False
    font.save(str(path))
    print(f"{path.name}: {len(font.getGlyphOrder())} glyphs, {path.stat().st_size} bytes")


def cjk(source: str) -> None:
    collection = TTCollection(source)
    faces = [f for f in collection.fonts if f["name"].getDebugName(4) == CJK_FACE]
    if not faces:
        raise SystemExit(f"{source} has no face named {CJK_FACE}")
    font = faces[0]
    wanted = jis_x_0208()
    for lo, hi in BLOCKS:
        wanted.update(range(lo, hi + 1))
    cmap = font.getBestCmap()
    missing = sorted(c for c in jis_x_0208() if c not in cmap)
    if missing:
        print("not in the source:", " ".join(f"U+{c:04X}" for c in missing))
    subsetter = subset.Subsetter(options())
    subsetter.populate(unicodes=sorted(c for c in wanted if c in cmap))
    subsetter.subset(font)
    save(font, CJK_OUT)


def emoji(source: str) -> None:
    font = TTFont(source)
    if "fvar" in font:
        font = instancer.instantiateVariableFont(font, {"wght": 400})
    cmap = font.getBestCmap()
    subsetter = subset.Subsetter(options())
    subsetter.populate(unicodes=sorted(cmap))
    subsetter.subset(font)
    save(font, EMOJI_OUT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cjk", default=CJK_SOURCE, help="the Noto Sans CJK collection")
    parser.add_argument("--emoji", required=True, help="NotoEmoji[wght].ttf")
    args = parser.parse_args()
    JIS_LIST.parent.mkdir(parents=True, exist_ok=True)
    JIS_LIST.write_text("".join(map(chr, sorted(jis_x_0208()))) + "\n", encoding="utf-8")
    cjk(args.cjk)
    emoji(args.emoji)


if __name__ == "__main__":
    main()
