"""Finding Satoshi's scenes for the Coinland App (see game.client.games for how games plug in)."""

from __future__ import annotations

import pygame

from game.client.scenes import Scene


def first_scene() -> Scene:
    """The scene game select opens: New game, Resume, How to play, Watch the computers."""
    from game.client.satoshi.menu import SatoshiMenuScene

    return SatoshiMenuScene()


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The game card's picture: a loop of track spaces, pawns, a bitcoin and a face-down role card."""
    from game.client.satoshi.icon import draw_table_icon

    draw_table_icon(surface, rect)
