#!/usr/bin/env python3
"""Frame times of the real client scenes, headless, as ratios to a reference measured in the same run.

The reference is a fixed piece of work: fblitting 1000 alpha 64x64 sprites onto a 1280x800
surface. It is timed before the scenes, again right after each scene (a machine whose load
changes during the run moves both), and at the end; every scene's median, 99th percentile
and worst frame are printed as a multiple of the reference measured next to it, so figures
compare across machines; milliseconds follow.

Each case runs the real App frame by frame at the game's own pace (60 frames a second, the
clock sleeping between frames as in `App.run`), timing `App.tick` with the wall clock,
including the scaling into the window. The heaviest drawing is a puzzle with 40 coins flying;
the Finding Satoshi table plays six computer seats. Three pairs show whether the frame loop
ever waits for a search: Duel size 6 with hard computers, Finding Satoshi with six hard seats
and the editor proving the par of a size-6 board, each next to the same board with nobody
thinking. The quiet twin is the thinking run played again with the same answers arriving on the
same frames, but nobody searching (each answer recorded in the thinking run and handed back
at once): the same moves, the same animations, only the search is gone. (A twin whose search
never answers would show no moves at all, and would charge the search for the pawns, gates and
coins that its answers animate.) Searches run in helper processes (game.client.worker); the
target is a thinking scene's p99 within 1.25x of its quiet twin's. On a 2-core virtual machine
one scene's p99 moves by up to 2x between two 10 s runs, either way, so each pair is played
`--rounds` times, alternating, and the target is judged on the median of their ratios (each
round's is printed too). The machine's load distorts wall times: read
them as a trend; the cpu column (the main thread's CPU time per frame) is distorted least,
and "blocked" (Linux: wall time neither running nor queued for a CPU, i.e. waiting for the
interpreter lock) shows a search holding up the frames whatever the load; `--threads` adds
each thinking scene with the search in a thread, as it was before, for comparison.
Usage:

    .venv/bin/python scripts/bench_client.py [--frames N] [--rounds N] [--threads] [--thinking-only] [--phones]

--phones measures only the Finding Satoshi table with six phones connected and playing (Phones as
hands), next to the same moves played on the same frames with no server (scripts/_phones_bench.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.client import worker
from game.client.app import App
from game.client.coinland import computer
from game.client.coinland.levels_menu import LevelSelectScene, level_scene
from game.client.coinland.packs import load_packs
from game.client.coinland.rules_scene import RulesScene
from game.client.coinland.setup import Setup, play_scene
from game.client.stage import FPS
from game.client.storage import Store
from game.client.title import TitleScene
from game.coinland.generator import random_level
from game.coinland.state import Mode

BUDGET_MS = 1000 / FPS
TARGET = 1.25  # a thinking scene's p99 over its quiet twin's


class Answer:
    """A recorded answer handed back with nobody searching: done `wait` frames after it was asked."""

    def __init__(self, frames: list[int], wait: int | None, result: object, error: BaseException | None) -> None:
        self._frames, self._asked, self._wait = frames, frames[0], wait
        self.result, self.error, self.cancelled = result, error, False

    @property
    def done(self) -> bool:
        return self._wait is not None and self._frames[0] - self._asked >= self._wait

    def cancel(self) -> None:
        self.cancelled = True


class Recorder:
    """Wraps a scene's `think` (or `Worker`): in the thinking run it records, for each search in
    order, how many frames it took and what it answered; `replay()` then makes a stand-in that
    hands the same answers back after the same number of frames, with no search at all."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.frame = [0]
        self.asked: list[tuple[int, Any]] = []  # (frame asked, the real worker)
        self.answers: list[tuple[int | None, object, BaseException | None]] = []

    def record(self, *args: object, **kwargs: object) -> Any:
        worker_now = self.real(*args, **kwargs)
        self.asked.append((self.frame[0], worker_now))
        return worker_now

    def tick(self, index: int) -> None:
        self.frame[0] = index
        for asked, job in self.asked[len(self.answers):]:
            if not job.done:
                break
            self.answers.append((index - asked, job.result, job.error))

    def replay(self) -> Callable[..., Answer]:
        answers = iter(self.answers)
        self.frame[0] = 0

        def stand_in(*args: object, **kwargs: object) -> Answer:
            wait, result, error = next(answers, (None, None, None))  # past the record: never answers
            return Answer(self.frame, wait, result, error)
        return stand_in

    def replay_tick(self, index: int) -> None:
        self.frame[0] = index


def reference(repeats: int = 60) -> list[float]:
    """Milliseconds to fblit 1000 alpha 64x64 sprites onto a 1280x800 surface, `repeats` times."""
    target = pygame.Surface((1280, 800)).convert()
    sprite = pygame.Surface((64, 64), pygame.SRCALPHA).convert_alpha()
    pygame.draw.circle(sprite, (230, 180, 40, 200), (32, 32), 30)
    pairs = [(sprite, ((i * 97) % 1216, (i * 61) % 736)) for i in range(1000)]
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        target.fblits(pairs)
        times.append((time.perf_counter() - started) * 1000)
    return times


