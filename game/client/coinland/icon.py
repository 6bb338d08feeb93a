"""A small Hoarder & Gatekeeper board for the game select card, drawn once and cached."""

from __future__ import annotations

import pygame

from game.client import palette as pal
from game.client.coinland.board_view import BoardView
from game.coinland.rules import new_puzzle

_cache: dict[tuple[int, int], pygame.Surface] = {}


def draw_board_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    art = _cache.get(rect.size)
    if art is None:
        art = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(art, pal.SUNKEN, art.get_rect(), border_radius=14)
        view = BoardView(3, pygame.Rect(0, 6, rect.width, rect.height - 12))
        state = new_puzzle(3, (0, 0), [((0, 0), (1, 0)), ((0, -1), (1, -1)), ((-1, 1), (0, 1))], [(2, -1)])
        view.draw_tiles(art, state.coins)
        for cell in state.coins:
            view.draw_coin(art, view.centre(cell), 0.9)
        for gate in state.gates[1]:
            view.draw_gate(art, gate, pal.VERMILION)
        view.draw_pawn(art, view.centre((0, 0)), pal.SKY)
        _cache[rect.size] = art
    surface.blit(art, rect)
