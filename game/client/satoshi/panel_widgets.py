"""The decision panel's widgets: a choice row, an amount stepper, a money tool button.

Each draws itself in the table's look and says what it would do (a row's detail line, a muted
row's reason); the panel (decision_panel.py) lays them out and wires their actions.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.widgets import Button, Widget, focus_ring, panel

STEPS = (-5, -1, 1, 5)


class Row(Button):
    """A choice in a list: its label, and below it in small type what it costs or does."""

    def __init__(self, label: str, action: Callable[[], None], rect: pygame.Rect, detail: str = "",
                 primary: bool = False, muted: bool = False, number: str = "",
                 swatch: pal.Colour | None = None) -> None:
        super().__init__(label, action, rect, hint=detail, primary=primary)
        self.detail, self.muted, self.number = detail, muted, number
        self.swatch = swatch  # a move's ring colour on the board, so row and ring pair up

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        live = hovered or focused
        if self.primary:
            colour, ink, dim = (pal.lighter(pal.GOLD, 20) if live else pal.GOLD), pal.TEXT_DARK, (70, 52, 10)
        else:
            colour = pal.PANEL_LIGHT if live else pal.PANEL
            ink, dim = pal.TEXT, pal.TEXT_DIM
        if self.muted:
            colour, ink, dim = pal.mix(colour, pal.BACKGROUND, 0.5), pal.TEXT_DIM, pal.mix(pal.TEXT_DIM, pal.BAD, 0.35)
        body = self.rect.move(0, -2 if live else 0)
        panel(surface, self.rect, colour, radius=10, lift=2 if live else 0,
              border=None if self.primary else pal.PANEL_EDGE)
        width = body.width - 24
        if self.swatch is not None:
            pygame.draw.rect(surface, self.swatch, (body.left + 4, body.top + 8, 5, body.height - 16),
                             border_radius=2)
        if self.number:  # the number key that picks this row
            text.blit(surface, self.number, (body.right - 10, body.top + 6), "tiny", dim, anchor="topright")
            width -= 14
        if self.detail:
            size = text.fit(self.label, width, "small")
            text.blit(surface, self.label, (body.left + 12, body.top + 6), size, ink)
            detail = clip(self.detail, width, "tiny")
            text.blit(surface, detail, (body.left + 12, body.top + 28), "tiny", dim)
        else:
            size = text.fit(self.label, width, "small")
            text.blit(surface, self.label, (body.left + 12, body.centery), size, ink, anchor="midleft")
        if focused:
            focus_ring(surface, self.rect, 10)


class Stepper(Widget):
    """An amount between `low` and `high`: Left/Right step by 1; the -5 -1 +1 +5 boxes take clicks."""

    def __init__(self, label: str, get: Callable[[], int], set_: Callable[[int], None], low: int, high: int,
                 rect: pygame.Rect, unit: str = "", on_enter: Callable[[], None] | None = None) -> None:
        super().__init__(rect, True, f"{label}: {low} to {high}")
        self.label, self.get, self.set, self.low, self.high, self.unit = label, get, set_, low, high, unit
        self.on_enter = on_enter

    def boxes(self) -> list[tuple[int, pygame.Rect]]:
        size, gap = self.rect.height - 8, 4
        left = self.rect.right - 6 - len(STEPS) * size - (len(STEPS) - 1) * gap
        return [(step, pygame.Rect(left + i * (size + gap), self.rect.top + 4, size, size))
                for i, step in enumerate(STEPS)]

    def adjust(self, step: int) -> bool:
        self.set(max(self.low, min(self.high, self.get() + step)))
        return True

    def activate(self) -> None:
        """Enter confirms the form the amount belongs to (the player set it with the arrows)."""
        if self.on_enter:
            self.on_enter()

    def click(self, pos: tuple[float, float]) -> None:
        for step, box in self.boxes():
            if box.collidepoint(pos):
                self.adjust(step)

    def can(self, step: int) -> bool:
        value = self.get()
        return max(self.low, min(self.high, value + step)) != value

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        panel(surface, self.rect, pal.PANEL_LIGHT if hovered or focused else pal.PANEL, radius=10,
              border=pal.PANEL_EDGE)
        boxes = self.boxes()
        text.blit(surface, self.label, (self.rect.left + 12, self.rect.centery), "small", pal.TEXT_DIM,
                  anchor="midleft")
        value = f"{self.unit}{self.get()}" if self.unit == "$" else f"{self.get()} {self.unit}".strip()
        text.blit(surface, value, (boxes[0][1].left - 12, self.rect.centery), "body", pal.GOLD, anchor="midright")
        for step, box in boxes:
            can = self.can(step)
            pygame.draw.rect(surface, pal.SUNKEN if can else pal.mix(pal.SUNKEN, pal.BACKGROUND, 0.5), box,
                             border_radius=6)
            label = f"+{step}" if step > 0 else str(step)
            text.blit(surface, label, box.center, "tiny", pal.TEXT if can else pal.TEXT_DIM, anchor="center")
        if focused:
            focus_ring(surface, self.rect, 10)


class ToolButton(Button):
    """A money tool; a muted one cannot be used now and, chosen anyway, says why (its hint)."""

    def __init__(self, label: str, action: Callable[[], None], rect: pygame.Rect, hint: str,
                 muted: bool = False) -> None:
        super().__init__(label, action, rect, hint=hint, size="small")
        self.muted = muted

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.muted:
            super().draw(surface, focused, hovered)
            return
        colour = pal.mix(pal.PANEL_LIGHT if hovered or focused else pal.PANEL, pal.BACKGROUND, 0.5)
        panel(surface, self.rect, colour, radius=10)
        text.blit(surface, self.label, self.rect.center, "small", pal.TEXT_DIM, anchor="center")
        if focused:
            focus_ring(surface, self.rect, 10)


def clip(line: str, width: int, size: str) -> str:
    """One line that fits, cut with an ellipsis when it must be."""
    if text.width(line, size) <= width:
        return line
    while line and text.width(line + "…", size) > width:
        line = line[:-1]
    return line.rstrip() + "…"
