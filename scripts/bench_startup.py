#!/usr/bin/env python3
"""Start-up time: from launching `python -m game` to the first frame drawn, over several runs.

Each run starts a fresh interpreter with COINLAND_EXIT_AFTER_FIRST_FRAME set, so the App
prints one line right after presenting its first frame and quits; the time is measured
here, from just before the process is started to that line, so it includes interpreter
start-up, imports, the window and the first frame. The first run is a warm-up (it fills
the OS file cache and Python's bytecode cache) and is not counted. Headless by default
(the dummy video driver) with a throw-away data folder. Usage:

    .venv/bin/python scripts/bench_startup.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(env: dict[str, str]) -> float:
    """Seconds from starting the process to its "first frame drawn" line."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    _, errors = process.communicate(timeout=60)
    if "first frame" not in line:
        raise SystemExit(f"the game did not report its first frame: {line!r} {errors.strip()[-400:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs after one warm-up (default 10)")
    args = parser.parse_args(argv)
    env = dict(os.environ, COINLAND_EXIT_AFTER_FIRST_FRAME="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="coinland-startup-") as folder:
        env["COINLAND_DATA_DIR"] = folder
        one_run(env)  # warm-up: file cache and bytecode
        times = [one_run(env) for _ in range(args.runs)]
    print(f"start-up to first frame over {args.runs} runs (python -m game, {env['SDL_VIDEODRIVER']} video):")
    print(f"  median {statistics.median(times) * 1000:.0f} ms   best {min(times) * 1000:.0f} ms"
          f"   worst {max(times) * 1000:.0f} ms")
    print("  runs: " + " ".join(f"{t * 1000:.0f}" for t in times))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
