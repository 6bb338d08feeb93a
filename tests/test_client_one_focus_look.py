"""Issue 17, item 8: one look means "Enter acts here", and only one widget wears it at a time.

The gold fill used to mark a scene's default button whatever had the focus, so the title, the
game menu, the level tabs and dialogs showed two "selected" buttons at once.
"""

import pygame
import pytest

from game.client import palette as pal
from game.client.coinland.levels_menu import LevelSelectScene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.share_dialog import ShareScene
from game.client.driver import Driver
from game.client.pause import PauseScene
from game.client.title import TitleScene
from game.client.widgets import Button
from game.coinland.levels import Level


@pytest.fixture
def app(make_app):
    return make_app()


def gold_buttons(app, scene=None) -> list[Button]:
    """The buttons of `scene` (the top one by default) drawn with the gold fill, sampled beside the label."""
    frame = app.surface
    found = []
    for widget in (scene or app.scene).group.widgets:
        if type(widget) is Button:
            x, y = widget.rect.left + 7, widget.rect.centery
            if frame.get_at((x, y))[:3] in (pal.GOLD, pal.lighter(pal.GOLD, 20)):
                found.append(widget)
    return found


def focused(app):
    return app.scene.group.focused


SCENES = {
    "title": TitleScene,
    "game menu": ModeSelectScene,
    "level select": LevelSelectScene,
    "pause": lambda: PauseScene([("Restart", lambda: None), ("Quit to menu", lambda: None)]),
    "share dialog": lambda: ShareScene(Level(name="Mint", size=3)),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_only_the_widget_enter_acts_on_looks_selected(app, name):
    drive = Driver(app)
    app.push(TitleScene())
    if name != "title":
        app.push(SCENES[name]())
    for _ in range(4):
        drive.frames(3)
        gold = gold_buttons(app)
        target = focused(app)
        if type(target) is Button:  # list rows draw their own focus (the ring), never gold
            assert gold == [target], name
        else:
            assert gold == [], name
        drive.key(pygame.K_TAB)


def test_the_chosen_level_tab_is_marked_without_the_focus_look(app):
    drive = Driver(app)
    app.push(LevelSelectScene())
    drive.frames(3)
    tabs = [w for w in app.scene.group.widgets if isinstance(w, Button) and w.current]
    assert len(tabs) == 1 and focused(app) is not tabs[0]
    assert tabs[0] not in gold_buttons(app)


def test_a_scene_under_a_dialog_shows_no_focus(app):
    from game.client.scenes import Scene, shade

    class Veil(Scene):
        overlay = True

        def draw(self, surface):
            shade(surface, 0)  # covers nothing: the scene below shows as it is

    drive = Driver(app)
    app.push(TitleScene())
    drive.frames(3)
    title = app.scene
    first = title.group.focused
    assert type(first) is Button and gold_buttons(app) == [first]
    app.push(Veil())
    drive.frames(3)
    assert title.group.focused is first and gold_buttons(app, title) == []
