"""Drive an App frame by frame with posted input: tests, the screenshot tour and benchmarks.

Positions are logical (1280x800) and converted to window pixels before posting, so the
App's own letterbox mapping is exercised too. Frames have a fixed length; nothing waits
on the wall clock except `until`, which gives up after a number of frames and a number of
seconds, whichever comes later.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.client import worker

PATIENCE = 60.0  # seconds `until` waits at least, for what a helper process computes under load


class Driver:
    """Posts input in logical coordinates and runs frames of a fixed length."""

    def __init__(self, app) -> None:  # game.client.app.App (imported late: SDL env first)
        self.app = app

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.app.tick(1 / 60)

    def key(self, key: int, mod: int = 0, frames: int = 2) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        self.frames(frames)

    def move(self, pos: tuple[float, float], frames: int = 2) -> None:
        where = self.app.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(frames)

    def click(self, pos: tuple[float, float], frames: int = 2) -> None:
        where = self.app.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1))
        self.frames(frames)

    def until(self, condition: Callable[[], bool], limit: int = 4000, patience: float = PATIENCE) -> None:
        """Run frames until `condition()`; give up after `limit` frames *and* `patience` seconds.

        Frames here take no time, but what a scene waits for may: a computer player thinks in a
        helper process, which a busy machine starts and runs slowly. A frame count alone made
        such waits fail under load; the wall clock alone would spin forever on a dead scene.
        While a helper works, the next frame waits for its answer (within `patience` in all):
        frames drawn meanwhile would find it still working, burn a core on the same picture and
        slow the helper down. The scene still takes the answer in its own next frame."""
        started, frames = time.monotonic(), 0
        while frames < limit or time.monotonic() - started < patience:
            if condition():
                return
            worker.wait_for_answers(max(0.0, patience - (time.monotonic() - started)))
            self.frames(1)
            frames += 1
            if frames >= limit:
                time.sleep(0.005)  # past the frame count: wait for the helper, not spin
        raise RuntimeError(f"the tour waited too long for a scene ({frames} frames, {patience:.0f} s)")
