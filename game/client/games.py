"""The games the App hosts: one entry each, so adding a game is adding its scenes, registering
them (game.client.app) and a line here.

An entry names the scene game select opens (`scene`, a name in the App's registry) and the
function that draws its card's picture. An entry without a scene yet shows as "coming soon".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.client.coinland.icon import draw_board_icon
from game.client.satoshi.icon import draw_table_icon

Icon = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    byline: str
    blurb: str
    scene: str | None  # the registered name of the game's first scene; None: coming soon
    icon: Icon | None = None

    def available(self) -> bool:
        return self.scene is not None

    def draw_icon(self, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        """Let the game draw its card picture; False when it has none."""
        if self.icon is None:
            return False
        self.icon(surface, rect)
        return True


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        key="coinland",
        title="Hoarder & Gatekeeper",
        byline="a game by Néstor Romeral Andrés",
        blurb="Puzzle, Classic match and Duel on a hexagonal land of coins.",
        scene="coinland.modes",
        icon=draw_board_icon,
    ),
    GameEntry(
        key="satoshi",
        title="Finding Satoshi",
        byline="The Bitcoin Board Game by Channing Jones",
        blurb="Mine, trade and hunt for Satoshi, for 2 to 6 players.",
        scene="satoshi.menu",
        icon=draw_table_icon,
    ),
)
