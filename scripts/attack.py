"""Run the hostile battery (tests/hostile) over every door (game/doors), round after round.

Round 1 runs every (door, case) pair once, as CI does; later rounds run the randomised cases
again with new seeds and a larger scale (more fields replaced, more files garbled, more kills
with `kill -9`). Prints the cases run, the failures (and the known ones, tests/hostile/known.py)
and the slowest readers, and exits 1 when any case failed that is not known.

    scripts/attack --rounds 20
    scripts/attack --door records --class crashes --rounds 50
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3; round 1 runs every case)")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: from the clock)")
    parser.add_argument("--door", default="", help="only doors whose name holds this text")
    parser.add_argument("--class", dest="cls", default="", help="only cases whose class or name holds this text")
    parser.add_argument("--scale", type=int, default=3, help="size of the randomised cases after round 1 (default 3)")
    args = parser.parse_args(argv)
    if not 1 <= args.rounds <= 100_000 or not 1 <= args.scale <= 100:
        parser.error("--rounds must be 1..100000 and --scale 1..100")
    from hostile.cases import Ctx, pairs
    from hostile.known import KNOWN
    from hostile.run import Broken, Sandbox

    seed = args.seed if args.seed is not None else int(time.time())
    chosen = [(d, c) for d, c in pairs() if args.door in d.name and (args.cls in c.id)]
    counts: Counter[str] = Counter()
    failures: list[str] = []
    figures: dict[str, float] = {}
    started = time.perf_counter()
    for round_number in range(1, args.rounds + 1):
        for index, (door, case) in enumerate(chosen):
            if round_number > 1 and not case.randomised:
                continue
            rng = random.Random(f"{seed}-{round_number}-{index}")
            base = Path(tempfile.mkdtemp(prefix="coinland-attack-"))
            saved = dict(os.environ)
            os.environ.update(HOME=str(base / "home"), COINLAND_DATA_DIR=str(base / "data"))
            ctx = Ctx(door, door.probe() if door.probe else None, Sandbox(base), rng,
                      scale=1 if round_number == 1 else args.scale, figures=figures)
            key = (door.name, case.id)
            try:
                case.run(ctx)
                outcome = "known, now passing (remove it from known.py)" if key in KNOWN else "passed"
            except (Broken, Exception) as error:
                outcome = "known" if key in KNOWN else "FAILED"
                if outcome == "FAILED":
                    failures.append(f"round {round_number}, seed {seed}: {door.name} | {case.id}: "
                                    f"{str(error).splitlines()[0][:300] if str(error) else type(error).__name__}")
            finally:
                os.environ.clear()
                os.environ.update(saved)
                shutil.rmtree(base, ignore_errors=True)
            counts[outcome] += 1
        print(f"round {round_number}: {sum(counts.values())} cases so far, {counts['FAILED']} failed", flush=True)
    elapsed = time.perf_counter() - started
    print(f"\n{sum(counts.values())} cases run over {len(chosen)} (door, case) pairs in {elapsed:.0f} s, seed {seed}")
    for outcome, count in sorted(counts.items()):
        print(f"  {outcome}: {count}")
    for line in failures:
        print(f"FAILED {line}")
    slowest = sorted(figures.items(), key=lambda item: -item[1])[:8]
    if slowest:
        print("slowest reads at the cap (CPU seconds):")
        for name, seconds in slowest:
            print(f"  {seconds:6.3f} s  {name}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
