"""Every script in scripts/ answers --help with its help, runs nothing then and writes nothing;
small counts and a pack folder give answers, not tracebacks (issue 35 item 6)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYTHON_SCRIPTS = sorted(p.name for p in (ROOT / "scripts").glob("*.py") if not p.name.startswith("_"))
#: the shell helpers that take arguments of their own (play and test pass theirs on to the game and pytest)
SHELL_SCRIPTS = ["fuzz", "screenshots"]


def _run(args: list[str], cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               COINLAND_DATA_DIR=str(cwd / ".data"))
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def test_every_script_is_covered() -> None:
    assert "zoom_text.py" in PYTHON_SCRIPTS and "bench_match_save.py" in PYTHON_SCRIPTS
    assert len(PYTHON_SCRIPTS) >= 18


@pytest.mark.parametrize("name", PYTHON_SCRIPTS)
def test_a_python_script_answers_help_and_does_nothing_else(name: str, tmp_path: Path) -> None:
    before = sorted(os.listdir(ROOT / "docs" / "images"))
    result = _run([sys.executable, str(ROOT / "scripts" / name), "--help"], tmp_path, timeout=30)
    assert result.returncode == 0, result.stderr
    assert result.stdout.lstrip().lower().startswith("usage:"), result.stdout[:300]
    assert "Traceback" not in result.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name != ".data"] == []  # zoom_text wrote an image named --help
    assert sorted(os.listdir(ROOT / "docs" / "images")) == before


@pytest.mark.parametrize("name", SHELL_SCRIPTS)
def test_a_shell_script_answers_help_and_does_nothing_else(name: str, tmp_path: Path) -> None:
    result = _run(["bash", str(ROOT / "scripts" / name), "--help"], tmp_path, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "Usage: scripts/" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_bench_ai_with_a_few_satoshi_positions_prints_a_table(tmp_path: Path) -> None:
    result = _run([sys.executable, str(ROOT / "scripts/bench_ai.py"), "--game", "satoshi", "--positions", "3",
                   "--hard-positions", "1"], tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "hard near End" in result.stdout


def test_level_difficulty_measures_one_pack_folder(tmp_path: Path) -> None:
    result = _run([sys.executable, str(ROOT / "scripts/level_difficulty.py"), str(ROOT / "levels/1-tutorial"),
                   "--budget", "5000"], tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "First Steps" in result.stdout and "median difficulty" in result.stdout


def test_level_difficulty_names_a_missing_folder(tmp_path: Path) -> None:
    result = _run([sys.executable, str(ROOT / "scripts/level_difficulty.py"), "no-such-pack"], tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == "level_difficulty: no-such-pack: no such level file or folder"


def test_fit_classic_weights_with_one_game_says_it_is_too_few(tmp_path: Path) -> None:
    result = _run([sys.executable, str(ROOT / "scripts/fit_classic_weights.py"), "--games", "1", "--workers", "1"],
                  tmp_path, timeout=120)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "too few positions" in result.stderr


def test_scripts_take_no_unknown_argument(tmp_path: Path) -> None:
    """The old satoshi_play_by_hand read sys.argv by hand: `--help` became int('--help')."""
    result = _run([sys.executable, str(ROOT / "scripts/satoshi_play_by_hand.py"), "seven"], tmp_path)
    assert result.returncode == 2
    assert "invalid int value: 'seven'" in result.stderr and "Traceback" not in result.stderr
