"""The pieces a rules page is made of: paragraphs, tables, cards and the Track Board map.

Each block draws itself into a width and says how tall it was, so a page stacks them and the
tests can check that everything fits. Each also lists the words it shows (`texts`), so a test
can find every job, tile and card of the data on some page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.bitcoin.data import Track
from game.client import palette as pal
from game.client import text
from game.client.widgets import panel

GAP = 14
ICON = 28  # the side of a row's picture in a table
SPACER = 9  # the pixel size of the blank line above a heading inside a paragraph


def line_height(size: str | int) -> int:
    return round(text.pixels(size) * 1.12)


def wrapped(content: str, width: int, size: str | int) -> list[str]:
    return [line for line in text.wrap(content, width, size)]


class Block:
    def height(self, width: int) -> int:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        """Draw at the top of `rect`; the height used."""
        raise NotImplementedError

    def texts(self) -> list[str]:
        return []


@dataclass
class Para(Block):
    """A paragraph; a line starting "- " is a bullet, "# " a small heading."""

    content: str
    size: str = "small"
    colour: pal.Colour = pal.TEXT

    def _lines(self, width: int) -> list[tuple[str, int, pal.Colour, str | int]]:
        out = []
        for raw in self.content.split("\n"):
            if raw.startswith("# "):
                if out:  # a little air above every heading but the first
                    out.append(("", 0, self.colour, SPACER))
                out += [(line, 0, pal.GOLD, self.size) for line in wrapped(raw[2:], width, self.size)]
            elif raw.startswith("- "):
                for index, line in enumerate(wrapped(raw[2:], width - 22, self.size)):
                    out.append((("\u2022 " if index == 0 else "") + line, 0 if index == 0 else 22, self.colour,
                                self.size))
            else:
                out += [(line, 0, self.colour, self.size) for line in wrapped(raw, width, self.size)]
        return out

    def height(self, width: int) -> int:
        return sum(line_height(size) for *_, size in self._lines(width))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        y = rect.top
        for line, indent, colour, size in self._lines(rect.width):
            text.blit(surface, line, (rect.left + indent, y), size, colour)
            y += line_height(size)
        return y - rect.top

    def texts(self) -> list[str]:
        return [self.content]


@dataclass
class Table(Block):
    """A table with a header row; `widths` are the columns' shares of the width. Cells wrap."""

    header: tuple[str, ...]
    rows: Sequence[tuple[object, ...]]
    widths: tuple[float, ...]
    size: str = "small"
    title: str = ""
    #: draws a small picture at the start of a row's first cell (a tile, say), given that row's key
    icon: Callable[[pygame.Surface, pygame.Rect, object], None] | None = None
    keys: Sequence[object] = ()

    def _columns(self, width: int) -> list[int]:
        return [int(width * share) for share in self.widths]

    def _indent(self) -> int:
        return ICON + 8 if self.icon else 0

    def _cell_width(self, column: int, width: int) -> int:
        return width - 16 - (self._indent() if column == 0 else 0)

    def _row_height(self, cells: Sequence[object], columns: list[int]) -> int:
        lines = max(len(wrapped(str(cell), self._cell_width(n, col), self.size))
                    for n, (cell, col) in enumerate(zip(cells, columns, strict=True)))
        return max(lines * line_height(self.size) + 8, ICON + 8 if self.icon else 0)

    def height(self, width: int) -> int:
        columns = self._columns(width)
        head = line_height("small") + 10 + (line_height("body") + 4 if self.title else 0)
        return head + sum(self._row_height(row, columns) for row in self.rows)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        columns = self._columns(rect.width)
        y = rect.top
        if self.title:
            text.blit(surface, self.title, (rect.left, y), "body", pal.GOLD)
            y += line_height("body") + 4
        head = pygame.Rect(rect.left, y, sum(columns), line_height("small") + 10)
        pygame.draw.rect(surface, pal.PANEL_EDGE, head, border_radius=6)
        x = rect.left
        for label, col in zip(self.header, columns, strict=True):
            text.blit(surface, label, (x + 8, head.centery), "small", pal.TEXT, anchor="midleft")
            x += col
        y = head.bottom
        for index, row in enumerate(self.rows):
            height = self._row_height(row, columns)
            band = pygame.Rect(rect.left, y, sum(columns), height)
            pygame.draw.rect(surface, pal.PANEL if index % 2 == 0 else pal.SUNKEN, band)
            if self.icon and index < len(self.keys):
                self.icon(surface, pygame.Rect(rect.left + 6, y + 4, ICON, ICON), self.keys[index])
            x = rect.left
            for column, (cell, col) in enumerate(zip(row, columns, strict=True)):
                left = x + 8 + (self._indent() if column == 0 else 0)
                for n, line in enumerate(wrapped(str(cell), self._cell_width(column, col), self.size)):
                    text.blit(surface, line, (left, y + 4 + n * line_height(self.size)), self.size, pal.TEXT)
                x += col
            y += height
        return y - rect.top

    def texts(self) -> list[str]:
        return [self.title, *self.header, *(" | ".join(str(c) for c in row) for row in self.rows)]


