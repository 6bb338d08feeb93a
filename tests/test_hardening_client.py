"""Issue 15: hostile files in the data folder or typed into the Shared level box never crash a screen."""

from __future__ import annotations

import os
import threading

import pygame
import pytest

from game.client.coinland.extra_puzzles import level_from_text
from game.client.coinland.levels_menu import LevelSelectScene
from game.client.coinland.packs import load_packs
from game.client.driver import Driver
from game.client.title import TitleScene

GOOD = 'format = 1\nname = "Fine"\nsize = 3\n'
HOSTILE_LEVELS = {
    "nul-name.toml": 'format = 1\nname = "bad\\u0000name"\nsize = 3\n',
    "escape-name.toml": 'format = 1\nname = "\\u001b[31mred"\nsize = 3\n',
    "huge-int.toml": "format = 1\nname = \"x\"\nsize = " + "9" * 5000 + "\n",
    "deep.toml": 'format = 1\nname = "x"\nsize = 3\ngates = ' + "[" * 5000 + "]" * 5000 + "\n",
    "long-name.toml": 'format = 1\nname = "' + "N" * 5000 + '"\nsize = 3\n',
    "binary.toml": "\x00\x01\x02",
    "nan-par.toml": 'format = 1\nname = "x"\nsize = 3\npar = nan\n',
}


@pytest.fixture
def app(make_app):
    return make_app()


def _hostile_folder(folder):
    folder.mkdir(parents=True)
    (folder / "good.toml").write_text(GOOD, encoding="utf-8")
    for name, text in HOSTILE_LEVELS.items():
        (folder / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    os.mkfifo(folder / "pipe.toml")


def test_one_bad_user_level_never_stops_the_others_loading(tmp_path):
    _hostile_folder(tmp_path / "levels")
    packs, problems = load_packs(user_folder=tmp_path / "levels")
    mine = [p for p in packs if p.name == "My levels"]
    assert [level.name for level in mine[0].levels] == ["Fine"]
    named = " ".join(str(p) for p in problems)
    for name in HOSTILE_LEVELS:
        assert name in named
    assert all("\n" not in str(p) and "\x00" not in str(p) for p in problems)


def test_the_puzzles_screen_opens_over_a_hostile_levels_folder(app, tmp_path):
    _hostile_folder(tmp_path / "levels")
    drive = Driver(app)
    app.push(TitleScene())
    app.push(LevelSelectScene())
    drive.frames(20)
    assert isinstance(app.scenes[-1], LevelSelectScene)
    for _ in range(8):  # walk through the pack tabs, My levels included
        drive.key(pygame.K_RIGHT)
        drive.frames(3)
    assert isinstance(app.scenes[-1], LevelSelectScene)


@pytest.mark.parametrize("entry", ["/dev/zero", "/dev/urandom", "/tmp", "FIFO"])
def test_the_shared_level_box_refuses_devices_pipes_and_folders_at_once(tmp_path, entry):
    if entry == "FIFO":
        entry = str(tmp_path / "f.toml")
        os.mkfifo(entry)
    outcome: list[str] = []

    def attempt() -> None:
        try:
            level_from_text(entry)
        except ValueError as error:
            outcome.append(str(error))

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(10)
    assert outcome, f"{entry} was not refused within 10 s"
    assert "expected a regular" in outcome[0]
