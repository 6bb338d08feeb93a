"""Every scene of the client starts, draws and goes back, headless, through the real App."""

import warnings

import pygame
import pytest

from game.client.coinland.levels_menu import LevelSelectScene, level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs
from game.client.coinland.rating import level_key
from game.client.coinland.rules_scene import RulesScene, pages, playable
from game.client.coinland.setup import Setup, SetupScene, play_scene
from game.client.driver import Driver
from game.client.game_select import GameSelectScene
from game.client.games import GAMES
from game.client.pause import PauseScene
from game.client.settings_menu import SettingsScene
from game.client.storage import Store
from game.client.title import TitleScene
from game.coinland.state import Mode


@pytest.fixture
def app(make_app):
    return make_app()


def first_puzzle():
    packs, _ = load_packs()
    return level_scene(packs[0], 0)


MENUS = {
    "title": TitleScene,
    "game select": GameSelectScene,
    "mode select": ModeSelectScene,
    "level select": LevelSelectScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "classic setup": lambda: SetupScene(Mode.CLASSIC),
    "duel setup": lambda: SetupScene(Mode.DUEL),
}


@pytest.mark.parametrize("name", list(MENUS))
def test_each_menu_scene_starts_draws_and_escape_goes_back(app, name):
    drive = Driver(app)
    app.push(TitleScene())
    scene = MENUS[name]()
    app.push(scene)
    drive.frames(30)
    depth = len(app.scenes)
    drive.key(pygame.K_ESCAPE)
    if name == "title":  # the first Esc only moves the focus to Quit
        assert len(app.scenes) == depth and scene.group.focused.label == "Quit"
        drive.key(pygame.K_ESCAPE)
    assert len(app.scenes) == depth - 1
    assert app.running or name == "title"


PLAYS = {
    "puzzle": first_puzzle,
    "classic": lambda: play_scene(Setup(Mode.CLASSIC, ("human", "easy"), 3), seed=1),
    "duel": lambda: play_scene(Setup(Mode.DUEL, ("human", "human"), 4), seed=1),
}


@pytest.mark.parametrize("name", list(PLAYS))
def test_each_play_scene_pauses_resumes_and_leaves(app, name):
    drive = Driver(app)
    app.push(ModeSelectScene())
    play = PLAYS[name]()
    app.push(play)
    drive.frames(30)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    drive.frames(10)
    drive.key(pygame.K_ESCAPE)
    assert app.scene is play
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_DOWN)
    labels = [w.label for w in app.scene.group.widgets]
    assert labels[-1] == "Leave the game"
    drive.click(app.scene.group.widgets[-1].rect.center)
    if not isinstance(app.scene, ModeSelectScene):  # a match in progress asks first: abandon it
        abandon = next(w for w in app.scene.group.widgets if w.label.startswith("Abandon"))
        drive.click(abandon.rect.center)
    assert isinstance(app.scene, ModeSelectScene)


def test_every_rules_page_has_a_fully_legal_animated_example(app):
    for page in pages():
        assert len(playable(page.start, page.script)) == len(page.script), page.title
        assert "Néstor Romeral Andrés" in page.body or page.title != "About"
    drive = Driver(app)
    rules = RulesScene()
    app.push(rules)
    for index in range(len(rules.pages)):
        assert rules.page == index
        drive.frames(100)
        assert rules.demo is not None and rules.demo.index > 0, "the example did not play"
        drive.key(pygame.K_RIGHT)


def test_game_select_opens_a_ready_game_and_calls_a_missing_one_coming_soon(app, monkeypatch):
    drive = Driver(app)
    app.push(GameSelectScene())
    satoshi = next(g for g in GAMES if g.key == "satoshi")
    cards = app.scene.group.widgets
    if not satoshi.available():
        drive.click(cards[1].rect.center)
        assert isinstance(app.scene, GameSelectScene)
        assert any("coming soon" in t.message for t in app.toasts)
    drive.click(cards[0].rect.center)
    assert isinstance(app.scene, ModeSelectScene)


