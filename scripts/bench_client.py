#!/usr/bin/env python3
"""Frame times of the real client scenes, headless: median, 99th percentile and worst per scene.

Each case runs the real App frame by frame (the dummy video driver unless a display is
set) and times `App.tick` with the wall clock, including the final scaling to the window.
The heaviest case is a size-6 puzzle with 40 coins bursting and flying at once, refilled
every second; the Finding Satoshi table is timed with six computer seats playing; another
scales the frame into a 1920x1080 window. Figures depend on the machine and its load: read
them as a trend, not a verdict; the last column, the main thread's CPU time per frame, is
what a loaded machine distorts least. Usage:

    .venv/bin/python scripts/bench_client.py [--frames N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.client.app import App
from game.client.coinland import computer
from game.client.coinland.levels_menu import LevelSelectScene, level_scene
from game.client.coinland.packs import load_packs
from game.client.coinland.rules_scene import RulesScene
from game.client.coinland.setup import Setup, play_scene
from game.client.storage import Store
from game.client.title import TitleScene
from game.coinland.state import Mode

BUDGET_MS = 1000 / 60


def measure(app: App, frames: int, before_frame=None) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each frame (CPU time is what a busy machine cannot distort)."""
    wall, cpu = [], []
    for index in range(frames):
        if before_frame is not None:
            before_frame(index)
        started, used = time.perf_counter(), time.thread_time()
        app.tick(1 / 60)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - used) * 1000)
    return wall, cpu


def report(name: str, measured: tuple[list[float], list[float]]) -> None:
    times, cpu = measured
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    slow = sum(1 for t in times if t > BUDGET_MS)
    print(f"{name:<34} {statistics.median(times):>7.2f} {p99:>7.2f} {max(times):>7.2f} {slow:>6}/{len(times)}"
          f" {statistics.median(cpu):>7.2f}")


def biggest_puzzle():
    packs, _ = load_packs()
    pack = max(packs, key=lambda p: max(level.size for level in p.levels))
    index = max(range(len(pack.levels)), key=lambda i: pack.levels[i].size)
    return level_scene(pack, index)


def satoshi_table(players: int):
    """A Finding Satoshi table of computers only (watch mode), with no pause before each reply."""
    from dataclasses import replace

    from game.client.satoshi import computer as satoshi_computer
    from game.client.satoshi.session import TableSession, default_setup
    from game.client.satoshi.table import TableScene

    satoshi_computer.MIN_THINK = 0.0
    setup = replace(default_setup(players, humans=0, strength="normal"), seed=1)
    return TableScene(TableSession.start(setup), watch=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames per case (default 600, 10 s of play)")
    args = parser.parse_args(argv)
    frames = args.frames
    app = App(store=Store(Path(tempfile.mkdtemp(prefix="coinland-bench-"))))
    app.store.take_warnings()
    print(f"{'scene':<34} {'median':>7} {'p99':>7} {'worst':>7} {'>16.7ms':>9} {'cpu':>7}   (ms per frame;"
          " cpu = median main-thread CPU time)")
    app.push(TitleScene())
    report("title (falling coins)", measure(app, frames))
    app.push(LevelSelectScene())
    report("level select", measure(app, frames))
    app.pop()
    app.push(RulesScene())
    report("rules (animated example)", measure(app, frames))
    app.pop()
    play = biggest_puzzle()
    app.push(play)
    report(f"puzzle board, size {play.view.size}", measure(app, frames))

    def burst(index: int) -> None:
        if index % 60 == 0:
            cells = sorted(play.state.coins)[:40]
            for cell in cells:
                play.director.physics.burst(play.view.centre(cell), (80, 220), 1, play.view.coin_radius,
                                            lambda: None, settle=0.65)

    report("puzzle + 40 coins in flight", measure(app, frames, burst))
    play.director.physics.finish()
    play.director.celebrate("PAR!", "benchmark")
    report("par celebration (shower + banner)", measure(app, min(frames, 240)))
    app.pop()
    computer.MIN_THINK = 0.0
    app.store.settings.animation_speed = "fast"
    duel = play_scene(Setup(Mode.DUEL, ("hard", "normal"), 6), seed=1)
    app.push(duel)
    report("duel size 6, computers thinking", measure(app, frames))
    app.pop()
    table = satoshi_table(players=6)
    app.push(table)
    report("Satoshi table, 6 seats, computers", measure(app, frames))
    app.pop()
    app.push(biggest_puzzle())
    app.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    report("puzzle scaled to 1920x1080", measure(app, min(frames, 300)))
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
