"""The menu scene and the drawing helpers that every game's scenes share.

The scene base class itself, `Scene`, lives with the stage that drives it
(game.client.stage); it is importable from here too, as is the logical size LOGICAL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client import pads, text
from game.client import palette as pal
from game.client.focus import FocusGroup
from game.client.stage import Scene
from game.client.widgets import Widget
from game.client.window import LOGICAL

__all__ = ["LOGICAL", "MenuScene", "Scene", "draw_heading", "footer", "shade"]


class MenuScene(Scene):
    """A heading, an optional line or two, and a focus group of widgets; Esc goes back.

    Subclasses return their widgets from `build`; `rebuild` keeps the focus where it was,
    for widgets whose labels change.
    """

    heading = ""
    subtitle = ""
    top = 250

    def build(self) -> Sequence[Widget]:
        return []

    def enter(self) -> None:
        self.group = FocusGroup(list(self.build()), feedback=self.app.audio.play, submit=self.submit())

    #: menus whose items come and go (Resume, once its match ended): when the focused item is gone,
    #: focus the first item rather than whatever slid into its place
    refocus_first = False

    def rebuild(self) -> None:
        """Build again, focus staying on the same widget: found by its label when it moved, else
        the same place (a form's row whose label shows its value)."""
        focus, widgets = self.group.focus, self.group.widgets
        label = getattr(widgets[focus], "label", None) if 0 <= focus < len(widgets) else None
        self.group = FocusGroup(list(self.build()), feedback=self.app.audio.play, submit=self.submit())
        labels = [getattr(widget, "label", None) for widget in self.group.widgets]
        if focus < len(labels) and labels[focus] == label:
            self.group.focus = focus
        elif label is not None and labels.count(label) == 1:  # it moved (an item above came or went)
            self.group.focus = labels.index(label)
        elif self.refocus_first and len(labels) != len(widgets):
            self.group.focus = 0
        else:
            self.group.focus = min(focus, len(labels) - 1)

    def submit(self) -> Callable[[], None] | None:
        """A form's default action (a setup's Start): Enter on any of its value rows runs it. None:
        Enter on a choice changes it (a settings page)."""
        return None

    def back(self) -> None:
        self.app.pop()

    def still(self) -> bool:
        """A menu moves only when used: still unless a subclass animates (see Scene.still)."""
        return True

    def looks(self) -> object:
        return self.group.phase()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_heading(surface, self.heading, self.subtitle)
        self.group.draw(surface)


def draw_heading(surface: pygame.Surface, heading: str, subtitle: str = "", y: int = 96) -> None:
    text.blit(surface, heading, (LOGICAL[0] / 2, y), "title", pal.GOLD, anchor="center", shadow=True)
    for index, line in enumerate(text.wrap(subtitle, 900, "body") if subtitle else []):
        text.blit(surface, line, (LOGICAL[0] / 2, y + 58 + index * 32), "body", pal.TEXT_DIM, anchor="center")


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken what is below an overlay."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def footer(surface: pygame.Surface, hint: str) -> None:
    """The key hint along the bottom of a menu (in a controller's words while one is in use)."""
    hint = pads.words(hint)
    text.blit(surface, hint, (LOGICAL[0] / 2, LOGICAL[1] - 26), "small", pal.TEXT_DIM, anchor="center")
