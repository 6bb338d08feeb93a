"""Steps client tests take in the window, written once: open a scene and let it draw; walk a
puzzle by mouse and stop; see where text lands. (Imported as `client_steps`: pytest puts tests/
on the path.)"""

from __future__ import annotations

import pygame

from game.client import text
from game.client.coinland.editor import EditorScene
from game.client.coinland.result import ResultScene
from game.client.driver import Driver

#: seconds a test waits for a helper process to answer (a computer seat, a par proof, a review's
#: weighing): a guard against a hang, never a timing assertion
ANSWER_WAIT = 300


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


def text_tops(monkeypatch) -> list[int]:
    """From now on, the top (y) of every text drawn (game.client.text.blit), in order; drawing goes on."""
    drawn: list[int] = []
    original = text.blit

    def blit(surface, content, pos, *args, **kwargs):
        drawn.append(pos[1])
        return original(surface, content, pos, *args, **kwargs)

    monkeypatch.setattr(text, "blit", blit)
    return drawn


def texts_drawn(monkeypatch) -> list:
    """From now on, every text drawn (what game.client.text.blit was given), in order; drawing goes on."""
    drawn: list = []
    original = text.blit

    def blit(surface, content, *args, **kwargs):
        drawn.append(content)
        return original(surface, content, *args, **kwargs)

    monkeypatch.setattr(text, "blit", blit)
    return drawn
