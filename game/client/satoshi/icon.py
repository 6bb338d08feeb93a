"""A small Finding Satoshi table for the game select card, drawn once per size and cached."""

from __future__ import annotations

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.client.satoshi.session import PAWN_COLOURS

_cache: dict[tuple[int, int], pygame.Surface] = {}
STEPS = 11


def draw_table_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    art = _cache.get(rect.size)
    if art is None:
        art = _paint(rect.size)
        _cache[rect.size] = art
    surface.blit(art, rect)


def _paint(size: tuple[int, int]) -> pygame.Surface:
    """A staircase track from Start to End (up or right, like the Track Board), pawns on it, a bitcoin
    and a face-down role card."""
    art = pygame.Surface(size, pygame.SRCALPHA)
    box = art.get_rect()
    pygame.draw.rect(art, pal.SUNKEN, box, border_radius=14)
    cell = max(10, (box.height - 20) // (STEPS // 2 + 1))
    steps = _staircase(STEPS)
    left = box.centerx - cell * (STEPS // 2 + 1) - cell * 0.6
    bottom = box.bottom - 10 - cell
    sections = (pal.GOLD, pal.SKY, pal.GREEN, pal.PURPLE, pal.GOLD)
    centres = []
    for index, (x, y) in enumerate(steps):
        square = pygame.Rect(round(left + x * cell), round(bottom - y * cell), cell - 3, cell - 3)
        section = 0 if index == 0 else 4 if index == len(steps) - 1 else 1 + 3 * index // len(steps)
        pygame.draw.rect(art, pal.TILE_BOTTOM, square.move(0, 2), border_radius=4)
        pygame.draw.rect(art, sections[section], square, border_radius=4)
        centres.append(square.center)
    for seat, index in enumerate((2, 4, 7, 9)):
        x, y = centres[index]
        _pawn(art, (x, y - cell * 0.25), max(5, round(cell * 0.42)), PAWN_COLOURS[seat][1])
    right = left + (STEPS // 2 + 1) * cell
    _bitcoin(art, (right + cell * 1.9, box.centery), max(10, cell * 1.25))
    _role_card(art, (right + cell * 4.3, box.centery), round(cell * 1.15))
    return art


def _staircase(count: int) -> list[tuple[int, int]]:
    """Grid steps going right and up in turn: a path a pawn could walk from Start to End."""
    return [((index + 1) // 2, index // 2) for index in range(count)]


def _pawn(art: pygame.Surface, centre: tuple[float, float], radius: int, rgb: tuple[int, int, int]) -> None:
    x, y = centre
    pygame.draw.circle(art, pal.SHADOW, (x + 1, y + 2), radius)
    pygame.draw.circle(art, rgb, (x, y), radius)
    pygame.draw.circle(art, pal.TEXT_DARK, (x, y), radius, 2)


def _bitcoin(art: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
    draw_coin(art, centre, radius)
    size = max(10, int(radius * 1.3))
    text.blit(art, "B", centre, size, pal.GOLD_DARK, anchor="center")
    x, y = centre
    for dx in (-radius * 0.12, radius * 0.12):
        pygame.draw.line(art, pal.GOLD_DARK, (x + dx, y - radius * 0.78), (x + dx, y - radius * 0.5), 2)
        pygame.draw.line(art, pal.GOLD_DARK, (x + dx, y + radius * 0.5), (x + dx, y + radius * 0.78), 2)


def _role_card(art: pygame.Surface, centre: tuple[float, float], cell: int) -> None:
    card = pygame.Rect(0, 0, int(cell * 1.2), int(cell * 1.7))
    card.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(art, pal.SHADOW, card.move(2, 3), border_radius=6)
    pygame.draw.rect(art, pal.PURPLE, card, border_radius=6)
    pygame.draw.rect(art, pal.TEXT, card, 2, border_radius=6)
    text.blit(art, "?", card.center, max(12, int(cell * 1.1)), pal.TEXT, anchor="center")
