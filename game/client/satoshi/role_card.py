"""The role cards drawn in code: Satoshi's hooded figure, the Bitcoin Geek's big coin, the back.

A card's words come from the rules data and the game's difficulty (the winning limits move
with it), so a card never disagrees with the outcome. `draw_card` takes a `flip` from 0 (back
up) to 1 (face up): the card narrows to an edge and opens on its other side, like a real flip.
"""

from __future__ import annotations

import math

import pygame

from game.bitcoin.state import SATOSHI, State
from game.client import palette as pal
from game.client import text

SATOSHI_INK = (46, 30, 70)
GEEK_INK = (16, 58, 92)
FACE = (244, 238, 222)


def limits(state: State) -> tuple[int, int]:
    """The two winning limits at this game's difficulty (chapter 6.1)."""
    if state.outcome is not None:
        return state.outcome.limits
    rules = state.data.rules
    offset = rules.difficulty[state.options.difficulty]
    return rules.fiat_below + offset, rules.everyone_at + offset


def role_name(role: str) -> str:
    return "Satoshi" if role == SATOSHI else "Bitcoin Geek"


def rule_lines(role: str, low: int, high: int) -> list[str]:
    """The short rule printed on the card."""
    if role == SATOSHI:
        return ["You win only if everybody wins:", f"lift the Bitcoin price to ${high} or more."]
    return [f"Under ${low}: the most Fiat money wins.", f"${low} to ${high - 1}: the most Bitcoins win.",
            f"${high} or more: everybody wins."]


