"""The wheel carries everything the game needs (issue 35 item 1).

Builds the wheel from a copy of the tracked sources, installs it into a fresh virtual
environment outside the checkout and, from a third folder, runs `coinland --version`,
`coinland check` on a shipped pack, `coinland simulate`, the first frame headless, and a
puzzle walk through the rules engine. The dependencies (pygame-ce, OR-tools, ...) are not
installed again: the fresh environment sees this environment's site-packages as a plain path
entry, which runs none of its `.pth` hooks, so the checkout's editable install stays out and
`game` can only come from the wheel (the test checks that it does).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("game", "assets", "levels", "pyproject.toml", "setup.py", "README.md")
TIMEOUT = 180

WALK = """
import game
from game.coinland.levels import load_level
from game.coinland.solver import solve
from game.coinland import apply, parse_action
level = load_level(game.LEVELS / "1-tutorial" / "03-the-toll.toml")
result = solve(level, time_limit=20)
state = level.initial_state()
for cell in result.moves:
    state, _ = apply(state, parse_action(f"move {cell[0]},{cell[1]}"))
print(game.__file__, level.par, result.score, state.purses[0])
"""


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    environment.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    result = subprocess.run(args, cwd=cwd, env=environment, capture_output=True, text=True, timeout=TIMEOUT,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"{' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built without a network from a copy of the sources (the checkout stays untouched)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    dist = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
          "--wheel-dir", str(dist), str(source)], source)
    (built,) = dist.glob("coinland-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment outside the checkout with the wheel installed: its bin folder."""
    home = tmp_path_factory.mktemp("fresh")
    venv.EnvBuilder(with_pip=False).create(home / "venv")
    python = home / "venv" / "bin" / "python"
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     home).stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", "--no-index",
          str(wheel)], home)
    return home / "venv" / "bin"


def _check_the_wheel_holds_every_shipped_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("assets", "levels"):
        shipped = {f"game/_shipped/{p.relative_to(ROOT).as_posix()}" for p in (ROOT / folder).rglob("*.toml")}
        assert shipped and shipped <= names, sorted(shipped - names)[:5]
    page = {f"game/phones/page/{name}" for name in ("phone.html", "phone.css", "phone.js")}  # Phones as hands
    assert page <= names, sorted(page - names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in zipfile.ZipFile(wheel).read(metadata).decode()


def test_the_wheel_installed_elsewhere_runs_from_another_folder(wheel: Path, installed: Path, tmp_path: Path) -> None:
    """One test, so that a parallel run builds and installs the wheel once."""
    _check_the_wheel_holds_every_shipped_data_file(wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    coinland, python = str(installed / "coinland"), str(installed / "python")
    assert _run([coinland, "--version"], elsewhere).stdout.strip().startswith("coinland ")
    where = _run([python, "-c", "import game; print(game.__file__); print(game.LEVELS)"], elsewhere).stdout.split()
    assert not where[0].startswith(str(ROOT)) and "_shipped" in where[1], where
    pack = Path(where[1]) / "1-tutorial"
    checked = _run([coinland, "check", str(pack), "--time-limit", "20"], elsewhere)
    assert "Traceback" not in checked.stderr
    simulated = _run([coinland, "simulate", "--players", "3", "--games", "2", "--seed", "1"], elsewhere)
    assert simulated.stdout.strip()
    frame = _run([coinland], elsewhere, COINLAND_EXIT_AFTER_FIRST_FRAME="1", COINLAND_DATA_DIR=str(tmp_path / "d"))
    assert frame.stdout.startswith("first frame drawn after "), frame.stdout
    walked = _run([python, "-c", WALK], elsewhere).stdout.split()
    assert "_shipped" not in walked[0] and not walked[0].startswith(str(ROOT))
    par, score, purse = map(int, walked[1:])
    assert par == score == purse == 18  # "The Toll": its par, proved by the solver and walked by the rules
