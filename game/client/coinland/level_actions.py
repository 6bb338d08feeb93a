"""What a player can do with one level besides playing it: its share code, and editing it.

Opened by a right click on a level in the level select, so mouse players reach what the
keyboard reaches with C and E. A campaign level opens in the editor as a copy: saving it
writes a new file to My levels and never touches levels/.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.scenes import LOGICAL, MenuScene, shade
from game.client.widgets import Widget, column, panel
from game.coinland.levels import Level

DIALOG = pygame.Rect(LOGICAL[0] // 2 - 260, 190, 520, 420)


class LevelActionsScene(MenuScene):
    overlay = True

    def __init__(self, level: Level, play: Callable[[], None], share: Callable[[], None],
                 edit: Callable[[], None], mine: bool) -> None:
        self.level, self.mine = level, mine
        self.actions = (play, share, edit)

    def build(self) -> list[Widget]:
        play, share, edit = (self._then(action) for action in self.actions)
        labels = [("Play", play), ("Share code", share), ("Edit" if self.mine else "Edit a copy", edit),
                  ("Close", self.back)]
        return column(labels, DIALOG.centerx, DIALOG.top + 110, width=340, height=50, gap=12, primary_first=True)

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop()
            action()
        return run

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        panel(surface, DIALOG, pal.PANEL, radius=22, border=pal.GOLD)
        title = f"{self.level.name}"
        text.blit(surface, title, (DIALOG.centerx, DIALOG.top + 52), text.fit(title, DIALOG.width - 50, "heading"),
                  pal.GOLD, anchor="center")
        self.group.draw(surface)
        text.blit(surface, "Esc closes", (DIALOG.centerx, DIALOG.bottom + 26), "small", pal.TEXT_DIM,
                  anchor="center")
