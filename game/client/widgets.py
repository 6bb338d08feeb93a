"""Buttons and menus that work with the mouse and the keyboard alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.client.palette import FOCUS, PANEL, PANEL_LIGHT, TEXT, TEXT_DIM, blit_text


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    rect: pygame.Rect
    enabled: bool = True
    hint: str = ""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        colour = PANEL_LIGHT if (hovered or focused) and self.enabled else PANEL
        pygame.draw.rect(surface, colour, self.rect, border_radius=10)
        if focused:
            pygame.draw.rect(surface, FOCUS, self.rect, 3, border_radius=10)
        blit_text(surface, self.label, self.rect.center, "body", TEXT if self.enabled else TEXT_DIM,
                  anchor="center")


class Menu:
    """A list of buttons with one focused; arrows/Tab move focus, Enter/Space press."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = 0
        self.hover: int | None = None

    @classmethod
    def column(cls, items: list[tuple[str, Callable[[], None]]], centre_x: int, top: int,
               width: int = 360, height: int = 52, gap: int = 14) -> Menu:
        buttons = [
            Button(label, action, pygame.Rect(centre_x - width // 2, top + i * (height + gap), width, height))
            for i, (label, action) in enumerate(items)
        ]
        return cls(buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                self.move(-1 if back else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.move(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.press(self.focus)
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.at(event.pos)
            if self.hover is not None:
                self.focus = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.at(event.pos)
            if index is not None:
                self.focus = index
                self.press(index)
                return True
        return False

    def at(self, pos: tuple[float, float]) -> int | None:
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return index
        return None

    def move(self, step: int) -> None:
        if self.buttons:
            self.focus = (self.focus + step) % len(self.buttons)

    def press(self, index: int) -> None:
        if 0 <= index < len(self.buttons) and self.buttons[index].enabled:
            self.buttons[index].action()

    def draw(self, surface: pygame.Surface) -> None:
        for index, button in enumerate(self.buttons):
            button.draw(surface, index == self.focus, index == self.hover)
