"""Classic and Duel setup: each seat human or a computer strength, board size, who starts."""

from __future__ import annotations

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
_remembered: dict[Mode, Setup] = {}


def kind_name(kind: str) -> str:
    return "Human" if kind == HUMAN else f"Computer: {kind}"


class SetupScene(MenuScene):
    top = 200

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.setup = _remembered.setdefault(mode, Setup(mode))
        self.heading = "Classic match" if mode is Mode.CLASSIC else "Duel"
        self.subtitle = ("Two games with the roles swapped: the higher Hoarder score wins." if mode is Mode.CLASSIC
                         else "Both players hoard and gate: the most coins wins.")

    def build(self) -> list[Widget]:
        s = self.setup
        width, height, gap = 660, 56, 14
        left = (LOGICAL[0] - width) // 2

        def rect(index: int) -> pygame.Rect:
            return pygame.Rect(left, self.top + index * (height + gap), width, height)

        kinds = [(kind, kind_name(kind)) for kind in SEAT_KINDS]
        starts_label = "Hoards first" if self.mode is Mode.CLASSIC else "Moves first"
        starts = [(0, "Player 1"), (1, "Player 2"), (RANDOM, "Random")]
        return [
            Choice("Player 1", kinds, lambda: s.seats[0], lambda v: self._seat(0, v), rect(0)),
            Choice("Player 2", kinds, lambda: s.seats[1], lambda v: self._seat(1, v), rect(1)),
            Choice("Board size", [(n, f"{n} per side") for n in SIZES], lambda: s.size, self._size, rect(2)),
            Choice(starts_label, starts, lambda: s.first, self._first, rect(3)),
            Button("Start", self.start, pygame.Rect(LOGICAL[0] // 2 - 200, self.top + 4 * (height + gap) + 16, 190,
                                                        56), primary=True),
            Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 10, self.top + 4 * (height + gap) + 16, 190, 56)),
        ]

    def _seat(self, seat: int, kind: str) -> None:
        seats = list(self.setup.seats)
        seats[seat] = kind
        self.setup.seats = (seats[0], seats[1])

    def _size(self, size: int) -> None:
        self.setup.size = size

    def _first(self, first: int) -> None:
        self.setup.first = first

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

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        note = ("In Classic the Gatekeeper moves first; player colours: 1 orange, 2 sky blue."
                if self.mode is Mode.CLASSIC else "Player 1: orange, solid gates  ·  Player 2: sky blue, striped gates")
        text.blit(surface, note, (LOGICAL[0] / 2, 600), "small", pal.TEXT_DIM, anchor="center")
        footer(surface, "Up / Down choose a line  ·  Left / Right change it  ·  Enter starts  ·  Esc goes back")


def play_scene(setup: Setup, seed: int | None = None) -> Scene:
    return PlayScene(setup.session(seed), setup.title())


def restart_like(play: Scene) -> Scene:
    """A new game with the same seats, size and start rule as the one just played."""
    session = play.session  # type: ignore[attr-defined]
    mode = session.state.mode
    setup = _remembered.get(mode) or Setup(mode, session.seats, session.state.size)
    return play_scene(setup)