@dataclass
class Card:
    """A printed card: a coloured band with its title, a corner tag, and its text."""

    title: str
    body: str
    accent: pal.Colour
    tag: str = ""
    footer: str = ""


@dataclass
class Cards(Block):
    """Cards in a grid, drawn like cards: rounded, a shadow, a coloured band; text shrinks to fit."""

    cards: Sequence[Card]
    columns: int
    card_height: int
    sizes: tuple[str | int, ...] = ("body", "small", "tiny", 16, 15)
    overflow: list[str] = field(default_factory=list)

    def _rows(self) -> int:
        return -(-len(self.cards) // self.columns)

    def height(self, width: int) -> int:
        return self._rows() * (self.card_height + GAP) - GAP

    def card_rect(self, rect: pygame.Rect, index: int) -> pygame.Rect:
        width = (rect.width - (self.columns - 1) * GAP) // self.columns
        row, col = divmod(index, self.columns)
        return pygame.Rect(rect.left + col * (width + GAP), rect.top + row * (self.card_height + GAP), width,
                           self.card_height)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        boxes = [self.card_rect(rect, index) for index in range(len(self.cards))]
        size = next((size for size in self.sizes if all(self._fits(card, box, size)
                                                        for card, box in zip(self.cards, boxes, strict=True))), None)
        self.overflow = [] if size is not None else [card.title for card in self.cards]
        for card, box in zip(self.cards, boxes, strict=True):
            self._card(surface, box, card, size or self.sizes[-1])
        return self.height(rect.width)

    @staticmethod
    def _inner(box: pygame.Rect, card: Card) -> pygame.Rect:
        top = box.top + 6 + 40 + 10
        bottom = box.bottom - 8 - (line_height("body") if card.footer else 0)
        return pygame.Rect(box.left + 14, top, box.width - 28, bottom - top)

    def _fits(self, card: Card, box: pygame.Rect, size: str | int) -> bool:
        return len(wrapped(card.body, self._inner(box, card).width, size)) * line_height(size) <= \
            self._inner(box, card).height

    def _card(self, surface: pygame.Surface, box: pygame.Rect, card: Card, size: str | int) -> None:
        """One card, its text at `size` (one size for the whole grid, so the cards read alike)."""
        panel(surface, box, pal.mix(pal.TEXT, pal.PANEL, 0.08), radius=12, border=pal.darker(card.accent, 20))
        band = pygame.Rect(box.left + 6, box.top + 6, box.width - 12, 40)
        pygame.draw.rect(surface, card.accent, band, border_radius=8)
        ink = pal.TEXT_DARK if sum(card.accent) > 380 else pal.TEXT
        tag_width = text.width(card.tag, "small") + 12 if card.tag else 0
        title_size = text.fit(card.title, band.width - 20 - tag_width, "body")
        text.blit(surface, card.title, (band.left + 10, band.centery), title_size, ink, anchor="midleft")
        if card.tag:
            text.blit(surface, card.tag, (band.right - 10, band.centery), "small", ink, anchor="midright")
        inner = self._inner(box, card)
        for n, line in enumerate(wrapped(card.body, inner.width, size)):
            text.blit(surface, line, (inner.left, inner.top + n * line_height(size)), size, pal.TEXT_DARK)
        if card.footer:
            fitted = text.fit(card.footer, box.width - 20, "body")
            text.blit(surface, card.footer, (box.centerx, box.bottom - 10), fitted,
                      pal.mix(card.accent, pal.TEXT_DARK, 0.5), anchor="midbottom")

    def texts(self) -> list[str]:
        return [f"{c.title} | {c.tag} | {c.body} | {c.footer}" for c in self.cards]


@dataclass
class TrackMap(Block):
    """The Track Board as a grid of squares coloured by section, Start and End marked."""

    track: Track
    cell: int = 26
    colours: dict[int, pal.Colour] = field(default_factory=lambda: {
        0: pal.GOLD, 1: pal.SKY, 2: pal.GREEN, 3: pal.PURPLE, 4: pal.GOLD})

    def _extent(self) -> tuple[int, int, int, int]:
        xs = [s.x for s in self.track.spaces]
        ys = [s.y for s in self.track.spaces]
        return min(xs), max(xs), min(ys), max(ys)

    def height(self, width: int) -> int:
        _, _, low, high = self._extent()
        return (high - low + 1) * self.cell

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        left, _, _, high = self._extent()
        for space in self.track.spaces:
            box = pygame.Rect(rect.left + (space.x - left) * self.cell, rect.top + (high - space.y) * self.cell,
                              self.cell - 3, self.cell - 3)
            colour = self.colours.get(space.section, pal.TILE)
            pygame.draw.rect(surface, colour, box, border_radius=4)
            label = ("S" if space.id == self.track.start else "E" if space.id == self.track.end
                     else str(space.section))
            text.blit(surface, label, box.center, "tiny", pal.TEXT_DARK, anchor="center")
        return self.height(rect.width)

    def texts(self) -> list[str]:
        return ["Track Board"]


@dataclass
class Columns(Block):
    """Blocks side by side, each in its share of the width."""

    blocks: Sequence[Block]
    shares: tuple[float, ...]

    def _rects(self, rect: pygame.Rect) -> list[pygame.Rect]:
        out, x = [], rect.left
        for share in self.shares:
            width = int((rect.width + GAP * 2) * share) - GAP * 2
            out.append(pygame.Rect(x, rect.top, width, rect.height))
            x += width + GAP * 2
        return out

    def height(self, width: int) -> int:
        rects = self._rects(pygame.Rect(0, 0, width, 0))
        return max(block.height(r.width) for block, r in zip(self.blocks, rects, strict=True))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        used = [block.draw(surface, r) for block, r in zip(self.blocks, self._rects(rect), strict=True)]
        return max(used)

    def texts(self) -> list[str]:
        return [t for block in self.blocks for t in block.texts()]


@dataclass
class Page:
    title: str
    blocks: Sequence[Block]

    def height(self, width: int) -> int:
        return sum(block.height(width) for block in self.blocks) + GAP * (len(self.blocks) - 1)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        """Draw the blocks top to bottom; the bottom reached (a test checks it stays inside `rect`)."""
        y = rect.top
        for block in self.blocks:
            y += block.draw(surface, pygame.Rect(rect.left, y, rect.width, rect.bottom - y)) + GAP
        return y - GAP

    def texts(self) -> list[str]:
        return [self.title, *(t for block in self.blocks for t in block.texts())]

    def overflowing(self) -> list[str]:
        return [title for block in self.blocks for title in getattr(block, "overflow", [])] + [
            title for block in self.blocks if isinstance(block, Columns)
            for inner in block.blocks for title in getattr(inner, "overflow", [])]


class Column(Block):
    """Blocks stacked in one column (for a column of `Columns`)."""

    def __init__(self, blocks: list[Block]) -> None:
        self.page = Page("", blocks)

    def height(self, width: int) -> int:
        return self.page.height(width)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        return self.page.draw(surface, rect) - rect.top

    def texts(self) -> list[str]:
        return self.page.texts()

    @property
    def overflow(self) -> list[str]:
        return self.page.overflowing()
