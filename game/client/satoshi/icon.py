"""A small Finding Satoshi table for the game select card, drawn once per size and cached."""

from __future__ import annotations

import math

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.client.satoshi.session import PAWN_COLOURS

_cache: dict[tuple[int, int], pygame.Surface] = {}
SPACES = 14


def draw_table_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    art = _cache.get(rect.size)
    if art is None:
        art = _paint(rect.size)
        _cache[rect.size] = art
    surface.blit(art, rect)


def _paint(size: tuple[int, int]) -> pygame.Surface:
    art = pygame.Surface(size, pygame.SRCALPHA)
    box = art.get_rect()
    pygame.draw.rect(art, pal.SUNKEN, box, border_radius=14)
    ring = box.inflate(-box.width * 0.16, -box.height * 0.22)
    cell = max(8, min(ring.width, ring.height) // 5)
    for index, centre in enumerate(_ring_points(ring, SPACES)):
        square = pygame.Rect(0, 0, cell, cell)
        square.center = centre
        colour = pal.GOLD if index == 0 else (pal.SKY if index % 4 == 2 else pal.TILE)
        pygame.draw.rect(art, colour, square, border_radius=4)
        pygame.draw.rect(art, pal.TILE_BOTTOM, square, 2, border_radius=4)
    for index, centre in enumerate(_ring_points(ring, SPACES)[1:8:2]):
        rgb = PAWN_COLOURS[index][1]
        _pawn(art, (centre[0], centre[1] - cell * 0.15), max(4, cell // 3), rgb)
    _bitcoin(art, (box.centerx - cell * 0.7, box.centery), max(8, cell * 0.8))
    _role_card(art, (box.centerx + cell * 0.9, box.centery), cell)
    return art


def _ring_points(ring: pygame.Rect, count: int) -> list[tuple[float, float]]:
    """Points spaced evenly around an ellipse inside `ring`, starting at the bottom."""
    return [(ring.centerx + ring.width / 2 * math.sin(2 * math.pi * i / count),
             ring.centery + ring.height / 2 * math.cos(2 * math.pi * i / count)) for i in range(count)]


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
