"""The App: one window, a logical surface scaled to it, a clock and a stack of scenes.

Scenes draw on a fixed 1280x800 logical surface; the App scales it into the window with
letterboxing and maps mouse positions back, so every window size (and fullscreen, F11)
shows the same layout. Updates run on a fixed timestep so physics is the same at any
frame rate.
"""

from __future__ import annotations

import os

import pygame

from game.client.audio import Audio
from game.client.palette import BACKGROUND, blit_text, reset_caches
from game.client.storage import SPEEDS, Store

LOGICAL = (1280, 800)
STEP = 1 / 120  # seconds per fixed update
FPS = 60


class Scene:
    """Base scene: override what you need. `app` is set when the scene is pushed."""

    app: App

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    #: draw the scene below too (pause menus, dialogs)
    overlay = False


class App:
    def __init__(self, fullscreen: bool = False, store: Store | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.init()
        reset_caches()
        pygame.display.set_caption("Coinland")
        self.store = store or Store()
        self.fullscreen = fullscreen or self.store.settings.fullscreen
        self.window = self._open_window()
        self.surface = pygame.Surface(LOGICAL)
        self.clock = pygame.time.Clock()
        self.audio = Audio()
        self.audio.volume = self.store.settings.master_volume * self.store.settings.effects_volume
        self.scenes: list[Scene] = []
        self.running = True
        self.toasts: list[list] = [[w, 5.0] for w in self.store.warnings]
        self.frames = 0

    # --- window and coordinates --------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(LOGICAL, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.store.settings.fullscreen = self.fullscreen
        try:
            self.window = self._open_window()
        except pygame.error:
            self.fullscreen = False
            self.window = pygame.display.set_mode(LOGICAL, pygame.RESIZABLE)

    def _viewport(self) -> tuple[float, int, int]:
        width, height = self.window.get_size()
        scale = min(width / LOGICAL[0], height / LOGICAL[1]) or 1.0
        return scale, int((width - LOGICAL[0] * scale) / 2), int((height - LOGICAL[1] * scale) / 2)

    def to_logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        scale, ox, oy = self._viewport()
        return (pos[0] - ox) / scale, (pos[1] - oy) / scale

    # --- scenes -----------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def toast(self, message: str, seconds: float = 3.0) -> None:
        self.toasts.append([message, seconds])

    @property
    def speed(self) -> float:
        """Animation speed factor; 0 means instant."""
        return SPEEDS.get(self.store.settings.animation_speed, 1.0)

    # --- loop -------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            event = pygame.event.Event(event.type, {**event.dict, "pos": self.to_logical(event.pos)})
        if self.scene is not None:
            self.scene.handle(event)

    def tick(self, dt: float) -> None:
        """One frame: events, fixed-step updates, draw, present."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        self._accumulator = getattr(self, "_accumulator", 0.0) + min(dt, 0.25)
        while self._accumulator >= STEP:
            if self.scene is not None:
                self.scene.update(STEP)
            self._accumulator -= STEP
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.draw()
        self.frames += 1

    def draw(self) -> None:
        self.surface.fill(BACKGROUND)
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.surface)
        for index, (message, _) in enumerate(self.toasts[-3:]):
            rect = blit_text(self.surface, message, (LOGICAL[0] / 2, LOGICAL[1] - 40 - 34 * index), "small",
                             anchor="center")
            pygame.draw.rect(self.surface, (255, 255, 255), rect.inflate(18, 10), 1, border_radius=6)
        scale, ox, oy = self._viewport()
        self.window.fill((0, 0, 0))
        size = (int(LOGICAL[0] * scale), int(LOGICAL[1] * scale))
        if size == LOGICAL:
            self.window.blit(self.surface, (ox, oy))
        else:
            self.window.blit(pygame.transform.smoothscale(self.surface, size), (ox, oy))
        pygame.display.flip()

    def run(self, max_frames: int = 0) -> int:
        while self.running and self.scenes:
            dt = self.clock.tick(FPS) / 1000
            self.tick(dt)
            if max_frames and self.frames >= max_frames:
                break
        self.store.save()
        pygame.quit()
        return 0


def run_app(fullscreen: bool = False, max_frames: int = 0) -> int:
    from game.client.scenes.title import TitleScene

    app = App(fullscreen=fullscreen)
    app.push(TitleScene())
    return app.run(max_frames)
