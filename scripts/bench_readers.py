"""Each reader fed its size cap of worst-case content, timed (issue 32: the time class).

For every file door of the inventory (game/doors) that reads, and every worst case of its
format (tests/hostile/content.py: escaped quotes, deep nesting, long digit runs, long lines,
many small items...), the program's own reader (the door's probe) reads a file of exactly
the door's cap, and its CPU time is printed (the wall time beside it: the machine is shared).
Then: listing 10,000 records and one engine line of 64 KiB of escaped quotes. Every figure
should be well under a second.

    .venv/bin/python scripts/bench_readers.py [--door TEXT] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _timed(call, repeat: int) -> float:
    """The best CPU time of `repeat` calls (CPU, not wall: the machine is shared)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best


def bench_doors(door_filter: str, repeat: int) -> float:
    from hostile.content import WORST

    from game.doors import READ, inventory

    worst = 0.0
    for door in inventory():
        if door.probe is None or READ not in door.does or door_filter not in door.name:
            continue
        probe = door.probe()
        limit = door.limit or 1 << 20
        base = Path(tempfile.mkdtemp(prefix="coinland-bench-"))
        try:
            root = base / "data"
            root.mkdir()
            probe.sample(root)
            for name, make in WORST[probe.fmt].items():
                content = make(limit)[:limit]
                target = probe.target(root)
                target.parent.mkdir(parents=True, exist_ok=True)
                best, wall = float("inf"), float("inf")
                for _ in range(repeat):
                    target.write_bytes(content)  # again each time: a reader may set a damaged file aside
                    start, clock = time.process_time(), time.perf_counter()
                    probe.read(root)
                    best = min(best, time.process_time() - start)
                    wall = min(wall, time.perf_counter() - clock)
                worst = max(worst, best)
                print(f"{best:7.3f} s  ({wall:6.3f} s wall)  {door.name:20} {limit // 1024:5d} KiB  {name}", flush=True)
        finally:
            shutil.rmtree(base, ignore_errors=True)
    return worst


def bench_records(count: int) -> float:
    from game.doors.probes_folders import sample_record
    from game.records import keep, recent

    base = Path(tempfile.mkdtemp(prefix="coinland-bench-"))
    try:
        folder = base / "records"
        data = keep(sample_record(), folder).read_bytes()
        for i in range(count):
            (folder / f"20200101-000000-{i:06d}-puzzle.json").write_bytes(data)
        listed = _timed(lambda: recent(folder, check=False), 1)
        checked = _timed(lambda: recent(folder, check=True), 1)
        kept = _timed(lambda: keep(sample_record(2), folder, limit=count + 10), 1)
        print(f"{listed:7.3f} s  listing {count:,} records (the newest 200 read and checked)")
        print(f"{checked:7.3f} s  listing {count:,} records, each of the 200 replayed (Recent games)")
        print(f"{kept:7.3f} s  keeping one more record in that folder (with its pruning pass)")
        return max(listed, checked, kept)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def bench_engine_line() -> float:
    from game.coinland.protocol import MAX_LINE, EngineSession

    line = '"' + '\\"' * (MAX_LINE // 2 - 1)
    seconds = _timed(lambda: EngineSession().handle_line(line), 3)
    print(f"{seconds:7.3f} s  one engine line of {len(line) // 1024} KiB of escaped quotes")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--door", default="", help="only doors whose name holds this text")
    parser.add_argument("--repeat", type=int, default=1, help="best of N reads (default 1)")
    parser.add_argument("--records", type=int, default=10_000, help="records in the listing test (default 10000)")
    args = parser.parse_args(argv)
    if not 1 <= args.repeat <= 100 or not 0 <= args.records <= 100_000:
        parser.error("--repeat must be 1..100 and --records 0..100000")
    worst = bench_doors(args.door, args.repeat)
    if not args.door:
        worst = max(worst, bench_engine_line())
        if args.records:
            worst = max(worst, bench_records(args.records))
    print(f"slowest: {worst:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
