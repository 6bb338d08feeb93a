"""A one-line text field: typed text, Backspace, and Ctrl+V from the clipboard when there is one.

Scenes with a field must let Backspace reach it (MenuScene uses Backspace for "back"), so
they route key events here first while the field has the focus.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.widgets import Widget, focus_ring, panel


def clipboard_text() -> str:
    """The clipboard's text, or "" where there is no clipboard (headless, no display)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def put_clipboard(value: str) -> bool:
    try:
        pygame.scrap.put_text(value)
        return True
    except (pygame.error, AttributeError):
        return False


class TextField(Widget):
    """Text typed while focused; Enter runs `submit`."""

    def __init__(self, label: str, rect: pygame.Rect, submit: Callable[[], None] = lambda: None,
                 value: str = "", limit: int = 200, placeholder: str = "") -> None:
        super().__init__(rect)
        self.label, self.value, self.limit, self.placeholder = label, value, limit, placeholder
        self.submit = submit

    def activate(self) -> None:
        self.submit()

    def type(self, event: pygame.event.Event) -> bool:
        """Take a key or text event; True when the field used it."""
        if event.type == pygame.TEXTINPUT:
            self.value = (self.value + event.text)[: self.limit]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            pasted = clipboard_text().replace("\n", " ").strip()
            self.value = (self.value + pasted)[: self.limit]
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        text.blit(surface, self.label, (self.rect.x + 4, self.rect.y - 14), "small", pal.TEXT_DIM, anchor="midleft")
        panel(surface, self.rect, pal.PANEL_LIGHT if focused or hovered else pal.PANEL, radius=8,
              border=pal.PANEL_EDGE)
        shown = self.value or self.placeholder
        ink = pal.TEXT if self.value else pal.TEXT_DIM
        size = text.fit(shown + "|", self.rect.width - 24, "body")
        caret = "|" if focused and (pygame.time.get_ticks() // 500) % 2 == 0 else ""
        text.blit(surface, shown + (caret if self.value else ""), (self.rect.x + 12, self.rect.centery), size,
                  ink, anchor="midleft")
        if focused:
            focus_ring(surface, self.rect, 8)
