"""Physics coins with pymunk: bursts that bounce and settle, then fly to a purse; showers.

Decoration only: the score shown comes from the rules engine, and a coin's arrival only
triggers the purse counter's tick. One space holds every coin; each burst gets its own
invisible floor (a collision category of its own), so bursts at different heights do
not interfere. Steps are fixed (the App's timestep), so motion is the same at any frame rate.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pymunk

from game.client.coin_art import draw_coin
from game.client.tween import Point, ease_in_cubic, lerp_point

GRAVITY = 1900.0
FLOOR_BITS = 30  # collision categories 0..29 for bursts; 30 for showers
SHOWER_BIT = 30


@dataclass
class Coin:
    """One physical coin; its sprite mirrors the body until it takes off for its purse."""

    body: pymunk.Body
    shape: pymunk.Circle
    radius: float
    settle: float  # seconds of physics before the flight (inf: stays until it fades)
    target: Point | None = None
    flight: float = 0.35
    on_arrive: Callable[[], None] | None = None
    lifetime: float = math.inf  # showers fade out after this
    age: float = 0.0
    start: Point | None = None  # where the flight began
    flying: float = -1.0  # flight progress 0..1, or -1 while on the ground
    bit: int = 0
    spin: float = 0.0

    @property
    def position(self) -> Point:
        if self.flying >= 0 and self.start is not None and self.target is not None:
            return lerp_point(self.start, self.target, ease_in_cubic(self.flying))
        return (self.body.position.x, self.body.position.y)


@dataclass
class CoinPhysics:
    """All physics coins of a scene."""

    coins: list[Coin] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.space = pymunk.Space()
        self.space.gravity = (0.0, GRAVITY)
        self.space.iterations = 8
        self.floors: dict[int, pymunk.Shape] = {}
        self.next_bit = 0
        self.shower_walls: list[pymunk.Shape] = []

    # --- adding coins ------------------------------------------------------------------
    def burst(self, origin: Point, target: Point, count: int = 1, radius: float = 14.0,
              on_arrive: Callable[[], None] | None = None, rng: random.Random | None = None,
              settle: float = 0.6, floor_drop: float = 40.0) -> None:
        """`count` coins jump out of `origin`, bounce on a floor `floor_drop` below, then fly to `target`."""
        rng = rng or random.Random(0)
        bit = self._floor(origin, floor_drop, radius)
        for _ in range(count):
            coin = self._coin(origin, radius, bit, (rng.uniform(-170, 170), rng.uniform(-640, -460)))
            coin.settle, coin.target, coin.on_arrive = settle + rng.uniform(0, 0.08), target, on_arrive
            self.coins.append(coin)

    def shower(self, count: int, area: pygame.Rect, radius: float = 16.0, rng: random.Random | None = None,
               lifetime: float = 3.2) -> None:
        """A celebration: coins rain from above `area`, bounce and pile on its bottom, then fade."""
        rng = rng or random.Random(1)
        if not self.shower_walls:
            self.shower_walls = self._walls(area)
        for index in range(count):
            origin = (rng.uniform(area.left + radius, area.right - radius), area.top - rng.uniform(20, 600))
            coin = self._coin(origin, radius, SHOWER_BIT, (rng.uniform(-80, 80), rng.uniform(0, 200)))
            coin.lifetime = lifetime + index * 0.01
            self.coins.append(coin)

    def _coin(self, origin: Point, radius: float, bit: int, velocity: Point) -> Coin:
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, radius))
        body.position = origin
        body.velocity = velocity
        body.angular_velocity = random.Random(hash(origin)).uniform(-8, 8)
        shape = pymunk.Circle(body, radius)
        shape.elasticity = 0.55
        shape.friction = 0.6
        shape.filter = pymunk.ShapeFilter(categories=1 << bit, mask=1 << bit)
        self.space.add(body, shape)
        return Coin(body, shape, radius, math.inf, bit=bit)

    def _floor(self, origin: Point, drop: float, radius: float) -> int:
        bit = self.next_bit
        self.next_bit = (self.next_bit + 1) % FLOOR_BITS
        old = self.floors.pop(bit, None)
        if old is not None:
            self.space.remove(old)
        y = origin[1] + drop
        floor = pymunk.Segment(self.space.static_body, (origin[0] - 220, y), (origin[0] + 220, y), 2)
        floor.elasticity = 0.6
        floor.friction = 0.8
        floor.filter = pymunk.ShapeFilter(categories=1 << bit, mask=1 << bit)
        self.space.add(floor)
        self.floors[bit] = floor
        return bit

    def _walls(self, area: pygame.Rect) -> list[pymunk.Shape]:
        corners = [(area.left, area.top - 800), (area.left, area.bottom), (area.right, area.bottom),
                   (area.right, area.top - 800)]
        walls = []
        for a, b in itertools.pairwise(corners):
            wall = pymunk.Segment(self.space.static_body, a, b, 4)
            wall.elasticity, wall.friction = 0.45, 0.9
            wall.filter = pymunk.ShapeFilter(categories=1 << SHOWER_BIT, mask=1 << SHOWER_BIT)
            walls.append(wall)
        self.space.add(*walls)
        return walls

    # --- running -----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a coin is still on its way to a purse (showers do not count)."""
        return any(c.on_arrive is not None for c in self.coins)

    def step(self, dt: float) -> None:
        if not self.coins:
            return
        self.space.step(dt)
        keep: list[Coin] = []
        for coin in self.coins:
            coin.age += dt
            coin.spin += dt
            if coin.flying < 0 and coin.age >= coin.settle and coin.target is not None:
                coin.start = coin.position
                coin.flying = 0.0
                self.space.remove(coin.body, coin.shape)
            elif coin.flying >= 0:
                coin.flying = min(1.0, coin.flying + dt / coin.flight)
                if coin.flying >= 1.0:
                    self._arrive(coin)
                    continue
            if coin.age >= coin.lifetime:
                self._drop(coin)
                continue
            keep.append(coin)
        self.coins = keep
        if not self.coins:
            self._clear_walls()

    def _arrive(self, coin: Coin) -> None:
        callback, coin.on_arrive = coin.on_arrive, None
        if callback:
            callback()

    def _drop(self, coin: Coin) -> None:
        if coin.flying < 0:
            self.space.remove(coin.body, coin.shape)

    def _clear_walls(self) -> None:
        if self.shower_walls:
            self.space.remove(*self.shower_walls)
            self.shower_walls = []

    def finish(self) -> None:
        """Land every coin now: purses tick in order; showers vanish."""
        for coin in self.coins:
            if coin.flying < 0:
                self.space.remove(coin.body, coin.shape)
                coin.flying = 1.0
            self._arrive(coin)
        self.coins = []
        self._clear_walls()

    def finish_bursts(self) -> None:
        """Land the coins bound for a purse; leave a celebration shower falling."""
        keep = []
        for coin in self.coins:
            if coin.on_arrive is None and coin.target is None:
                keep.append(coin)
                continue
            if coin.flying < 0:
                self.space.remove(coin.body, coin.shape)
            self._arrive(coin)
        self.coins = keep

    def draw(self, surface: pygame.Surface) -> None:
        for coin in self.coins:
            squash = math.cos(coin.body.angle) if coin.flying < 0 else math.cos(coin.spin * 14)
            fade = 1.0
            if coin.lifetime < math.inf:
                fade = max(0.0, min(1.0, (coin.lifetime - coin.age) / 0.5))
            scale = 1.0 if coin.flying < 0 else 1.0 - 0.35 * coin.flying
            draw_coin(surface, coin.position, coin.radius * scale * (0.4 + 0.6 * fade), squash=max(0.25, abs(squash)),
                      shadow=coin.flying < 0)
