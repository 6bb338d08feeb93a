#!/usr/bin/env python3
"""Start-up time: from launching `python -m game` to the first frame drawn, over several runs.

Each run starts a fresh interpreter with COINLAND_EXIT_AFTER_FIRST_FRAME set, so the App
prints one line right after presenting its first frame and quits; the time is measured
here, from just before the process is started to that line, so it includes interpreter
start-up, imports, the window and the first frame; the game also reports the CPU time it
used up to then (`time.process_time`), which a loaded machine inflates far less than the
wall. The first run is a warm-up (it fills the OS file cache, Python's bytecode cache, kept
in a temporary folder, and the game's sound cache) and is not counted. Headless by default
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


def one_run(env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting the process to its "first frame drawn" line, and the CPU seconds it used."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    _, errors = process.communicate(timeout=60)
    if "first frame" not in line:
        raise SystemExit(f"the game did not report its first frame: {line!r} {errors.strip()[-400:]}")
    return elapsed, float(line.split(" after ")[1].split()[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs after one warm-up (default 10)")
    args = parser.parse_args(argv)
    env = dict(os.environ, COINLAND_EXIT_AFTER_FIRST_FRAME="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a warm install has its bytecode compiled
    with tempfile.TemporaryDirectory(prefix="coinland-startup-") as folder:
        env["COINLAND_DATA_DIR"] = folder
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")  # kept out of the source tree
        one_run(env)  # warm-up: file cache and bytecode
        runs = [one_run(env) for _ in range(args.runs)]
    print(f"start-up to first frame over {args.runs} runs (python -m game, {env['SDL_VIDEODRIVER']} video):")
    for label, values in (("wall", [r[0] for r in runs]), ("cpu ", [r[1] for r in runs])):
        print(f"  {label}: median {statistics.median(values) * 1000:.0f} ms   best {min(values) * 1000:.0f} ms"
              f"   worst {max(values) * 1000:.0f} ms   runs: " + " ".join(f"{t * 1000:.0f}" for t in values))
    print("  (cpu: the game process's own CPU time up to its first frame, which a busy machine distorts least)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
