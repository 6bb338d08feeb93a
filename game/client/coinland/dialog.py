"""A dialog over the board whose panel fits what it says: heading, lines, an optional
block (stars, a table), then its buttons, with no empty gap above them.

Result, role swap, "show the best walk" and "leave the match?" are all this one shape,
so their spacing cannot drift apart. Esc runs `escape` (closing the dialog by default).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client import palette as pal
from game.client import text
from game.client.scenes import LOGICAL, MenuScene, shade
from game.client.widgets import Widget, column, panel

PAD = 30  # inside the panel, above the heading and below the buttons
HEADING_HEIGHT = 76
LINE_HEIGHT = 36
BLOCK_GAP = 14  # around the block, and between the text and the buttons
BUTTON_HEIGHT, BUTTON_GAP, BUTTON_WIDTH = 50, 12, 380
ROW_HEIGHT = 46  # one row of a table

Line = tuple[str, pal.Colour]


class Dialog(MenuScene):
    overlay = True
    width = 700

    def __init__(self, heading: str = "", lines: Sequence[str | Line] = (),
                 buttons: Sequence[tuple[str, Callable[[], None]]] = (),
                 escape: Callable[[], None] | None = None) -> None:
        self.heading = heading
        self.lines: list[str | Line] = list(lines)
        self.buttons = list(buttons)
        self.escape = escape
        self.plates: set[str] = set()  # lines shown on a gold-edged plate: news (a pack opened)

    # --- what subclasses add --------------------------------------------------------------
    def block_height(self) -> int:
        """Height of the block drawn between the lines and the buttons (0: none)."""
        return 0

    def draw_block(self, surface: pygame.Surface, area: pygame.Rect) -> None: ...

    # --- layout ---------------------------------------------------------------------------
    def wrapped(self) -> list[Line]:
        out: list[Line] = []
        for line in self.lines:
            words, colour = (line, pal.TEXT) if isinstance(line, str) else line
            out.extend((part, colour) for part in text.wrap(words, self.width - 70, "body"))
        return out

    def rect(self) -> pygame.Rect:
        block = self.block_height()
        buttons = len(self.buttons) * (BUTTON_HEIGHT + BUTTON_GAP) - BUTTON_GAP
        height = (PAD + HEADING_HEIGHT + len(self.wrapped()) * LINE_HEIGHT + (block + 2 * BLOCK_GAP if block else 0)
                  + BLOCK_GAP + buttons + PAD)
        height = min(height, LOGICAL[1] - 20)
        return pygame.Rect((LOGICAL[0] - self.width) // 2, (LOGICAL[1] - height) // 2, self.width, height)

    def build(self) -> list[Widget]:
        box = self.rect()
        top = box.bottom - PAD - (len(self.buttons) * (BUTTON_HEIGHT + BUTTON_GAP) - BUTTON_GAP)
        return column(self.buttons, box.centerx, top, width=BUTTON_WIDTH, height=BUTTON_HEIGHT, gap=BUTTON_GAP,
                      primary_first=True)

    def back(self) -> None:
        (self.escape or self.app.pop)()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 130)
        box = self.rect()
        panel(surface, box, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, self.heading, (box.centerx, box.top + PAD + HEADING_HEIGHT // 2 - 6),
                  text.fit(self.heading, self.width - 60, "title"), pal.GOLD, anchor="center", shadow=True)
        y = box.top + PAD + HEADING_HEIGHT + LINE_HEIGHT // 2
        for words, colour in self.wrapped():
            if words in self.plates:
                plate = pygame.Rect(0, 0, text.width(words, "body") + 40, LINE_HEIGHT - 2)
                plate.center = (box.centerx, y)
                panel(surface, plate, pal.PANEL_LIGHT, radius=12, border=pal.GOLD)
            text.blit(surface, words, (box.centerx, y), "body", colour, anchor="center")
            y += LINE_HEIGHT
        block = self.block_height()
        if block:
            self.draw_block(surface, pygame.Rect(box.left + 40, y - LINE_HEIGHT // 2 + BLOCK_GAP, box.width - 80,
                                                 block))
        self.group.draw(surface)


def draw_table(surface: pygame.Surface, area: pygame.Rect, rows: Sequence[tuple[str, str, str]],
               colours: Sequence[pal.Colour]) -> None:
    """Rows of (label, who, value) on a sunken plate: the games of a match, say."""
    pygame.draw.rect(surface, pal.SUNKEN, area, border_radius=12)
    for index, (label, who, value) in enumerate(rows):
        y = area.top + ROW_HEIGHT // 2 + 4 + index * ROW_HEIGHT
        text.blit(surface, label, (area.left + 24, y), "body", pal.TEXT_DIM, anchor="midleft")
        text.blit(surface, who, (area.left + 150, y), text.fit(who, area.width - 300, "body"), colours[index],
                  anchor="midleft")
        text.blit(surface, value, (area.right - 24, y), "body", pal.GOLD, anchor="midright")


def table_height(rows: int) -> int:
    return rows * ROW_HEIGHT + 8
