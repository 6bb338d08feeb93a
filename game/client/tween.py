"""Easing, tweens and a timeline of stages: the motion layer under every animation.

A `Tween` runs 0..1 over its duration after an optional delay and calls `on_start` and
`on_done` exactly once, whether it plays out or is finished early. A `Timeline` plays
stages in order (the tweens of one stage together), can be sped up, and `finish()`
completes everything at once, so input never waits for an animation.
"""

from __future__ import annotations

import math
from collections.abc import Callable

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float, overshoot: float = 1.7) -> float:
    """Overshoots a little and settles: pops and banners."""
    c3 = overshoot + 1
    return 1 + c3 * (t - 1) ** 3 + overshoot * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def along(points: list[Point], t: float) -> Point:
    """The point a fraction `t` of the way along a polyline of equal-length steps."""
    if len(points) < 2:
        return points[-1] if points else (0.0, 0.0)
    position = max(0.0, min(1.0, t)) * (len(points) - 1)
    index = min(int(position), len(points) - 2)
    return lerp_point(points[index], points[index + 1], position - index)


Callback = Callable[[], None] | None


class Tween:
    """One animation. Subclasses draw themselves from `t` (0..1, linear) in `draw`."""

    def __init__(self, duration: float, delay: float = 0.0, on_start: Callback = None,
                 on_done: Callback = None) -> None:
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.on_start = on_start
        self.on_done = on_done
        self.started = False
        self.done = False

    @property
    def t(self) -> float:
        if self.done:
            return 1.0
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def running(self) -> bool:
        return self.started and not self.done

    def step(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if not self.started and self.elapsed >= self.delay:
            self.start()
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()

    def finish(self) -> None:
        """Jump to the end: start and done callbacks still run, once each."""
        if self.done:
            return
        self.start()
        self.done = True
        if self.on_done:
            self.on_done()

    def draw(self, surface, context) -> None:  # any surface-like target and drawing context
        """Draw at the current progress; `context` is whatever the owner passes (a board view)."""


class Wait(Tween):
    """A pause between stages (a beat before the result, a gap in a replay)."""


class Timeline:
    """Stages of tweens: each stage runs its tweens together; stages run in order."""

    def __init__(self) -> None:
        self.stages: list[list[Tween]] = []

    @property
    def busy(self) -> bool:
        return bool(self.stages)

    def add(self, *tweens: Tween) -> None:
        """A new stage that starts when the ones before it are done."""
        if tweens:
            self.stages.append(list(tweens))

    def join(self, *tweens: Tween) -> None:
        """Add to the last stage, to run alongside it."""
        if self.stages:
            self.stages[-1].extend(tweens)
        else:
            self.add(*tweens)

    def update(self, dt: float, speed: float = 1.0) -> None:
        """Advance by `dt` seconds at `speed` (0 = instant: everything completes now)."""
        if speed <= 0:
            self.finish()
            return
        budget = dt * speed
        while self.stages and budget >= 0:
            stage = self.stages[0]
            for tween in stage:
                tween.step(budget)
            if not all(t.done for t in stage):
                return
            self.stages.pop(0)
            budget = 0.0  # a finished stage hands over to the next one on the next step

    def finish(self) -> None:
        """Complete everything now, in order, so every callback sees the same end state."""
        while self.stages:
            for tween in self.stages.pop(0):
                tween.finish()

    def current(self) -> list[Tween]:
        return self.stages[0] if self.stages else []

    def pending(self) -> list[Tween]:
        return [t for stage in self.stages for t in stage]


class Shake:
    """Screen shake that decays; zero when reduced motion is on."""

    def __init__(self) -> None:
        self.strength = 0.0
        self.clock = 0.0

    def kick(self, strength: float) -> None:
        self.strength = max(self.strength, strength)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.strength = max(0.0, self.strength - dt * 1.6)

    def offset(self) -> tuple[int, int]:
        if self.strength <= 0:
            return (0, 0)
        amp = 14 * self.strength ** 2
        return (round(math.sin(self.clock * 63) * amp), round(math.cos(self.clock * 51) * amp * 0.6))
