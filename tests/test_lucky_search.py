"""scripts/lucky_search.py, the seeded search that found the last six Hard boards (issue 37):
its judge measures what the campaign's rules measure, its polish takes away only gates no
target needs, and a run is seeded and prints its yield."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from script_module import load_script

from game.coinland.levels import load_level
from game.coinland.lucky import lucky_gap_at_least

ROOT = Path(__file__).resolve().parents[1]
OVERSHOOT = ROOT / "levels" / "4-hard" / "07-overshoot.toml"


def _script():
    return load_script("lucky_search")


def test_the_judge_measures_a_shipped_hard_level_as_the_campaign_does() -> None:
    search = _script()
    level = load_level(OVERSHOOT)
    target = search.Target(gap=3, openings=2, walks=40, low=14.4, high=24.0, detours=2, stalls=0)
    got = search.judge(replace(level, par=None), target)
    assert got is not None and got.par == level.par == 12
    assert got.gap == 3 and lucky_gap_at_least(level, 12, 3) is True
    assert (got.keep, got.legal) == (2, 7) and got.greedy == 4 and got.difficulty == 14.61
    assert got.ok(target)
    assert not got.ok(replace(target, openings=1)) and not got.ok(replace(target, low=15.0))


def test_polish_takes_away_a_gate_no_target_needs_and_keeps_the_rest() -> None:
    search = _script()
    level = replace(load_level(OVERSHOOT), par=None)
    target = search.Target(gap=3, openings=2, walks=40, low=14.4, high=24.0, detours=2, stalls=0)
    # a gate between two cells without a coin on the board's rim: no line that lands anywhere crosses it
    spare = ((-3, 3), (-2, 3))
    assert spare not in level.gates and {(-3, 3), (-2, 3)} <= level.empty
    padded = replace(level, gates=level.gates | {spare})
    got = search.judge(padded, target)
    polished, again = search.polish(padded, got, target)
    assert spare not in polished.gates and again.par == 12 and again.ok(target)
    assert polished.gates <= padded.gates


def test_a_small_run_is_seeded_and_prints_its_yield(tmp_path: Path) -> None:
    args = [sys.executable, str(ROOT / "scripts" / "lucky_search.py"), "--size", "3", "--seed", "1", "--tries", "1",
            "--steps", "8", "--band", "0,30", "--detours", "1"]
    env = dict(os.environ, COINLAND_DATA_DIR=str(tmp_path / ".data"))
    runs = [subprocess.run(args, capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
            for _ in range(2)]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr
    first, second = (run.stdout.splitlines() for run in runs)
    assert first[-1].startswith("size 3 seed 1: ") and "tries" in first[-1] and "s of CPU" in first[-1]
    strip = lambda lines: [line.split(", ")[:2] for line in lines]  # noqa: E731 (the seconds differ)
    assert strip(first) == strip(second)


def test_a_missing_start_file_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "lucky_search.py"), "--start",
                             str(tmp_path / "nope.toml")], capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("lucky_search: --start: ") and "nope.toml" in result.stderr


def test_keep_last_writes_the_board_each_climb_ends_on_even_when_none_is_found(tmp_path: Path) -> None:
    """A climb aimed above its reach (a band no size-3 board gets near) finds nothing, and
    --keep-last still writes the board it ended on, a playable level with its par."""
    search = _script()
    target = search.Target(gap=3, openings=2, walks=40, low=90.0, high=99.0)
    found, judged = search.search(3, 1, 1, 4, target, tmp_path, keep_last=True)
    assert found == 0 and judged >= 5
    last = load_level(tmp_path / "s1t0last.toml")
    assert last.size == 3 and last.par is not None and last.par > last.purse
    assert [path.name for path in tmp_path.iterdir()] == ["s1t0last.toml"]
