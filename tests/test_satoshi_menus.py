"""Finding Satoshi's menus: the game menu, the table setup by keyboard alone, resuming a saved game
(and setting a corrupt one aside), the title's Resume button, and the rules reference pages."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import sys
import types

import pygame
import pytest

from game.bitcoin import legal_actions
from game.bitcoin.data import load_data
from game.bitcoin.reference import KIND_NAMES, tile_detail
from game.bitcoin.rulings import rulings
from game.client.app import App
from game.client.driver import Driver
from game.client.game_select import GameSelectScene
from game.client.games import GAMES
from game.client.satoshi import saves, setup
from game.client.satoshi.menu import SatoshiMenuScene
from game.client.satoshi.rules_pages import CONTENT, CREDIT, build_pages
from game.client.satoshi.rules_scene import SatoshiRulesScene
from game.client.satoshi.session import PAWN_COLOURS, TableSession, default_setup
from game.client.satoshi.setup import SetupDraft, TableSetupScene
from game.client.scenes import Scene
from game.client.storage import Store
from game.client.title import TitleScene


class FakeTable(Scene):
    """Stands in for the Table engineer's TableScene: records what it was given."""

    def __init__(self, session, *, watch=False, exit_at_end=False, on_end=None):
        self.session, self.watch = session, watch


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    fake = types.ModuleType("game.client.satoshi.table")
    fake.TableScene = FakeTable
    monkeypatch.setitem(sys.modules, "game.client.satoshi.table", fake)
    monkeypatch.setattr(setup, "_remembered", SetupDraft())
    application = App(store=Store(tmp_path))
    application.toasts.clear()
    yield application
    pygame.quit()


def labels(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.group.widgets]


def focus_on(drive: Driver, scene, label: str) -> None:
    for _ in range(len(scene.group.widgets)):
        if scene.group.focused.label == label:
            return
        drive.key(pygame.K_TAB)
    raise AssertionError(f"no widget {label!r}")


def saved_game(app, steps: int = 25) -> TableSession:
    session = TableSession.start(default_setup(3, humans=1))
    rng = random.Random(4)
    for _ in range(steps):
        session.apply(rng.choice(legal_actions(session.state)))
    saves.autosave(app, session)
    return session


# --- the game select card and the menu -------------------------------------------------
def test_game_select_opens_the_menu_with_the_keyboard(app):
    drive = Driver(app)
    app.push(TitleScene())
    app.push(GameSelectScene())
    entry = next(g for g in GAMES if g.key == "satoshi")
    assert entry.available()
    surface = pygame.Surface((400, 200))
    assert entry.draw_icon(surface, surface.get_rect())
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], SatoshiMenuScene)


def test_menu_lists_resume_only_with_a_save_and_every_item_opens(app):
    drive = Driver(app)
    menu = SatoshiMenuScene()
    app.push(menu)
    drive.frames(2)
    assert labels(menu) == ["New game", "How to play", "Watch the computers", "Back"]
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], TableSetupScene)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], SatoshiRulesScene)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    watched = app.scenes[-1]
    assert isinstance(watched, FakeTable) and watched.watch
    assert len(watched.session.setup.seats) == 4 and not watched.session.humans
    app.pop()
    saved_game(app)
    menu.rebuild()
    assert labels(menu)[1] == "Resume saved game"
    assert menu.summary == "You, Hal and Nick  ·  25 actions played"


# --- setup -----------------------------------------------------------------------------
def test_setup_by_keyboard_alone_six_players_a_hard_seat_a_new_name_and_start(app):
    drive = Driver(app)
    app.push(SatoshiMenuScene())
    drive.key(pygame.K_RETURN)  # New game
    scene = app.scenes[-1]
    assert isinstance(scene, TableSetupScene)
    focus_on(drive, scene, "Players")
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert scene.draft.players == 6
    drive.key(pygame.K_DOWN)  # difficulty
    drive.key(pygame.K_RIGHT)
    assert scene.draft.difficulty == "hard"
    for _ in range(3):  # advanced, seed, seat 1 name
        drive.key(pygame.K_DOWN)
    for _ in range(3):
        drive.key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Satoko"))
    drive.frames(2)
    for _ in range(4):  # seat 1 kind, seat 1 colour, seat 2 name, seat 2 kind
        drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RIGHT)  # normal -> hard
    assert scene.draft.seats[0].name == "Satoko" and scene.draft.seats[1].kind == "hard"
    focus_on(drive, scene, "Start")
    drive.key(pygame.K_RETURN)
    table = app.scenes[-1]
    assert isinstance(table, FakeTable) and not table.watch
    seats = table.session.setup.seats
    assert len(seats) == 6 and seats[0].name == "Satoko" and seats[0].kind == "human" and seats[1].kind == "hard"
    assert len({s.colour for s in seats}) == 6
    assert table.session.setup.difficulty == "hard"
    assert not any(isinstance(s, TableSetupScene) for s in app.scenes)  # replaced, not stacked


def test_setup_is_remembered_and_shows_problems_instead_of_starting(app):
    drive = Driver(app)
    app.push(SatoshiMenuScene())
    scene = TableSetupScene()
    app.push(scene)
    focus_on(drive, scene, "Players")
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)  # 4 -> 2 players
    scene.fields[1].value = "   "  # seat 1 without a name
    focus_on(drive, scene, "Start")
    drive.key(pygame.K_RETURN)
    assert "Seat 1 name" in scene.problem and isinstance(app.scenes[-1], TableSetupScene)
    drive.frames(2)  # the reason is drawn, nothing crashes
    app.pop()
    again = TableSetupScene()
    app.push(again)
    assert again.draft.players == 2


