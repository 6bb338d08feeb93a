"""Coinland names itself: `coinland --version`, and the window's class "Coinland" (issue 35 item 2)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.metadata import version

import pytest

from game.client import window


@pytest.mark.parametrize("args", [["--version"]])
def test_version_prints_the_installed_version(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"coinland \d+\.\d+\.\d+\n", done.stdout)
    assert done.stdout.split()[1] == version("coinland")  # the metadata pip installed, not the module's own text


def test_help_lists_version() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True, text=True, timeout=60)
    assert "--version" in done.stdout


def test_the_window_class_replaces_pygames_script_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/somewhere/game/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what `import pygame` sets when a display is set
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    window.name_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Coinland"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "Coinland"


def test_a_window_class_the_player_chose_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/somewhere/game/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-games")
    window.name_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-games"


#: modules that may read `__file__`, and why (none of them to find shipped data)
FILE_READERS = {
    "game/resources.py": "the one place that finds shipped data (a fallback for a checkout)",
    "game/client/audio.py": "hashes its own source, so a changed recipe remakes the sound cache",
    "game/client/worker.py": "puts the folder holding `game` on the helper process's path",
}


def test_only_game_resources_finds_shipped_data() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    readers = {p.relative_to(root).as_posix() for p in (root / "game").rglob("*.py")
               if "__file__" in p.read_text(encoding="utf-8")}
    assert readers <= set(FILE_READERS), sorted(readers - set(FILE_READERS))
