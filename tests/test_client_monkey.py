"""A seeded monkey: 10,000 random keys, clicks and moves across every scene must raise nothing."""

import os
import random

import pygame

from game.client.app import App
from game.client.coinland import computer
from game.client.storage import Store
from game.client.title import TitleScene

KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE,
        pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_u, pygame.K_r, pygame.K_n, pygame.K_h, pygame.K_s, pygame.K_x,
        pygame.K_e, pygame.K_p, pygame.K_g, pygame.K_1, pygame.K_3, pygame.K_6, pygame.K_PAGEDOWN, pygame.K_PAGEUP,
        pygame.K_z, pygame.K_F3]
EVENTS = int(os.environ.get("COINLAND_MONKEY_EVENTS", "10000"))
PER_FRAME = 5


def random_event(rng, app):
    roll = rng.random()
    width, height = app.window.get_size()
    pos = (rng.uniform(0, width), rng.uniform(0, height))
    if roll < 0.5:
        mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else (pygame.KMOD_CTRL if rng.random() < 0.05 else 0)
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="")
    if roll < 0.8:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.83:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rng.random() < 0.2, 0, 0))


def test_monkey_ten_thousand_random_events_across_all_scenes(tmp_path, monkeypatch):
    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(computer, "BUDGETS", {kind: 0.05 for kind in computer.BUDGETS})
    monkeypatch.setattr(computer, "MIN_THINK", 0.0)
    rng = random.Random(2026)
    app = App(store=Store(tmp_path))
    app.store.settings.animation_speed = "fast"
    app.push(TitleScene())
    visited = set()
    try:
        for index in range(EVENTS):
            if index == EVENTS // 2:
                app.store.settings.animation_speed = "instant"
            event = random_event(rng, app)
            pygame.event.post(event)
            if index % PER_FRAME == PER_FRAME - 1:
                app.tick(1 / 60)
                visited.add(type(app.scene).__name__)
            if not app.running or not app.scenes:
                app.running = True
                app.scenes.clear()
                app.push(TitleScene())
    finally:
        pygame.quit()
    assert {"TitleScene", "GameSelectScene", "ModeSelectScene", "PlayScene"} <= visited, visited


def test_monkey_random_events_across_the_finding_satoshi_scenes(tmp_path, monkeypatch):
    """Menu, setup, rules, tables with one and two humans, hand-overs, role cards, pause: nothing raises."""
    from game.client.satoshi import computer as satoshi_computer
    from game.client.satoshi.menu import SatoshiMenuScene
    from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
    from game.client.satoshi.table import TableScene

    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(satoshi_computer, "BUDGETS", {kind: 0.05 for kind in satoshi_computer.BUDGETS})
    monkeypatch.setattr(satoshi_computer, "MIN_THINK", 0.0)
    rng = random.Random(2027)
    events = max(1000, EVENTS * 6 // 10)
    app = App(store=Store(tmp_path))
    app.store.settings.animation_speed = "fast"

    def table(index: int) -> TableScene:
        """Every so often a fresh table, with two humans (hand-overs) or one."""
        kinds = (HUMAN, "easy", HUMAN, "random") if index % 2 else ("easy", HUMAN, "normal", "random", "easy", "hard")
        names = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")
        return TableScene(TableSession.start(TableSetup(tuple(Seat(names[i], k, i) for i, k in enumerate(kinds)),
                                                        seed=index)))

    def restart() -> None:
        app.running = True
        app.scenes.clear()
        app.push(TitleScene())
        app.push(SatoshiMenuScene())

    restart()
    visited = set()
    try:
        for index in range(events):
            if index == events // 2:
                app.store.settings.animation_speed = "instant"
            if index % 1500 == 750:
                app.push(table(index // 1500))
            pygame.event.post(random_event(rng, app))
            if index % PER_FRAME == PER_FRAME - 1:
                app.tick(1 / 60)
                visited.add(type(app.scene).__name__)
            if not app.running or not any(type(s).__module__.startswith("game.client.satoshi") for s in app.scenes):
                restart()  # the monkey left Finding Satoshi: back to its menu
    finally:
        pygame.quit()
    # Not "HandoverScene": whether random input reaches a second human's turn depends on how fast the
    # computer seats answer from their helper process, so it varies with the machine's load (a CI
    # run missed it); tests/test_satoshi_games.py plays hand-overs exactly.
    assert {"SatoshiMenuScene", "TableSetupScene", "SatoshiRulesScene", "TableScene", "PauseScene"} <= visited, visited