def test_a_table_of_computers_only_is_watched(app):
    scene = TableSetupScene()
    app.push(scene)
    scene.draft.seats[0].kind = "easy"
    scene.start()
    assert isinstance(app.scenes[-1], FakeTable) and app.scenes[-1].watch


def test_seed_takes_digits_only_and_colours_never_repeat(app):
    drive = Driver(app)
    scene = TableSetupScene()
    app.push(scene)
    focus_on(drive, scene, "Seed (empty: a new table each game)")
    for chunk in ("4x2", " ", "7"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=chunk))
    drive.frames(2)
    assert scene.draft.seed == "427"
    drive.click(scene.fields[1].rect.center)  # a click on a name focuses it, it does not start the game
    assert app.scenes[-1] is scene and scene.group.focused is scene.fields[1]
    drive.click(scene.group.widgets[0].rect.move(-30, 0).midright)  # the Players choice, by mouse
    assert scene.draft.players == 5
    assert scene.draft.table_setup().seed == 427
    draft = SetupDraft()
    draft.set_players(6)
    for step in (1, 1, -1, 1, 1, 1):
        draft.cycle_colour(2, step)
        assert len({s.colour for s in draft.seats[:6]}) == 6  # all taken: nothing to cycle to
    draft.set_players(2)
    seen = set()
    for _ in range(len(PAWN_COLOURS)):
        draft.cycle_colour(1, 1)
        assert draft.seats[1].colour != draft.seats[0].colour
        seen.add(draft.seats[1].colour)
    assert len(seen) == len(PAWN_COLOURS) - 1


# --- resume ----------------------------------------------------------------------------
def test_resume_from_the_menu_is_the_saved_game(app):
    drive = Driver(app)
    session = saved_game(app)
    menu = SatoshiMenuScene()
    app.push(menu)
    focus_on(drive, menu, "Resume saved game")
    drive.key(pygame.K_RETURN)
    table = app.scenes[-1]
    assert isinstance(table, FakeTable)
    assert table.session.state == session.state
    assert [a.text for a in table.session.actions] == [a.text for a in session.actions]


def test_title_resume_opens_the_table_and_a_corrupt_save_is_set_aside(app):
    drive = Driver(app)
    title = TitleScene()
    app.push(title)
    assert labels(title) == ["Play", "Settings", "Recent games", "Quit"]
    session = saved_game(app)
    title.rebuild()
    assert labels(title) == ["Play", "Resume Finding Satoshi", "Settings", "Recent games", "Quit"]
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], FakeTable) and app.scenes[-1].session.state == session.state
    app.pop()
    path = saves.save_path(app)
    path.write_text('{"format": 1, "seed": "soon"}', encoding="utf-8")
    focus_on(drive, title, "Resume Finding Satoshi")
    drive.key(pygame.K_RETURN)
    assert app.scenes[-1] is title
    assert not path.exists() and path.with_name(path.name + ".corrupt").exists()
    assert any(f"{path.name}.corrupt" in t.message and "seed" in t.message for t in app.toasts)
    assert labels(title) == ["Play", "Settings", "Recent games", "Quit"]
    drive.frames(3)


def test_menu_resume_of_a_corrupt_save_toasts_and_drops_the_button(app):
    drive = Driver(app)
    saved_game(app)
    saves.save_path(app).write_text("not json", encoding="utf-8")
    menu = SatoshiMenuScene()
    app.push(menu)
    focus_on(drive, menu, "Resume saved game")
    drive.key(pygame.K_RETURN)
    assert app.scenes[-1] is menu and "Resume saved game" not in labels(menu)
    assert any(".corrupt" in t.message for t in app.toasts)


# --- rules -----------------------------------------------------------------------------
def test_rules_pages_all_draw_inside_the_page_and_turn_by_keys_and_mouse(app):
    drive = Driver(app)
    scene = SatoshiRulesScene()
    app.push(scene)
    for index in range(len(scene.pages)):
        assert scene.page == index
        surface = pygame.Surface((1280, 800))
        bottom = scene.pages[index].draw(surface, CONTENT)
        assert bottom <= CONTENT.bottom, scene.pages[index].title
        assert not scene.pages[index].overflowing(), scene.pages[index].title
        drive.key(pygame.K_RIGHT)
    assert scene.page == len(scene.pages) - 1
    drive.click(scene.group.widgets[0].rect.center)  # Previous
    assert scene.page == len(scene.pages) - 2
    drive.key(pygame.K_HOME)
    assert scene.page == 0
    drive.key(pygame.K_ESCAPE)
    assert scene not in app.scenes
    jobs = SatoshiRulesScene("Bitcoin jobs")
    assert jobs.pages[jobs.page].title.startswith("Bitcoin jobs")


def test_every_job_tile_card_event_and_ruling_of_the_data_is_on_some_page():
    data = load_data()
    words = "\n".join(t for page in build_pages(data) for t in page.texts())
    assert "Channing Jones" in CREDIT and CREDIT in words
    for job in data.jobs.values():
        assert job.name in words and job.text in words
    for tile in data.tiles.values():
        row = f"{KIND_NAMES[tile.kind]} | {tile_detail(tile)} | {tile.count}"
        assert row in words, tile.id
    for kind in {t.kind for t in data.tiles.values()}:
        assert KIND_NAMES[kind] in words
    for card in data.bitcoin_news.values():
        assert card.headline in words and f"{card.price:+d}$" in words
    for card in data.economic_news.values():
        assert card.headline in words and card.text in words
    for event in data.personal_events.values():
        assert f"{event.roll} | {event.title} | {event.text}" in words
    for level in data.software:
        assert f"{level.version} | +{level.rise}$" in words
    for level in data.mining:
        assert f"{level.level} | +{level.rise}$ | {level.btc}" in words
    for title, _ in rulings(data.rules.max_rounds, data.rules.offers_per_turn):
        assert title in words
