"""Game select: one card per entry of `game.client.games.GAMES`.

A card opens the game's first scene (by its registered name); a game without scenes yet
shows "coming soon" and explains itself when chosen.
"""

from __future__ import annotations

import pygame

from game.client import palette as pal
from game.client import text
from game.client.games import GAMES, GameEntry
from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.widgets import Button, Widget, focus_ring, panel

CARD = (500, 380)


class GameCard(Button):
    """A big button showing a game's title, designer, a picture and its status."""

    def __init__(self, entry: GameEntry, action, rect: pygame.Rect) -> None:
        super().__init__(entry.title, action, rect)
        self.entry = entry
        self.ready = entry.available()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        live = hovered or focused
        panel(surface, self.rect, pal.PANEL_LIGHT if live else pal.PANEL, radius=18, border=pal.PANEL_EDGE,
              lift=3 if live else 0)
        body = self.rect.move(0, -3 if live else 0)
        picture = pygame.Rect(body.left + 30, body.top + 24, body.width - 60, 170)
        if not self.entry.draw_icon(surface, picture):
            pygame.draw.rect(surface, pal.SUNKEN, picture, border_radius=14)
            text.blit(surface, "?", picture.center, "huge", pal.PANEL_EDGE, anchor="center")
        text.blit(surface, self.entry.title, (body.centerx, picture.bottom + 34), "heading", pal.GOLD, anchor="center")
        text.blit(surface, self.entry.byline, (body.centerx, picture.bottom + 70), "small", pal.TEXT, anchor="center")
        for index, line in enumerate(text.wrap(self.entry.blurb, body.width - 60, "small")[:2]):
            text.blit(surface, line, (body.centerx, picture.bottom + 100 + 24 * index), "small", pal.TEXT_DIM,
                      anchor="center")
        if not self.ready:
            badge = pygame.Rect(0, 0, 180, 36)
            badge.center = (picture.centerx, picture.top + 28)
            pygame.draw.rect(surface, pal.PURPLE, badge, border_radius=18)
            text.blit(surface, "coming soon", badge.center, "small", pal.TEXT_DARK, anchor="center")
        if focused:
            focus_ring(surface, self.rect, 18)


class GameSelectScene(MenuScene):
    heading = "Choose a game"

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        gap = 60
        total = len(GAMES) * CARD[0] + (len(GAMES) - 1) * gap
        left = (LOGICAL[0] - total) // 2
        for index, entry in enumerate(GAMES):
            rect = pygame.Rect(left + index * (CARD[0] + gap), 180, *CARD)
            widgets.append(GameCard(entry, self._opener(entry), rect))
        widgets.append(Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 - 120, 610, 240, 52)))
        return widgets

    def enter(self) -> None:
        super().enter()
        self.group.horizontal = True

    def _opener(self, entry: GameEntry):
        def open_game() -> None:
            if entry.scene is not None:
                self.app.open(entry.scene)
            else:
                self.app.toast(f"{entry.title} is coming soon: its table is being built.")
        return open_game

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.group.move(1 if event.key == pygame.K_DOWN else -1)
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        footer(surface, "Left / Right or Tab to choose  ·  Enter to open  ·  Esc to go back")
