#!/usr/bin/env python3
"""Frame times of the real scenes, headless: median, 99th percentile and worst per scene.

The heaviest case is a puzzle board with 40 coins bursting and flying at once.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game import LEVELS
from game.client.anim import CoinBurst
from game.client.app import App
from game.client.scenes.menus import LevelSelectScene, RulesScene
from game.client.scenes.play import PURSE_POS, PlayScene
from game.client.scenes.title import TitleScene
from game.client.sessions import DuelSession, PuzzleSession
from game.client.storage import Store
from game.coinland.levels import load_level


def measure(app: App, frames: int, refill=None) -> list[float]:
    times = []
    for index in range(frames):
        if refill and index % 50 == 0:
            refill()
        started = time.perf_counter()
        app.tick(1 / 60)
        times.append((time.perf_counter() - started) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{name:<28} {statistics.median(times):>8.2f} {p99:>8.2f} {max(times):>8.2f}")


def main() -> int:
    app = App(store=Store(Path(tempfile.mkdtemp(prefix="coinland-bench-"))))
    print(f"{'scene':<28} {'median':>8} {'p99':>8} {'worst':>8}   (ms per frame, 16.7 ms = 60 fps)")
    app.push(TitleScene())
    report("title", measure(app, 300))
    app.push(LevelSelectScene())
    report("level select", measure(app, 300))
    app.pop()
    app.push(RulesScene())
    report("rules (animated example)", measure(app, 300))
    app.pop()
    level = load_level(sorted(LEVELS.rglob("05-*.toml"))[0])
    play = PlayScene(PuzzleSession(level=level), level.name)
    app.push(play)
    report("puzzle board", measure(app, 300))

    def burst() -> None:
        play.animator.finish()
        cells = sorted(play.session.state.coins)[:40]
        play.animator.add(*[CoinBurst(play.view.centre(c), PURSE_POS[0], seed=i) for i, c in enumerate(cells)])
        play.animator.stages[0][0].duration = 10

    report("puzzle + 40 coins in flight", measure(app, 600, refill=burst))
    app.pop()
    app.push(PlayScene(DuelSession(seats=("easy", "easy"), size=6), "Duel"))
    report("duel size 6, computers", measure(app, 600))
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
