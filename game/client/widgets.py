"""Widgets that work the same with a mouse and with the keyboard alone: buttons, switches,
sliders, choices and labels, the panels they sit on, and columns and rows of buttons.

A `FocusGroup` (game.client.focus) owns a scene's widgets and routes keys and clicks to
them. The focused widget always shows a yellow ring (a button is also filled gold), so
keyboard players see where they are, and it is the only widget that looks that way: Enter
acts there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.client import palette as pal
from game.client import text

Action = Callable[[], None]
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: pal.Colour = pal.PANEL, radius: int = 12,
          border: pal.Colour | None = None, lift: int = 0) -> None:
    """A rounded panel with a soft bevel: a lighter top edge, a shadow below."""
    shadow = rect.move(0, 4)
    pygame.draw.rect(surface, pal.SHADOW, shadow, border_radius=radius)
    body = rect.move(0, -lift)
    pygame.draw.rect(surface, colour, body, border_radius=radius)
    top = pygame.Rect(body.left + radius // 2, body.top + 1, body.width - radius, 2)
    pygame.draw.rect(surface, pal.lighter(colour, 28), top, border_radius=1)
    if border:
        pygame.draw.rect(surface, border, body, 2, border_radius=radius)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    pygame.draw.rect(surface, pal.FOCUS, rect.inflate(8, 8), 3, border_radius=radius + 4)


class Widget:
    """Base: a rectangle that may take focus, react to keys and clicks, and draw itself."""

    focusable = True
    first = False  # a text field: its group starts there even when a default button follows
    adjusts = False  # holds a value that Left/Right change (a choice, a switch, a slider)

    def __init__(self, rect: pygame.Rect, enabled: bool = True, hint: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hint = hint

    def activate(self) -> None: ...

    def adjust(self, step: int) -> bool:
        """Left/Right on a focused widget; True when it used the key."""
        return False

    def click(self, pos: tuple[float, float]) -> None:
        self.activate()

    def drag(self, pos: tuple[float, float]) -> None: ...

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None: ...

    def phase(self) -> int:
        """What about the widget changes with time alone while it has the focus (a caret's blink)."""
        return 0


class Button(Widget):
    """A button. One look means "Enter acts here": the gold fill and the yellow ring of focus.

    `primary` marks the default action: the group focuses it first, so it is filled gold
    while Enter would run it, and looks like any other button once the focus moves on (two
    gold buttons at once told players the wrong thing). `current` marks the chosen tab of a
    row of tabs: a gold label and underline, never the gold fill.
    """

    def __init__(self, label: str, action: Action, rect: pygame.Rect, enabled: bool = True, hint: str = "",
                 primary: bool = False, size: str | int = "body", current: bool = False) -> None:
        super().__init__(rect, enabled, hint)
        self.label = label
        self.action = action
        self.primary = primary
        self.current = current
        self.size = size

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        live = self.enabled and (hovered or focused)
        if focused and self.enabled:
            colour, ink = pal.GOLD, pal.TEXT_DARK
        else:
            colour = pal.PANEL_LIGHT if live else pal.PANEL
            ink = pal.GOLD if self.current else pal.TEXT
            if not self.enabled:
                ink = pal.mix(pal.TEXT_DIM, pal.PANEL, 0.35)
        if not self.enabled:
            colour = pal.mix(colour, pal.BACKGROUND, 0.4)
        lift = 2 if live else 0
        panel(surface, self.rect, colour, lift=lift, border=None if focused and self.enabled else pal.PANEL_EDGE)
        if self.current:
            bar = pygame.Rect(self.rect.left + 12, self.rect.bottom - 7 - lift, self.rect.width - 24, 4)
            pygame.draw.rect(surface, pal.TEXT_DARK if focused else pal.GOLD, bar, border_radius=2)
        size = text.fit(self.label, self.rect.width - 20, self.size)
        text.blit(surface, self.label, (self.rect.centerx, self.rect.centery - lift), size, ink, anchor="center")
        if focused:
            focus_ring(surface, self.rect)


class Toggle(Widget):
    """An on/off switch: Enter, Space, a click or Left/Right flip it."""

    adjusts = True

    def __init__(self, label: str, get: Callable[[], bool], set_: Callable[[bool], None], rect: pygame.Rect,
                 hint: str = "") -> None:
        super().__init__(rect, True, hint)
        self.label, self.get, self.set = label, get, set_

    def activate(self) -> None:
        self.set(not self.get())

    def adjust(self, step: int) -> bool:
        self.activate()
        return True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        panel(surface, self.rect, pal.PANEL_LIGHT if hovered or focused else pal.PANEL, border=pal.PANEL_EDGE)
        text.blit(surface, self.label, (self.rect.left + 22, self.rect.centery), "body", anchor="midleft")
        on = self.get()
        pill = pygame.Rect(0, 0, 84, 34)
        pill.midright = (self.rect.right - 18, self.rect.centery)
        pygame.draw.rect(surface, pal.GREEN if on else pal.SUNKEN, pill, border_radius=17)
        pygame.draw.rect(surface, pal.TEXT_DIM, pill, 2, border_radius=17)
        knob = (pill.right - 17, pill.centery) if on else (pill.left + 17, pill.centery)
        pygame.draw.circle(surface, pal.TEXT, knob, 13)
        label_x = pill.left + 26 if on else pill.right - 28
        text.blit(surface, "ON" if on else "OFF", (label_x, pill.centery), "tiny", pal.TEXT, anchor="center")
        if focused:
            focus_ring(surface, self.rect)


class Slider(Widget):
    """A value from 0 to 1 in steps: Left/Right, a click on the bar or a drag set it."""

    adjusts = True

    def __init__(self, label: str, get: Callable[[], float], set_: Callable[[float], None], rect: pygame.Rect,
                 step: float = 0.1, hint: str = "") -> None:
        super().__init__(rect, True, hint)
        self.label, self.get, self.set, self.step = label, get, set_, step

    @property
    def bar(self) -> pygame.Rect:
        bar = pygame.Rect(0, 0, int(self.rect.width * 0.42), 10)
        bar.midright = (self.rect.right - 96, self.rect.centery)
        return bar

    def adjust(self, step: int) -> bool:
        value = round(self.get() + step * self.step, 3)
        self.set(max(0.0, min(1.0, value)))
        return True

    def activate(self) -> None:
        value = self.get() + self.step
        self.set(0.0 if value > 1.0 + 1e-9 else round(value, 3))

    def click(self, pos: tuple[float, float]) -> None:
        if self.bar.inflate(24, 30).collidepoint(pos):
            self.drag(pos)
        else:
            self.activate()

    def drag(self, pos: tuple[float, float]) -> None:
        bar = self.bar
        value = (pos[0] - bar.left) / max(1, bar.width)
        self.set(round(max(0.0, min(1.0, value)) / self.step) * self.step)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        panel(surface, self.rect, pal.PANEL_LIGHT if hovered or focused else pal.PANEL, border=pal.PANEL_EDGE)
        text.blit(surface, self.label, (self.rect.left + 22, self.rect.centery), "body", anchor="midleft")
        bar, value = self.bar, self.get()
        pygame.draw.rect(surface, pal.SUNKEN, bar, border_radius=5)
        filled = bar.copy()
        filled.width = int(bar.width * value)
        pygame.draw.rect(surface, pal.SKY, filled, border_radius=5)
        pygame.draw.circle(surface, pal.TEXT, (bar.left + filled.width, bar.centery), 13)
        pygame.draw.circle(surface, pal.BLUE, (bar.left + filled.width, bar.centery), 13, 3)
        text.blit(surface, f"{round(value * 100)}%", (self.rect.right - 22, self.rect.centery), "body",
                  anchor="midright")
        if focused:
            focus_ring(surface, self.rect)


class Choice(Widget):
    """One of a few options: Left/Right step through them, Enter or a click takes the next one."""

    adjusts = True

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], get: Callable[[], Any],
                 set_: Callable[[Any], None], rect: pygame.Rect, hint: str = "") -> None:
        super().__init__(rect, True, hint)
        self.label, self.options, self.get, self.set = label, list(options), get, set_

    def index(self) -> int:
        values = [value for value, _ in self.options]
        current = self.get()
        return values.index(current) if current in values else 0

    def adjust(self, step: int) -> bool:
        self.set(self.options[(self.index() + step) % len(self.options)][0])
        return True

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[float, float]) -> None:
        """A click on the left arrow steps back; anywhere else steps forward."""
        centre, width = self._value_centre(), self._value_width()
        self.adjust(-1 if abs(pos[0] - (centre - width / 2 - 12)) < 24 else 1)

    def _value_centre(self) -> float:
        return self.rect.right - 22 - 26 - self._value_width() / 2

    def _value_width(self) -> int:
        return max(text.width(name, "body") for _, name in self.options) + 20

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        panel(surface, self.rect, pal.PANEL_LIGHT if hovered or focused else pal.PANEL, border=pal.PANEL_EDGE)
        text.blit(surface, self.label, (self.rect.left + 22, self.rect.centery), "body", anchor="midleft")
        name = self.options[self.index()][1]
        width = self._value_width()
        centre = (self._value_centre(), self.rect.centery)
        text.blit(surface, name, centre, "body", pal.GOLD, anchor="center")
        arrow(surface, (centre[0] - width / 2 - 12, centre[1]), -1)
        arrow(surface, (centre[0] + width / 2 + 12, centre[1]), 1)
        if focused:
            focus_ring(surface, self.rect)


