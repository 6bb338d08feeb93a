"""Animations queued from rule events: pawn slides, coin bursts, fee flights, gate strokes.

Physics (pymunk) is decoration only: the state on screen always comes from the engine.
Any input may `finish()` the queue at once; "instant" speed runs the same events with no
tweening; reduced motion drops bursts and shakes but keeps the information.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pymunk

from game.client.board_view import BoardView
from game.client.palette import TEXT, blit_text

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t ** 3


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Anim:
    """One animation: `progress` runs 0..1 over `duration` seconds."""

    duration: float
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    done: bool = False

    @property
    def t(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def step(self, dt: float) -> None:
        self.elapsed += dt
        if self.t >= 1.0 and not self.done:
            self.finish()

    def finish(self) -> None:
        if not self.done:
            self.done = True
            if self.on_done:
                self.on_done()

    def draw(self, surface: pygame.Surface, view: BoardView) -> None: ...


@dataclass
class PawnSlide(Anim):
    player: int = 0
    path: list[Point] = field(default_factory=list)

    def position(self) -> Point:
        if len(self.path) < 2:
            return self.path[-1] if self.path else (0, 0)
        e = ease_out_cubic(self.t) * (len(self.path) - 1)
        index = min(int(e), len(self.path) - 2)
        return lerp(self.path[index], self.path[index + 1], e - index)


@dataclass
class GateStroke(Anim):
    edge: tuple = ((0, 0), (0, 0))
    colour: tuple[int, int, int] = (255, 255, 255)
    striped: bool = False

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        view.draw_gate(surface, self.edge, self.colour, self.striped, progress=max(0.05, ease_out_cubic(self.t)))


@dataclass
class Flight(Anim):
    """A coin flying from one point to another (fee or collected coin to a purse)."""

    start: Point = (0, 0)
    end: Point = (0, 0)
    scale: float = 0.6

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        pos = lerp(self.start, self.end, ease_in_cubic(self.t))
        lift = math.sin(self.t * math.pi) * 40
        view.draw_coin(surface, (pos[0], pos[1] - lift), self.scale)


@dataclass
class Popup(Anim):
    where: Point = (0, 0)
    label: str = "+1"
    colour: tuple[int, int, int] = TEXT

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        blit_text(surface, self.label, (self.where[0], self.where[1] - 50 * ease_out_cubic(self.t)), "heading",
                  self.colour, anchor="center")


class CoinBurst(Anim):
    """Coins jump out of a cell with real bounce, settle, then fly to a purse."""

    def __init__(self, start: Point, end: Point, count: int = 1, duration: float = 0.95,
                 on_done: Callable[[], None] | None = None, seed: int = 0) -> None:
        super().__init__(duration=duration, on_done=on_done)
        self.end = end
        self.space = pymunk.Space()
        self.space.gravity = (0, 1400)
        floor = pymunk.Segment(self.space.static_body, (start[0] - 400, start[1] + 30),
                               (start[0] + 400, start[1] + 30), 2)
        floor.elasticity = 0.55
        self.space.add(floor)
        rng = random.Random(seed)
        self.bodies: list[pymunk.Body] = []
        for _ in range(count):
            body = pymunk.Body(1, 100)
            body.position = start
            body.velocity = (rng.uniform(-160, 160), rng.uniform(-520, -380))
            shape = pymunk.Circle(body, 9)
            shape.elasticity = 0.6
            self.space.add(body, shape)
            self.bodies.append(body)
        self.burst_share = 0.6

    def step(self, dt: float) -> None:
        if self.t < self.burst_share:
            self.space.step(dt)
        super().step(dt)

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        for body in self.bodies:
            pos = (body.position.x, body.position.y)
            if self.t > self.burst_share:
                k = (self.t - self.burst_share) / (1 - self.burst_share)
                pos = lerp(pos, self.end, ease_in_cubic(k))
            view.draw_coin(surface, pos, 0.55)


class Animator:
    """Stages of animations: each stage runs its animations together, stages run in order."""

    def __init__(self) -> None:
        self.stages: list[list[Anim]] = []
        self.shake = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.stages)

    def add(self, *animations: Anim, together: bool = False) -> None:
        if together and self.stages:
            self.stages[-1].extend(animations)
        else:
            self.stages.append(list(animations))

    def update(self, dt: float, speed: float) -> None:
        if not self.stages:
            self.shake = max(0.0, self.shake - dt)
            return
        if speed <= 0:
            self.finish()
            return
        stage = self.stages[0]
        for animation in stage:
            animation.step(dt * speed)
        if all(a.done for a in stage):
            self.stages.pop(0)
        self.shake = max(0.0, self.shake - dt)

    def finish(self) -> None:
        """Complete everything at once (a click or key during an animation)."""
        for stage in self.stages:
            for animation in stage:
                animation.finish()
        self.stages.clear()

    def current(self) -> list[Anim]:
        return self.stages[0] if self.stages else []

    def pawn_positions(self) -> dict[int, Point]:
        out: dict[int, Point] = {}
        for stage in self.stages:
            for animation in stage:
                if isinstance(animation, PawnSlide) and animation.player not in out:
                    out[animation.player] = animation.position() if stage is self.stages[0] else animation.path[0]
        return out

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        for animation in self.current():
            animation.draw(surface, view)
