#!/usr/bin/env python3
"""A zoomed picture of the letter-spacing fix (issue #17 item 14): the same words drawn by
pygame's font at the small size ("before": hinting snaps each glyph to whole pixels, which opens
gaps such as "but tons") and by `game.client.text` (drawn four times larger and shrunk).

Usage:
  .venv/bin/python scripts/zoom_text.py [OUT.png]   # default docs/images/letter-spacing-before-after.png
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.client import text

WORDS = "Settings  Satoshi  buttons  Recent games"
INK, GOLD, NIGHT = (235, 238, 245), (247, 196, 48), (16, 22, 40)
ZOOM = 3


def picture() -> pygame.Surface:
    rows = [text.render("before: pygame's font at the small size", "tiny", GOLD),
            text.font("small").render(WORDS, True, INK),
            text.render("after: drawn four times larger and shrunk", "tiny", GOLD),
            text.render(WORDS, "small", INK)]
    canvas = pygame.Surface((max(row.get_width() for row in rows) + 20, sum(r.get_height() for r in rows) + 24))
    canvas.fill(NIGHT)
    y = 4
    for index, row in enumerate(rows):
        canvas.blit(row, (10, y))
        y += row.get_height() + (8 if index == 1 else 2)
    return pygame.transform.scale(canvas, (canvas.get_width() * ZOOM, canvas.get_height() * ZOOM))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A zoomed picture of the letter-spacing fix: pygame's font at the "
                                     "small size against game.client.text's drawing.")
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/images/letter-spacing-before-after.png"),
                        help="the PNG to write (default docs/images/letter-spacing-before-after.png)")
    out = parser.parse_args(argv).out
    pygame.init()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture(), str(out))
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
