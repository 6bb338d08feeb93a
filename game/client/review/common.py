"""What every review screen shares: stepping through a replay, its buttons, export, the board.

Keys: Left/Right (or , and .) step back and forward, Home/End jump to the start and the
end, Esc goes back; Tab and Up/Down move between the buttons, Enter presses one. Every
key has a button, so a mouse alone reaches everything.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.board_view import BoardView, gate_colour, gate_style, pawn_colour
from game.client.focus import FocusGroup
from game.client.scenes import LOGICAL, Scene
from game.client.widgets import Button, panel
from game.coinland.state import Mode, State
from game.records import Record, Replay
from game.safeio import atomic_create_text, one_line, show_name
from game.wording import when_text

BUTTONS_TOP = 736
BUTTON_HEIGHT = 46
SIDE = pygame.Rect(780, 84, 480, 636)  # the panel beside the board
STEP_KEYS_BACK = (pygame.K_LEFT, pygame.K_COMMA, pygame.K_a)
STEP_KEYS_ON = (pygame.K_RIGHT, pygame.K_PERIOD, pygame.K_d)


def draw_board(surface: pygame.Surface, view: BoardView, state: State, hoarder_seat: int | None = None) -> None:
    """A Hoarder & Gatekeeper board as it stood: tiles, coins, gates and pawns (no animation)."""
    view.draw_tiles(surface, state.coins)
    gates = frozenset((e, gate_colour(state, owner, hoarder_seat), gate_style(state, owner))
                      for owner in (0, 1) for e in state.gates[owner])
    view.draw_pieces(surface, state.coins, gates)
    players = (0, 1) if state.mode is Mode.DUEL else (0,)
    for player in players:
        cell = state.hoarder_of(player)
        if cell is not None:
            label = str(player + 1) if state.mode is Mode.DUEL else ""
            view.draw_pawn(surface, view.centre(cell), pawn_colour(state, player, hoarder_seat), label=label)


def nice_date(stamp: str) -> str:
    """`2026-11-23T19:29:39Z` as every list of games writes a moment (game.wording.when)."""
    return when_text(stamp)


MAX_SAME_SECOND = 1000  # exports of one kind in one second at most


def exports_dir(app: Any) -> Path:
    return Path(app.store.folder) / "exports"


def export_record(app: Any, record: Record) -> Path | None:
    """Write a copy of the record to the exports folder and say where; a failure is a toast."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    path, number = exports_dir(app) / f"coinland-{record.kind}-{stamp}.json", 2
    while True:  # two exports in one second (two windows too): the earlier one is kept
        try:
            if os.path.lexists(path):  # a file or a link: the next number
                raise FileExistsError(path)
            atomic_create_text(path, record.to_json())  # never over a file that is there, even one
            break  # made between the look above and this write
        except FileExistsError:
            if number > MAX_SAME_SECOND:
                app.toast(one_line(f"Could not export the record to {show_name(path.parent)}: "
                                   f"{MAX_SAME_SECOND} exports this second already"))
                return None
            path, number = exports_dir(app) / f"coinland-{record.kind}-{stamp}-{number}.json", number + 1
        except OSError as error:
            app.toast(one_line(f"Could not export the record to {show_name(path.parent)}: "
                               f"{error.strerror or error}"))
            return None
    app.toast(one_line(f"Exported to {show_name(path)}"), 6.0)
    return path


