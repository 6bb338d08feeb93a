"""The window: where the fixed logical picture meets a real window of any size.

Scenes draw on a fixed 1280x800 logical surface (LOGICAL); `present` scales it into the
window with letterboxing and `to_logical` maps mouse positions back, so any window size,
fullscreen (F11) and HiDPI show the same layout. The window never shrinks below MIN_WINDOW
(smaller, the 18-pixel text becomes unreadable), or the largest size of that shape the
desktop holds. `Window` is the part of the stage (game.client.stage) that owns all this.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings

import pygame

from game.client.storage import Store

LOGICAL = (1280, 800)
MIN_WINDOW = (960, 600)  # the smallest readable window: "tiny" text is 13.5 pixels high there


#: SDL's window class (X11 WM_CLASS, Wayland app id), read when the display starts
WINDOW_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID")


def name_window_class() -> None:
    """Name the window's class "Coinland", so a task bar shows the game rather than "__main__.py".

    `import pygame` sets SDL_VIDEO_X11_WMCLASS to the script's name when a display is set; that
    default is replaced, a value the player chose is kept.
    """
    for hint in WINDOW_CLASS_HINTS:
        if os.environ.get(hint) in (None, os.path.basename(sys.argv[0])):
            os.environ[hint] = "Coinland"


class Window:
    """The window half of the stage: opening it, its minimum size, full screen and the letterbox."""

    fullscreen: bool
    store: Store
    window: pygame.Surface
    surface: pygame.Surface  # the logical picture, LOGICAL in size
    _scaled: pygame.Surface | None

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        windowed = getattr(self, "_windowed", None)
        window = pygame.display.set_mode(windowed[0] if windowed else self._window_size(), pygame.RESIZABLE)
        self._set_minimum()
        if windowed and windowed[1] is not None:
            self._place(windowed[1])
        return window

    @staticmethod
    def _position() -> tuple[int, int] | None:
        with warnings.catch_warnings(), contextlib.suppress(pygame.error, AttributeError, ValueError):
            warnings.simplefilter("ignore", DeprecationWarning)
            return tuple(pygame.Window.from_display_module().position)  # type: ignore[return-value]
        return None

    @staticmethod
    def _place(position: tuple[int, int]) -> None:
        with warnings.catch_warnings(), contextlib.suppress(pygame.error, AttributeError, ValueError):
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().position = position

    @staticmethod
    def minimum_size() -> tuple[int, int]:
        """MIN_WINDOW, or the largest size of the same shape the desktop holds when it is smaller."""
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return MIN_WINDOW
        scale = min(1.0, desktop[0] / MIN_WINDOW[0], desktop[1] / MIN_WINDOW[1])
        return (int(MIN_WINDOW[0] * scale), int(MIN_WINDOW[1] * scale))

    def _set_minimum(self) -> None:
        """Ask the window manager to keep the window readable (SDL also clamps our own resizes)."""
        with warnings.catch_warnings(), contextlib.suppress(pygame.error, AttributeError, ValueError):
            warnings.simplefilter("ignore", DeprecationWarning)  # the display-module window is the one we draw on
            pygame.Window.from_display_module().minimum_size = self.minimum_size()

    def _refuse_shrinking(self) -> None:
        """A window manager that ignored the minimum: grow the window back to it."""
        width, height = self.window.get_size()
        least = self.minimum_size()
        if not self.fullscreen and (width < least[0] or height < least[1]):
            self.window = pygame.display.set_mode((max(width, least[0]), max(height, least[1])), pygame.RESIZABLE)
            self._set_minimum()

    @staticmethod
    def _window_size() -> tuple[int, int]:
        """The logical size, or smaller (same shape) when the desktop cannot hold it."""
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return LOGICAL
        scale = min(1.0, (desktop[0] - 40) / LOGICAL[0], (desktop[1] - 80) / LOGICAL[1])
        if scale < 0.3:
            return LOGICAL
        return (int(LOGICAL[0] * scale), int(LOGICAL[1] * scale))

    def toggle_fullscreen(self) -> None:
        """Full screen covers the desktop from its corner (a window manager that only grows the
        window would leave it where it was, the panel and toolbar off screen); leaving it gives
        back the window the player had, its size and place."""
        if not self.fullscreen:
            self._windowed = (self.window.get_size(), self._position())
        self.fullscreen = not self.fullscreen
        self.store.settings.fullscreen = self.fullscreen
        self.window = self._open_window()
        if self.fullscreen:
            self._place((0, 0))
        self.store.settings.fullscreen = self.fullscreen

    def viewport(self) -> tuple[float, int, int]:
        """Scale and offset of the logical surface inside the window (letterboxed)."""
        width, height = self.window.get_size()
        scale = min(width / LOGICAL[0], height / LOGICAL[1]) or 1.0
        return scale, round((width - LOGICAL[0] * scale) / 2), round((height - LOGICAL[1] * scale) / 2)

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        scale, ox, oy = self.viewport()
        return (pos[0] - ox) / scale, (pos[1] - oy) / scale

    def to_window(self, pos: tuple[float, float]) -> tuple[float, float]:
        """The window pixel showing logical point `pos` (tests post real window coordinates)."""
        scale, ox, oy = self.viewport()
        return pos[0] * scale + ox, pos[1] * scale + oy

    def present(self) -> None:
        scale, ox, oy = self.viewport()
        size = (round(LOGICAL[0] * scale), round(LOGICAL[1] * scale))
        if size == LOGICAL:
            self.window.blit(self.surface, (ox, oy))
        else:
            self.window.fill((0, 0, 0))
            if self._scaled is None or self._scaled.get_size() != size:
                self._scaled = pygame.Surface(size).convert()
            pygame.transform.smoothscale(self.surface, size, self._scaled)
            self.window.blit(self._scaled, (ox, oy))
        pygame.display.flip()
