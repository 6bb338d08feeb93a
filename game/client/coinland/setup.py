"""Classic and Duel setup: each seat human or a computer strength, board size, who starts, and
for a Duel the pass house rule (off by default: the designer's rule)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.dialog import Dialog
from game.client.coinland.match_save import NAMES, resume_scene, save_path
from game.client.coinland.play import PlayScene
from game.client.coinland.sessions import HUMAN, RANDOM, SEAT_KINDS, Setup
from game.client.scenes import LOGICAL, MenuScene, Scene, footer
from game.client.widgets import Button, Choice, Widget
from game.coinland.state import Mode

SIZES = (3, 4, 5, 6)
ROW_WIDTH, ROW_HEIGHT, ROW_GAP = 660, 56, 14
HOUSE_RULE = "Pass instead of a gate"
HOUSE_RULE_NOTE = ("House rule: a player may pass instead of drawing a gate, and two passes in a row end "
                   "the game. How to play explains it.")
_remembered: dict[Mode, Setup] = {}


def kind_name(kind: str) -> str:
    return "Human" if kind == HUMAN else f"Computer: {kind}"


class SetupScene(MenuScene):
    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.setup = _remembered.setdefault(mode, Setup(mode))
        self.heading = "Classic match" if mode is Mode.CLASSIC else "Duel"
        self.subtitle = ("Two games with the roles swapped: the higher Hoarder score wins." if mode is Mode.CLASSIC
                         else "Both players hoard and gate: the most coins wins.")
        self.top = 200 if mode is Mode.CLASSIC else 184

    def rows(self) -> list[Choice]:
        s = self.setup
        kinds = [(kind, kind_name(kind)) for kind in SEAT_KINDS]
        starts_label = "Hoards first" if self.mode is Mode.CLASSIC else "Moves first"
        starts = [(0, "Player 1"), (1, "Player 2"), (RANDOM, "Random")]
        left = (LOGICAL[0] - ROW_WIDTH) // 2
        rows = [("Player 1", kinds, lambda: s.seats[0], lambda v: self._seat(0, v)),
                ("Player 2", kinds, lambda: s.seats[1], lambda v: self._seat(1, v)),
                ("Board size", [(n, f"{n} per side") for n in SIZES], lambda: s.size, self._size),
                (starts_label, starts, lambda: s.first, self._first)]
        if self.mode is Mode.DUEL:
            rows.append((HOUSE_RULE, [(False, "Off (the rules)"), (True, "On (house rule)")], lambda: s.may_pass,
                         self._may_pass))
        return [Choice(label, options, get, set_, pygame.Rect(left, self.top + i * (ROW_HEIGHT + ROW_GAP), ROW_WIDTH,
                                                              ROW_HEIGHT))
                for i, (label, options, get, set_) in enumerate(rows)]

    def build(self) -> list[Widget]:
        rows: list[Widget] = list(self.rows())
        top = self.top + len(rows) * (ROW_HEIGHT + ROW_GAP) + 16
        return [*rows,
                Button("Start", self.start, pygame.Rect(LOGICAL[0] // 2 - 200, top, 190, 56), primary=True),
                Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 10, top, 190, 56))]

    def submit(self) -> Callable[[], None]:
        """Enter on any row starts, as the footer says (Left/Right change a row, Space steps it)."""
        return self.start

    def _seat(self, seat: int, kind: str) -> None:
        seats = list(self.setup.seats)
        seats[seat] = kind
        self.setup.seats = (seats[0], seats[1])

    def _size(self, size: int) -> None:
        self.setup.size = size

    def _first(self, first: int) -> None:
        self.setup.first = first

    def _may_pass(self, on: bool) -> None:
        self.setup.may_pass = on

    def start(self) -> None:
        """Start; when a match of this mode is saved, ask first: a new one would replace it."""
        if not save_path(self.app.store.folder, self.mode).is_file():
            self.app.replace(play_scene(self.setup))
            return
        name = NAMES[self.mode].lower()
        self.app.push(Dialog(f"A {name} is saved", [
            f"Starting a new {name} replaces the saved one.",
            ("Resume it from here, or start afresh.", pal.TEXT_DIM)],
            [(f"Resume the saved {name}", self._resume_saved), (f"Start a new {name}", self._start_new),
             ("Back", self.app.pop)]))

    def _resume_saved(self) -> None:
        self.app.pop()
        scene = resume_scene(self.app, self.mode)
        if scene is not None:
            self.app.replace(scene)

    def _start_new(self) -> None:
        self.app.pop()
        self.app.replace(play_scene(self.setup))

    def note(self) -> str:
        focused = self.group.focused
        if isinstance(focused, Choice) and focused.label == HOUSE_RULE:
            return HOUSE_RULE_NOTE
        if self.mode is Mode.CLASSIC:
            return "In Classic the Gatekeeper moves first; player colours: 1 orange, 2 sky blue."
        return "Player 1: orange, solid gates  ·  Player 2: sky blue, striped gates"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        bottom = self.group.widgets[-1].rect.bottom
        for index, line in enumerate(text.wrap(self.note(), 1000, "small")):
            text.blit(surface, line, (LOGICAL[0] / 2, bottom + 30 + 24 * index), "small", pal.TEXT_DIM,
                      anchor="center")
        footer(surface, "Up / Down choose a line  ·  Left / Right change it  ·  Enter starts  ·  Esc goes back")


def play_scene(setup: Setup, seed: int | None = None) -> Scene:
    return PlayScene(setup.session(seed), setup.title())


def restart_like(play: Scene) -> Scene:
    """A new game with the same seats, size, start rule and house rule as the one just played."""
    session = play.session  # type: ignore[attr-defined]
    mode = session.state.mode
    setup = _remembered.get(mode) or Setup(mode, session.seats, session.state.size,
                                           may_pass=getattr(session.state, "may_pass", False))
    return play_scene(setup)