def test_keyboard_alone_reaches_every_hoarder_and_gatekeeper_scene(app):
    drive = Driver(app)
    app.push(TitleScene())
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, GameSelectScene)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, ModeSelectScene)
    seen = set()
    for steps in range(4):  # Puzzle, Classic, Duel, How to play
        for _ in range(steps):
            drive.key(pygame.K_DOWN)
        drive.key(pygame.K_RETURN)
        seen.add(type(app.scene).__name__)
        if isinstance(app.scene, SetupScene):
            for _ in range(4):
                drive.key(pygame.K_DOWN)
            drive.key(pygame.K_RETURN)  # Start
            seen.add(type(app.scene).__name__)
        elif isinstance(app.scene, LevelSelectScene):
            drive.key(pygame.K_RETURN)
            seen.add(type(app.scene).__name__)
        drive.key(pygame.K_ESCAPE)
        if type(app.scene).__name__ == "PauseScene":
            drive.key(pygame.K_UP)
            drive.key(pygame.K_RETURN)  # Leave the game (focus wraps to the last item)
        if type(app.scene).__name__ == "Dialog":  # a match with a person asks: keep, leave for later, abandon
            drive.key(pygame.K_DOWN)
            drive.key(pygame.K_DOWN)
            drive.key(pygame.K_RETURN)  # Abandon
        for _ in range(10):  # bounded: a scene that Esc cannot leave fails here instead of hanging
            if isinstance(app.scene, ModeSelectScene):
                break
            drive.key(pygame.K_ESCAPE)
        assert isinstance(app.scene, ModeSelectScene), type(app.scene).__name__
    assert seen == {"LevelSelectScene", "SetupScene", "PlayScene", "RulesScene"}


def test_a_resized_window_letterboxes_and_maps_clicks_back(app):
    app.window = pygame.display.set_mode((1600, 1200), pygame.RESIZABLE)
    scale, ox, oy = app.viewport()
    assert scale == pytest.approx(1.25) and ox == 0 and oy == 100
    assert app.to_logical((800, 600)) == pytest.approx((640, 400))
    drive = Driver(app)
    app.push(TitleScene())
    drive.frames(3)
    settings_button = app.scene.group.widgets[1]
    drive.click(settings_button.rect.center)
    assert isinstance(app.scene, SettingsScene)


def test_f11_toggles_full_screen_and_remembers_it(app):
    drive = Driver(app)
    app.push(TitleScene())
    drive.key(pygame.K_F11)
    assert app.fullscreen and app.store.settings.fullscreen
    drive.key(pygame.K_F11)
    assert not app.fullscreen and not app.store.settings.fullscreen
    assert app.scene is not None and app.running


def test_settings_change_by_keyboard_and_persist(app, tmp_path):
    drive = Driver(app)
    app.push(TitleScene())
    app.push(SettingsScene())
    drive.key(pygame.K_LEFT)  # master volume down a step
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RIGHT)  # animation speed: normal -> fast
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)  # reduced motion on
    drive.key(pygame.K_ESCAPE)
    saved = Store(tmp_path).settings
    assert saved.master_volume == pytest.approx(0.7)
    assert saved.animation_speed == "fast"
    assert saved.reduced_motion is True


def test_my_levels_pack_loads_and_a_broken_file_is_reported_once(app, tmp_path):
    mine = tmp_path / "levels"
    mine.mkdir()
    (mine / "good.toml").write_text('format = 1\nname = "Mine"\nsize = 2\n', encoding="utf-8")
    (mine / "bad.toml").write_text('format = 1\nname = "Bad"\nsize = 99\n', encoding="utf-8")
    drive = Driver(app)
    app.push(ModeSelectScene())
    notices = []
    for _ in range(2):
        app.push(LevelSelectScene())
        drive.frames(2)
        assert app.scene.packs[-1].name == "My levels"
        assert [level.name for level in app.scene.packs[-1].levels] == ["Mine"]
        notices += [t.message for t in app.toasts if "bad.toml" in t.message]
        drive.key(pygame.K_ESCAPE)  # Esc also takes the toasts away
    assert len(notices) == 1 and "size" in notices[0]