class StepScene(Scene):
    """A replay with a current step (0: the start, len: the end) and a row of buttons."""

    title = "Review"
    button_span = (0, LOGICAL[0])  # the stretch of the bottom row the buttons share

    def __init__(self, shown: Replay) -> None:
        self.shown = shown
        self.step = len(shown)  # open on the end: where the player just was

    # --- resting (game.client.stage: a still screen is not redrawn) ---------------------
    def still(self) -> bool:
        """Nothing animates here; the searches run in a helper process (see `looks`)."""
        return True

    def looks(self) -> object:
        """A search that lands hands the next job to a new worker: the picture has news then."""
        return getattr(self, "worker", None), getattr(self, "failed", "")  # held, so never mistaken for a new one

    # --- to override ------------------------------------------------------------------
    def extra_buttons(self) -> list[tuple[str, Any]]:
        return []

    def stepped(self) -> None:
        """The step changed."""

    # --- stepping ---------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.shown)

    def go(self, step: int) -> None:
        step = max(0, min(self.count, step))
        if step != self.step:
            self.step = step
            self.stepped()
            self.refresh()
        elif hasattr(self, "app"):
            self.app.audio.play("invalid")

    def back(self) -> None:
        self.app.pop()

    def export(self) -> None:
        export_record(self.app, self.shown.record)

    def buttons(self) -> list[tuple[str, Any]]:
        return [("|<", lambda: self.go(0)), ("< Back", lambda: self.go(self.step - 1)),
                ("Next >", lambda: self.go(self.step + 1)), (">|", lambda: self.go(self.count)),
                *self.extra_buttons(), ("Export", self.export), ("Close", self.back)]

    def refresh(self) -> None:
        items = self.buttons()
        gap = 10
        span = self.button_span[1] - self.button_span[0] - 20
        wide = min(150, (span - 2 * 60 - gap * (len(items) - 1)) // max(1, len(items) - 2))
        widths = [60 if label in ("|<", ">|") else wide for label, _ in items]
        left = self.button_span[0] + (self.button_span[1] - self.button_span[0] - sum(widths)
                                      - gap * (len(items) - 1)) // 2
        widgets = []
        for (label, action), width in zip(items, widths, strict=True):
            rect = pygame.Rect(left, BUTTONS_TOP, width, BUTTON_HEIGHT)
            enabled = not ((label in ("|<", "< Back") and self.step == 0) or
                           (label in (">|", "Next >") and self.step == self.count))
            widgets.append(Button(label, action, rect, enabled=enabled))
            left += width + gap
        focus = getattr(getattr(self, "group", None), "focus", 2)
        self.group = FocusGroup(widgets, feedback=self.app.audio.play)
        self.group.focus = min(focus, len(widgets) - 1)
        self.group.active = False

    def enter(self) -> None:
        self.refresh()
        self.stepped()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if event.key in STEP_KEYS_BACK:
                self.go(self.step - 1)
                return
            if event.key in STEP_KEYS_ON:
                self.go(self.step + 1)
                return
            if event.key == pygame.K_HOME:
                self.go(0)
                return
            if event.key == pygame.K_END:
                self.go(self.count)
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.group.move(1 if event.key == pygame.K_DOWN else -1)
                return
            if self.key(event):
                return
        self.group.handle(event)

    def key(self, event: pygame.event.Event) -> bool:
        """A scene's own shortcut; True when used."""
        return False

    # --- drawing ----------------------------------------------------------------------
    def draw_title(self, surface: pygame.Surface, title: str, subtitle: str) -> None:
        text.blit(surface, title, (LOGICAL[0] / 2, 30), text.fit(title, 1200, "heading"), pal.GOLD,
                  anchor="center", shadow=True)
        text.blit(surface, subtitle, (LOGICAL[0] / 2, 62), text.fit(subtitle, 1200, "small"), pal.TEXT_DIM,
                  anchor="center")

    def draw_side(self, surface: pygame.Surface) -> pygame.Rect:
        panel(surface, SIDE, pal.PANEL, radius=16, border=pal.PANEL_EDGE)
        return SIDE.inflate(-36, -28)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        label = f"Step {self.step} of {self.count}"
        centre = (self.button_span[0] + self.button_span[1]) / 2
        text.blit(surface, label, (centre, BUTTONS_TOP - 16), "small", pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)


def lines_in(surface: pygame.Surface, lines: list[tuple[str, pal.Colour]], rect: pygame.Rect, y: int,
             size: str = "body", gap: int = 6) -> int:
    """Wrapped lines from `y` down inside `rect`; the y after the last one."""
    step = text.pixels(size) + gap
    for content, colour in lines:
        for line in text.wrap(content, rect.width, size):
            if y + step > rect.bottom:
                return y
            text.blit(surface, line, (rect.left, y), size, colour)
            y += step
    return y
