"""Hoarder & Gatekeeper's scenes for the Coinland App (see game.client.games for how games plug in)."""

from __future__ import annotations

import pygame

from game.client.scenes import Scene


def first_scene() -> Scene:
    """The scene game select opens: the choice of Puzzle, Classic and Duel."""
    from game.client.coinland.menus import ModeSelectScene

    return ModeSelectScene()


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The game card's picture: a small board with coins, a gate and a pawn."""
    from game.client.coinland.icon import draw_board_icon

    draw_board_icon(surface, rect)
