"""Toasts: short notices at the top of the screen (a file that could not be read, a controller
lost, a save made), each shown for a few seconds, at most three at once, never the same twice.

The stage holds one `Toasts` list and draws it over every scene; scenes add to it through
`Stage.toast` and `Stage.notice_once`. A message may quote a hostile file, so it is cut to one
short line before it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import palette as pal
from game.client import text
from game.client.window import LOGICAL
from game.safeio import one_line

SHOWN = 3  # toasts on screen at once: the newest


@dataclass
class Toast:
    message: str
    seconds: float


class Toasts(list[Toast]):
    """The toasts showing now (a list, newest last) and the keys of the one-time notices shown."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()  # one-time notices already shown this session (broken levels)

    def add(self, message: str, seconds: float) -> None:
        """Show `message` (one line, capped) unless the same one is showing."""
        message = one_line(message, 160)
        if not any(t.message == message for t in self):
            self.append(Toast(message, seconds))

    def once(self, key: str, message: str, seconds: float) -> None:
        """Show `message` the first time `key` is noticed this session only."""
        if key not in self.seen:
            self.seen.add(key)
            self.add(message, seconds)

    def age(self, dt: float) -> None:
        """`dt` seconds have passed: the toasts whose time is up go."""
        for toast in self:
            toast.seconds -= dt
        self[:] = [t for t in self if t.seconds > 0]

    def draw(self, surface: pygame.Surface) -> None:
        """The newest toasts, stacked down from the top centre of the logical surface."""
        y = 6
        for toast in self[-SHOWN:]:
            lines = text.wrap(toast.message, 900, "small")
            height = 16 + 26 * len(lines)
            box = pygame.Rect(0, 0, 40 + max(text.width(line, "small") for line in lines), height)
            box.midtop = (LOGICAL[0] // 2, y)
            pygame.draw.rect(surface, pal.SHADOW, box.move(0, 3), border_radius=10)
            pygame.draw.rect(surface, pal.PANEL_LIGHT, box, border_radius=10)
            pygame.draw.rect(surface, pal.YELLOW, box, 2, border_radius=10)
            for index, line in enumerate(lines):
                text.blit(surface, line, (box.centerx, box.top + 8 + 26 * index), "small", anchor="midtop")
            y = box.bottom + 10
