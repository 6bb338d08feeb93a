"""The screenshot tour's pages for the campaign extras: a locked pack, the editor, shared levels, endless."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.hexgrid import edge


def editor_tour(app, drive, shot: Callable[..., None]) -> None:
    """Push each scene, pose it as a player would see it, and take its picture."""
    from game.client.coinland.editor import EditorScene
    from game.client.coinland.extra_puzzles import CodeScene, EndlessScene
    from game.client.coinland.levels_menu import LevelSelectScene

    select = LevelSelectScene()
    app.push(select)
    drive.frames(2)
    select._select_pack(1)()
    shot("level-select-locked-pack")
    editor = EditorScene()
    app.push(editor)
    drive.frames(2)
    for a, b in (((0, 0), (1, 0)), ((0, 0), (0, 1)), ((1, -1), (1, 0)), ((-1, 0), (-1, 1)), ((2, -2), (2, -1))):
        drive.click(editor.view.edge_mid(edge(a, b)))
    drive.click(editor.view.centre((-1, -1)))
    editor.tool = "coinless"
    for cell in ((2, 0), (-3, 3), (0, 3)):
        drive.click(editor.view.centre(cell))
    drive.until(lambda: editor.par is not None, 3000)
    drive.move(editor.view.edge_mid(edge((1, 1), (1, 2))))
    shot("editor")
    editor.share()
    shot("editor-share-code", 4)
    app.pop()
    code = CodeScene()
    app.push(code)
    code.field.value = "CL1-NOT-A-CODE"
    drive.key(pygame.K_RETURN)
    shot("shared-level-error", 4)
    app.pop()
    app.push(EndlessScene())
    shot("endless")
    app.pop()
    app.pop()
