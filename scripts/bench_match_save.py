#!/usr/bin/env python3
"""What a match autosave costs the frame loop, per move: the off-thread writer of
game.client.coinland.match_save next to a synchronous atomic write of the same save.

A size-6 Duel is played for 300 random moves, one every 16 ms as in the game; after each
move the save is made both ways in turn and the time the caller waits is printed (median,
95th percentile, worst). The synchronous write includes its fsync, which is what a move
would wait for without the writer thread. Run: .venv/bin/python scripts/bench_match_save.py
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.client.coinland import match_save
from game.client.coinland.sessions import DuelSession
from game.coinland import legal_actions
from game.safeio import atomic_write_text

MOVES = 300


def run(synchronous: bool, moves: int = MOVES) -> str:
    folder = Path(tempfile.mkdtemp(prefix="coinland-bench-save-"))
    app = SimpleNamespace(store=SimpleNamespace(folder=folder), notice_once=lambda key, message: print(message))
    session = DuelSession(seats=("human", "easy"), seed=1, size=6)
    rng = random.Random(1)
    waits: list[float] = []
    while not session.is_over and len(session.actions) < moves:
        session.act(rng.choice(legal_actions(session.state)), record=False)
        start = time.perf_counter()
        if synchronous:
            atomic_write_text(match_save.save_path(folder, session.state.mode), match_save.to_text(session))
        else:
            match_save.autosave(app, session)
        waits.append((time.perf_counter() - start) * 1000)
        time.sleep(0.016)
    match_save.flush()
    waits.sort()
    n = len(waits)
    label = "synchronous write" if synchronous else "writer thread"
    return (f"{label:18s} {n} saves: median {waits[n // 2]:.2f} ms, p95 {waits[int(n * 0.95)]:.2f} ms, "
            f"worst {waits[-1]:.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0].rstrip(":") + ".")
    parser.add_argument("--moves", type=int, default=MOVES, help=f"random moves of the Duel, one save each "
                        f"(default {MOVES}; a size-6 Duel may end sooner)")
    args = parser.parse_args(argv)
    if args.moves < 1:
        parser.error(f"--moves: expected 1 or more, got {args.moves}")
    print(run(synchronous=True, moves=args.moves))
    print(run(synchronous=False, moves=args.moves))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
