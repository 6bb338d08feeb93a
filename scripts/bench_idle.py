#!/usr/bin/env python3
"""CPU used per second by screens nobody touches: the title and the level list, left alone.

Each case runs the App's real loop (`App.step`: the frame clock, the wait for input while
nothing moves) for a few seconds and divides the process's CPU time by the wall time, so
100% is one core kept busy. "every frame" is the loop as it was before (`App.lazy` off and 60
frames a second: every frame drawn whatever happens); "as shipped" is the game's own loop
(still screens skipped, the title's rain at its own 30 frames a second). Headless (the dummy
video driver) unless a display is set; with a real display each drawn frame also costs the
copy to the screen, so the saving is larger there. Usage:

    .venv/bin/python scripts/bench_idle.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.client import worker
from game.client.app import App
from game.client.coinland.levels_menu import LevelSelectScene
from game.client.stage import FPS
from game.client.storage import Store
from game.client.title import TitleScene


def busy(app: App, seconds: float, lazy: bool) -> tuple[float, float]:
    """CPU share of one core and frames drawn per second, running the real loop for `seconds`."""
    app.lazy = lazy
    app.quiet = False
    if lazy:  # as shipped: the scene's own rate (the title rains at 30 frames a second)
        vars(app.scene).pop("frame_rate", None)
    else:  # as before: 60 frames a second, every one drawn
        app.scene.frame_rate = FPS
    for _ in range(30):  # settle: fonts and sprites cached, the first frames drawn
        app.step()
    drawn, cpu, started = app.drawn, time.process_time(), time.perf_counter()
    while time.perf_counter() - started < seconds:
        app.step()
    wall = time.perf_counter() - started
    return (time.process_time() - cpu) / wall, (app.drawn - drawn) / wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per case (default 5)")
    args = parser.parse_args(argv)
    app = App(store=Store(Path(tempfile.mkdtemp(prefix="coinland-idle-"))))
    app.store.take_warnings()
    print(f"{'screen, left alone':<34} {'every frame':>22} {'as shipped':>22}   (CPU % of one core, frames drawn/s)")
    cases = [("title (falling coins)", TitleScene, False), ("title, reduced motion", TitleScene, True),
             ("level list", LevelSelectScene, False)]
    for name, scene, reduced in cases:
        app.store.settings.reduced_motion = reduced
        app.push(scene())
        before = busy(app, args.seconds, lazy=False)
        after = busy(app, args.seconds, lazy=True)
        app.pop()
        print(f"{name:<34} {before[0] * 100:>9.1f}% {before[1]:>6.1f} fps {after[0] * 100:>9.1f}% {after[1]:>6.1f} fps")
    app.close()
    worker.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
