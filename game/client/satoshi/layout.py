"""Where everything sits on the Finding Satoshi table (logical 1280x800 pixels).

The Track Board climbs diagonally across an 18 x 18 grid, so the two empty triangles of that
square hold the Prices Board (upper left) and the Advancement Board (lower right). The
players sit in a column on the left, the news decks under the track, and the right-hand
column holds the decision panel above the game log. A Job Opportunity's cards are laid out wide
(PANEL_WIDE), over the track's upper right and the log, while they are chosen.
"""

from __future__ import annotations

import pygame

HUD = pygame.Rect(0, 0, 1280, 38)
PLAYERS = pygame.Rect(8, 44, 226, 748)
CELL = 35
GRID = 18  # the track's grid is GRID x GRID cells
TRACK = pygame.Rect(242, 44, CELL * GRID, CELL * GRID)
PRICES = pygame.Rect(TRACK.left + 2, TRACK.top + 2, CELL * 9 - 6, CELL * 7 - 8)
ADVANCE = pygame.Rect(TRACK.left + CELL * 9 + 6, TRACK.top + CELL * 11 + 8, CELL * 9 - 8, CELL * 7 - 10)
DECKS = pygame.Rect(TRACK.left, TRACK.bottom + 6, TRACK.width, 800 - TRACK.bottom - 14)
SIDE = pygame.Rect(TRACK.right + 8, 44, 1280 - TRACK.right - 16, 748)
PANEL = pygame.Rect(SIDE.left, SIDE.top, SIDE.width, 370)
LOG = pygame.Rect(SIDE.left, PANEL.bottom + 8, SIDE.width, SIDE.bottom - PANEL.bottom - 8)
PANEL_TALL = pygame.Rect(SIDE.left, SIDE.top, SIDE.width, 640)  # a long list: the log gives way
#: the job cards, each row whole: from the Prices Board's right edge to the window's, the whole column high
PANEL_WIDE = pygame.Rect(PRICES.right + 8, SIDE.top, SIDE.right - PRICES.right - 8, SIDE.height)
BANK = (PRICES.centerx, PRICES.top + 20)  # where the bank's money comes from and goes to
DIE_AREA = pygame.Rect(TRACK.left + CELL * 12, TRACK.top + CELL * 7, CELL * 6, CELL * 4)  # empty, right of the square
PLAYER_GAP = 6


def player_rect(seat: int, players: int) -> pygame.Rect:
    """The area of one seat: the column split evenly (never taller than 160 px)."""
    height = min(160, (PLAYERS.height - PLAYER_GAP * (players - 1)) // players)
    return pygame.Rect(PLAYERS.left, PLAYERS.top + seat * (height + PLAYER_GAP), PLAYERS.width, height)


def money_anchor(seat: int, players: int) -> tuple[int, int]:
    """Where coins and bills land in a player's area (on the money line)."""
    rect = player_rect(seat, players)
    return rect.right - 40, rect.top + 30
