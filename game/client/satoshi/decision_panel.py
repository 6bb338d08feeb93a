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

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.bitcoin import Action, Move, Offer, explain_illegal
from game.client import palette as pal
from game.client import text
from game.client.satoshi import decisions as dec
from game.client.satoshi.decisions import AmountForm, Decision, Leaf, Menu, Node, Note, OfferForm
from game.client.satoshi.session import TableSession
from game.client.satoshi.track_view import DISTANCE_COLOURS
from game.client.widgets import Button, Choice, FocusGroup, Widget, focus_ring, panel

PAD, GAP = 10, 6
MORE_LINES, MORE_H = 4, 18  # the focused job card's whole text, below the list
ROW_H, BAR_H, STEP_H = 48, 42, 40
LINE = 24
STEPS = (-5, -1, 1, 5)


class Row(Button):
    """A choice in a list: its label, and below it in small type what it costs or does."""

    def __init__(self, label: str, action: Callable[[], None], rect: pygame.Rect, detail: str = "",
                 primary: bool = False, muted: bool = False, number: str = "",
                 swatch: pal.Colour | None = None) -> None:
        super().__init__(label, action, rect, hint=detail, primary=primary)
        self.detail, self.muted, self.number = detail, muted, number
        self.swatch = swatch  # a move's ring colour on the board, so row and ring pair up

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        live = hovered or focused
        if self.primary:
            colour, ink, dim = (pal.lighter(pal.GOLD, 20) if live else pal.GOLD), pal.TEXT_DARK, (70, 52, 10)
        else:
            colour = pal.PANEL_LIGHT if live else pal.PANEL
            ink, dim = pal.TEXT, pal.TEXT_DIM
        if self.muted:
            colour, ink, dim = pal.mix(colour, pal.BACKGROUND, 0.5), pal.TEXT_DIM, pal.mix(pal.TEXT_DIM, pal.BAD, 0.35)
        body = self.rect.move(0, -2 if live else 0)
        panel(surface, self.rect, colour, radius=10, lift=2 if live else 0,
              border=None if self.primary else pal.PANEL_EDGE)
        width = body.width - 24
        if self.swatch is not None:
            pygame.draw.rect(surface, self.swatch, (body.left + 4, body.top + 8, 5, body.height - 16),
                             border_radius=2)
        if self.number:  # the number key that picks this row
            text.blit(surface, self.number, (body.right - 10, body.top + 6), "tiny", dim, anchor="topright")
            width -= 14
        if self.detail:
            size = text.fit(self.label, width, "small")
            text.blit(surface, self.label, (body.left + 12, body.top + 6), size, ink)
            detail = _clip(self.detail, width, "tiny")
            text.blit(surface, detail, (body.left + 12, body.top + 28), "tiny", dim)
        else:
            size = text.fit(self.label, width, "small")
            text.blit(surface, self.label, (body.left + 12, body.centery), size, ink, anchor="midleft")
        if focused:
            focus_ring(surface, self.rect, 10)


class Stepper(Widget):
    """An amount between `low` and `high`: Left/Right step by 1; the -5 -1 +1 +5 boxes take clicks."""

    def __init__(self, label: str, get: Callable[[], int], set_: Callable[[int], None], low: int, high: int,
                 rect: pygame.Rect, unit: str = "", on_enter: Callable[[], None] | None = None) -> None:
        super().__init__(rect, True, f"{label}: {low} to {high}")
        self.label, self.get, self.set, self.low, self.high, self.unit = label, get, set_, low, high, unit
        self.on_enter = on_enter

    def boxes(self) -> list[tuple[int, pygame.Rect]]:
        size, gap = self.rect.height - 8, 4
        left = self.rect.right - 6 - len(STEPS) * size - (len(STEPS) - 1) * gap
        return [(step, pygame.Rect(left + i * (size + gap), self.rect.top + 4, size, size))
                for i, step in enumerate(STEPS)]

    def adjust(self, step: int) -> bool:
        self.set(max(self.low, min(self.high, self.get() + step)))
        return True

    def activate(self) -> None:
        """Enter confirms the form the amount belongs to (the player set it with the arrows)."""
        if self.on_enter:
            self.on_enter()

    def click(self, pos: tuple[float, float]) -> None:
        for step, box in self.boxes():
            if box.collidepoint(pos):
                self.adjust(step)

    def can(self, step: int) -> bool:
        value = self.get()
        return max(self.low, min(self.high, value + step)) != value

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        panel(surface, self.rect, pal.PANEL_LIGHT if hovered or focused else pal.PANEL, radius=10,
              border=pal.PANEL_EDGE)
        boxes = self.boxes()
        text.blit(surface, self.label, (self.rect.left + 12, self.rect.centery), "small", pal.TEXT_DIM,
                  anchor="midleft")
        value = f"{self.unit}{self.get()}" if self.unit == "$" else f"{self.get()} {self.unit}".strip()
        text.blit(surface, value, (boxes[0][1].left - 12, self.rect.centery), "body", pal.GOLD, anchor="midright")
        for step, box in boxes:
            can = self.can(step)
            pygame.draw.rect(surface, pal.SUNKEN if can else pal.mix(pal.SUNKEN, pal.BACKGROUND, 0.5), box,
                             border_radius=6)
            label = f"+{step}" if step > 0 else str(step)
            text.blit(surface, label, box.center, "tiny", pal.TEXT if can else pal.TEXT_DIM, anchor="center")
        if focused:
            focus_ring(surface, self.rect, 10)


