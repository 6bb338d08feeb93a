#!/usr/bin/env python3
"""What even letter spacing costs: text drawn four times larger and shrunk (game/client/text.py).

Prints, per text size, the time to render a line the cache has not seen (every line is
rendered once, then blitted from the cache), and how many lines a 60 fps frame could render
cold. Run it before and after a change to text.py to compare.

Usage:
  scripts/bench_text.py            # 400 distinct lines per size
  scripts/bench_text.py --lines 2000
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.client import text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=400, help="distinct lines rendered per size")
    lines = max(1, parser.parse_args().lines)
    pygame.font.init()
    print(f"{'size':>8} {'px':>4} {'x':>2} {'ms per new line':>16} {'new lines per frame':>20}")
    for size in ("tiny", "small", "body", "heading", "title", "huge"):
        text.reset()
        text.render("warm up", size)
        start = time.perf_counter()
        for index in range(lines):
            text.render(f"Line {index}: the best walk keeps {index} coins", size)
        each = (time.perf_counter() - start) / lines * 1000
        print(f"{size:>8} {text.pixels(size):>4} {text.factor(size):>2} {each:>16.3f} {1000 / 60 / each:>20.0f}")


if __name__ == "__main__":
    main()