Timings = tuple[list[float], list[float], list[float]]
SCHEDSTAT = Path("/proc/thread-self/schedstat")  # Linux: this thread's time on a CPU and waiting for one


def scheduled() -> tuple[float, float]:
    """Seconds this thread has run and has waited, runnable, for a CPU (zeros where Linux does not say)."""
    try:
        run, queued = SCHEDSTAT.read_text().split()[:2]
    except (OSError, ValueError):
        return 0.0, 0.0
    return int(run) / 1e9, int(queued) / 1e9


def measure(app: App, frames: int, before_frame: Callable[[int], None] | None = None) -> Timings:
    """Wall-clock, main-thread CPU and blocked milliseconds of each frame, paced at FPS as the game is.

    Blocked is the wall time neither running nor waiting for a CPU: within a frame (no sleep,
    no disk) that is waiting for the interpreter lock, so it shows a search holding up the
    frame loop whatever else the machine is doing (Linux only; zero elsewhere).
    """
    wall, cpu, blocked = [], [], []
    next_frame = time.perf_counter()
    for index in range(frames):
        if before_frame is not None:
            before_frame(index)
        pause = next_frame - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        next_frame = max(next_frame + 1 / FPS, time.perf_counter())
        ran, queued = scheduled()
        started, used = time.perf_counter(), time.thread_time()
        app.tick(1 / FPS)
        elapsed = time.perf_counter() - started
        wall.append(elapsed * 1000)
        cpu.append((time.thread_time() - used) * 1000)
        ran_after, queued_after = scheduled()
        waited = elapsed - (ran_after - ran) - (queued_after - queued) if ran_after else 0.0
        blocked.append(max(0.0, waited) * 1000)
    return wall, cpu, blocked


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class Report:
    def __init__(self, unit: float) -> None:
        self.unit = unit
        self.p99: dict[str, float] = {}
        self.cpu_p99: dict[str, float] = {}
        self.blocked_p99: dict[str, float] = {}
        print(f"reference: fblit 1000 alpha 64x64 sprites onto 1280x800 = {unit:.2f} ms (median); measured again"
              " after each scene, whose ratios use that one (last column)")
        print(f"{'scene':<52} {'median':>7} {'p99':>7} {'worst':>7}  |{'median':>7} {'p99':>7} {'worst':>7}"
              f" {'>16.7ms':>9} {'cpu':>6} {'blocked p99':>11} {'reference':>9}")
        print(f"{'':<52} {'(x reference)':>23}  |{'(ms)':>23}")

    def __call__(self, name: str, measured: Timings) -> None:
        times, cpu, blocked = measured
        self.unit = statistics.median(reference(20))  # right after the scene: a load that changes moves both
        median, high, worst = statistics.median(times), p99(times), max(times)
        self.p99[name] = high
        self.cpu_p99[name] = p99(cpu)
        self.blocked_p99[name] = p99(blocked)
        slow = sum(1 for t in times if t > BUDGET_MS)
        print(f"{name:<52} {median / self.unit:>6.2f}x {high / self.unit:>6.2f}x {worst / self.unit:>6.2f}x  |"
              f"{median:>7.2f} {high:>7.2f} {worst:>7.2f} {slow:>5}/{len(times):<4} {statistics.median(cpu):>5.2f}"
              f" {p99(blocked):>11.2f} {self.unit:>9.2f}", flush=True)


def biggest_puzzle():
    packs, _ = load_packs()
    pack = max(packs, key=lambda p: max(level.size for level in p.levels))
    index = max(range(len(pack.levels)), key=lambda i: pack.levels[i].size)
    return level_scene(pack, index)


def satoshi_table(players: int, strength: str):
    """A Finding Satoshi table of computers only (watch mode), with no pause before each reply."""
    from dataclasses import replace

    from game.client.satoshi import computer as satoshi_computer
    from game.client.satoshi.session import TableSession, default_setup
    from game.client.satoshi.table import TableScene

    satoshi_computer.MIN_THINK = 0.0
    setup = replace(default_setup(players, humans=0, strength=strength), seed=1)
    return TableScene(TableSession.start(setup), watch=True)


def thinking_pair(app: App, frames: int, report: Report, name: str, make: Callable[[], Any], module: Any,
                  attribute: str) -> tuple[str, str]:
    """One thinking run of the scene `make()` and its quiet twin, right after it; their report names."""
    real = getattr(module, attribute)
    recorder = Recorder(real)
    quiet, busy = f"{name}: nobody thinking (same answers)", f"{name}: thinking"
    worker.warm_up()
    time.sleep(1.0)  # a warm helper, as in the game (started after the first frame)
    setattr(module, attribute, recorder.record)
    app.push(make())
    report(busy, measure(app, frames, recorder.tick))
    app.pop()
    setattr(module, attribute, recorder.replay())
    app.push(make())
    report(quiet, measure(app, frames, recorder.replay_tick))
    app.pop()
    setattr(module, attribute, real)
    print(f"  ({len(recorder.answers)} answers recorded and replayed)")
    return quiet, busy


