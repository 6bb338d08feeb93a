"""The coin, drawn in code: a gold disc with a darker rim, an embossed ◎ mark and a highlight.

Sprites are drawn once per radius at four times the size and smooth-scaled down (cheap
anti-aliasing), then cached; a spinning coin is the same sprite squashed horizontally.
"""

from __future__ import annotations

import pygame

from game.client import palette as pal

SUPERSAMPLE = 4
_sprites: dict[tuple[int, bool], pygame.Surface] = {}
_squashed: dict[tuple[int, int], pygame.Surface] = {}


def reset() -> None:
    _sprites.clear()
    _squashed.clear()


def _paint(radius: int, glint: bool) -> pygame.Surface:
    big = radius * SUPERSAMPLE
    size = 2 * big + 2 * SUPERSAMPLE
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(art, pal.GOLD_DARK, c, big)
    pygame.draw.circle(art, pal.GOLD, c, int(big * 0.86))
    face = pal.mix(pal.GOLD, pal.GOLD_LIGHT, 0.35)
    pygame.draw.circle(art, face, (c[0] - big // 10, c[1] - big // 10), int(big * 0.7))
    ring, dot = int(big * 0.5), int(big * 0.17)
    thick = max(SUPERSAMPLE, big // 9)
    pygame.draw.circle(art, pal.GOLD_LIGHT, (c[0] + thick // 2, c[1] + thick // 2), ring, thick)  # emboss light
    pygame.draw.circle(art, pal.GOLD_DARK, c, ring, thick)
    pygame.draw.circle(art, pal.GOLD_DARK, c, dot)
    pygame.draw.ellipse(art, (255, 248, 215), (c[0] - big * 0.62, c[1] - big * 0.66, big * 0.5, big * 0.3))
    if glint:
        star = (c[0] + big * 0.38, c[1] - big * 0.42)
        arm = big * 0.34
        pygame.draw.line(art, (255, 255, 255), (star[0] - arm, star[1]), (star[0] + arm, star[1]), thick)
        pygame.draw.line(art, (255, 255, 255), (star[0], star[1] - arm), (star[0], star[1] + arm), thick)
    final = 2 * radius + 2
    small = pygame.transform.smoothscale(art, (final, final))
    return small.convert_alpha() if pygame.display.get_surface() is not None else small


def sprite(radius: int, glint: bool = False) -> pygame.Surface:
    radius = max(2, int(radius))
    key = (radius, glint)
    found = _sprites.get(key)
    if found is None:
        found = _paint(radius, glint)
        _sprites[key] = found
    return found


def draw_coin(surface: pygame.Surface, centre: tuple[float, float], radius: float, squash: float = 1.0,
              glint: bool = False, shadow: bool = True) -> None:
    """Draw a coin centred at `centre`; `squash` in 0..1 narrows it as if spinning."""
    r = max(2, int(radius))
    art = sprite(r, glint)
    squash = abs(squash)
    if squash < 0.97:
        steps = max(1, round(squash * 12))
        key = (r, steps)
        narrow = _squashed.get(key)
        if narrow is None:
            narrow = pygame.transform.smoothscale(art, (max(2, art.get_width() * steps // 12), art.get_height()))
            _squashed[key] = narrow
        art = narrow
    x, y = centre
    if shadow:
        pygame.draw.ellipse(surface, pal.SHADOW, (x - r * 0.8 * max(squash, 0.3), y + r * 0.55, r * 1.6 *
                                                  max(squash, 0.3), r * 0.7))
    surface.blit(art, (round(x - art.get_width() / 2), round(y - art.get_height() / 2)))
