"""`python -m game simulate`: statistics on success, one clear line and a non-zero exit on bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_simulate_prints_the_statistics(capsys):
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "2", "--difficulty", "hard"]) == 0
    out = capsys.readouterr().out
    for expected in ("4 games of 3 players", "games/s", "rounds:", "final Bitcoin price", "winning condition",
                     "Satoshi won", "hard difficulty"):
        assert expected in out


def test_simulate_advanced_and_agent_list(capsys):
    assert main(["simulate", "--players", "2", "--games", "2", "--advanced", "--agents", "baseline,baseline"]) == 0
    assert "advanced rules" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "7"], "--players: expected a whole number from 2 to 6, got '7'"),
    (["--games", "0"], "--games: expected a whole number from 1 to 100000, got '0'"),
    (["--games", "nan"], "--games: expected a whole number from 1 to 100000, got 'nan'"),
    (["--agents", "genius"], "--agents: expected names separated by commas from baseline"),
    (["--difficulty", "easy"], "--difficulty: expected one of normal, hard, very-hard, got 'easy'"),
])
def test_bad_arguments_give_one_line_and_exit_2(capsys, args, message):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("coinland simulate: ") and message in err and err.count("\n") == 1
    assert "Traceback" not in err


def test_simulate_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "game", "simulate", "--games", "2", "--players", "5"],
                            cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0 and "2 games of 5 players" in result.stdout, result.stderr
