"""A dialog over the board whose panel fits what it says: heading, lines, an optional
block (stars, a table), then its buttons, with no empty gap above them.

Result, role swap, "show the best walk" and "leave the match?" are all this one shape,
so their spacing cannot drift apart. Esc runs `escape` (closing the dialog by default).

The panel never cuts a line of the screen below (game.client.clearance): it sits centred
where that cuts nothing, else nearest the centre where it cuts nothing; a dialog too tall
for any such place is set tighter (`SPACINGS`: less space, then its buttons two a row).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.client import clearance, text
from game.client import palette as pal
from game.client.scenes import LOGICAL, MenuScene
from game.client.widgets import Button, Widget, panel

ROW_HEIGHT = 46  # one row of a table


@dataclass(frozen=True)
class Spacing:
    pad: int  # inside the panel, above the heading and below the buttons
    heading: int  # the heading's band
    heading_size: str | int
    line: int
    block_gap: int  # around the block, and between the text and the buttons
    button: int
    button_gap: int
    columns: int = 1  # buttons a row

    def buttons_height(self, count: int) -> int:
        rows = -(-count // self.columns)
        return rows * (self.button + self.button_gap) - self.button_gap


# roomy first; a dialog that finds no place clear of the words below is set tighter
SPACINGS = (Spacing(30, 76, "title", 36, 14, 50, 12), Spacing(20, 62, 52, 31, 8, 44, 8),
            Spacing(20, 62, 52, 31, 8, 44, 8, columns=2))
BUTTON_WIDTH = 380
WIDE = 960  # a panel over a list is widened to cover its rows whole rather than cut them

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
        self.below: list[pygame.Rect] = []  # where the screen below has words (measured on `enter`)
        self._layout: tuple[tuple, tuple[pygame.Rect, Spacing]] | None = None
        self.clear = True  # the panel cuts no word below (else the screen below is hidden)

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
            out.extend((part, colour) for part in text.balanced_wrap(words, self.width - 70, "body"))
        return out

    def height(self, spacing: Spacing) -> int:
        block = self.block_height()
        return (spacing.pad + spacing.heading + len(self.wrapped()) * spacing.line
                + (block + 2 * spacing.block_gap if block else 0) + spacing.block_gap
                + spacing.buttons_height(len(self.buttons)) + spacing.pad)

    def layout(self) -> tuple[pygame.Rect, Spacing]:
        """The panel and its spacing: the roomiest that finds a place clear of the words below
        (measured when the dialog opens), at its own width or, over a list whose rows it would
        cut, as wide as `WIDE`; failing all, the tightest, centred, over the bare table (`clear`
        is False)."""
        key = (len(self.wrapped()), len(self.buttons), self.block_height())
        if self._layout is not None and self._layout[0] == key:
            return self._layout[1]
        found = None
        for spacing in SPACINGS:
            height = min(self.height(spacing), LOGICAL[1] - 2 * clearance.MARGIN)
            for width in dict.fromkeys((self.width, max(self.width, WIDE))):
                box = clearance.place((width, height), self.below)
                if box is not None:
                    found = box, spacing
                    break
            if found is not None:
                break
        self.clear = found is not None
        if found is None:  # the screen below is hidden instead (clearance.veil)
            tightest = SPACINGS[-1]
            height = min(self.height(tightest), LOGICAL[1] - 2 * clearance.MARGIN)
            found = pygame.Rect((LOGICAL[0] - self.width) // 2, (LOGICAL[1] - height) // 2, self.width,
                                height), tightest
        self._layout = key, found
        return found

    def rect(self) -> pygame.Rect:
        return self.layout()[0]

    def enter(self) -> None:
        self.below = clearance.texts_under(self.app, self)
        self._layout = None  # placed anew over what is below now, even if as many words as before
        super().enter()

    def build(self) -> list[Widget]:
        box, spacing = self.layout()
        top = box.bottom - spacing.pad - spacing.buttons_height(len(self.buttons))
        width = BUTTON_WIDTH if spacing.columns == 1 else (self.width - 80 - 16) // 2
        out: list[Widget] = []
        for index, (label, action) in enumerate(self.buttons):
            row, col = divmod(index, spacing.columns)
            across = min(spacing.columns, len(self.buttons) - row * spacing.columns)  # a last button alone: centred
            left = box.centerx - (across * width + (across - 1) * 16) // 2 + col * (width + 16)
            rect = pygame.Rect(left, top + row * (spacing.button + spacing.button_gap), width, spacing.button)
            out.append(Button(label, action, rect, primary=index == 0))
        return out

    def back(self) -> None:
        (self.escape or self.app.pop)()

    def draw(self, surface: pygame.Surface) -> None:
        box, spacing = self.layout()
        clearance.veil(surface, self.app.backdrop, self.clear, 130)
        panel(surface, box, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, self.heading, (box.centerx, box.top + spacing.pad + spacing.heading // 2 - 6),
                  text.fit(self.heading, self.width - 60, spacing.heading_size), pal.GOLD, anchor="center",
                  shadow=True)
        y = box.top + spacing.pad + spacing.heading + spacing.line // 2
        for words, colour in self.wrapped():
            if words in self.plates:
                plate = pygame.Rect(0, 0, text.width(words, "body") + 40, spacing.line - 2)
                plate.center = (box.centerx, y)
                panel(surface, plate, pal.PANEL_LIGHT, radius=12, border=pal.GOLD)
            text.blit(surface, words, (box.centerx, y), "body", colour, anchor="center")
            y += spacing.line
        block = self.block_height()
        if block:
            self.draw_block(surface, pygame.Rect(box.left + 40, y - spacing.line // 2 + spacing.block_gap,
                                                 box.width - 80, block))
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
