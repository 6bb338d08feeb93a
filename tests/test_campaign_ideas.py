"""Each campaign level names the idea it teaches; the result screen tells it once the level is solved."""

import pygame
import pytest

from game.client.coinland.levels_menu import level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import Pack
from game.client.coinland.result import ResultScene
from game.client.driver import Driver
from game.coinland.levels import Level
from game.hexgrid import board

# Size 3, centre start, coins on one row only: par 4 by sweeping the row.
ROW = {(-2, 0), (-1, 0), (1, 0), (2, 0)}
LEVEL = Level("Row", 3, empty=frozenset(c for c in board(3).cells if c not in ROW | {(0, 0)}), par=4,
              idea="Sweep a row end to end", source="levels/test/row.toml")


@pytest.fixture
def app(make_app):
    return make_app(ModeSelectScene, think=0.0, animation_speed="fast")


def play_walk(app, walk, stop=False):
    drive = Driver(app)
    play = level_scene(Pack("Test", (LEVEL,)), 0)
    app.push(play)
    for cell in walk:
        drive.until(lambda: play.session.is_over or (play.human_turn() and not play.director.busy))
        drive.click(play.view.centre(cell))
    if stop:
        drive.until(lambda: play.human_turn() and not play.director.busy)
        drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    return [line if isinstance(line, str) else line[0] for line in app.scene.lines]


def test_the_idea_is_told_after_a_walk_that_reaches_par(app):
    lines = play_walk(app, [(1, 0), (2, 0), (-1, 0), (-2, 0)])
    assert "The idea: sweep a row end to end." in lines  # read on after the colon


def test_the_idea_is_kept_back_from_a_walk_short_of_par(app):
    lines = play_walk(app, [(1, 0), (-1, 0)], stop=True)
    assert not any("Sweep a row" in line for line in lines)
