"""Where things sit on the 1280x800 play screen (ART.md: board centred and as large as fits,
HUD along the top, the players' purses at the sides, large buttons)."""

from __future__ import annotations

import pygame

BOARD = pygame.Rect(262, 96, 756, 592)
CARDS = (pygame.Rect(22, 96, 224, 214), pygame.Rect(1034, 96, 224, 214))
SIDE_PANELS = (pygame.Rect(22, 326, 224, 350), pygame.Rect(1034, 326, 224, 350))
TITLE_Y = 30
STATUS_Y = 66
MESSAGE_Y = 712
BUTTONS_TOP = 740
BUTTON_HEIGHT = 46


def purse_anchor(player: int) -> tuple[float, float]:
    """The coin icon on a purse card: coins fly here."""
    card = CARDS[player]
    return (card.left + 58, card.top + 122)