def test_level_select_by_keyboard_tabs_rows_and_scrolling(app):
    drive = Driver(app)
    for level in load_packs()[0][0].levels:  # the tutorial solved at par: the next pack is open
        app.store.record(level_key(level), level.par)
    app.push(ModeSelectScene())
    select = LevelSelectScene()
    app.push(select)
    drive.frames(2)
    assert select.group.focused.index == 0  # the first level
    drive.key(pygame.K_UP)
    assert select.group.focus == select.pack_index  # up onto the pack tabs
    drive.key(pygame.K_RIGHT)
    assert select.pack_index == 1
    assert select.group.focused.index == 0  # a new pack starts on its first level
    for _ in range(len(select.pack.levels) - 1):
        drive.key(pygame.K_DOWN)
    assert select.group.focused.index == len(select.pack.levels) - 1
    assert select.first == max(0, len(select.pack.levels) - 7)  # scrolled to keep it in view
    drive.key(pygame.K_RETURN)
    assert type(app.scene).__name__ == "PlayScene"
    assert app.scene.session.level == select.pack.levels[-1]


def test_the_window_keeps_a_readable_minimum_size(app):
    from game.client.window import MIN_WINDOW

    least = app.minimum_size()
    desktop = pygame.display.get_desktop_sizes()[0]
    assert least == MIN_WINDOW or (least[0] <= desktop[0] and least[1] <= desktop[1])
    with warnings.catch_warnings():  # deprecated, but it is the window the App draws on
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert tuple(window.minimum_size) == least
    window.size = (420, 300)  # SDL clamps a resize to the minimum
    assert window.size[0] >= least[0] and window.size[1] >= least[1]
    app.window = pygame.display.set_mode((420, 300), pygame.RESIZABLE)  # a window manager that ignored it
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(420, 300), w=420, h=300))
    width, height = app.window.get_size()
    assert width >= least[0] and height >= least[1]


def test_a_still_screen_is_not_redrawn_until_something_happens(app):
    drive = Driver(app)
    app.lazy = True  # as in App.run
    app.store.take_warnings()  # no welcome toast: toasts are drawn every frame
    app.push(LevelSelectScene())
    drive.frames(3)
    drawn = app.drawn
    drive.frames(20)  # a third of a second with no input: nothing to draw
    assert app.drawn == drawn and app.quiet
    drive.key(pygame.K_DOWN, frames=1)
    assert app.drawn == drawn + 1 and not app.quiet
    app.toast("hello")
    drive.frames(2)
    assert app.drawn == drawn + 3  # a toast is shown (and later cleared)
    app.toasts.clear()
    drive.frames(2)
    drawn = app.drawn
    drive.frames(int(60 * 1.2))  # but a still screen is redrawn about once a second all the same
    assert drawn < app.drawn <= drawn + 2


def test_the_title_rain_draws_every_frame_unless_motion_is_reduced(app):
    drive = Driver(app)
    app.lazy = True
    app.store.take_warnings()
    app.push(TitleScene())
    drive.frames(3)
    drawn = app.drawn
    drive.frames(10)
    assert app.drawn == drawn + 10
    app.store.settings.reduced_motion = True
    drive.frames(2)
    drawn = app.drawn
    drive.frames(10)
    assert app.drawn == drawn


def test_leaving_the_game_leaves_no_helper_process(tmp_path, monkeypatch):
    from game.client import worker
    from game.client.app import run_app

    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    assert run_app(max_frames=3) == 0  # the first frame starts a spare helper for the searches
    assert worker.helper_count() == 0
