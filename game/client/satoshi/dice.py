"""The die: thrown with pymunk onto the table, bouncing and spinning until it settles on its face.

With reduced motion it only appears with its face. The roll's randomness is the animation's own
generator, never the game's: the value shown is the engine's, decided before the throw.
"""

from __future__ import annotations

import math
import random

import pygame
import pymunk

from game.client import palette as pal
from game.client import text
from game.client.tween import Point, Tween

ROLL, ROLL_REST = 1.0, 0.35


class DieRoll(Tween):
    """A square die thrown onto the table (pymunk): it bounces, spins, settles, then shows its face."""

    def __init__(self, area: pygame.Rect, value: int, colour: pal.Colour, rng: random.Random,
                 physics: bool = True) -> None:
        super().__init__(ROLL + ROLL_REST if physics else 0.6)
        self.area, self.value, self.colour, self.physics = area, value, colour, physics
        self.rng = rng
        self.face = value
        self.flicker = 0.0
        self.space: pymunk.Space | None = None
        self.body: pymunk.Body | None = None
        self.size = 30

    def start(self) -> None:
        if self.physics and self.space is None:
            self._throw()
        super().start()

    def _throw(self) -> None:
        space = pymunk.Space()
        space.gravity = (0, 1500)
        a = self.area
        for p, q in (((a.left, a.top - 300), (a.left, a.bottom)), ((a.left, a.bottom), (a.right, a.bottom)),
                     ((a.right, a.bottom), (a.right, a.top - 300))):
            wall = pymunk.Segment(space.static_body, p, q, 3)
            wall.elasticity, wall.friction = 0.5, 0.9
            space.add(wall)
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (self.size, self.size)))
        body.position = (a.left + 24, a.top + 10)
        body.velocity = (self.rng.uniform(380, 520), self.rng.uniform(-420, -260))
        body.angular_velocity = self.rng.uniform(-14, 14)
        box = pymunk.Poly.create_box(body, (self.size, self.size), 4)
        box.elasticity, box.friction = 0.45, 0.8
        space.add(body, box)
        self.space, self.body = space, body

    def step(self, dt: float) -> None:
        super().step(dt)
        if self.space is None or self.done or not self.started:
            return
        rolling = self.elapsed - self.delay < ROLL
        if rolling:
            for _ in range(2):
                self.space.step(dt / 2)
            self.flicker += dt
            if self.flicker > 0.08:
                self.flicker = 0.0
                self.face = self.rng.randint(1, 6)
        else:
            self.face = self.value

    def resting(self) -> tuple[Point, float]:
        if self.body is None:
            return (float(self.area.centerx), float(self.area.centery)), 0.0
        settled = self.elapsed - self.delay >= ROLL
        angle = 0.0 if settled else math.degrees(self.body.angle)
        return (self.body.position.x, self.body.position.y), angle

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.running:
            return
        centre, angle = self.resting()
        draw_die(surface, centre, self.size, self.face if self.physics else self.value, angle, self.colour)


class DieShown(Tween):
    """The die at rest with its face, a little while after the roll (decoration)."""

    def __init__(self, centre: Point, value: int, colour: pal.Colour, label: str) -> None:
        super().__init__(1.6)
        self.centre, self.value, self.colour, self.label = centre, value, colour, label

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.started:
            return
        draw_die(surface, self.centre, 30, self.value, 0.0, self.colour)
        text.blit(surface, self.label, (self.centre[0], self.centre[1] + 24), "tiny", pal.TEXT, anchor="midtop",
                  shadow=True)


def draw_die(surface: pygame.Surface, centre: Point, size: int, value: int, angle: float, colour: pal.Colour) -> None:
    """A white die with pips, rotated by `angle` degrees, rimmed in the roller's colour."""
    face = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    rect = pygame.Rect(2, 2, size, size)
    pygame.draw.rect(face, colour, rect, border_radius=7)
    pygame.draw.rect(face, pal.TEXT, rect.inflate(-4, -4), border_radius=6)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(value, [(0, 0)])
    step = size * 0.25
    for dx, dy in pips:
        pygame.draw.circle(face, pal.TEXT_DARK, (rect.centerx + dx * step, rect.centery + dy * step), 3)
    art = pygame.transform.rotate(face, angle) if angle else face
    pygame.draw.ellipse(surface, pal.SHADOW, (centre[0] - size / 2, centre[1] + size / 2 - 4, size, 9))
    surface.blit(art, art.get_rect(center=(round(centre[0]), round(centre[1]))))
