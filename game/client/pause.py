"""Pause: an overlay over a game with Resume first; the game supplies the other items."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client import palette as pal
from game.client import text
from game.client.scenes import LOGICAL, MenuScene, shade
from game.client.widgets import Widget, column


class PauseScene(MenuScene):
    overlay = True
    heading = "Paused"

    def __init__(self, items: Sequence[tuple[str, Callable[[], None]]], note: str = "") -> None:
        self.items = list(items)
        self.note = note

    def build(self) -> list[Widget]:
        entries = [("Resume", self.app.pop), *self.items]
        top = LOGICAL[1] // 2 - (len(entries) * 68) // 2 + 40
        return column(entries, LOGICAL[0] // 2, top, width=400, primary_first=True)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 175)
        if self.app.scene is not self:  # a dialog opened from here (Leave?) stands alone over the game
            return
        first = self.group.widgets[0].rect
        text.blit(surface, self.heading, (LOGICAL[0] / 2, first.top - 90), "title", pal.GOLD, anchor="center",
                  shadow=True)
        if self.note:
            text.blit(surface, self.note, (LOGICAL[0] / 2, first.top - 40), "body", pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
        last = self.group.widgets[-1].rect
        text.blit(surface, "Esc resumes", (LOGICAL[0] / 2, last.bottom + 30), "small", pal.TEXT_DIM, anchor="center")
