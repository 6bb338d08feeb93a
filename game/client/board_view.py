"""Drawing a Hoarder & Gatekeeper board: pointy-top hex tiles, coins, gates and pawns.

The view only draws what the rules engine's state says; it converts between cells,
edges and pixels for input, and never decides what is legal.
"""

from __future__ import annotations

import math

import pygame

from game.client import palette as pal
from game.coinland.state import Mode, State
from game.hexgrid import Cell, Edge, board, edge

SQRT3 = math.sqrt(3)


class BoardView:
    """Pixel layout of one board size inside a rectangle."""

    def __init__(self, size: int, rect: pygame.Rect) -> None:
        self.size = size
        self.rect = rect
        self.cells = board(size).cells
        radius = size - 1
        width_units = SQRT3 * (2 * radius + 1)
        height_units = 1.5 * (2 * radius) + 2
        self.hex = min(rect.width / width_units, rect.height / height_units)
        self.origin = rect.center

    def centre(self, cell: Cell) -> tuple[float, float]:
        q, r = cell
        return (self.origin[0] + self.hex * SQRT3 * (q + r / 2), self.origin[1] + self.hex * 1.5 * r)

    def corners(self, cell: Cell, scale: float = 1.0) -> list[tuple[float, float]]:
        x, y = self.centre(cell)
        size = self.hex * scale
        return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
                for k in range(6)]

    def edge_points(self, e: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners shared by an edge's cells: where a gate is drawn."""
        a, b = e
        ca, cb = self.centre(a), self.centre(b)
        mid = ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        length = math.hypot(dx, dy) or 1
        half = self.hex / 2
        px, py = -dy / length * half, dx / length * half
        return (mid[0] + px, mid[1] + py), (mid[0] - px, mid[1] - py)

    def cell_at(self, pos: tuple[float, float]) -> Cell | None:
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
        return cell if cell in board(self.size) else None

    def edge_at(self, pos: tuple[float, float], reach: float = 0.28) -> Edge | None:
        """The edge whose midpoint is nearest to `pos`, when it is near enough."""
        cell = self.cell_at(pos)
        if cell is None:
            return None
        best, best_distance = None, self.hex * reach * 2.2
        for neighbour in board(self.size).neighbours(cell):
            a, b = self.centre(cell), self.centre(neighbour)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            d = math.hypot(pos[0] - mid[0], pos[1] - mid[1])
            if d < best_distance:
                best, best_distance = edge(cell, neighbour), d
        return best

    # --- drawing ------------------------------------------------------------------------
    def draw_tiles(self, surface: pygame.Surface, state: State, highlight: dict[Cell, tuple] | None = None) -> None:
        highlight = highlight or {}
        for cell in self.cells:
            outer = self.corners(cell, 0.94)
            raised = cell in state.coins
            base = pal.TILE if raised else pal.SUNKEN
            pygame.draw.polygon(surface, pal.TILE_BOTTOM if raised else (16, 24, 46), outer)
            inner = [(x, y - (2 if raised else -1)) for x, y in self.corners(cell, 0.86)]
            pygame.draw.polygon(surface, highlight.get(cell, base), inner)
            top = inner[3:6] + inner[0:1]
            pygame.draw.lines(surface, pal.TILE_TOP if raised else (34, 46, 80), False, top, 2)

    def draw_coin(self, surface: pygame.Surface, pos: tuple[float, float], scale: float = 1.0,
                  glint: float = 0.0) -> None:
        radius = max(3, int(self.hex * 0.42 * scale))
        x, y = int(pos[0]), int(pos[1])
        pygame.draw.circle(surface, (8, 12, 24), (x + 2, y + 3), radius)
        pygame.draw.circle(surface, pal.GOLD_DARK, (x, y), radius)
        pygame.draw.circle(surface, pal.GOLD, (x, y), int(radius * 0.84))
        mark = max(2, int(radius * 0.42))
        pygame.draw.circle(surface, pal.GOLD_DARK, (x, y), mark, max(1, radius // 8))
        pygame.draw.line(surface, pal.GOLD_DARK, (x, y - mark - 3), (x, y + mark + 3), max(1, radius // 8))
        pygame.draw.circle(surface, pal.GOLD_LIGHT, (x - radius // 3, y - radius // 3), max(1, radius // 5))
        if glint > 0.6:
            pygame.draw.circle(surface, (255, 255, 235), (x + radius // 3, y - radius // 2), max(1, radius // 6))

    def draw_gate(self, surface: pygame.Surface, e: Edge, owner_colour: tuple[int, int, int],
                  striped: bool = False, progress: float = 1.0, ghost: bool = False) -> None:
        p, q = self.edge_points(e)
        end = (p[0] + (q[0] - p[0]) * progress, p[1] + (q[1] - p[1]) * progress)
        width = max(4, int(self.hex * 0.16))
        colour = owner_colour if not ghost else tuple(c // 2 + 40 for c in owner_colour)
        pygame.draw.line(surface, (6, 10, 20), (p[0] + 1, p[1] + 2), (end[0] + 1, end[1] + 2), width + 2)
        pygame.draw.line(surface, colour, p, end, width)
        if striped:
            for k in range(1, 8, 2):
                t0, t1 = k / 8 * progress, (k + 1) / 8 * progress
                a = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
                b = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
                pygame.draw.line(surface, (20, 24, 40), a, b, max(2, width // 2))
        for point in (p, end):
            pygame.draw.circle(surface, colour, (int(point[0]), int(point[1])), width // 2 + 2)
            pygame.draw.circle(surface, (20, 24, 40), (int(point[0]), int(point[1])), max(1, width // 4))

    def draw_pawn(self, surface: pygame.Surface, pos: tuple[float, float], colour: tuple[int, int, int],
                  breath: float = 0.0, label: str = "") -> None:
        radius = int(self.hex * 0.36 * (1 + 0.04 * breath))
        x, y = int(pos[0]), int(pos[1])
        pygame.draw.ellipse(surface, (6, 10, 20), (x - radius, y + radius // 2, radius * 2, radius))
        pygame.draw.circle(surface, tuple(max(0, c - 70) for c in colour), (x, y + 3), radius)
        pygame.draw.circle(surface, colour, (x, y - 2), radius)
        pygame.draw.circle(surface, tuple(min(255, c + 50) for c in colour), (x, y - 2), int(radius * 0.55))
        if label:
            pal.blit_text(surface, label, (x, y - 2), max(14, int(radius * 0.9)), (20, 20, 30), anchor="center")

    def draw_state(self, surface: pygame.Surface, state: State, hide_coins: set[Cell] = frozenset(),
                   hide_gates: set[Edge] = frozenset(), pawn_at: dict[int, tuple[float, float]] | None = None,
                   highlight: dict[Cell, tuple] | None = None, glint: float = 0.0, breath: float = 0.0) -> None:
        self.draw_tiles(surface, state, highlight)
        for cell in state.coins:
            if cell not in hide_coins:
                self.draw_coin(surface, self.centre(cell), glint=glint if hash(cell) % 7 == 0 else 0.0)
        for owner in (0, 1):
            colour = gate_colour(state, owner)
            for e in state.gates[owner]:
                if e not in hide_gates:
                    self.draw_gate(surface, e, colour, striped=state.mode is Mode.DUEL and owner == 1)
        pawn_at = pawn_at or {}
        for index, cell in enumerate(state.pawns):
            player = index if state.mode is Mode.DUEL else 0
            pos = pawn_at.get(player, self.centre(cell))
            label = "" if state.mode is not Mode.DUEL else str(player + 1)
            self.draw_pawn(surface, pos, pawn_colour(state, player), breath if state.to_move == player else 0,
                           label)


def gate_colour(state: State, owner: int) -> tuple[int, int, int]:
    if state.mode is Mode.DUEL:
        return pal.PLAYER_COLOURS[owner]
    return pal.VERMILION


def pawn_colour(state: State, player: int) -> tuple[int, int, int]:
    if state.mode is Mode.DUEL:
        return pal.PLAYER_COLOURS[player]
    return pal.SKY
