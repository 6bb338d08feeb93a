"""The Track Board: tiles face up with an icon and a short label, Start and End, the pawns.

The board never changes during a game (the tiles are laid at setup), so it is painted once
into a surface and blitted each frame; only pawns, highlights and the path preview are drawn
live. Several pawns on one space shrink and spread so every one stays visible, and each
pawn carries its player's initial, so colour is never the only cue.

A tile carries only an icon and a short label in type large enough to read at the default
window size; the whole story is on its card, shown beside the tile while the pointer (or the
decision panel's focus) is on it, placed where it covers no track space. The move choice
never covers anything: destinations get a ring around the tile in the colour of the spaces
bought (the panel's rows show the same colour and the cost), the previewed path thin outlines,
all drawn under the pawns and outside each tile's icon and label (`content_rects`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from game.bitcoin.data import GameData, Tile
from game.client import palette as pal
from game.client import text
from game.client.satoshi import layout
from game.client.tween import Point

KIND_COLOURS: dict[str, pal.Colour] = {
    "mining": pal.ORANGE, "software": pal.SKY, "software_alt": pal.PURPLE, "bitcoin_news": pal.GOLD,
    "economic_news": pal.GREEN, "coffee_shop": (166, 110, 70), "free_bitcoin": pal.GOLD_LIGHT,
    "job_opportunity": pal.BLUE, "jump": pal.YELLOW, "personal_event": pal.VERMILION,
}
DISTANCE_COLOURS: dict[int, pal.Colour] = {1: pal.YELLOW, 2: pal.ORANGE, 3: pal.SKY}  # rings by spaces bought
SECTION_TINTS = {1: (34, 52, 92), 2: (40, 46, 96), 3: (48, 42, 92)}
LABEL_PX = 17  # the label's type: about 9 px high at the default window size (was 12)
CARD_W = 236
#: the board a tile's card speaks of, which the card must leave in view
REFERS: dict[str, pygame.Rect] = {"mining": layout.ADVANCE, "software": layout.ADVANCE,
                                  "software_alt": layout.PRICES, "bitcoin_news": layout.DECKS,
                                  "economic_news": layout.DECKS}


def tile_label(tile: Tile) -> str:
    """The few letters printed on a tile (the rules screen and the log give the long story)."""
    if tile.kind == "mining":
        return tile.level
    if tile.kind == "software":
        return f"v{tile.version.split('/')[0]}"
    if tile.kind == "software_alt":
        return f"Alt +{tile.rise}"
    if tile.kind == "job_opportunity":
        return f"${tile.fee}" if tile.fee else "Job"
    if tile.kind == "personal_event":
        return "Lucky" if tile.lucky else "Event"
    return {"bitcoin_news": "News", "economic_news": "Econ", "coffee_shop": "Coffee", "free_bitcoin": "Free",
            "jump": "Jump"}[tile.kind]


def pawn_offsets(count: int) -> tuple[float, list[Point]]:
    """Radius and centre offsets for `count` pawns sharing one space (all visible)."""
    if count <= 1:
        return 10.0, [(0.0, 2.0)]
    if count == 2:
        return 8.5, [(-8.0, 2.0), (8.0, 2.0)]
    if count <= 4:
        return 7.5, [(-7.5, -5.0), (7.5, -5.0), (-7.5, 9.0), (7.5, 9.0)][:count]
    return 6.5, [(-11.0, -4.0), (0.0, -4.0), (11.0, -4.0), (-11.0, 10.0), (0.0, 10.0), (11.0, 10.0)][:count]


class TrackView:
    """Screen geometry of the track and its drawing; `layout_ids` gives each space's tile."""

    def __init__(self, data: GameData, layout_ids: Sequence[str], area: pygame.Rect = layout.TRACK) -> None:
        self.data = data
        self.track = data.track
        self.area = area
        self.cell = area.width // layout.GRID
        self.tiles = {space.id: layout_ids[index] for index, space in enumerate(self.track.spaces)}
        self._static: pygame.Surface | None = None

    # --- geometry -----------------------------------------------------------------------
    def rect(self, space: str) -> pygame.Rect:
        s = self.track.by_id[space]
        return pygame.Rect(self.area.left + s.x * self.cell, self.area.top + (layout.GRID - 1 - s.y) * self.cell,
                           self.cell, self.cell)

    def centre(self, space: str) -> Point:
        r = self.rect(space)
        return (r.centerx, r.centery)

    def space_at(self, pos: tuple[float, float]) -> str | None:
        if not self.area.collidepoint(pos):
            return None
        x = int((pos[0] - self.area.left) // self.cell)
        y = layout.GRID - 1 - int((pos[1] - self.area.top) // self.cell)
        for space in self.track.spaces:
            if space.x == x and space.y == y:
                return space.id
        return None

    # --- the static board ------------------------------------------------------------------
    def static(self) -> pygame.Surface:
        """The board with its tiles, painted once (transparent around the track)."""
        if self._static is None:
            painted = self._paint()
            self._static = painted.convert_alpha() if pygame.display.get_surface() is not None else painted
        return self._static

    def _paint(self) -> pygame.Surface:
        surface = pygame.Surface(self.area.size, pygame.SRCALPHA)
        offset = (-self.area.left, -self.area.top)
        for space in self.track.spaces:  # the section plates first, under every tile
            plate = self.rect(space.id).move(offset).inflate(4, 4)
            pygame.draw.rect(surface, SECTION_TINTS.get(space.section, pal.PANEL), plate, border_radius=6)
        for space in self.track.spaces:  # arrows of the moves allowed: up and right
            centre = self.rect(space.id).move(offset).center
            for nxt in (space.up, space.right):
                if nxt:
                    target = self.rect(nxt).move(offset).center
                    pygame.draw.line(surface, pal.PANEL_EDGE, centre, target, 3)
        for space in self.track.spaces:
            self._paint_space(surface, space.id, self.rect(space.id).move(offset))
        return surface

    def _paint_space(self, surface: pygame.Surface, space: str, rect: pygame.Rect) -> None:
        tile_id = self.tiles.get(space, "")
        body = rect.inflate(-3, -3)
        if not tile_id:
            colour = pal.GOLD if space == self.track.end else pal.GREEN
            pygame.draw.rect(surface, pal.darker(colour, 70), body.move(0, 2), border_radius=6)
            pygame.draw.rect(surface, colour, body, border_radius=6)
            label = "End" if space == self.track.end else "Start"
            size = text.fit(label, body.width - 2, 14, smallest=10)
            text.blit(surface, label, body.center, size, pal.TEXT_DARK, anchor="center")
            return
        tile = self.data.tiles[tile_id]
        accent = KIND_COLOURS[tile.kind]
        colour = pal.mix(pal.TILE, accent, 0.32)
        pygame.draw.rect(surface, pal.TILE_BOTTOM, body.move(0, 2), border_radius=5)
        pygame.draw.rect(surface, colour, body, border_radius=5)
        pygame.draw.line(surface, pal.lighter(colour, 40), (body.left + 4, body.top + 1),
                         (body.right - 5, body.top + 1))
        draw_icon(surface, tile.kind, (body.centerx, body.top + 10), accent)
        label = tile_label(tile)
        size = text.fit(label, body.width, LABEL_PX, smallest=13)
        text.blit(surface, label, (body.centerx, body.bottom), size, pal.TEXT, anchor="midbottom")

    # --- live drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.static(), self.area.topleft)

    def content_rects(self, space: str) -> list[pygame.Rect]:
        """Where a tile's icon and label are (its body but the 2 px rim): no highlight draws there."""
        return [self.rect(space).inflate(-3, -3).inflate(-4, -4)]

    def draw_highlights(self, surface: pygame.Surface, spaces: Mapping[str, int], path: Sequence[str],
                        clock: float, hover: str | None = None) -> None:
        """The spaces a human may pick and the previewed path, covering no icon, label or pawn.

        Each destination gets a ring around its tile, outside its body, in the colour of the
        spaces bought (`spaces[space]`, the panel's rows carry the same colour); the one under
        the pointer or previewed is thicker and gold. The path's tiles get thin outlines. Drawn
        before the pawns, so they stay on top."""
        for space in path[:-1]:
            pygame.draw.rect(surface, pal.YELLOW, self.rect(space).inflate(4, 4), 2, border_radius=7)
        glow = 2 + round(1.5 * (1 + math.sin(clock * 5)))
        for space, bought in spaces.items():
            live = space == hover or (bool(path) and path[-1] == space)
            ring = self.rect(space).inflate(6, 6)
            colour = pal.GOLD if live else DISTANCE_COLOURS.get(bought, pal.YELLOW)
            pygame.draw.rect(surface, colour, ring, 4 if live else min(4, glow), border_radius=8)

    def card_rect(self, space: str, size: tuple[int, int]) -> pygame.Rect:
        """Where a tile's card goes: beside the tile, over no track space, on the screen, and clear
        of the board it speaks of (an Advancement space's card leaves the Advancement Board in view)."""
        tile_id = self.tiles.get(space, "")
        refers = REFERS.get(self.data.tiles[tile_id].kind) if tile_id else None
        spaces = [self.rect(s.id) for s in self.track.spaces]
        places = self._card_places(space, size)
        for card in places:
            if card.collidelist(spaces) < 0 and (refers is None or not card.colliderect(refers)):
                return card
        return next((card for card in places if card.collidelist(spaces) < 0), places[0])

    def _card_places(self, space: str, size: tuple[int, int]) -> list[pygame.Rect]:
        """Every place beside the tile a card may go, nearest first, kept on the screen."""
        cell, out = self.rect(space), []
        screen = pygame.Rect(self.area.left, self.area.top, self.area.width, layout.DECKS.bottom - self.area.top)
        for gap in (6, 30, 60, 100, 150, 220):
            for dx, dy in ((1, 1), (-1, -1), (1, -1), (-1, 1)):
                card = pygame.Rect((0, 0), size)
                card.left = cell.right + gap if dx > 0 else cell.left - gap - card.width
                card.top = cell.bottom + gap if dy > 0 else cell.top - gap - card.height
                out.append(card.clamp(screen))
        return out

    def draw_card(self, surface: pygame.Surface, space: str, title: str, lines: Sequence[str],
                  extra: Sequence[str] = ()) -> pygame.Rect:
        """A tile's card: its name, its whole effect, then `extra` (the move's cost, who stands there)."""
        width = CARD_W - 20
        heading = text.wrap(title, width, "small")
        body = [row for line in lines for row in text.wrap(line, width, "tiny")]
        more = [row for line in extra for row in text.wrap(line, width, "tiny")]
        height = 14 + 24 * len(heading) + 19 * (len(body) + len(more)) + (6 if more else 0)
        card = self.card_rect(space, (CARD_W, height))
        tile_id = self.tiles.get(space, "")
        accent = KIND_COLOURS[self.data.tiles[tile_id].kind] if tile_id else pal.GOLD
        pygame.draw.rect(surface, pal.SHADOW, card.move(0, 4), border_radius=10)
        pygame.draw.rect(surface, pal.PANEL_LIGHT, card, border_radius=10)
        pygame.draw.rect(surface, accent, card, 3, border_radius=10)
        y = card.top + 8
        for row in heading:
            text.blit(surface, row, (card.left + 10, y), "small", pal.TEXT)
            y += 24
        y += 4
        for row in body:
            text.blit(surface, row, (card.left + 10, y), "tiny", pal.TEXT)
            y += 19
        y += 6 if more else 0
        for row in more:
            text.blit(surface, row, (card.left + 10, y), "tiny", pal.GOLD)
            y += 19
        return card

    def draw_pawns(self, surface: pygame.Surface, spaces: Sequence[str], looks: Sequence[tuple[pal.Colour, str]],
                   moving: Mapping[int, Point], active: int | None, clock: float) -> None:
        """Pawns on their spaces (spread when sharing one); `moving` pawns are drawn where the animation has them."""
        groups: dict[str, list[int]] = {}
        for seat, space in enumerate(spaces):
            if seat not in moving:
                groups.setdefault(space, []).append(seat)
        for space, seats in groups.items():
            radius, offsets = pawn_offsets(len(seats))
            cx, cy = self.centre(space)
            for seat, (dx, dy) in zip(seats, offsets, strict=False):
                breathe = 1 + 0.08 * math.sin(clock * 4) if seat == active else 1.0
                draw_pawn(surface, (cx + dx, cy + dy), radius * breathe, *looks[seat])
        for seat, point in moving.items():
            draw_pawn(surface, point, 10.0, *looks[seat], lifted=True)


def draw_pawn(surface: pygame.Surface, centre: Point, radius: float, colour: pal.Colour, initial: str,
              lifted: bool = False) -> None:
    """A chunky pawn: a shadow, a darker rim, the colour, the player's initial."""
    x, y = centre
    r = max(3, round(radius))
    drop = 5 if lifted else 2
    pygame.draw.ellipse(surface, pal.SHADOW, (x - r, y + r - 3 + drop, 2 * r, r))
    pygame.draw.circle(surface, pal.TEXT_DARK, (x, y), r + 1)
    pygame.draw.circle(surface, colour, (x, y), r)
    pygame.draw.circle(surface, pal.lighter(colour, 50), (x - r * 0.35, y - r * 0.4), max(1, r // 4))
    if r >= 6:
        ink = pal.TEXT_DARK if sum(colour) > 360 else pal.TEXT
        text.blit(surface, initial, (x, y + 1), max(10, int(r * 1.5)), ink, anchor="center")


def draw_icon(surface: pygame.Surface, kind: str, centre: tuple[int, int], colour: pal.Colour) -> None:
    """A small pictogram per tile kind (about 16 px), drawn with shapes: the font has no symbols."""
    x, y = centre
    ink = pal.TEXT_DARK
    if kind == "mining":  # a chip with pins
        pygame.draw.rect(surface, colour, (x - 6, y - 6, 12, 12), border_radius=2)
        for k in (-3, 0, 3):
            pygame.draw.line(surface, colour, (x + k, y - 9), (x + k, y + 8))
            pygame.draw.line(surface, colour, (x - 9, y + k), (x + 8, y + k))
        pygame.draw.rect(surface, ink, (x - 3, y - 3, 6, 6))
    elif kind in ("software", "software_alt"):  # </>
        pygame.draw.lines(surface, colour, False, [(x - 4, y - 6), (x - 9, y), (x - 4, y + 6)], 2)
        pygame.draw.lines(surface, colour, False, [(x + 4, y - 6), (x + 9, y), (x + 4, y + 6)], 2)
        pygame.draw.line(surface, colour, (x + 2, y - 7), (x - 2, y + 7), 2)
    elif kind in ("bitcoin_news", "economic_news"):  # a folded paper
        pygame.draw.rect(surface, pal.TEXT, (x - 8, y - 7, 16, 14), border_radius=2)
        pygame.draw.rect(surface, colour, (x - 6, y - 5, 6, 5))
        for k in (0, 3):
            pygame.draw.line(surface, ink, (x + 1, y - 5 + k), (x + 6, y - 5 + k))
        pygame.draw.line(surface, ink, (x - 6, y + 3), (x + 6, y + 3))
    elif kind == "coffee_shop":  # a cup
        pygame.draw.rect(surface, pal.TEXT, (x - 7, y - 4, 11, 10), border_bottom_left_radius=4,
                         border_bottom_right_radius=4)
        pygame.draw.circle(surface, pal.TEXT, (x + 5, y), 4, 2)
        pygame.draw.line(surface, colour, (x - 3, y - 9), (x - 3, y - 6), 2)
    elif kind == "free_bitcoin":  # a coin
        pygame.draw.circle(surface, pal.GOLD_DARK, (x, y), 8)
        pygame.draw.circle(surface, pal.GOLD, (x, y), 6)
        text.blit(surface, "B", (x, y + 1), 12, pal.GOLD_DARK, anchor="center")
    elif kind == "job_opportunity":  # a briefcase
        pygame.draw.rect(surface, colour, (x - 8, y - 4, 16, 11), border_radius=2)
        pygame.draw.rect(surface, pal.TEXT, (x - 3, y - 8, 6, 5), 2)
    elif kind == "jump":  # a double chevron up and to the right
        for k in (0, 5):
            pygame.draw.lines(surface, colour, False, [(x - 7 + k, y - 2 - k), (x - 2 + k, y - 7 - k),
                                                       (x + 3 + k, y - 2 - k)], 3)
        pygame.draw.line(surface, colour, (x - 2, y - 4), (x - 2, y + 7), 3)
    elif kind == "personal_event":  # a die face
        pygame.draw.rect(surface, pal.TEXT, (x - 7, y - 7, 14, 14), border_radius=3)
        for dx, dy in ((-3, -3), (3, 3), (0, 0)):
            pygame.draw.circle(surface, colour, (x + dx, y + dy), 2)
