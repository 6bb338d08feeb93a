"""How to play Finding Satoshi: the rules for players and every rebuilt board, table and card.

The pages are built from the game's TOML data (see rules_pages); this scene only turns them:
Left / Right or the buttons, Home / End, Esc back.
"""

from __future__ import annotations

import pygame

from game.client import palette as pal
from game.client import text
from game.client.satoshi.rules_blocks import Page
from game.client.satoshi.rules_pages import CONTENT, CREDIT, build_pages
from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.widgets import Button, Widget


class SatoshiRulesScene(MenuScene):
    """Pages of rules and data; `page` is the one shown."""

    def __init__(self, start: int | str = 0) -> None:
        """`start`: a page number, or the start of a page's title ("Track spaces", "Bitcoin jobs")."""
        self.pages: list[Page] = build_pages()
        if isinstance(start, str):
            start = next((i for i, page in enumerate(self.pages) if page.title.startswith(start)), 0)
        self.page = max(0, min(start, len(self.pages) - 1))

    def build(self) -> list[Widget]:
        y, width = 712, 200
        return [Button("Previous", lambda: self.turn(-1), pygame.Rect(LOGICAL[0] // 2 - 320, y, width, 44),
                       enabled=self.page > 0),
                Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 - width // 2, y, width, 44)),
                Button("Next", lambda: self.turn(1), pygame.Rect(LOGICAL[0] // 2 + 120, y, width, 44),
                       enabled=self.page < len(self.pages) - 1, primary=True)]

    def enter(self) -> None:
        super().enter()
        self.group.focus = 2 if self.page < len(self.pages) - 1 else 1

    def turn(self, step: int) -> None:
        page = max(0, min(len(self.pages) - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.app.audio.play("click")
            self.rebuild()
            if not self.group.widgets[self.group.focus].enabled:
                self.group.focus = 1

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1,
                     pygame.K_HOME: -len(self.pages), pygame.K_END: len(self.pages)}
            if event.key in steps:
                self.turn(steps[event.key])
                return
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        page = self.pages[self.page]
        text.blit(surface, page.title, (CONTENT.left, 44), "heading", pal.GOLD, anchor="midleft", shadow=True)
        text.blit(surface, f"{self.page + 1} / {len(self.pages)}", (CONTENT.right, 44), "body", pal.TEXT_DIM,
                  anchor="midright")
        if self.page:  # the first page says it in full
            text.blit(surface, CREDIT, (CONTENT.left, 86), "tiny", pal.TEXT_DIM, anchor="midleft")
        page.draw(surface, CONTENT)
        self.group.draw(surface)
        footer(surface, "Left / Right turn the page  ·  Home / End first and last  ·  Esc goes back")