def draw_bitcoin_mark(surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
    """A plain gold coin with a B and its two strokes (the font has no bitcoin sign)."""
    x, y = centre
    r = max(4, int(radius))
    pygame.draw.ellipse(surface, pal.SHADOW, (x - r * 0.85, y + r * 0.7, r * 1.7, r * 0.5))
    pygame.draw.circle(surface, pal.GOLD_DARK, (x, y), r)
    pygame.draw.circle(surface, pal.GOLD, (x, y), int(r * 0.86))
    pygame.draw.circle(surface, pal.mix(pal.GOLD, pal.GOLD_LIGHT, 0.35), (x - r * 0.06, y - r * 0.06), int(r * 0.72))
    pygame.draw.ellipse(surface, (255, 248, 215), (x - r * 0.6, y - r * 0.64, r * 0.46, r * 0.26))
    ink = pal.GOLD_DARK
    glyph = text.blit(surface, "B", (x, y + r * 0.05), max(12, int(r * 1.2)), ink, anchor="center")
    width = max(2, int(r * 0.08))
    for dx in (-0.22, 0.22):
        stroke_x = glyph.centerx + dx * glyph.width
        pygame.draw.line(surface, ink, (stroke_x, glyph.top - r * 0.14), (stroke_x, glyph.top + r * 0.08), width)
        pygame.draw.line(surface, ink, (stroke_x, glyph.bottom - r * 0.12), (stroke_x, glyph.bottom + r * 0.1), width)


def draw_hooded_figure(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """Satoshi: a hooded figure with a hidden face and a small coin on the chest."""
    x, y = centre
    cloak = (86, 60, 122)
    shoulders = [(x - size * 0.62, y + size * 0.62), (x - size * 0.36, y + size * 0.02),
                 (x + size * 0.36, y + size * 0.02), (x + size * 0.62, y + size * 0.62)]
    pygame.draw.polygon(surface, pal.darker(cloak, 20), shoulders)
    hood = pygame.Rect(0, 0, size * 0.78, size * 0.92)
    hood.midbottom = (round(x), round(y + size * 0.2))
    pygame.draw.ellipse(surface, cloak, hood)
    pygame.draw.polygon(surface, cloak, [(hood.centerx - size * 0.06, hood.top + 2), (hood.centerx, hood.top -
                                          size * 0.12), (hood.centerx + size * 0.1, hood.top + size * 0.06)])
    face = hood.inflate(-size * 0.3, -size * 0.36).move(0, size * 0.08)
    pygame.draw.ellipse(surface, (14, 10, 24), face)
    for side in (-1, 1):  # two faint eyes in the dark
        pygame.draw.circle(surface, pal.GOLD_LIGHT, (face.centerx + side * face.width * 0.2, face.centery - 2),
                           max(1, int(size * 0.025)))
    pygame.draw.ellipse(surface, pal.lighter(cloak, 30), hood, max(2, int(size * 0.035)))
    draw_bitcoin_mark(surface, (x, y + size * 0.4), size * 0.14)


def card_face(surface: pygame.Surface, rect: pygame.Rect, role: str, low: int, high: int,
              compact: bool = False) -> None:
    """The front of a role card: art, name, and the rule unless `compact` (small cards in a row)."""
    ink = SATOSHI_INK if role == SATOSHI else GEEK_INK
    radius = max(8, rect.width // 12)
    pygame.draw.rect(surface, pal.SHADOW, rect.move(3, 5), border_radius=radius)
    pygame.draw.rect(surface, FACE, rect, border_radius=radius)
    band = rect.inflate(-rect.width * 0.1, -rect.height * 0.1)
    band.height = int(rect.height * (0.66 if compact else 0.5))
    pygame.draw.rect(surface, pal.mix(ink, FACE, 0.15), band, border_radius=radius // 2)
    art_centre = (band.centerx, band.centery)
    if role == SATOSHI:
        draw_hooded_figure(surface, (band.centerx, band.top + band.height * 0.57), band.height * 0.62)
    else:
        draw_bitcoin_mark(surface, art_centre, band.height * 0.36)
    pygame.draw.rect(surface, pal.GOLD if role == SATOSHI else pal.SKY, rect, max(2, rect.width // 60),
                     border_radius=radius)
    name = role_name(role)
    name_size = text.fit(name, rect.width - 20, max(16, rect.width // 8))
    text.blit(surface, name, (rect.centerx, band.bottom + rect.height * (0.12 if compact else 0.08)), name_size, ink,
              anchor="center")
    if compact:
        return
    size = max(12, min(22, rect.width // 15))
    y = band.bottom + rect.height * 0.16
    for line in rule_lines(role, low, high):
        for row in text.wrap(line, rect.width - 24, size):
            text.blit(surface, row, (rect.centerx, y), size, pal.TEXT_DARK, anchor="midtop")
            y += size + 2


def card_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The back every role card shares: a question mark on a purple pattern."""
    radius = max(8, rect.width // 12)
    pygame.draw.rect(surface, pal.SHADOW, rect.move(3, 5), border_radius=radius)
    pygame.draw.rect(surface, pal.PURPLE, rect, border_radius=radius)
    inner = rect.inflate(-rect.width * 0.14, -rect.width * 0.14)
    pygame.draw.rect(surface, pal.darker(pal.PURPLE, 50), inner, border_radius=radius // 2)
    step = max(10, rect.width // 6)
    clip = surface.get_clip()
    surface.set_clip(inner.clip(clip) if clip else inner)
    for k in range(-inner.height // step - 1, inner.width // step + 2):
        x = inner.left + k * step
        pygame.draw.line(surface, pal.darker(pal.PURPLE, 30), (x, inner.top), (x + inner.height, inner.bottom), 2)
    surface.set_clip(clip)
    pygame.draw.rect(surface, pal.TEXT, rect, max(2, rect.width // 60), border_radius=radius)
    text.blit(surface, "?", inner.center, max(18, int(rect.height * 0.4)), pal.TEXT, anchor="center", shadow=True)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, role: str, low: int, high: int, flip: float = 1.0,
              compact: bool = False) -> None:
    """A role card `flip` of the way from back up (0) to face up (1), centred where `rect` is."""
    flip = max(0.0, min(1.0, flip))
    if flip == 1.0:
        card_face(surface, rect, role, low, high, compact)
        return
    if flip == 0.0:
        card_back(surface, rect)
        return
    art = pygame.Surface((rect.width + 6, rect.height + 8), pygame.SRCALPHA)
    local = pygame.Rect(0, 0, rect.width, rect.height)
    if flip < 0.5:
        card_back(art, local)
    else:
        card_face(art, local, role, low, high, compact)
    squeeze = abs(math.cos(flip * math.pi))
    width = max(2, int(art.get_width() * squeeze))
    narrow = pygame.transform.smoothscale(art, (width, art.get_height()))
    surface.blit(narrow, narrow.get_rect(midtop=(rect.centerx, rect.top)))
