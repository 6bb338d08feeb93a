#!/usr/bin/env python3
"""CPU used by every screen left alone: the share of one core the game process burns while nobody
touches anything, screen by screen, with the App's real loop.

Each case (game/client/idle_tour.py: menus, dialogs, setups, the boards waiting for a person,
results, reviews, the editor, Finding Satoshi's table) is posed on a fresh App with its own
temporary data folder and left to settle (animations, searches and workers finished); then the
App's own loop (`App.step`: the frame clock, the wait for input while nothing moves) runs for a
few seconds and the process's CPU time is divided by the wall time, so 100% is one core kept
busy. CPU time, not frame rates: on a machine shared with other work the wall clock says little,
the CPU the process spends says what it costs. The load average is printed with the table.
Headless (SDL's dummy video driver) unless a display is set; with a real display each drawn frame
also costs the copy to the screen. Goals (issue 34): under 5% on every still screen, under 10% for
the title's coin rain. Usage:

    .venv/bin/python scripts/bench_idle.py [--seconds 5] [--only WORD]
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

STILL_GOAL, MOVING_GOAL = 5.0, 10.0  # per cent of one core


def measure(case, seconds: float) -> tuple[float, float]:
    """(CPU % of one core, frames drawn per second) of `case` left alone for `seconds`."""
    from game.client.app import App
    from game.client.idle_tour import pose
    from game.client.storage import Store

    app = App(store=Store(Path(tempfile.mkdtemp(prefix="coinland-idle-"))))
    try:
        pose(app, case)
        app.lazy = True
        started = time.perf_counter()
        while time.perf_counter() - started < 1.0:  # settle in the real loop: caches warm, last frames drawn
            app.step()
        drawn, cpu, started = app.drawn, time.process_time(), time.perf_counter()
        while time.perf_counter() - started < seconds:
            app.step()
        wall = time.perf_counter() - started
        return (time.process_time() - cpu) / wall * 100, (app.drawn - drawn) / wall
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds measured per screen (default 5)")
    parser.add_argument("--only", default="", help="measure only the screens whose name contains this word")
    args = parser.parse_args(argv)
    from game.client import worker
    from game.client.idle_tour import CASES

    cases = [case for case in CASES if args.only.lower() in case.name.lower()]
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores; "
          f"{args.seconds:g} s per screen; goal: under {STILL_GOAL:g}% (moving: under {MOVING_GOAL:g}%)")
    print(f"{'screen, left alone':<32} {'CPU (% of a core)':>18} {'frames drawn/s':>15}")
    over = 0
    try:
        for case in cases:
            cpu, fps = measure(case, args.seconds)
            goal = MOVING_GOAL if case.moving else STILL_GOAL
            mark = "" if cpu < goal else "   over the goal"
            over += cpu >= goal
            print(f"{case.name:<32} {cpu:>17.1f}% {fps:>15.1f}{mark}", flush=True)
    finally:
        worker.shutdown()
    print(f"{len(cases) - over} of {len(cases)} screens within the goal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
