"""The focus: which widget of a scene Enter acts on, and how keys and the mouse reach it.

A `FocusGroup` owns a scene's widgets (game.client.widgets): Tab / Shift+Tab (and the arrow
keys along the group's direction) move the focus, Enter or Space activates, Left/Right adjust a
slider or choice; the mouse hovers, clicks and drags. A scene drawn under another (`covered`)
shows no focus and no hover: Enter acts on the scene on top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from game.client.widgets import ACTIVATE_KEYS, Action, Widget


class FocusGroup:
    """The widgets of a scene and which one has the focus."""

    def __init__(self, widgets: list[Widget], horizontal: bool = False,
                 feedback: Callable[[str], None] | None = None, submit: Action | None = None) -> None:
        self.widgets = widgets
        self.horizontal = horizontal
        self.feedback = feedback
        # a form's default action (a setup's Start): Enter on a value row (a choice, a switch) runs it
        # instead of changing the value, so "Enter starts" holds on every row; Space, a click and
        # Left/Right still change the value
        self.submit = submit
        self.hover: int | None = None
        self.dragging: int | None = None
        usable = [i for i, w in enumerate(widgets) if w.focusable and w.enabled]
        default = [i for i in usable if widgets[i].first or getattr(widgets[i], "primary", False)]
        self.focus = (default or usable or [0])[0]  # the default action first: Enter runs what looks ready
        self.active = True  # False while another part of the scene (a board) holds the focus

    @property
    def focused(self) -> Widget | None:
        if not self.active or not 0 <= self.focus < len(self.widgets):
            return None
        return self.widgets[self.focus]

    def handle(self, event: pygame.event.Event) -> bool:
        """Use the event if it is for these widgets; True when used."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.at(event.pos)
            if self.dragging is not None and event.buttons and event.buttons[0]:
                self.widgets[self.dragging].drag(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.at(event.pos)
            if index is None:
                return False
            self.focus, self.active = index, True
            self.dragging = index
            if self.widgets[index].enabled:
                self._sound("click")
                self.widgets[index].click(event.pos)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        back = bool(event.mod & pygame.KMOD_SHIFT)
        forward_keys = (pygame.K_RIGHT,) if self.horizontal else (pygame.K_DOWN,)
        backward_keys = (pygame.K_LEFT,) if self.horizontal else (pygame.K_UP,)
        if key == pygame.K_TAB:
            self.move(-1 if back else 1)
            return True
        if key in forward_keys or key in backward_keys:
            self.move(1 if key in forward_keys else -1)
            return True
        focused = self.focused
        if focused is None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and focused.enabled:
            used = focused.adjust(1 if key == pygame.K_RIGHT else -1)
            if used:
                self._sound("click")
            return used
        if key in ACTIVATE_KEYS:
            if self.submit is not None and key != pygame.K_SPACE and focused.adjusts:
                self._sound("click")
                self.submit()
            elif focused.enabled:
                self._sound("click")
                focused.activate()
            else:
                self._sound("invalid")
            return True
        return False

    def _sound(self, name: str) -> None:
        if self.feedback:
            self.feedback(name)

    def at(self, pos: tuple[float, float]) -> int | None:
        for index, widget in enumerate(self.widgets):
            if widget.focusable and widget.rect.collidepoint(pos):
                return index
        return None

    def move(self, step: int) -> None:
        """Focus the next (or previous) focusable widget, wrapping around."""
        self.active = True
        count = len(self.widgets)
        for _ in range(count):
            self.focus = (self.focus + step) % count
            widget = self.widgets[self.focus]
            if widget.focusable and widget.enabled:
                return

    def phase(self) -> int:
        """The focused widget's `phase`: the stage redraws a still screen when it changes."""
        focused = self.focused
        return focused.phase() if focused is not None else 0

    def draw(self, surface: pygame.Surface) -> None:
        live = self.active and not _covered[-1]  # under a dialog, Enter acts on the dialog: no focus look here
        for index, widget in enumerate(self.widgets):
            widget.draw(surface, live and index == self.focus, live and index == self.hover)


_covered = [False]


@contextmanager
def covered(below: bool = True) -> Iterator[None]:
    """Draw a scene that another scene covers (the App's overlays): its widgets show no focus or hover."""
    _covered.append(below)
    try:
        yield
    finally:
        _covered.pop()


