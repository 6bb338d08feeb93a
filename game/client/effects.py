"""Drawn tweens any game can use: score pop-ups, banners, coins flying along an arc.

Each is a `Tween` whose `draw(surface, context)` ignores the context; the owner updates
and draws them, usually from a Timeline (blocking) or a plain list (decoration).
"""

from __future__ import annotations

import math

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.client.scenes import LOGICAL
from game.client.tween import Callback, Point, Tween, ease_in_cubic, ease_out_back, ease_out_cubic, lerp_point


class Popup(Tween):
    """Text that rises and fades from a point: "+1", "-2", "Pass"."""

    def __init__(self, where: Point, label: str, colour: pal.Colour = pal.GOLD, duration: float = 0.8,
                 delay: float = 0.0, size: str | int = "heading") -> None:
        super().__init__(duration, delay)
        self.where, self.label, self.colour, self.size = where, label, colour, size

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.started:
            return
        rise = 56 * ease_out_cubic(self.t)
        alpha = 255 if self.t <= 0.6 else int(255 * (1 - (self.t - 0.6) / 0.4))
        art = text.render(self.label, self.size, self.colour)
        rim = text.render(self.label, self.size, pal.TEXT_DARK)
        rect = art.get_rect(center=(round(self.where[0]), round(self.where[1] - rise)))
        if alpha < 255:
            art, rim = art.copy(), rim.copy()
            art.set_alpha(alpha)
            rim.set_alpha(alpha)
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (2, 3)):
            surface.blit(rim, rect.move(dx, dy))
        surface.blit(art, rect)


class Flight(Tween):
    """A coin flying from `start` to `end` along a gentle arc, easing in (fees, reduced-motion collections)."""

    def __init__(self, start: Point, end: Point, radius: float, duration: float = 0.35, delay: float = 0.0,
                 on_start: Callback = None, on_done: Callback = None, lift: float = 60.0) -> None:
        super().__init__(duration, delay, on_start, on_done)
        self.start_at, self.end_at, self.radius, self.lift = start, end, radius, lift

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.running:
            return
        x, y = lerp_point(self.start_at, self.end_at, ease_in_cubic(self.t))
        y -= math.sin(self.t * math.pi) * self.lift
        draw_coin(surface, (x, y), self.radius, squash=max(0.3, abs(math.cos(self.t * 9))))


class Banner(Tween):
    """A big word that springs in, holds, and fades: "PAR!", "Roles swap!"."""

    def __init__(self, label: str, sub: str = "", colour: pal.Colour = pal.GOLD, duration: float = 2.2,
                 y: float = LOGICAL[1] * 0.42) -> None:
        super().__init__(duration)
        self.label, self.sub, self.colour, self.y = label, sub, colour, y

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.started:
            return
        grow = ease_out_back(min(1.0, self.t / 0.18))
        fade = 1.0 if self.t < 0.75 else max(0.0, 1 - (self.t - 0.75) / 0.25)
        art = text.render(self.label, "huge", self.colour)
        size = (max(1, int(art.get_width() * grow)), max(1, int(art.get_height() * grow)))
        art = pygame.transform.smoothscale(art, size)
        art.set_alpha(int(255 * fade))
        band = pygame.Surface((LOGICAL[0], 170), pygame.SRCALPHA)
        band.fill((0, 0, 0, int(140 * fade)))
        surface.blit(band, (0, self.y - 85))
        surface.blit(art, art.get_rect(center=(LOGICAL[0] // 2, round(self.y - 12))))
        if self.sub and self.t > 0.12:
            sub = text.render(self.sub, "body", pal.TEXT).copy()
            sub.set_alpha(int(255 * fade))
            surface.blit(sub, sub.get_rect(center=(LOGICAL[0] // 2, round(self.y + 58))))
