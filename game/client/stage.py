"""The stage: a window, a clock, a stack of scenes and the registry that names them.

A scene is one screen. The stage keeps a stack of them: `push` covers the current scene,
`pop` uncovers it (handing the popped scene's `result` to the scene below through
`resume`), `replace` swaps the top one. Only the top scene gets input and `update`; an
`overlay` scene (pause, result) lets the scenes below draw first and ticks them with
`idle`, so coins keep falling behind a dialog.

Scenes open one another by name, with arguments (`self.app.open("coinland.play", session,
title)`), through the registry of scene factories the stage is given. The App
(game.client.app) sits above every scene and registers them all in one place, so a scene
module imports only what lies below it, never the scenes it opens: no import circles.

Scenes draw on a fixed 1280x800 logical surface that the window part (game.client.window)
scales into the real window. Updates run on a fixed timestep from an accumulator, so
tweens and pymunk behave the same at any frame rate; drawing happens once per frame.
While nothing moves (no input, no toast, every visible scene says it is `still`, and what
each `looks` like has not changed since it was drawn) the loop in `run` neither draws nor
spins: it waits for input at IDLE_FPS and redraws once a second, so a screen nobody touches
costs next to no CPU (scripts/bench_idle.py measures every screen). A scene with idle
decorations (a breathing pawn, a glint: `ambient`) plays them for AMBIENT seconds after the
last input or change, fading them out through `liveliness`, then rests too. Searches never
run here: see game.client.worker.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.client import coin_art, focus, signals, text, worker
from game.client import palette as pal
from game.client.audio import Audio
from game.client.pads import EVENTS as PAD_EVENTS
from game.client.pads import Pads, keyboard_used
from game.client.storage import Store
from game.client.toasts import Toasts
from game.client.window import LOGICAL, Window, name_window_class

STEP = 1 / 120  # seconds per fixed update
FPS = 60
MAX_FRAME = 0.25  # a longer stall (a dragged window) is not replayed step by step
IDLE_FPS = 10  # wake-ups per second while nothing moves (input is still answered at once)
IDLE_REDRAW = 1.0  # seconds: a still screen is redrawn at least this often all the same
AMBIENT = 4.0  # seconds idle decorations play after the last input or change, then rest
AMBIENT_FADE = 1.5  # seconds over which they fade out before resting
FIRST_FRAME_EXIT = "COINLAND_EXIT_AFTER_FIRST_FRAME"  # set: print a line after the first frame and quit
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class Scene:
    """Override what you need. `app` is set by the stage before `enter` runs."""

    app: Stage
    overlay = False  # draw (and idle) the scenes below this one
    result: Any = None  # handed to the scene below on pop

    def enter(self) -> None:
        """Pushed onto the stack: build widgets (the App and its settings are available now)."""

    def exit(self) -> None:
        """Popped or replaced: release anything that outlives the scene (threads are left to finish)."""

    def resume(self, result: Any) -> None:
        """The scene above was popped; `result` is what it left."""

    def handle(self, event: pygame.event.Event) -> None: ...

    def controller_lost(self, number: int) -> None:
        """Controller `number` disconnected (the stage has said so): a game in play pauses."""

    def update(self, dt: float) -> None:
        """A fixed step of `dt` seconds (the stage runs several per frame when needed)."""

    def idle(self, dt: float) -> None:
        """A fixed step while an overlay covers this scene: keep decorations moving, nothing else."""

    def draw(self, surface: pygame.Surface) -> None: ...

    ambient = False  # has idle decorations that play a few seconds after input or change (see Stage.liveliness)

    def still(self) -> bool:
        """True when nothing on this scene is moving or working (no animation, no search, no timer
        counting down to a change other than what `looks` reports). The stage then stops redrawing
        and waits for input, so a quiet screen does not burn a core; False (the default) redraws
        every frame. Idle decorations (`ambient`) do not count: the stage rests them itself."""
        return False

    def looks(self) -> object:
        """What about the picture changes with time alone (a text caret's blink, a message that
        times out): the stage redraws a still scene when this differs from when it was drawn."""
        return None


Factory = Callable[..., Scene]  # builds a scene from the arguments its opener gives
Loader = Callable[[], Factory]  # imports a scene's module when first needed and returns its factory


def backdrop() -> pygame.Surface:
    """The table: night blue with a soft vignette, rendered once (small, then smooth-scaled)."""
    small = pygame.Surface((64, 40))
    cx, cy = 31.5, 19.5
    for y in range(40):
        for x in range(64):
            d = min(1.0, ((x - cx) ** 2 / cx ** 2 + (y - cy) ** 2 / cy ** 2) ** 0.5 / 1.15)
            small.set_at((x, y), pal.mix(pal.lighter(pal.BACKGROUND, 8), pal.VIGNETTE, d ** 2.2))
    return pygame.transform.smoothscale(small, LOGICAL)


class Stage(Window):
    """Owns the window, the scene stack and the scene registry; `tick` runs one frame, `run` runs
    until the last scene pops."""

    def __init__(self, fullscreen: bool = False, store: Store | None = None,
                 scenes: Mapping[str, Loader] | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        name_window_class()
        pygame.init()
        text.reset()
        coin_art.reset()
        sys.setswitchinterval(0.002)  # workers hold the GIL in shorter slices: smoother frames while they think
        pygame.display.set_caption("Coinland")
        pygame.display.set_icon(coin_art.sprite(15))  # before the window opens, so it is used at once
        self.store = store or Store()
        settings = self.store.settings
        self.fullscreen = fullscreen or settings.fullscreen
        self.window = self._open_window()
        self.surface = pygame.Surface(LOGICAL).convert()
        self.backdrop = backdrop().convert()
        self.clock = pygame.time.Clock()
        self.audio = Audio(settings.master_volume, settings.effects_volume, cache=self.store.folder / "cache")
        self.scenes: list[Scene] = []
        self.running = True
        self.toasts = Toasts()  # notices over every scene (game.client.toasts)
        self.pads = Pads()  # game controllers: their buttons become keys (game.client.pads)
        self.pads.start()
        self.frames = 0  # ticks run
        self.drawn = 0  # frames actually drawn (a still screen skips drawing in `run`)
        self.lazy = False  # skip drawing still frames; `run` turns it on, tests driving `tick` leave it off
        self.quiet = False  # the last tick drew nothing: `run` waits for input instead of spinning
        self._pending: list[pygame.event.Event] = []  # input that arrived while waiting
        self._since_draw = 0.0
        self._drawn_stack: tuple[int, ...] = ()
        self._drawn_toasts = False
        self._drawn_looks: tuple[object, ...] = ()
        self.calm = 0.0  # seconds since the last input or the last frame where something moved
        self.show_fps = False
        self.accumulator = 0.0
        self._scaled: pygame.Surface | None = None
        self.loaders: dict[str, Loader] = dict(scenes or {})
        self._factories: dict[str, Factory] = {}

    # --- scenes -----------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        """Close the top scene; the one below resumes with its result. The last one ends the App."""
        if not self.scenes:
            return
        top = self.scenes.pop()
        top.exit()
        if self.scenes:
            self.scenes[-1].resume(top.result)
        else:
            self.running = False

    def pop_to(self, keep: Callable[[Scene], bool]) -> None:
        """Pop until the top scene satisfies `keep` (or only the first scene is left)."""
        while len(self.scenes) > 1 and not keep(self.scenes[-1]):
            self.pop()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    # --- scenes by name ---------------------------------------------------------------
    def factory(self, name: str) -> Factory:
        """What builds the scene registered as `name` (its module is imported on first use)."""
        if name not in self._factories:
            try:
                loader = self.loaders[name]
            except KeyError:
                known = ", ".join(sorted(self.loaders))
                raise KeyError(f"no scene is registered as {name!r} (known: {known})") from None
            self._factories[name] = loader()
        return self._factories[name]

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """The scene registered as `name`, built from the arguments (not shown yet)."""
        return self.factory(name)(*args, **kwargs)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Push the scene registered as `name`, built from the arguments; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.push(scene)
        return scene

    def switch(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Replace the top scene by the one registered as `name`; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.replace(scene)
        return scene

    def is_scene(self, scene: Scene, name: str) -> bool:
        """Is `scene` one of those registered as `name`? (The name must be registered as a class.)"""
        kind = self.factory(name)
        if not isinstance(kind, type):
            raise TypeError(f"the scene registered as {name!r} is built by a function, not a class")
        return isinstance(scene, kind)

    def showing(self, name: str) -> bool:
        """Is a scene registered as `name` anywhere on the stack?"""
        return any(self.is_scene(scene, name) for scene in self.scenes)

    def toast(self, message: str, seconds: float = 3.5) -> None:
        """A short notice at the top of the screen: one line, capped (it may quote a hostile file)."""
        self.toasts.add(message, seconds)

    def notice_once(self, key: str, message: str, seconds: float = 6.0) -> None:
        """A toast shown at most once per session (a broken level file, say)."""
        self.toasts.once(key, message, seconds)

    # --- settings that several scenes touch --------------------------------------------
    @property
    def speed(self) -> float:
        """Animation playback rate; 0 means instant."""
        return self.store.settings.speed

    @property
    def reduced_motion(self) -> bool:
        return self.store.settings.reduced_motion

    def apply_volumes(self) -> None:
        self.audio.set_volumes(self.store.settings.master_volume, self.store.settings.effects_volume)

    # --- the frame ---------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in PAD_EVENTS:
            event = self._from_pad(event)
            if event is None:
                return
        elif event.type == pygame.KEYDOWN:
            keyboard_used()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F3:
            self.show_fps = not self.show_fps
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.toasts.clear()  # Esc acts as always, and the toasts go with it (not a press of its own)
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._refuse_shrinking()
        if event.type in MOUSE_EVENTS:
            event = pygame.event.Event(event.type, {**event.dict, "pos": self.to_logical(event.pos)})
        if self.scene is not None:
            self.scene.handle(event)

    def _from_pad(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A controller's event as the key it stands for; a lost controller told to the scene."""
        event, notice = self.pads.translate(event)
        if notice:
            self.toast(notice)
        lost = getattr(event, "pad_lost", None) if event is not None else None
        if lost is not None:
            if self.scene is not None:
                self.scene.controller_lost(lost)
            return None
        return event

    def tick(self, dt: float) -> None:
        """One frame: input, fixed-step updates, drawing (unless `lazy` and nothing moves), presenting."""
        events, self._pending = self._pending + pygame.event.get(), []
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        for warning in self.store.take_warnings():
            self.toast(warning, 6.0)
        self.accumulator += min(dt, MAX_FRAME)
        while self.accumulator >= STEP:
            self._step(STEP)
            self.accumulator -= STEP
        self.toasts.age(dt)
        self.frames += 1
        visible = self._visible()
        moving = bool(events) or not all(scene.still() for scene in visible)
        self.calm = 0.0 if moving else self.calm + dt
        lively = self.calm < AMBIENT and any(scene.ambient for scene in visible)
        if self.lazy and not (moving or lively) and self._unchanged(visible) and self._since_draw + dt < IDLE_REDRAW:
            self._since_draw += dt
            self.quiet = True
            return
        self.quiet = False
        self._since_draw = 0.0
        self._drawn_stack = tuple(id(scene) for scene in self.scenes)
        self._drawn_toasts = bool(self.toasts)  # one more frame after the last toast, to clear it
        self._drawn_looks = tuple(scene.looks() for scene in visible)
        self.draw()
        self.drawn += 1
        if self.drawn == 1:
            self._first_frame()

    def _unchanged(self, visible: list[Scene]) -> bool:
        """Would drawing now show the last picture again? (The scenes are still: see `tick`.)"""
        if self.toasts or self.show_fps or not self.drawn or self._drawn_toasts:
            return False
        if tuple(id(scene) for scene in self.scenes) != self._drawn_stack:
            return False
        return tuple(scene.looks() for scene in visible) == self._drawn_looks

    def liveliness(self) -> float:
        """How much idle decorations move now: 1 after input or change, fading to 0 before AMBIENT
        seconds of calm (then the screen rests and is not redrawn); 0 with reduced motion."""
        if self.reduced_motion:
            return 0.0
        fade_from = AMBIENT - AMBIENT_FADE - 0.25
        return max(0.0, min(1.0, 1 - (self.calm - fade_from) / AMBIENT_FADE))

    def _visible(self) -> list[Scene]:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[max(first, 0):]

    def _first_frame(self) -> None:
        """The window shows something: now start a helper process for the searches, off the critical path."""
        signals.started()  # from now on SIGTERM closes the window through the event loop
        if os.environ.get(FIRST_FRAME_EXIT):
            # scripts/bench_startup.py times this line; the CPU time is what a busy machine distorts least
            print(f"first frame drawn after {time.process_time():.3f} s of CPU", flush=True)
            self.running = False
            return
        worker.warm_up()

    def _step(self, dt: float) -> None:
        scenes = list(self.scenes)  # an update may push or pop
        if not scenes:
            return
        scenes[-1].update(dt)
        index = len(scenes) - 1
        while index > 0 and scenes[index].overlay:
            index -= 1
            scenes[index].idle(dt)

    def draw(self) -> None:
        surface = self.surface
        surface.blit(self.backdrop, (0, 0))
        visible = self._visible()
        for scene in visible:
            with focus.covered(scene is not visible[-1]):  # only the top scene shows where Enter acts
                scene.draw(surface)
        self.toasts.draw(surface)
        if self.show_fps:
            text.blit(surface, f"{self.clock.get_fps():.0f} fps", (LOGICAL[0] - 10, 8), "tiny", pal.TEXT_DIM,
                      anchor="topright")
        self.present()

    def run(self, max_frames: int = 0) -> int:
        """The main loop; `max_frames` > 0 stops after that many frames (smoke tests)."""
        self.lazy = True
        while self.running and self.scenes:
            self.step()
            if max_frames and self.frames >= max_frames:
                break
        self.close()
        return 0

    def step(self) -> None:
        """One turn of the loop: wait (briefly at FPS, or at a scene's lower `frame_rate`; for input at
        IDLE_FPS when still), then tick."""
        if self.quiet:
            event = pygame.event.wait(1000 // IDLE_FPS)
            if event.type != pygame.NOEVENT:
                self._pending.append(event)
        rates = [getattr(scene, "frame_rate", FPS) for scene in self._visible()]
        self.tick(self.clock.tick(max(rates, default=FPS)) / 1000)

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.store.save()
        pygame.quit()

