"""Steps client tests take in the window, written once: open a scene and let it draw; walk a
puzzle by mouse and stop. (Imported as `client_steps`: pytest puts tests/ on the path.)"""

from __future__ import annotations

import pygame

from game.client.coinland.editor import EditorScene
from game.client.coinland.result import ResultScene
from game.client.driver import Driver


def opened(app, scene):
    """Push `scene` and draw two frames; the scene and a Driver of the app."""
    drive = Driver(app)
    app.push(scene)
    drive.frames(2)
    return scene, drive


def open_editor(app) -> tuple[EditorScene, Driver]:
    """A new level in the editor, drawn."""
    return opened(app, EditorScene())


def walk_and_stop(drive: Driver, play, cells) -> ResultScene:
    """Walk `cells` by mouse, stop (X) unless the walk ended the puzzle, and return the result dialog."""
    for cell in cells:
        drive.until(lambda: play.human_turn() and not play.director.busy)
        drive.click(play.view.centre(cell))
    drive.until(lambda: play.session.is_over or (play.human_turn() and not play.director.busy))
    if not play.session.is_over:
        drive.key(pygame.K_x)
    drive.until(lambda: isinstance(play.app.scene, ResultScene))
    return play.app.scene