def arrow(surface: pygame.Surface, centre: tuple[float, float], direction: int, size: int = 9,
          colour: pal.Colour = pal.TEXT_DIM) -> None:
    """A small triangle pointing left (-1) or right (1): the font has no arrow glyphs."""
    x, y = centre
    points = [(x + direction * size, y), (x - direction * size * 0.6, y - size), (x - direction * size * 0.6, y + size)]
    pygame.draw.polygon(surface, colour, points)


class Label(Widget):
    """Text that takes no focus (headings inside a group)."""

    focusable = False

    def __init__(self, label: str, rect: pygame.Rect, size: str | int = "small",
                 colour: pal.Colour = pal.TEXT_DIM) -> None:
        super().__init__(rect)
        self.label, self.size, self.colour = label, size, colour

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        text.blit(surface, self.label, self.rect.center, self.size, self.colour, anchor="center")


def column(labels_actions: Sequence[tuple[str, Action]], centre_x: int, top: int, width: int = 380,
           height: int = 54, gap: int = 14, primary_first: bool = False) -> list[Widget]:
    """Buttons stacked in a centred column."""
    out: list[Widget] = []
    for index, (label, action) in enumerate(labels_actions):
        rect = pygame.Rect(centre_x - width // 2, top + index * (height + gap), width, height)
        out.append(Button(label, action, rect, primary=primary_first and index == 0))
    return out


def row(labels_actions: Sequence[tuple[str, Action]], centre_x: int, top: int, width: int = 170,
        height: int = 48, gap: int = 12) -> list[Widget]:
    """Buttons side by side, centred on `centre_x`."""
    total = len(labels_actions) * width + (len(labels_actions) - 1) * gap
    left = centre_x - total // 2
    return [Button(label, action, pygame.Rect(left + i * (width + gap), top, width, height))
            for i, (label, action) in enumerate(labels_actions)]