@dataclass
class Page:
    """One level of the tree on screen; `node` None is the root."""

    node: Node | None = None
    number: int = 0  # which page of a long list


@dataclass
class Forms:
    """What the player has set in the open form."""

    amount: int = 1
    to: int = 0
    give_usd: int = 0
    give_btc: int = 0
    get_usd: int = 0
    get_btc: int = 0


class DecisionPanel:
    """The choices of the human to move, drawn inside `rect` (about 400 x 360 logical pixels)."""

    def __init__(self, app, session: TableSession, rect: pygame.Rect, tall: pygame.Rect | None = None) -> None:
        self.app, self.session, self.rect = app, session, pygame.Rect(rect)
        self.base = pygame.Rect(rect)
        self.tall = pygame.Rect(tall) if tall is not None else None  # room for a long list (the jobs)
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
        self.decision: Decision = dec.build(self.view, self.session.names)
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
                if isinstance(item, Menu) and space in dec.destinations(item.items):
                    self._open(item)
                    node = item
                    break
        if isinstance(node, Menu):
            target = dec.destinations(node.items).get(space)
            if target is not None:
                self._pick(target)
            elif node.space == space:
                self.status = "Choose which way to go"
        return self._take()

    def highlighted_spaces(self) -> dict[str, str]:
        """Track spaces to highlight now, each with a short label ("2 spaces · 1 BTC")."""
        node = self.stack[-1].node
        menus = [m for m in self.decision.main if isinstance(m, Menu)] if node is None else [node]
        out: dict[str, str] = {}
        if node is None:  # a distance with one place to land is a row of its own
            for item in self.decision.main:
                if isinstance(item, Leaf) and item.space and isinstance(item.action, Move):
                    out.setdefault(item.space, dec.move_words(self.view, item.action.spaces))
        for menu in menus:
            if not isinstance(menu, Menu):
                continue
            for space, target in dec.destinations(menu.items).items():
                move = _first_move(target)
                if move is not None and space not in out:
                    out[space] = dec.move_words(self.view, move.spaces)
            if menu.space and menu.items:
                move = _first_move(menu)
                if move is not None:
                    out.setdefault(menu.space, dec.move_words(self.view, move.spaces))
        return out

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
            lines = [*lines[:2], _clip(" ".join(lines[2:]), width, "small")]
        return [(line, pal.TEXT) for line in lines]

    def _rebuild(self) -> None:
        """Lay out the widgets of the open page."""
        self.rows = []
        node = self.page.node
        self.rect = self.base
        if self.tall is not None and (node is None or isinstance(node, Menu)):
            items = self.decision.main if node is None else node.items
            if len(items) > self._room(node) or any(getattr(i, "more", "") for i in items):
                self.rect = self.tall or self.base
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
        """How many rows of this list fit in the panel as it is now."""
        items = self.decision.main if node is None else node.items
        tools = self.decision.tools if node is None else ()
        top = self.rect.top + PAD + len(self._heading_lines()) * LINE + 8
        bottom_top = self._bottom().top - LINE - 2  # room for the hint line, and the bar when there is one
        if not tools and node is None:
            bottom_top = self.rect.bottom - PAD - LINE
        if any(getattr(i, "more", "") for i in items):
            bottom_top -= MORE_LINES * MORE_H  # the focused card's whole text
            self._more_y = bottom_top + 2
        return max(1, (bottom_top - top + GAP) // (ROW_H + GAP))

    def _list_page(self, node: Menu | None, top: int) -> None:
        items = self.decision.main if node is None else node.items
        tools = self.decision.tools if node is None else ()
        bottom = self._bottom()
        pages = _paginate(list(items), self._room(node))
        number = self.page.number % len(pages)
        width = self.rect.width - 2 * PAD
        for index, item in enumerate(pages[number]):
            rect = pygame.Rect(self.rect.left + PAD, top + index * (ROW_H + GAP), width, ROW_H)
            if item == "more":
                label = f"More choices ({number + 1} of {len(pages)})"
                self.rows.append((Row(label, lambda: self._turn_page(1), rect, "Next page (PageDown)"), None))
            else:
                self.rows.append((self._row(item, rect, f"{index + 1}"), item))
        if tools:
            self._tool_row(tools, bottom)
        elif node is not None:
            self.rows.append((Button("Back", self._back, bottom, hint="Backspace", size="small"), None))

    def _row(self, item: Node, rect: pygame.Rect, number: str) -> Widget:
        if isinstance(item, Note):
            return Row(item.label, lambda: self._say(item.detail), rect, item.detail, muted=True, number=number)
        primary = isinstance(item, Leaf) and item.primary
        move = _first_move(item)
        swatch = DISTANCE_COLOURS.get(move.spaces) if move is not None else None
        return Row(item.label, lambda: self._pick(item), rect, getattr(item, "detail", ""), primary=primary,
                   number=number, swatch=swatch)

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

    def _amount_page(self, form: AmountForm, top: int) -> None:
        low, high = form.amounts[0], form.amounts[-1]
        self.forms.amount = max(low, min(high, self.forms.amount))
        width = self.rect.width - 2 * PAD
        stepper = Stepper("BTC", lambda: self.forms.amount, self._set_amount, low, high,
                          pygame.Rect(self.rect.left + PAD, top + LINE, width, STEP_H), "BTC", self._confirm_amount)
        self.rows.append((stepper, None))
        self._form_bar(dec.amount_words(self.view, form.kind, self.forms.amount)[0], self._confirm_amount)

    def _offer_page(self, form: OfferForm, top: int) -> None:
        if self.forms.to not in form.targets:
            self.forms.to = form.targets[0]
        names = self.session.names
        x, width = self.rect.left + PAD, self.rect.width - 2 * PAD
        room = self._bottom().top - LINE - top  # five rows above the reason line and the bar
        height = max(30, min(STEP_H, room // 5 - 4))
        rect = pygame.Rect(x, top, width, height)
        options = [(t, names[t]) for t in form.targets]
        self.rows.append((Choice("To", options, lambda: self.forms.to, self._set_target, rect), None))
        limits = dec.offer_limits(self.view, self.forms.to)
        fields = (("You give $", "give_usd", "$"), ("You give BTC", "give_btc", "BTC"),
                  ("You get $", "get_usd", "$"), ("You get BTC", "get_btc", "BTC"))
        for index, ((label, name, unit), high) in enumerate(zip(fields, limits, strict=True)):
            setattr(self.forms, name, min(getattr(self.forms, name), high))
            rect = pygame.Rect(x, top + (index + 1) * (height + 4), width, height)
            self.rows.append((Stepper(label, lambda n=name: getattr(self.forms, n), self._setter(name), 0, high,
                                      rect, unit, self._propose), None))
        problem = dec.offer_problem(self.view, self._offer(), names)
        self._form_bar(f"Propose to {names[self.forms.to]}", self._propose, enabled=problem is None)

    def _confirm_page(self, leaf: Leaf) -> None:
        label = f"Yes: guess {leaf.label}" if leaf.confirm else "Yes"
        self._form_bar(label, lambda: self._finish(leaf.action))

    def _form_bar(self, label: str, action: Callable[[], None], enabled: bool = True) -> None:
        bar = self._bottom()
        back = pygame.Rect(bar.left, bar.top, 96, bar.height)
        go = pygame.Rect(back.right + 8, bar.top, bar.width - back.width - 8, bar.height)
        self.rows.append((Button(label, action, go, enabled=enabled, primary=True, size="small"), None))
        self.rows.append((Button("Back", self._back, back, hint="Backspace", size="small"), None))

    def _notes(self) -> list[tuple[str, tuple[int, int], pal.Colour, str]]:
        """Small text of the open page: sums, reasons, the focused choice's hint, the status."""
        node, x = self.page.node, self.rect.left + PAD + 2
        width = self.rect.width - 2 * PAD
        above_bar = self._bottom().top - LINE + 2
        out: list[tuple[str, tuple[int, int], pal.Colour, str]] = []
        if isinstance(node, AmountForm):
            me = self.view.players[self.view.turn]
            top = self.rows[0][0].rect.top
            out.append((f"You have ${me.usd} and {me.btc} BTC", (x, top - LINE + 2), pal.TEXT_DIM, "tiny"))
            stepper = self.rows[0][0].rect
            out.append((dec.amount_words(self.view, node.kind, self.forms.amount)[1], (x, stepper.bottom + 12),
                        pal.TEXT, "small"))
        elif isinstance(node, OfferForm):
            problem = dec.offer_problem(self.view, self._offer(), self.session.names)
            line = problem or dec.offer_words(self._offer(), self.session.names)
            colour = pal.lighter(pal.BAD, 40) if problem else pal.TEXT
            out.append((_clip(line, width, "tiny"), (x, above_bar), colour, "tiny"))
        more = self._more()
        if more:
            rows = text.wrap(more, width, "tiny")[:MORE_LINES]
            y = getattr(self, "_more_y", self._bottom().top)
            for row in rows:
                out.append((row, (x, y), pal.TEXT_DIM, "tiny"))
                y += MORE_H
        hint = self.status or self._hint()
        if hint and not isinstance(node, OfferForm):
            colour = pal.lighter(pal.BAD, 40) if self.status else pal.TEXT_DIM
            out.append((_clip(hint, width, "tiny"), (x, above_bar), colour, "tiny"))
        return out

    def _more(self) -> str:
        """The whole text of the focused (or hovered) row's card, when it has one (a job)."""
        index = self.group.hover if self.group.hover is not None else self.group.focus
        if index is not None and 0 <= index < len(self.rows):
            return getattr(self.rows[index][1], "more", "")
        return ""

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
            self.app.toast(dec.named(reason, self.session.names))
            self.refresh()
            return None
        return action

    # --- forms ---------------------------------------------------------------------------------
    def _set_amount(self, value: int) -> None:
        self.forms.amount = value
        self._relabel()

    def _setter(self, name: str) -> Callable[[int], None]:
        def set_(value: int) -> None:
            setattr(self.forms, name, value)
            self._relabel()
        return set_

    def _set_target(self, to: int) -> None:
        self.forms.to = to
        focus = self.group.focus
        self._rebuild()
        self.group.focus = focus

    def _relabel(self) -> None:
        """Keep the confirm button's words and enabled state in step with the amounts."""
        node = self.page.node
        for widget, _ in self.rows:
            if isinstance(widget, Button) and widget.primary:
                if isinstance(node, AmountForm):
                    widget.label = dec.amount_words(self.view, node.kind, self.forms.amount)[0]
                elif isinstance(node, OfferForm):
                    widget.enabled = dec.offer_problem(self.view, self._offer(), self.session.names) is None

    def _confirm_amount(self) -> None:
        node = self.page.node
        if isinstance(node, AmountForm) and self.forms.amount in node.amounts:
            self._finish(dec.amount_action(node.kind, self.forms.amount))

    def _offer(self) -> Offer:
        f = self.forms
        return Offer(f.to, f.give_usd, f.give_btc, f.get_usd, f.get_btc)

    def _propose(self) -> None:
        problem = dec.offer_problem(self.view, self._offer(), self.session.names)
        if problem:
            self._say(problem)
        else:
            self._finish(self._offer())

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


class ToolButton(Button):
    """A money tool; a muted one cannot be used now and, chosen anyway, says why (its hint)."""

    def __init__(self, label: str, action: Callable[[], None], rect: pygame.Rect, hint: str,
                 muted: bool = False) -> None:
        super().__init__(label, action, rect, hint=hint, size="small")
        self.muted = muted

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.muted:
            super().draw(surface, focused, hovered)
            return
        colour = pal.mix(pal.PANEL_LIGHT if hovered or focused else pal.PANEL, pal.BACKGROUND, 0.5)
        panel(surface, self.rect, colour, radius=10)
        text.blit(surface, self.label, self.rect.center, "small", pal.TEXT_DIM, anchor="center")
        if focused:
            focus_ring(surface, self.rect, 10)


def _paginate(items: list[Node], room: int) -> list[list]:
    """Pages of at most `room` rows; every page but a single one ends with a "more" row."""
    if len(items) <= room:
        return [items]
    per = max(1, room - 1)
    return [[*items[i:i + per], "more"] for i in range(0, len(items), per)]


def _first_move(node: Node) -> Move | None:
    if isinstance(node, Leaf):
        return node.action if isinstance(node.action, Move) else None
    if isinstance(node, Menu) and node.items:
        return _first_move(node.items[0])
    return None


def _tool_hint(tool: Node) -> str:
    return getattr(tool, "title", "") or getattr(tool, "detail", "")


def _clip(line: str, width: int, size: str) -> str:
    """One line that fits, cut with an ellipsis when it must be."""
    if text.width(line, size) <= width:
        return line
    while line and text.width(line + "…", size) > width:
        line = line[:-1]
    return line.rstrip() + "…"
