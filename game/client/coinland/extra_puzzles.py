"""Puzzles from outside the packs: the puzzle of the day, endless random puzzles, share codes
and level files. Each is made (or its par proved) off the frame loop, then played.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.client.coinland.rating import level_key
from game.client.coinland.sessions import PuzzleSession
from game.client.scenes import LOGICAL, MenuScene, Scene, draw_heading, footer
from game.client.text_field import TextField
from game.client.widgets import Button, Widget
from game.client.worker import Worker
from game.coinland.daily import daily_level, random_puzzle
from game.coinland.levels import Level, read_level
from game.coinland.sharecode import ShareCodeError, decode
from game.coinland.solver import solve

PAR_SECONDS = 10.0  # a shared level's par is proved before play; the bench proves size-4 boards well within this
DIFFICULTIES = ("easy", "medium", "hard")
DESCRIPTIONS = {"easy": "size 3, few gates", "medium": "size 4", "hard": "size 4, many gates"}  # see daily.py


def with_par(level: Level) -> Level:
    """The level with its par proved; a level whose proof takes too long is played without a par,
    since an unproved best walk shown as par would be a promise the game cannot keep."""
    if level.par is not None:
        return level
    result = solve(level, time_limit=PAR_SECONDS)
    return replace(level, par=result.score if result.optimal else None)


def puzzle_scene(level: Level, title: str, next_level: Callable[[], Scene | None] | None = None) -> Scene:
    from game.client.coinland.play import PlayScene

    return PlayScene(PuzzleSession(level=level, key=level_key(level)), title, next_level=next_level)


def made_with_par(make: Callable[[], Level]) -> Level:
    """`make()` with its par proved. Module level, and `make` a partial of module-level functions,
    so a Worker runs the proof in a helper process (a closure would run in a thread instead)."""
    return with_par(make())


class PreparingScene(Scene):
    """"Making the puzzle…": runs `make` in a worker, then replaces itself with the puzzle."""

    frame_rate = 20  # a spinning coin and three dots: smooth enough, and the search keeps the CPU

    def __init__(self, make: Callable[[], Level], title: Callable[[Level], str],
                 next_level: Callable[[], Scene | None] | None = None) -> None:
        self.make, self.title, self.next_level = make, title, next_level
        self.clock = 0.0

    def enter(self) -> None:
        self.worker = Worker(made_with_par, self.make, name="coinland-puzzle")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.worker.cancel()
            self.app.pop()

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.worker.done:
            return
        if self.worker.error is not None:
            self.app.pop()
            self.app.toast(f"Could not make the puzzle: {self.worker.error}")
            return
        level: Level = self.worker.result
        self.app.replace(puzzle_scene(level, self.title(level), self.next_level))

    def draw(self, surface: pygame.Surface) -> None:
        dots = "." * (1 + int(self.clock * 3) % 3)
        draw_heading(surface, "Preparing the puzzle")
        spin = 1.0 if self.app.reduced_motion else math.cos(self.clock * 4)
        draw_coin(surface, (LOGICAL[0] / 2, 330), 46, squash=spin, glint=True)
        text.blit(surface, f"Proving its par{dots}", (LOGICAL[0] / 2, 430), "body", pal.TEXT_DIM, anchor="center")
        text.blit(surface, "The solver checks every walk, so the par is the best score there is.",
                  (LOGICAL[0] / 2, 470), "small", pal.TEXT_DIM, anchor="center")
        footer(surface, "Esc goes back")


def daily_scene(day: dt.date | None = None) -> Scene:
    return PreparingScene(functools.partial(daily_level, day), lambda level: level.name)


def endless_scene(difficulty: str, rng: random.Random) -> Scene:
    """A random puzzle of `difficulty`; its result screen offers the next one."""
    index = rng.randrange(1_000_000)
    return PreparingScene(functools.partial(random_puzzle, difficulty, index),
                          lambda level: f"Endless ({difficulty}) #{index}: {level.name}",
                          next_level=lambda: endless_scene(difficulty, rng))


class EndlessScene(MenuScene):
    heading = "Endless puzzles"
    subtitle = "A fresh puzzle each time, with its par proved by the solver."

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        for index, difficulty in enumerate(DIFFICULTIES):
            rect = pygame.Rect(LOGICAL[0] // 2 - 220, 280 + index * 74, 440, 58)
            label = f"{difficulty.capitalize()}  ·  {DESCRIPTIONS[difficulty]}"
            widgets.append(Button(label, self._play(difficulty), rect, primary=index == 0))
        widgets.append(Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 - 120, 560, 240, 50)))
        return widgets

    def _play(self, difficulty: str) -> Callable[[], None]:
        return lambda: self.app.push(endless_scene(difficulty, self.rng))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        footer(surface, "Up / Down choose  ·  Enter plays  ·  Esc goes back")


def level_from_text(entry: str) -> Level:
    """A share code, or the path of a level file; ValueError with a one-line reason otherwise."""
    entry = entry.strip().strip('"').strip("'")
    if not entry:
        raise ValueError("type or paste a level code (CL1-...) or the path of a level file")
    if entry.upper().startswith("CL1"):
        try:
            return decode(entry)
        except ShareCodeError as error:
            raise ValueError(f"level code: {error}") from None
    path = Path(entry).expanduser()
    if not path.exists():
        raise ValueError(f"{path}: no such file, and not a level code (codes start with CL1-)")
    level, problems = read_level(path)
    if level is None:
        raise ValueError(str(problems[0]) if problems else f"{path}: not a level")
    return level


ENTRY_LIMIT = 2000  # characters: the longest code (a size-8 board, every gate, a 40-byte name) is 249, paths longer


class CodeScene(MenuScene):
    """Play a level from a share code or a level file: the error, if any, stays on screen."""

    heading = "Play a shared level"

    def __init__(self, on_import: Callable[[Level], None] | None = None) -> None:
        self.error = ""
        self.on_import = on_import
        self.field = TextField("Level code or file path", pygame.Rect(LOGICAL[0] // 2 - 430, 300, 860, 56),
                               self.play, placeholder="CL1-... or /path/to/level.toml",
                               on_change=self._edited, limit=ENTRY_LIMIT)

    def _edited(self, _value: str) -> None:
        """An edit (typed, pasted, cut) makes the last error stale: it goes until Enter checks again."""
        self.error = ""

    def build(self) -> list[Widget]:
        buttons = [Button("Play", self.play, pygame.Rect(LOGICAL[0] // 2 - 390, 420, 240, 54), primary=True)]
        if self.on_import is not None:
            buttons.append(Button("Add to My levels", self.add, pygame.Rect(LOGICAL[0] // 2 - 120, 420, 240, 54)))
        buttons.append(Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 150, 420, 240, 54)))
        return [self.field, *buttons]

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def _level(self) -> Level | None:
        try:
            self.error = ""
            return level_from_text(self.field.value)
        except ValueError as error:
            self.error = str(error)
            self.app.audio.play("invalid")
            return None

    def play(self) -> None:
        level = self._level()
        if level is not None:
            # a par from outside is a claim, not a proof: the solver proves it before play, as the
            # note at PAR_SECONDS promises (a claimed par = 1 made one coin "the best possible walk")
            self.app.push(PreparingScene(functools.partial(replace, level, par=None),
                                         lambda found: f"Shared: {found.name}"))

    def add(self) -> None:
        level = self._level()
        if level is not None and self.on_import is not None:
            self.on_import(level)

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.focused is self.field and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.field.type(event):
                return
        if event.type == pygame.TEXTINPUT:
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_heading(surface, self.heading, "Paste a code someone shared (Ctrl+V), or type the path of a .toml level.")
        self.group.draw(surface)
        if self.error:
            for index, line in enumerate(text.wrap(self.error, 1000, "small")[:3]):
                text.blit(surface, line, (LOGICAL[0] / 2, 520 + index * 26), "small", pal.BAD, anchor="center")
        footer(surface, "Type or paste  ·  Enter plays  ·  Tab to the buttons  ·  Esc goes back")
