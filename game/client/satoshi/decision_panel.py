"""The on-screen choices of the human who must decide: a small panel in the table's right column.

The panel shows one page at a time of the `decisions.Decision` tree: the root (the turn's main
choices, then a row of money tools), a menu (how far to move, where, which way), a bank form,
an offer form, or a confirmation (the guess). Mouse and keyboard alike: arrows and Tab move the
focus, Enter chooses, Backspace goes back a level, 1-9 pick a row, PageUp/PageDown turn a long
list's pages, Shift+Left/Right step an amount by 5.

`handle` returns a complete action only after the engine said it is legal; anything else the
player tries gets a visible reason, never silence.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.bitcoin import Action, explain_illegal
from game.client import palette as pal
from game.client import text
from game.client.focus import FocusGroup
from game.client.satoshi.decision_nodes import AmountForm, Decision, Leaf, Menu, Node, Note, OfferForm, destinations
from game.client.satoshi.decision_words import named
from game.client.satoshi.decisions import build
from game.client.satoshi.panel_board import board_spaces, first_move
from game.client.satoshi.panel_forms import FormPages, Forms
from game.client.satoshi.panel_widgets import Row, Stepper, ToolButton, clip, detail_lines, row_height
from game.client.satoshi.phone_choices import screen_decision
from game.client.satoshi.session import TableSession
from game.client.satoshi.track_view import DISTANCE_COLOURS
from game.client.widgets import Button, Widget, panel

PAD, GAP = 10, 6
ROW_H, BAR_H, STEP_H = 48, 42, 40
LINE = 24


@dataclass
class Page:
    """One level of the tree on screen; `node` None is the root."""

    node: Node | None = None
    number: int = 0  # which page of a long list


class DecisionPanel(FormPages):
    """The choices of the human to move, drawn inside `rect` (about 400 x 360 logical pixels)."""

    def __init__(self, app, session: TableSession, rect: pygame.Rect, tall: pygame.Rect | None = None,
                 wide: pygame.Rect | None = None) -> None:
        self.app, self.session, self.rect = app, session, pygame.Rect(rect)
        self.base = pygame.Rect(rect)
        self.tall = pygame.Rect(tall) if tall is not None else None  # room for a long list
        self.wide = pygame.Rect(wide) if wide is not None else None  # the job cards, each row whole
        self.stack: list[Page] = [Page()]
        self.forms = Forms()
        self.status = ""
        self._result: Action | None = None
        self.rows: list[tuple[Widget, Node | None]] = []
        self.group = FocusGroup([])
        self.refresh()

    # --- the contract -----------------------------------------------------------------------
    def refresh(self) -> None:
        """The state changed: rebuild from the session and start again at the top.

        When nothing changed (back from the pause or a role card), the open page stays open."""
        if getattr(self, "_state", None) is self.session.state:
            self._rebuild()
            return
        self._state = self.session.state
        self.view = self.session.decision_view()
        self.decision: Decision = build(self.view, self.session.names)
        if self.session.on_phone(self.decision.who):  # her private choices are on her phone only
            self.decision = screen_decision(self.decision, self.session.names)
        self.stack = [Page()]
        self.status = ""
        self._rebuild()

    def handle(self, event: pygame.event.Event) -> Action | None:
        """Mouse (logical coordinates) and keys; a complete legal action once the player confirmed one."""
        if event.type == pygame.KEYDOWN and self._key(event):
            return self._take()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.rect.collidepoint(event.pos):
            return None
        if event.type == pygame.MOUSEWHEEL:
            return None
        self.group.handle(event)
        return self._take()

    def click_space(self, space: str) -> Action | None:
        """A click on a highlighted track space picks that destination (or opens its paths)."""
        node = self.stack[-1].node
        if node is None:
            for item in self.decision.main:
                if isinstance(item, Leaf) and item.space == space:
                    self._pick(item)
                    return self._take()
                if isinstance(item, Menu) and space in destinations(item.items):
                    self._open(item)
                    node = item
                    break
        if isinstance(node, Menu):
            target = destinations(node.items).get(space)
            if target is not None:
                self._pick(target)
            elif node.space == space:
                self.status = "Choose which way to go"
        return self._take()

    def highlighted_spaces(self) -> dict[str, str]:
        """Track spaces to highlight now, each with a short label ("2 spaces · 1 BTC")."""
        return board_spaces(self.view, self.decision, self.page.node)

    def highlighted_moves(self) -> dict[str, int]:
        """The highlighted spaces with the spaces bought to land there (the ring's colour)."""
        return {space: int(label.split()[0]) for space, label in self.highlighted_spaces().items()}

    def focused_space(self) -> str:
        """The track space of the row under the focus or the mouse (its tile's card shows)."""
        for index in (self.group.hover, self.group.focus if self.group.active else None):
            if index is not None and 0 <= index < len(self.rows):
                node = self.rows[index][1]
                if isinstance(node, (Leaf, Menu)) and node.space:
                    return node.space
        return ""

    def highlighted_path(self) -> tuple[str, ...]:
        """The path of the move under the focus or the mouse, to preview on the board."""
        for index in (self.group.hover, self.group.focus if self.group.active else None):
            if index is not None and 0 <= index < len(self.rows):
                node = self.rows[index][1]
                if isinstance(node, Leaf) and node.path:
                    return node.path
        return ()

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, pal.mix(pal.PANEL, pal.BACKGROUND, 0.45), radius=14, border=pal.PANEL_EDGE)
        y = self.rect.top + PAD
        for line, colour in self._heading_lines():
            text.blit(surface, line, (self.rect.left + PAD + 2, y), "small", colour)
            y += LINE
        self.group.draw(surface)
        for label, pos, colour, size in self._notes():
            text.blit(surface, label, pos, size, colour)

    # --- pages ------------------------------------------------------------------------------
    @property
    def page(self) -> Page:
        return self.stack[-1]

    def _title(self) -> str:
        node = self.page.node
        if node is None:
            return self.decision.heading
        if isinstance(node, Leaf):
            return " ".join([node.confirm, *(sentence for sentence, _ in node.stakes)])
        name = self.session.names[self.decision.who]
        return f"{name}: {node.title}"

    def _heading_lines(self) -> list[tuple[str, pal.Colour]]:
        """The heading wrapped to the panel; a confirmation adds its stakes, good in green, bad in red."""
        node, width = self.page.node, self.rect.width - 2 * PAD - 4
        if isinstance(node, Leaf):
            tones = {"good": pal.lighter(pal.GOOD, 40), "bad": pal.lighter(pal.BAD, 40), "": pal.TEXT_DIM}
            out = [(line, pal.TEXT) for line in text.wrap(node.confirm, width, "small")]
            for sentence, tone in node.stakes:
                out += [(line, tones.get(tone, pal.TEXT)) for line in text.wrap(sentence, width, "small")]
            return out[:9]
        lines = text.wrap(self._title(), width, "small")
        if len(lines) > 3:
            lines = [*lines[:2], clip(" ".join(lines[2:]), width, "small")]
        return [(line, pal.TEXT) for line in lines]

    def _rebuild(self) -> None:
        """Lay out the widgets of the open page."""
        self.rows = []
        node = self.page.node
        self.rect = self.base
        if node is None or isinstance(node, Menu):
            items = self.decision.main if node is None else node.items
            if self.wide is not None and any(getattr(i, "more", "") for i in items):
                self.rect = self.wide  # job cards: laid out wide, every row's whole text
            elif self.tall is not None and len(_paginate(list(items), self._heights(items), self._room(node))) > 1:
                self.rect = self.tall
        top = self.rect.top + PAD + len(self._heading_lines()) * LINE + 8
        if isinstance(node, AmountForm):
            self._amount_page(node, top)
        elif isinstance(node, OfferForm):
            self._offer_page(node, top)
        elif isinstance(node, Leaf):
            self._confirm_page(node)
        else:
            self._list_page(node, top)
        self.group = FocusGroup([w for w, _ in self.rows], feedback=self.app.audio.play)
        open_rows = [i for i, (w, _) in enumerate(self.rows) if not getattr(w, "muted", False)]
        primary = [i for i in open_rows if getattr(self.rows[i][0], "primary", False)]
        if primary and node is None:
            self.group.focus = primary[0]
        elif isinstance(node, Leaf):
            self.group.focus = len(self.rows) - 1  # a risky confirmation starts on Back: two Enters never guess
        elif open_rows:
            self.group.focus = open_rows[0]

    def _bottom(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + PAD, self.rect.bottom - PAD - BAR_H, self.rect.width - 2 * PAD, BAR_H)

    def _room(self, node: Menu | None) -> int:
        """How many pixels of rows fit in the panel as it is now (under the heading, above the hint)."""
        tools = self.decision.tools if node is None else ()
        top = self.rect.top + PAD + len(self._heading_lines()) * LINE + 8
        bottom_top = self._bottom().top - LINE - 2  # room for the hint line, and the bar when there is one
        if not tools and node is None:
            bottom_top = self.rect.bottom - PAD - LINE
        return max(ROW_H, bottom_top - top + GAP)

    def _lines(self, item: Node) -> list[str]:
        """A row's detail wrapped to the panel: whole, up to DETAIL_LINES lines."""
        detail = getattr(item, "detail", "")
        return detail_lines(detail, self.rect.width - 2 * PAD - 38) if detail else []

    def _heights(self, items) -> list[int]:
        return [row_height(len(self._lines(item))) for item in items]

    def _list_page(self, node: Menu | None, top: int) -> None:
        items = self.decision.main if node is None else node.items
        tools = self.decision.tools if node is None else ()
        bottom = self._bottom()
        pages = _paginate(list(items), self._heights(items), self._room(node))
        number = self.page.number % len(pages)
        width = self.rect.width - 2 * PAD
        y = top
        for index, item in enumerate(pages[number]):
            if item == "more":
                rect = pygame.Rect(self.rect.left + PAD, y, width, ROW_H)
                label = f"More choices ({number + 1} of {len(pages)})"
                self.rows.append((Row(label, lambda: self._turn_page(1), rect, "Next page (PageDown)"), None))
            else:
                lines = self._lines(item)
                rect = pygame.Rect(self.rect.left + PAD, y, width, row_height(len(lines)))
                self.rows.append((self._row(item, rect, f"{index + 1}", lines), item))
            y = self.rows[-1][0].rect.bottom + GAP
        if tools:
            self._tool_row(tools, bottom)
        elif node is not None:
            self.rows.append((Button("Back", self._back, bottom, hint="Backspace", size="small"), None))

    def _row(self, item: Node, rect: pygame.Rect, number: str, lines: list[str]) -> Widget:
        if isinstance(item, Note):
            return Row(item.label, lambda: self._say(item.detail), rect, item.detail, muted=True, number=number,
                       lines=lines)
        primary = isinstance(item, Leaf) and item.primary
        move = first_move(item)
        swatch = DISTANCE_COLOURS.get(move.spaces) if move is not None else None
        return Row(item.label, lambda: self._pick(item), rect, getattr(item, "detail", ""), primary=primary,
                   number=number, swatch=swatch, lines=lines)

    def _tool_row(self, tools: tuple[Node, ...], bar: pygame.Rect) -> None:
        gap = 6
        width = (bar.width - gap * (len(tools) - 1)) // len(tools)
        for index, tool in enumerate(tools):
            rect = pygame.Rect(bar.left + index * (width + gap), bar.top, width, bar.height)
            if isinstance(tool, Note):
                self.rows.append((ToolButton(tool.label, lambda t=tool: self._say(t.detail), rect, tool.detail,
                                             muted=True), tool))
            else:
                self.rows.append((ToolButton(tool.label, lambda t=tool: self._pick(t), rect, _tool_hint(tool)), tool))

    def _notes(self) -> list[tuple[str, tuple[int, int], pal.Colour, str]]:
        """Small text of the open page: sums, reasons, the focused choice's hint, the status."""
        node, x = self.page.node, self.rect.left + PAD + 2
        width = self.rect.width - 2 * PAD
        above_bar = self._bottom().top - LINE + 2
        out: list[tuple[str, tuple[int, int], pal.Colour, str]] = []
        out += self._form_notes(node, x, width, above_bar)
        hint = self.status or self._hint()
        if hint and not isinstance(node, OfferForm):
            colour = pal.lighter(pal.BAD, 40) if self.status else pal.TEXT_DIM
            out.append((clip(hint, width, "tiny"), (x, above_bar), colour, "tiny"))
        return out

    def _hint(self) -> str:
        focused = self.group.focused
        index = self.group.hover if self.group.hover is not None else self.group.focus
        widget = self.rows[index][0] if index is not None and 0 <= index < len(self.rows) else focused
        if isinstance(widget, (Row, Stepper)) or widget is None:
            return ""
        return widget.hint

    # --- choosing -----------------------------------------------------------------------------
    def _pick(self, node: Node) -> None:
        self.status = ""
        if isinstance(node, Leaf):
            if node.confirm and self.page.node is not node:
                self._open(node)
            else:
                self._finish(node.action)
        elif isinstance(node, Note):
            self._say(node.detail)
        else:
            self._open(node)

    def _open(self, node: Node) -> None:
        self.stack.append(Page(node))
        self.forms = Forms(to=self.forms.to)
        self._rebuild()

    def home(self) -> None:
        """Close every open page: back to the turn's main choices, nothing set in a form."""
        self.stack = [Page()]
        self.forms = Forms()
        self.status = ""
        self._rebuild()

    def _back(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
            self.status = ""
            self._rebuild()

    def _turn_page(self, step: int) -> None:
        self.page.number += step
        self._rebuild()

    def _say(self, reason: str) -> None:
        self.status = reason
        self.app.audio.play("invalid")

    def _finish(self, action: Action) -> None:
        self._result = action

    def _take(self) -> Action | None:
        """The chosen action, once; the engine's check is the last word (an illegal one is never returned)."""
        action, self._result = self._result, None
        if action is None:
            return None
        reason = explain_illegal(self.session.state, action)
        if reason is not None:
            self.app.toast(named(reason, self.session.names))
            self.refresh()
            return None
        return action

    # --- keys ---------------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event) -> bool:
        """Keys the panel itself understands; True when used (the rest go to the focus group)."""
        key = event.key
        if key == pygame.K_BACKSPACE:
            self._back()
            return True
        if key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and (self.page.node is None or isinstance(self.page.node, Menu)):
            self._turn_page(1 if key == pygame.K_PAGEDOWN else -1)
            return True
        focused = self.group.focused
        if isinstance(focused, Stepper) and key in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_SHIFT:
            focused.adjust(5 if key == pygame.K_RIGHT else -5)
            return True
        if pygame.K_1 <= key <= pygame.K_9 and not isinstance(self.page.node, (AmountForm, OfferForm)):
            index = key - pygame.K_1
            rows = [w for w, n in self.rows if isinstance(w, Row)]
            if index < len(rows):
                rows[index].activate()
                return True
        return self.group.handle(event)


def _paginate(items: list[Node], heights: list[int], room: int) -> list[list]:
    """Pages of rows within `room` pixels; every page but a single one ends with a "more" row."""
    if sum(heights) + GAP * len(heights) <= room:
        return [items]
    pages: list[list] = [[]]
    used = ROW_H + GAP  # the "more" row
    for item, height in zip(items, heights, strict=True):
        if pages[-1] and used + height + GAP > room:
            pages[-1].append("more")
            pages.append([])
            used = ROW_H + GAP
        pages[-1].append(item)
        used += height + GAP
    pages[-1].append("more")
    return pages


def _tool_hint(tool: Node) -> str:
    return getattr(tool, "title", "") or getattr(tool, "detail", "")
