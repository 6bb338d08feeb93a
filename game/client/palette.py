"""Colours: Okabe-Ito for everything that must be told apart, a night-blue table for the rest.

Okabe-Ito stays distinguishable under the common colour-vision deficiencies; shapes
(solid vs striped gates, numbered pawns, cost badges) carry the same information again,
so colour is never the only cue.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

# Okabe-Ito
ORANGE: Colour = (230, 159, 0)
SKY: Colour = (86, 180, 233)
GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILION: Colour = (213, 94, 0)
PURPLE: Colour = (204, 121, 167)

# the table
BACKGROUND: Colour = (14, 22, 44)
VIGNETTE: Colour = (4, 8, 20)
PANEL: Colour = (28, 40, 74)
PANEL_LIGHT: Colour = (44, 62, 108)
PANEL_EDGE: Colour = (64, 86, 140)
TEXT: Colour = (238, 242, 252)
TEXT_DIM: Colour = (170, 182, 210)
TEXT_DARK: Colour = (16, 20, 34)
SHADOW: Colour = (6, 10, 22)
TILE: Colour = (56, 78, 128)
TILE_TOP: Colour = (94, 120, 176)
TILE_BOTTOM: Colour = (30, 44, 82)
SUNKEN: Colour = (22, 32, 60)
SUNKEN_EDGE: Colour = (12, 18, 38)
GOLD: Colour = (247, 196, 48)
GOLD_DARK: Colour = (170, 114, 12)
GOLD_LIGHT: Colour = (255, 238, 160)
FOCUS: Colour = YELLOW
GOOD: Colour = GREEN
BAD: Colour = VERMILION

#: players 0 and 1 wherever the two must be told apart (Duel pawns and gates, Classic seats)
PLAYER_COLOURS: tuple[Colour, Colour] = (ORANGE, SKY)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend two colours; t = 0 gives a, 1 gives b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def darker(colour: Colour, amount: int = 60) -> Colour:
    return (max(0, colour[0] - amount), max(0, colour[1] - amount), max(0, colour[2] - amount))


def lighter(colour: Colour, amount: int = 50) -> Colour:
    return (min(255, colour[0] + amount), min(255, colour[1] + amount), min(255, colour[2] + amount))
