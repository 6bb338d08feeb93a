"""Shared test set-up.

The suite runs in parallel (pytest-xdist): each worker runs an arbitrary share of the tests in an
arbitrary order, so no test may lean on what an earlier one left behind: the environment
variables included, which every test leaves as it found them (`_environment_restored`; a test
sets one with `monkeypatch.setenv`, never through `os.environ`, tests/test_suite_hygiene.py).
"""

from __future__ import annotations

import os
import sys

import pytest
from keep_env import environment_kept

# the suite is headless wherever it runs (scripts/test exports the same): set once, here, before
# any test module is imported, rather than by each test file for the whole process
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def pytest_configure(config: pytest.Config) -> None:
    for key, value in HEADLESS.items():
        os.environ.setdefault(key, value)


@pytest.fixture(autouse=True)
def _environment_restored():
    """Put back every environment variable a test (or the code it ran: the window names its
    class in SDL_VIDEO_X11_WMCLASS) set, changed or removed, so the next test, in any order,
    sees the environment the suite started with."""
    with environment_kept():
        yield


@pytest.fixture(autouse=True)
def _fresh_text_caches() -> None:
    """Forget cached fonts before each test: many tests end with pygame.quit(), which kills every
    font made before it ("Invalid font (font module quit since font created)"), and the game's
    text module would hand a later test one of those dead fonts. The game itself quits only once."""
    text = sys.modules.get("game.client.text")
    if text is not None:
        text.reset()


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """Make the game's window for a client test, on a fresh data folder (`tmp_path`), and quit
    pygame after the test. One factory instead of a fixture per file, which had drifted apart:

    - `first`: the scene to open on (a class or any callable making one), none by default;
    - `think`: the computer's least thinking time (computer.MIN_THINK), e.g. 0.0 for quick games;
    - `replay_gap`: the pause between the moves Solve replays (play_help.REPLAY_GAP);
    - `quiet`: no start-up toasts (the welcome line); `fresh_warnings`: the store's warnings taken;
    - any other keyword is a setting (`animation_speed="instant"`, `phone_address=...`).

    Imports are made here, not above: tests that never open a window do not load pygame."""
    made = []

    def make(first=None, *, think=None, replay_gap=None, quiet=False, fresh_warnings=False, **settings):
        from dataclasses import fields

        from game.client.app import App
        from game.client.storage import Store

        monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
        if think is not None:
            from game.client.coinland import computer

            monkeypatch.setattr(computer, "MIN_THINK", think)
        if replay_gap is not None:
            from game.client.coinland import play_help

            monkeypatch.setattr(play_help, "REPLAY_GAP", replay_gap)
        application = App(store=Store(tmp_path))
        known = {item.name for item in fields(application.store.settings)}
        for name, value in settings.items():
            if name not in known:
                raise TypeError(f"make_app: no setting {name!r} (settings: {sorted(known)})")
            setattr(application.store.settings, name, value)
        if quiet:
            application.toasts.clear()
        if fresh_warnings:
            application.store.take_warnings()
        if first is not None:
            application.push(first())
        made.append(application)
        return application

    yield make
    if made:
        import pygame

        pygame.quit()