def thinking_pairs(app: App, frames: int, report: Report, threads: bool, rounds: int) -> list[tuple[str, str, str]]:
    """Each search-heavy scene `rounds` times thinking, each followed by its quiet twin; with
    `threads`, once more with the search in a thread of this process, as before helper processes."""
    from game.client.coinland import editor
    from game.client.satoshi import computer as satoshi_computer

    pairs = []
    baseline = threading.active_count()
    computer.MIN_THINK = 0.0
    app.store.settings.animation_speed = "fast"

    def duel():
        return play_scene(Setup(Mode.DUEL, ("hard", "hard"), 6), seed=1)

    def table():
        return satoshi_table(players=6, strength="hard")

    def prover():
        return editor.EditorScene(random_level(6, 0.6, seed=3, purse=1))

    cases = (("duel size 6, hard", duel, computer, "think"),
             ("Satoshi, 6 hard seats", table, satoshi_computer, "think"),
             ("editor proving a size-6 par", prover, editor, "Worker"))
    for name, make, module, attribute in cases:
        for round_ in range(1, rounds + 1):
            label = f"{name} #{round_}" if rounds > 1 else name
            pairs.append((name, *thinking_pair(app, frames, report, label, make, module, attribute)))
        if threads:
            worker.IN_PROCESS = False
            app.push(make())
            report(f"{name}: thinking in a thread (before)", measure(app, frames))
            app.pop()
            worker.IN_PROCESS = True
            waited = time.perf_counter()  # a search in a thread cannot be stopped: let it end before going on
            while threading.active_count() > baseline and time.perf_counter() - waited < 70:
                time.sleep(0.1)
    return pairs


def summarise(report: Report, pairs: list[tuple[str, str, str]]) -> None:
    """Per thinking scene: the median over its rounds of thinking p99 / quiet p99, and each round's."""
    print(f"thinking p99 over quiet p99, the median over rounds (target {TARGET:.2f}x or less); the main"
          " thread's CPU p99 likewise; blocked p99 (ms waiting for the interpreter lock) while thinking:")
    for case in dict.fromkeys(name for name, _, _ in pairs):
        rounds = [(quiet, busy) for name, quiet, busy in pairs if name == case]
        ratios = [report.p99[busy] / report.p99[quiet] for quiet, busy in rounds]
        cpu = [report.cpu_p99[busy] / report.cpu_p99[quiet] for quiet, busy in rounds]
        ratio = statistics.median(ratios)
        each = f" (rounds: {', '.join(f'{r:.2f}x' for r in ratios)})" if len(ratios) > 1 else ""
        blocked = max(report.blocked_p99[busy] for _, busy in rounds)
        print(f"  {case:<30} wall {ratio:>5.2f}x {'ok' if ratio <= TARGET else 'OVER':<4}{each}   cpu"
              f" {statistics.median(cpu):>5.2f}x   blocked p99 at most {blocked:.2f} ms")


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=positive, default=600, help="frames per case (default 600, 10 s of play)")
    parser.add_argument("--rounds", type=positive, default=3,
                        help="thinking/quiet pairs per scene, alternating (default 3); the ratio is their median")
    parser.add_argument("--thinking-only", action="store_true", help="only the thinking/quiet pairs")
    parser.add_argument("--phones", action="store_true",
                        help="only the Finding Satoshi table with six phones playing, and its twin without phones")
    parser.add_argument("--threads", action="store_true",
                        help="also run each thinking scene with the search in a thread, as before")
    args = parser.parse_args(argv)
    frames = args.frames
    app = App(store=Store(Path(tempfile.mkdtemp(prefix="coinland-bench-"))))
    app.store.take_warnings()
    before = reference()
    report = Report(statistics.median(before))
    app.push(TitleScene())  # the bottom of the stack, as in the game
    if args.phones:
        from _phones_bench import phones_pair  # scripts/_phones_bench.py (beside this file)

        phones_pair(app, frames, report, measure)
        app.close()
        return 0
    if not args.thinking_only:
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
    pairs = thinking_pairs(app, frames, report, args.threads, args.rounds)
    app.push(biggest_puzzle())
    app.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    report("puzzle scaled to 1920x1080", measure(app, min(frames, 300)))
    after = statistics.median(reference())
    print(f"reference again at the end: {after:.2f} ms ({after / report.unit:.2f}x the first: the machine's load"
          " changed by that much)")
    summarise(report, pairs)
    app.close()
    worker.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
