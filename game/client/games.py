"""The games the App hosts: one entry each, so adding a game is adding its scenes and a line here.

A game's scenes live in their own package (`module`), which must define
`first_scene() -> Scene` (the scene game select opens) and may define
`draw_icon(surface, rect)` for its card. An entry whose package is not there yet shows
as "coming soon".
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.util import find_spec
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.client.scenes import Scene


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    byline: str
    blurb: str
    module: str

    def available(self) -> bool:
        try:
            return find_spec(self.module) is not None
        except (ImportError, ValueError):
            return False

    def first_scene(self) -> Scene:
        return importlib.import_module(self.module).first_scene()

    def draw_icon(self, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        """Let the game draw its card picture; False when it has none (or is not there yet)."""
        if not self.available():
            return False
        draw = getattr(importlib.import_module(self.module), "draw_icon", None)
        if draw is None:
            return False
        draw(surface, rect)
        return True


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        key="coinland",
        title="Hoarder & Gatekeeper",
        byline="a game by Néstor Romeral Andrés",
        blurb="Puzzle, Classic match and Duel on a hexagonal land of coins.",
        module="game.client.coinland",
    ),
    GameEntry(
        key="satoshi",
        title="Finding Satoshi",
        byline="The Bitcoin Board Game by Channing Jones",
        blurb="Mine, trade and hunt for Satoshi, for 2 to 6 players.",
        module="game.client.satoshi",
    ),
)
