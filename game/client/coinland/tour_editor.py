"""The screenshot tour's pages for the campaign extras: a locked pack, the editor and its share code,
test play, My levels, a refused code, the puzzle of the day and endless puzzles.

`tour_steps(app, shot)` takes the same `shot(name, frames)` callback as game/client/tour.py and
leaves the scene stack as it found it. Saved levels go to the App's own Store folder, so a tour
run with a temporary Store never touches the player's levels.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pygame

from game.client.driver import Driver
from game.hexgrid import edge

Shot = Callable[..., None]
GATES = (((0, 0), (1, 0)), ((0, 0), (0, 1)), ((1, -1), (1, 0)), ((-1, 0), (-1, 1)), ((2, -2), (2, -1)))


def tour_steps(app, shot: Shot) -> None:
    """Push each scene, pose it as a player would see it, and take its picture."""
    drive = Driver(app)
    depth = len(app.scenes)
    select = _level_select(app, drive, shot)
    _editor(app, drive, shot, select)
    _shared(app, drive, shot)
    _daily_and_endless(app, drive, shot)
    while len(app.scenes) > depth:
        app.pop()


def editor_tour(app, drive, shot: Shot) -> None:
    """The name tour.py calls (its `drive` is not needed: the steps make their own)."""
    tour_steps(app, shot)


def _level_select(app, drive: Driver, shot: Shot):
    from game.client.coinland.levels_menu import LevelSelectScene

    select = LevelSelectScene()
    app.push(select)
    drive.frames(2)
    select._select_pack(1)()
    shot("level-select-locked-pack")
    select._select_pack(0)()
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_c)
    shot("level-share-code", 10)
    app.pop()
    return select


def _editor(app, drive: Driver, shot: Shot, select) -> None:
    from game.client.coinland.editor import EditorScene
    from game.client.coinland.play import PlayScene

    editor = EditorScene()
    app.push(editor)
    drive.frames(2)
    for a, b in GATES:
        drive.click(editor.view.edge_mid(edge(a, b)))
    drive.click(editor.view.centre((-1, -1)))
    editor.tool = "coinless"
    for cell in ((2, 0), (-3, 3), (0, 3)):
        drive.click(editor.view.centre(cell))
    drive.key(pygame.K_EQUALS)
    drive.until(lambda: editor.par is not None, 3000)
    drive.move(editor.view.edge_mid(edge((1, 1), (1, 2))))
    shot("editor")
    drive.click(editor.name_field.rect.center)  # the Name field has the keyboard: every key goes to it
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Reviewer Ring"))
    drive.key(pygame.K_LEFT, mod=pygame.KMOD_SHIFT | pygame.KMOD_CTRL)
    shot("editor-typing-name", 4)
    drive.key(pygame.K_RETURN)
    editor.share()
    shot("editor-share-code", 10)
    app.pop()
    editor.draft.name = editor.name_field.value = "Five Gates"
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    shot("editor-saved", 4)
    drive.key(pygame.K_p)
    shot("editor-test-play", 30)
    app.pop_to(lambda scene: not isinstance(scene, PlayScene))
    app.pop()  # back in the level select, which reloads My levels
    select._select_pack(len(select.packs) - 1)()
    shot("level-select-my-levels")
    row = next(w for w in select.group.widgets if w.__class__.__name__ == "LevelRow")
    where = app.to_window(row.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=3))
    shot("level-actions", 10)
    app.pop()


def _shared(app, drive: Driver, shot: Shot) -> None:
    from game.client.coinland.extra_puzzles import CodeScene

    code = CodeScene()
    app.push(code)
    code.field.value = "CL1-NOT-A-CODE"
    drive.key(pygame.K_RETURN)
    shot("enter-code-refused", 4)
    app.pop()


def _daily_and_endless(app, drive: Driver, shot: Shot) -> None:
    from game.client.coinland.extra_puzzles import EndlessScene, PreparingScene, daily_scene
    from game.client.coinland.play import PlayScene
    from game.coinland.daily import random_puzzle

    app.push(daily_scene())
    drive.until(lambda: isinstance(app.scene, PlayScene), 3000)
    shot("puzzle-of-the-day", 30)
    app.pop()
    app.push(EndlessScene(random.Random(1)))
    shot("endless")
    release = threading.Event()

    def make():
        release.wait(10)  # held until the picture of the waiting screen is taken
        return random_puzzle("hard", 7)

    app.push(PreparingScene(make, lambda level: f"Endless (hard) #7: {level.name}"))
    shot("endless-proving-par", 10)
    release.set()
    drive.until(lambda: isinstance(app.scene, PlayScene), 3000)
    shot("endless-play", 30)
    app.pop()
    app.pop()
