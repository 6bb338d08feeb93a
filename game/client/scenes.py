"""The scene base class and a menu scene, shared by every game.

A scene is one screen. The App keeps a stack of them: `push` covers the current scene,
`pop` uncovers it (handing the popped scene's `result` to the scene below through
`resume`), `replace` swaps the top one. Only the top scene gets input and `update`;
an `overlay` scene (pause, result) lets the scenes below draw first and ticks them with
`idle`, so coins keep falling behind a dialog.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.client import palette as pal
from game.client import text
from game.client.widgets import FocusGroup, Widget

if TYPE_CHECKING:
    from game.client.app import App

LOGICAL = (1280, 800)


class Scene:
    """Override what you need. `app` is set by the App before `enter` runs."""

    app: App
    overlay = False  # draw (and idle) the scenes below this one
    result: Any = None  # handed to the scene below on pop

    def enter(self) -> None:
        """Pushed onto the stack: build widgets (the App and its settings are available now)."""

    def exit(self) -> None:
        """Popped or replaced: release anything that outlives the scene (threads are left to finish)."""

    def resume(self, result: Any) -> None:
        """The scene above was popped; `result` is what it left."""

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None:
        """A fixed step of `dt` seconds (the App runs several per frame when needed)."""

    def idle(self, dt: float) -> None:
        """A fixed step while an overlay covers this scene: keep decorations moving, nothing else."""

    def draw(self, surface: pygame.Surface) -> None: ...

    def still(self) -> bool:
        """True when drawing again, with no new input, would show the same picture (nothing animates,
        no timer changes the screen). The App then stops redrawing and waits for input, so a quiet
        menu does not burn a core; False (the default) redraws every frame."""
        return False


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
        self.group = FocusGroup(list(self.build()), feedback=self.app.audio.play)

    def rebuild(self) -> None:
        focus = self.group.focus
        self.group = FocusGroup(list(self.build()), feedback=self.app.audio.play)
        self.group.focus = min(focus, len(self.group.widgets) - 1)

    def back(self) -> None:
        self.app.pop()

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
    """The keyboard hint along the bottom of a menu."""
    text.blit(surface, hint, (LOGICAL[0] / 2, LOGICAL[1] - 26), "small", pal.TEXT_DIM, anchor="center")
