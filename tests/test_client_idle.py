"""Every screen left alone rests: drawn about once a second, not every frame (issue 34 item 9).

Each case of game/client/idle_tour.py (every menu, dialog, setup, board waiting for a person,
result, review, the editor and Finding Satoshi's table) is posed on a fresh App, left alone
for a few seconds of frames (idle decorations play out), then counted: over 5 seconds of
frames a still screen may be drawn at most once a second (the stage's safety redraw). On the
main this was written against, every screen but the title with reduced motion and the level
list was drawn on every frame. scripts/bench_idle.py gives the CPU figures.
"""

import pygame
import pytest

from game.client.app import App
from game.client.idle_tour import CASES, pose

FRAME = 1 / 20  # seconds per frame: what is counted is frames drawn per second of screen time


@pytest.fixture
def fresh_app(make_app):
    return make_app(think=0.0)


def drawn_over(app: App, seconds: float) -> int:
    before = app.drawn
    for _ in range(round(seconds / FRAME)):
        app.tick(FRAME)
    return app.drawn - before


@pytest.mark.parametrize("case", [c for c in CASES if not c.moving], ids=lambda c: c.name)
def test_a_screen_left_alone_is_drawn_at_most_once_a_second(fresh_app, case):
    pose(fresh_app, case)
    fresh_app.lazy = True  # the real loop's rule: still frames are not drawn
    drawn_over(fresh_app, 6.0)  # idle decorations fade out; the last pictures are drawn
    assert drawn_over(fresh_app, 5.0) <= 6, f"{case.name}: redrawn while nothing changes"


def test_input_and_change_are_still_drawn_at_once(fresh_app):
    """Resting never hides a change: a key on a quiet menu is drawn in the frame that reads it."""
    fresh_app.open("coinland.modes")
    fresh_app.lazy = True
    drawn_over(fresh_app, 6.0)
    before = fresh_app.drawn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    fresh_app.tick(FRAME)
    assert fresh_app.drawn == before + 1
    assert fresh_app.scene.group.focus == 1
