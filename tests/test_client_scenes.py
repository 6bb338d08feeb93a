"""The real client, headless: every scene, whole games by posted input, a monkey run, storage."""

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import LEVELS
from game.client.app import App
from game.client.scenes.menus import (
    GameSelectScene,
    LevelSelectScene,
    ResultScene,
    RulesScene,
    SettingsScene,
    SetupScene,
)
from game.client.scenes.play import PlayScene
from game.client.scenes.title import TitleScene
from game.client.sessions import DuelSession, MatchSession, PuzzleSession
from game.client.storage import Store
from game.coinland import Gate, Move, legal_actions
from game.coinland.levels import load_level
from game.coinland.solver import solve
from game.coinland.state import Mode


@pytest.fixture
def app(tmp_path):
    application = App(store=Store(tmp_path))
    application.store.settings.animation_speed = "fast"
    yield application
    pygame.quit()


def frames(app, count=1):
    for _ in range(count):
        app.tick(1 / 60)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 2)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 2)


SCENES = [TitleScene, GameSelectScene, LevelSelectScene, SettingsScene, RulesScene,
          lambda: SetupScene(Mode.CLASSIC), lambda: SetupScene(Mode.DUEL)]


@pytest.mark.parametrize("make", SCENES)
def test_each_scene_starts_draws_and_exits_with_escape(app, make):
    app.push(TitleScene())
    scene = make()
    app.push(scene)
    frames(app, 30)
    depth = len(app.scenes)
    key(app, pygame.K_ESCAPE)
    assert len(app.scenes) == depth - 1


def wait_until(app, condition, limit=3000):
    for _ in range(limit):
        if condition():
            return
        frames(app)
    raise AssertionError("the condition never came true")


def test_a_puzzle_played_by_mouse_reaches_par_and_is_recorded(app):
    level = load_level(sorted(LEVELS.rglob("04-*.toml"))[0])
    record = lambda s: app.store.record("t", s.state.purses[0])  # noqa: E731
    play = PlayScene(PuzzleSession(level=level), level.name, on_finish=record)
    app.push(TitleScene())
    app.push(play)
    for cell in solve(level).moves:
        wait_until(app, lambda: not play.animator.busy)
        click(app, play.view.centre(cell))
    wait_until(app, lambda: isinstance(app.scene, ResultScene))
    assert play.session.state.purses[0] == level.par
    assert app.store.progress.best["t"] == level.par


def test_illegal_clicks_are_explained(app):
    level = load_level(sorted(LEVELS.rglob("04-*.toml"))[0])
    play = PlayScene(PuzzleSession(level=level), level.name)
    app.push(play)
    frames(app, 5)
    click(app, play.view.centre((2, -1)))  # not on a line from the centre
    assert "straight line" in play.message
    assert play.session.state.ply == 0


def human_action(session):
    actions = legal_actions(session.state)
    rng = random.Random(session.state.ply)
    return rng.choice([a for a in actions if not (isinstance(a, Move) and a.end)] or actions)


def play_by_input(app, play):
    for _ in range(400):
        wait_until(app, lambda: play.session.is_over or (play._human_turn() and not play.animator.busy))
        if play.session.is_over:
            return
        action = human_action(play.session)
        if isinstance(action, Move):
            click(app, play.view.centre(action.to))
        elif isinstance(action, Gate):
            a, b = play.view.edge_points(action.edge)
            click(app, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        else:
            play.perform(action)
    raise AssertionError("the game did not end")


def test_a_classic_match_against_the_computer_by_mouse(app):
    play = PlayScene(MatchSession(seats=("human", "easy"), size=3), "Classic")
    app.push(TitleScene())
    app.push(play)
    play_by_input(app, play)
    assert play.session.match.is_over and len(play.session.match.results) == 2
    wait_until(app, lambda: isinstance(app.scene, ResultScene))


def test_a_duel_between_two_humans_by_mouse(app):
    play = PlayScene(DuelSession(seats=("human", "human"), size=3), "Duel")
    app.push(TitleScene())
    app.push(play)
    play_by_input(app, play)
    assert play.session.state.is_over


def test_undo_takes_back_the_computer_reply_too(app):
    play = PlayScene(DuelSession(seats=("human", "easy"), size=3), "Duel")
    app.push(play)
    frames(app, 3)
    click(app, play.view.centre((-1, 0)))
    wait_until(app, lambda: play.session.state.to_move == 0 and not play.animator.busy and play.thinking is None)
    assert play.session.state.ply == 2
    key(app, pygame.K_u)
    assert play.session.state.ply == 0
    key(app, pygame.K_r)
    assert play.session.state.ply == 2


def test_monkey_ten_thousand_random_events(app):
    rng = random.Random(2026)
    app.store.settings.animation_speed = "instant"
    app.push(TitleScene())
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_TAB,
            pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_u, pygame.K_r, pygame.K_h, pygame.K_e, pygame.K_1,
            pygame.K_4, pygame.K_PAGEDOWN]
    for index in range(10_000):
        roll = rng.random()
        if roll < 0.45:
            event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="")
        elif roll < 0.8:
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rng.uniform(0, 1280), rng.uniform(0, 800)),
                                       button=1)
        else:
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.uniform(0, 1280), rng.uniform(0, 800)),
                                       rel=(0, 0), buttons=(0, 0, 0))
        if isinstance(app.scene, TitleScene) and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            continue  # leaving the title would end the run
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            continue
        pygame.event.post(event)
        if index % 4 == 0:
            frames(app)
        if not app.scenes:
            app.running = True
            app.push(TitleScene())
    assert app.frames > 2000


def test_corrupt_settings_are_set_aside_and_reported(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    (tmp_path / "progress.json").write_text('{"best": {"a": 3}}')
    store = Store(tmp_path)
    assert store.settings.animation_speed == "normal"
    assert store.progress.best == {"a": 3}
    assert len(store.warnings) == 1 and "settings.json" in store.warnings[0]
    assert (tmp_path / "settings.json.corrupt").exists()
    store.save()
    assert Store(tmp_path).warnings == []
