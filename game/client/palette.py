"""Colours and type: Okabe-Ito for anything that must be told apart, a night-blue table."""

from __future__ import annotations

import pygame

ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILION = (213, 94, 0)
PURPLE = (204, 121, 167)

BACKGROUND = (14, 22, 44)
PANEL = (26, 38, 70)
PANEL_LIGHT = (40, 56, 98)
TEXT = (236, 240, 250)
TEXT_DIM = (160, 172, 200)
TILE = (52, 72, 118)
TILE_TOP = (78, 102, 156)
TILE_BOTTOM = (30, 44, 80)
SUNKEN = (24, 34, 62)
GOLD = (247, 196, 48)
GOLD_DARK = (176, 120, 14)
GOLD_LIGHT = (255, 236, 150)
FOCUS = YELLOW

PLAYER_COLOURS = (ORANGE, SKY)  # player 0, player 1

_FONTS: dict[int, pygame.font.Font] = {}
_TEXT: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
SIZES = {"title": 64, "heading": 36, "body": 26, "small": 20}


def reset_caches() -> None:
    """Forget fonts and rendered text: they die with pygame.quit(), so a new App starts afresh."""
    _FONTS.clear()
    _TEXT.clear()


def font(size: int) -> pygame.font.Font:
    if size not in _FONTS:
        _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def text(content: str, size: str | int = "body", colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """Render once and cache: text is never resampled."""
    pixels = SIZES[size] if isinstance(size, str) else size
    key = (content, pixels, colour)
    surface = _TEXT.get(key)
    if surface is None:
        if len(_TEXT) > 2000:
            _TEXT.clear()
        surface = font(pixels).render(content, True, colour)
        _TEXT[key] = surface
    return surface


def blit_text(target: pygame.Surface, content: str, pos: tuple[float, float], size: str | int = "body",
              colour: tuple[int, int, int] = TEXT, anchor: str = "topleft") -> pygame.Rect:
    surface = text(content, size, colour)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    target.blit(surface, rect)
    return rect


def wrap(content: str, width: int, size: str | int = "body") -> list[str]:
    """Split text into lines that fit `width` pixels."""
    pixels = SIZES[size] if isinstance(size, str) else size
    out: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if font(pixels).size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out
