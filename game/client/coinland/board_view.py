"""Drawing a Hoarder & Gatekeeper board: pointy-top hex tiles, coins, gates and pawns.

The view only draws what it is told (an engine state plus overrides from animations)
and converts between cells, edges and pixels for input; it never decides what is legal.
The tile layer is rendered once per set of coins and reused until a coin goes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.coinland.state import Mode, State
from game.hexgrid import Cell, Edge, board, edge

SQRT3 = math.sqrt(3)
Point = tuple[float, float]
SOLID, STRIPED = "solid", "striped"
CURSOR_SCALE = 0.7  # the cursor ring's corners, in hex radii: inside the gates (which sit from about 0.78)


class BoardView:
    """Pixel layout of one board size inside a rectangle of the logical surface."""

    def __init__(self, size: int, rect: pygame.Rect) -> None:
        self.size = size
        self.rect = pygame.Rect(rect)
        self.hexes = board(size)
        self.cells = self.hexes.cells
        radius = size - 1
        width_units = SQRT3 * (2 * radius + 1)
        height_units = 1.5 * (2 * radius) + 2
        self.hex = min(self.rect.width / width_units, self.rect.height / height_units)
        self.origin: Point = self.rect.center
        self._layer_key: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._tints: dict[tuple[pal.Colour, int], pygame.Surface] = {}
        self._pieces_key: tuple | None = None
        self._pieces: pygame.Surface | None = None

    # --- geometry -----------------------------------------------------------------------
    def centre(self, cell: Cell) -> Point:
        q, r = cell
        return (self.origin[0] + self.hex * SQRT3 * (q + r / 2), self.origin[1] + self.hex * 1.5 * r)

    def corners(self, cell: Cell, scale: float = 1.0, centre: Point | None = None) -> list[Point]:
        x, y = centre or self.centre(cell)
        size = self.hex * scale
        return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
                for k in range(6)]

    def edge_points(self, e: Edge, shrink: float = 1.0) -> tuple[Point, Point]:
        """The two corners shared by an edge's cells (where its gate is drawn)."""
        a, b = e
        ca, cb = self.centre(a), self.centre(b)
        mid = ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        length = math.hypot(dx, dy) or 1
        half = self.hex / 2 * shrink
        px, py = -dy / length * half, dx / length * half
        return (mid[0] + px, mid[1] + py), (mid[0] - px, mid[1] - py)

    def edge_mid(self, e: Edge) -> Point:
        a, b = (self.centre(c) for c in e)
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def cell_at(self, pos: Point) -> Cell | None:
        x = (pos[0] - self.origin[0]) / self.hex
        y = (pos[1] - self.origin[1]) / self.hex
        r = y / 1.5
        q = x / SQRT3 - r / 2
        rq, rr, rs = round(q), round(r), round(-q - r)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs + q + r)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        cell = (int(rq), int(rr))
        return cell if cell in self.hexes else None

    def edge_at(self, pos: Point, reach: float = 0.3) -> Edge | None:
        """The edge whose midpoint is nearest to `pos`, if within `reach` hex sizes."""
        cell = self.cell_at(pos)
        if cell is None:
            return None
        best, best_distance = None, self.hex * reach
        for neighbour in self.hexes.neighbours(cell):
            mid = self.edge_mid(edge(cell, neighbour))
            d = math.hypot(pos[0] - mid[0], pos[1] - mid[1])
            if d < best_distance:
                best, best_distance = edge(cell, neighbour), d
        return best

    @property
    def coin_radius(self) -> float:
        return self.hex * 0.42

    # --- cached layers ------------------------------------------------------------------
    def _layer_origin(self) -> Point:
        """Where the board's centre falls on a layer (a padded copy of the board rectangle)."""
        pad = int(self.hex)
        return (self.rect.centerx - self.rect.left + pad, self.rect.centery - self.rect.top + pad)

    def _new_layer(self) -> pygame.Surface:
        pad = int(self.hex)
        return pygame.Surface((self.rect.width + 2 * pad, self.rect.height + 2 * pad), pygame.SRCALPHA)

    def _blit_layer(self, surface: pygame.Surface, layer: pygame.Surface, offset: tuple[int, int]) -> None:
        pad = int(self.hex)
        shift = (round(self.origin[0] - self.rect.centerx), round(self.origin[1] - self.rect.centery))
        surface.blit(layer, (self.rect.left - pad + shift[0] + offset[0], self.rect.top - pad + shift[1] + offset[1]))

    def draw_tiles(self, surface: pygame.Surface, coins: frozenset[Cell], offset: tuple[int, int] = (0, 0)) -> None:
        """Raised tiles under coins, sunken ones elsewhere: rendered once per set of coins."""
        key = (coins, self.hex)
        if key != self._layer_key or self._layer is None:
            self._layer = _fast(self._render_tiles(coins))
            self._layer_key = key
        self._blit_layer(surface, self._layer, offset)

    def draw_pieces(self, surface: pygame.Surface, coins: frozenset[Cell],
                    gates: frozenset[tuple[Edge, pal.Colour, str]], offset: tuple[int, int] = (0, 0)) -> None:
        """Coins, then gates over them: rendered once per set of both (redrawing 90 gates a frame is slow)."""
        key = (coins, gates, self.hex)
        if key != self._pieces_key or self._pieces is None:
            layer = self._new_layer()
            home, self.origin = self.origin, self._layer_origin()
            try:
                for cell in coins:
                    self.draw_coin(layer, self.centre(cell))
                for gate, colour, style in sorted(gates):
                    self.draw_gate(layer, gate, colour, style)
            finally:
                self.origin = home
            self._pieces, self._pieces_key = _fast(layer), key
        self._blit_layer(surface, self._pieces, offset)

    def _render_tiles(self, coins: frozenset[Cell]) -> pygame.Surface:
        layer = self._new_layer()
        home, self.origin = self.origin, self._layer_origin()
        try:
            for cell in self.cells:
                centre = self.centre(cell)
                raised = cell in coins
                outer = self.corners(cell, 0.95, centre)
                pygame.draw.polygon(layer, pal.TILE_BOTTOM if raised else pal.SUNKEN_EDGE, outer)
                lift = -3 if raised else 1
                inner = self.corners(cell, 0.86, (centre[0], centre[1] + lift))
                pygame.draw.polygon(layer, pal.TILE if raised else pal.SUNKEN, inner)
                rim = inner[3:6] + inner[0:1]  # the upper edges catch the light
                pygame.draw.lines(layer, pal.TILE_TOP if raised else pal.SUNKEN_EDGE, False, rim, 3 if raised else 2)
        finally:
            self.origin = home
        return layer

    # --- pieces -------------------------------------------------------------------------
    def draw_coin(self, surface: pygame.Surface, pos: Point, scale: float = 1.0, glint: bool = False,
                  squash: float = 1.0) -> None:
        draw_coin(surface, pos, self.coin_radius * scale, squash=squash, glint=glint)

    def draw_gate(self, surface: pygame.Surface, e: Edge, colour: pal.Colour, style: str = SOLID,
                  progress: float = 1.0, ghost: bool = False, offset: tuple[int, int] = (0, 0)) -> None:
        """A thick bar with rounded ends and a post at each end; striped gates have dark bands."""
        p, q = self.edge_points(e, 0.92)
        p = (p[0] + offset[0], p[1] + offset[1])
        q = (q[0] + offset[0], q[1] + offset[1])
        progress = max(0.0, min(1.0, progress))
        end = (p[0] + (q[0] - p[0]) * progress, p[1] + (q[1] - p[1]) * progress)
        width = max(5, int(self.hex * 0.17))
        paint = pal.mix(colour, pal.BACKGROUND, 0.45) if ghost else colour
        if not ghost:
            pygame.draw.line(surface, pal.SHADOW, (p[0] + 2, p[1] + 3), (end[0] + 2, end[1] + 3), width + 2)
        pygame.draw.line(surface, paint, p, end, width)
        if style == STRIPED:
            bands = 5
            for k in range(bands):
                t0, t1 = (k + 0.3) / bands, (k + 0.7) / bands
                if t0 >= progress:
                    break
                t1 = min(t1, progress)
                a = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
                b = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
                pygame.draw.line(surface, pal.TEXT_DARK, a, b, max(3, width - 3))
        for point in (p, end):
            centre = (round(point[0]), round(point[1]))
            pygame.draw.circle(surface, paint, centre, width // 2 + 3)
            pygame.draw.circle(surface, pal.darker(paint, 90), centre, max(2, width // 4))

    def draw_pawn(self, surface: pygame.Surface, pos: Point, colour: pal.Colour, breath: float = 0.0,
                  label: str = "") -> None:
        """A chunky piece with a shadow; the active one breathes."""
        radius = self.hex * 0.4 * (1 + 0.05 * breath)
        x, y = pos
        r = int(radius)
        pygame.draw.ellipse(surface, pal.SHADOW, (x - r * 1.05, y + r * 0.35, r * 2.1, r * 0.95))
        base = pygame.Rect(0, 0, r * 2, int(r * 1.1))
        base.center = (round(x), round(y + r * 0.25))
        pygame.draw.ellipse(surface, pal.darker(colour, 80), base)
        pygame.draw.rect(surface, pal.darker(colour, 80), (x - r, y - r * 0.45, r * 2, r * 0.7))
        top = (round(x), round(y - r * 0.45))
        pygame.draw.circle(surface, colour, top, r)
        pygame.draw.circle(surface, pal.lighter(colour, 45), (top[0] - r // 4, top[1] - r // 4), max(2, r // 2))
        pygame.draw.circle(surface, pal.darker(colour, 40), top, r, 2)
        if label:
            text.blit(surface, label, top, max(14, int(r * 1.15)), pal.TEXT_DARK, anchor="center")

    # --- markers ------------------------------------------------------------------------
    def outline(self, surface: pygame.Surface, cell: Cell, colour: pal.Colour, width: int = 3,
                scale: float = 0.9) -> None:
        pygame.draw.polygon(surface, colour, self.corners(cell, scale), width)

    def cursor(self, surface: pygame.Surface, cell: Cell, colour: pal.Colour = pal.FOCUS) -> None:
        """The keyboard cursor: a ring inside the cell with a dark halo, clear of the six edges.

        Gates lie on the edges; a cursor drawn there (as it was) hid them under yellow and
        looked like one more amber gate. Inside the cell the two never touch.
        """
        points = self.corners(cell, CURSOR_SCALE)
        pygame.draw.polygon(surface, pal.SHADOW, points, 8)
        pygame.draw.polygon(surface, colour, points, 4)

    def tint(self, surface: pygame.Surface, cell: Cell, colour: pal.Colour, alpha: int = 70) -> None:
        """A translucent fill over one cell (legal targets, hints); the patch is made once per colour."""
        key = (colour, alpha)
        patch = self._tints.get(key)
        if patch is None:
            size = int(self.hex * 2) + 2
            patch = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.polygon(patch, (*colour, alpha), self.corners(cell, 0.86, (size / 2, size / 2)))
            self._tints[key] = patch
        x, y = self.centre(cell)
        surface.blit(patch, (round(x - patch.get_width() / 2), round(y - patch.get_height() / 2 - 3)))

    def badge(self, surface: pygame.Surface, cell: Cell, label: str, colour: pal.Colour,
              ink: pal.Colour = pal.TEXT_DARK) -> None:
        """A cost badge on a cell's upper right, a rounded tag with a number."""
        x, y = self.centre(cell)
        size = max(16, int(self.hex * 0.4))
        tag = pygame.Rect(0, 0, max(size + 6, text.width(label, size) + 12), size + 4)
        tag.center = (round(x + self.hex * 0.42), round(y - self.hex * 0.5))
        pygame.draw.rect(surface, pal.SHADOW, tag.move(1, 2), border_radius=tag.height // 2)
        pygame.draw.rect(surface, colour, tag, border_radius=tag.height // 2)
        pygame.draw.rect(surface, pal.TEXT_DARK, tag, 2, border_radius=tag.height // 2)
        text.blit(surface, label, (tag.centerx, tag.centery + 1), size, ink, anchor="center")

    def path_line(self, surface: pygame.Surface, cells: Iterable[Cell], colour: pal.Colour) -> None:
        points = [self.centre(c) for c in cells]
        for a, b in itertools.pairwise(points):
            steps = 6
            for k in range(steps):
                if k % 2 == 0:
                    s = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                    e = (a[0] + (b[0] - a[0]) * (k + 1) / steps, a[1] + (b[1] - a[1]) * (k + 1) / steps)
                    pygame.draw.line(surface, colour, s, e, 4)


def _fast(layer: pygame.Surface) -> pygame.Surface:
    """The display's own pixel format blits several times faster (when a window exists)."""
    return layer.convert_alpha() if pygame.display.get_surface() is not None else layer


def gate_colour(state: State, owner: int, hoarder_seat: int | None = None) -> pal.Colour:
    """Duel: each player's colour. Classic: the Gatekeeper seat's colour. Puzzle: vermilion."""
    if state.mode is Mode.DUEL:
        return pal.PLAYER_COLOURS[owner]
    if state.mode is Mode.CLASSIC and hoarder_seat is not None:
        return pal.PLAYER_COLOURS[1 - hoarder_seat]
    return pal.VERMILION


def gate_style(state: State, owner: int) -> str:
    """Shapes, not colour alone: in Duel player 2's gates are striped."""
    return STRIPED if state.mode is Mode.DUEL and owner == 1 else SOLID


def pawn_colour(state: State, player: int, hoarder_seat: int | None = None) -> pal.Colour:
    if state.mode is Mode.DUEL:
        return pal.PLAYER_COLOURS[player]
    if state.mode is Mode.CLASSIC and hoarder_seat is not None:
        return pal.PLAYER_COLOURS[hoarder_seat]
    return pal.SKY
