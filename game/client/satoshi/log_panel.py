"""The game log on screen: plain sentences, newest at the bottom, scrollable.

The panel follows the newest line like a chat window until the player scrolls back (wheel,
PageUp); then new lines do not move what she is reading, and a "new lines below" hint says
more came in. Scrolling back to the bottom (wheel, PageDown, End, or a click on the hint)
follows again. Seat names are tinted with their pawn colours, so a long log reads quickly:
whole words only ("You" never tints "Your company"'s "You" inside "Young"), and never inside
quoted card text (a card's "Your company closes" is the card's words, not the You seat).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import pygame

from game.client import palette as pal
from game.client import text
from game.client.widgets import panel

SIZE = "tiny"
ROW = 21  # pixels per text row
PAD = 10
WHEEL_ROWS = 3
MAX_LINES = 3000  # older lines are dropped; a long game has about 1500


def readable(colour: pal.Colour) -> pal.Colour:
    """A pawn colour lifted towards the text colour, so dark blue stays legible on the panel."""
    return pal.mix(colour, pal.TEXT, 0.3)


class LogPanel:
    """A scrollable log in `rect`; `colours` maps seat names to their pawn colours (optional)."""

    def __init__(self, rect: pygame.Rect, colours: Mapping[str, pal.Colour] | None = None,
                 title: str = "Game log") -> None:
        self.rect = pygame.Rect(rect)
        self.colours = {name: readable(rgb) for name, rgb in (colours or {}).items()}
        if "You" in self.colours:  # a lone human is "You" in the log, and "Your turn"
            self.colours.update(Your=self.colours["You"], your=self.colours["You"])
        self.title = title
        names = sorted((n for n in self.colours if n), key=len, reverse=True)
        self._names = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)") if names else None
        self.lines: list[str] = []
        self.rows: list[str] = []  # the lines wrapped to the panel's width
        self.quoted: list[bool] = []  # each row starts inside a quotation (card text)
        self.offset = 0  # rows scrolled back from the newest (0: following)
        self.unseen = False  # lines arrived while scrolled back
        self.hover = False

    # --- geometry ------------------------------------------------------------------------
    @property
    def body(self) -> pygame.Rect:
        """Where the rows are drawn (below the title)."""
        top = self.rect.top + (30 if self.title else PAD)
        return pygame.Rect(self.rect.left + PAD, top, self.rect.width - 2 * PAD, self.rect.bottom - PAD - top)

    @property
    def visible(self) -> int:
        return max(1, self.body.height // ROW)

    @property
    def max_offset(self) -> int:
        return max(0, len(self.rows) - self.visible)

    @property
    def following(self) -> bool:
        return self.offset == 0

    @property
    def hint_rect(self) -> pygame.Rect:
        hint = pygame.Rect(0, 0, min(self.rect.width - 24, 190), 24)
        hint.midbottom = (self.rect.centerx, self.rect.bottom - 6)
        return hint

    # --- content -------------------------------------------------------------------------
    def add(self, lines: Iterable[str]) -> None:
        """Append sentences; the view stays where the player scrolled it."""
        added = 0
        for line in lines:
            if not line:
                continue
            self.lines.append(line)
            wrapped = text.wrap(line, self.body.width - 14, SIZE)
            self.rows.extend(wrapped[:1] + ["  " + row for row in wrapped[1:]])
            inside = False
            for row in wrapped:
                self.quoted.append(inside)
                inside ^= row.count('"') % 2 == 1
            added += len(wrapped)
        if len(self.lines) > MAX_LINES + 500:  # trimmed in chunks: rewrapping is not free
            self.lines = self.lines[-MAX_LINES:]
            self._rewrap()
        if added and not self.following:
            self.offset = min(self.max_offset, self.offset + added)
            self.unseen = True

    def clear(self) -> None:
        self.lines, self.rows, self.quoted, self.offset, self.unseen = [], [], [], 0, False

    def _rewrap(self) -> None:
        lines, self.lines, self.rows, self.quoted, offset = self.lines, [], [], [], self.offset
        self.offset = 0
        self.add(lines)
        self.offset = min(offset, self.max_offset)

    # --- scrolling -----------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        """Positive scrolls back (older lines), negative towards the newest."""
        self.offset = max(0, min(self.max_offset, self.offset + rows))
        if self.following:
            self.unseen = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Wheel over the panel, PageUp/PageDown/Home/End, a click on the hint; True when used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.scroll(event.y * WHEEL_ROWS)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and self.rect.collidepoint(event.pos):
            return True  # the old-style wheel buttons arrive with MOUSEWHEEL too: swallow them
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.unseen \
                and self.hint_rect.collidepoint(event.pos):
            self.scroll(-self.offset)
            return True
        if event.type == pygame.KEYDOWN:
            page = max(1, self.visible - 1)
            steps = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page,
                     pygame.K_HOME: self.max_offset, pygame.K_END: -self.offset}
            if event.key in steps:
                self.scroll(steps[event.key])
                return True
        return False

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, pal.SUNKEN, radius=10, border=pal.PANEL_EDGE if self.hover else None)
        if self.title:
            text.blit(surface, self.title, (self.rect.left + PAD, self.rect.top + 7), "small", pal.TEXT_DIM)
        body = self.body
        end = len(self.rows) - self.offset
        shown = self.rows[max(0, end - self.visible):end]
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.bottom - len(shown) * ROW
        first = max(0, end - self.visible)
        for index, row in enumerate(shown, first):
            self._draw_row(surface, row, (body.left, y), self.quoted[index] if index < len(self.quoted) else False)
            y += ROW
        surface.set_clip(clip)
        self._draw_scrollbar(surface, body)
        if self.unseen and not self.following:
            hint = self.hint_rect
            pygame.draw.rect(surface, pal.PANEL_LIGHT, hint, border_radius=12)
            pygame.draw.rect(surface, pal.GOLD, hint, 2, border_radius=12)
            text.blit(surface, "New lines below", hint.center, "tiny", pal.GOLD, anchor="center")

    def _draw_row(self, surface: pygame.Surface, row: str, pos: tuple[int, int], quoted: bool = False) -> None:
        """One row, with any seat name in its pawn colour."""
        x, y = pos
        for piece, colour in self.pieces(row, quoted):
            text.blit(surface, piece, (x, y), SIZE, colour)
            x += text.width(piece, SIZE)

    def pieces(self, row: str, quoted: bool = False) -> list[tuple[str, pal.Colour]]:
        """The row cut into runs of one colour: seat names (whole words, outside quotes) tinted."""
        if self._names is None:
            return [(row, pal.TEXT)]
        out: list[tuple[str, pal.Colour]] = []
        for part in re.split(r'("[^"]*"?)', row) if not quoted else [row]:
            if not part:
                continue
            inside = quoted or part.startswith('"')
            if quoted and '"' in part:  # the quotation ends in this row: tint after it
                end = part.index('"') + 1
                out += [(part[:end], pal.TEXT), *self.pieces(part[end:])]
                continue
            if inside:
                out.append((part, pal.TEXT))
                continue
            at = 0
            for match in self._names.finditer(part):
                if match.start() > at:
                    out.append((part[at:match.start()], pal.TEXT))
                out.append((match[0], self.colours[match[0]]))
                at = match.end()
            if at < len(part):
                out.append((part[at:], pal.TEXT))
        return out

    def _draw_scrollbar(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        if len(self.rows) <= self.visible:
            return
        track = pygame.Rect(self.rect.right - 7, body.top, 4, body.height)
        pygame.draw.rect(surface, pal.PANEL, track, border_radius=2)
        share = self.visible / len(self.rows)
        height = max(16, int(track.height * share))
        first = len(self.rows) - self.offset - self.visible  # index of the top row shown
        top = track.top + int((track.height - height) * first / max(1, self.max_offset))
        pygame.draw.rect(surface, pal.TEXT_DIM, (track.left, top, 4, height), border_radius=2)
