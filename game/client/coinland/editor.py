"""The level editor: gates, start, coinless cells, purse and size, with the par proved live.

The solver runs in a worker on every change, first briefly and then longer, so the panel
reads "par at least X" within a moment and "par X (proved)" once it is; a worker whose board
has since changed is dropped. Saving goes through the level files' own validation and writer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.board_view import BoardView
from game.client.coinland.editor_input import BOARD_RECT, EditorInput
from game.client.coinland.editor_model import MAX_PURSE, SIZES, Draft, save
from game.client.coinland.extra_puzzles import puzzle_scene
from game.client.coinland.packs import user_levels
from game.client.coinland.share_dialog import ShareScene
from game.client.focus import FocusGroup
from game.client.scenes import Scene, draw_heading, footer
from game.client.text_field import TextField
from game.client.widgets import Button, Choice, Widget
from game.client.worker import Worker
from game.coinland.levels import Level
from game.coinland.solver import SolveResult, solve
from game.wording import plural

PROOF_STEPS = (0.25, 2.0, 10.0, 60.0)  # seconds for each solver run, until the par is proved
# Each run is stopped as soon as the board changes under it, so rapid edits never pile up searches.
PANEL_X, PANEL_WIDTH = 840, 400
TOOLS = ("start", "coinless")
STATUS_Y = 560
UNDO_LIMIT = 200
GATE_COLOUR = pal.VERMILION  # as in Puzzle play (board_view.gate_colour), and far from the yellow cursor
NAME_LIMIT = 40  # characters: a share code carries 40 bytes of the name, the level list shows about this many


class EditorScene(EditorInput, Scene):
    def __init__(self, level: Level | None = None, on_saved: Callable[[], None] | None = None) -> None:
        self.draft = Draft.from_level(level) if level else Draft()
        self.on_saved = on_saved
        self.tool = "start"
        self.cursor = (0, 0)
        self.message, self.message_kind = "Click an edge for a gate; click a cell to set the start.", "info"
        self.result: SolveResult | None = None
        self.worker: Worker | None = None
        self.stop = threading.Event()
        self.solving_key: tuple | None = None
        self.step = 0
        self.view = BoardView(self.draft.size, BOARD_RECT)
        self.history: list[tuple] = []  # boards before each edit, for undo
        self.hover: tuple[float, float] | None = None  # the mouse, in logical pixels
        self.saved = self._snapshot()  # what is on disk (or the blank board): leaving warns once otherwise
        self.leaving = False
        self.swallow = False  # drop the next text event (the letter of the key that focused the Name field)

    # --- set-up ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.name_field = TextField("Name (N)", pygame.Rect(PANEL_X, 140, PANEL_WIDTH, 50), self._name_done,
                                    value=self.draft.name, limit=NAME_LIMIT, on_change=self._named)
        self.group = FocusGroup(self.build(), feedback=self.app.audio.play)
        self.group.active = False  # the board has the keyboard first
        self._prove()

    def build(self) -> list[Widget]:
        def rect(row: int) -> pygame.Rect:
            return pygame.Rect(PANEL_X, 210 + row * 62, PANEL_WIDTH, 52)

        half, third = PANEL_WIDTH // 2 - 6, (PANEL_WIDTH - 24) // 3
        return [
            self.name_field,
            Choice("Board size", [(s, str(s)) for s in SIZES], lambda: self.draft.size, self._resize, rect(0)),
            Choice("Starting purse", [(p, str(p)) for p in range(MAX_PURSE + 1)], lambda: self.draft.purse,
                   self._purse, rect(1)),
            Choice("Click a cell to", [("start", "set start"), ("coinless", "coinless")], lambda: self.tool,
                   self._set_tool, rect(2)),
            Button("Test play (P)", self.test_play, pygame.Rect(PANEL_X, rect(3).y, half, 52)),
            Button("Save (Ctrl+S)", self.save, pygame.Rect(PANEL_X + half + 12, rect(3).y, half, 52), primary=True),
            Button("Share code", self.share, pygame.Rect(PANEL_X, rect(4).y, third, 52), size="small"),
            Button("Undo (Ctrl+Z)", self.undo, pygame.Rect(PANEL_X + third + 12, rect(4).y, third, 52),
                   size="small"),
            Button("Back", self.back, pygame.Rect(PANEL_X + 2 * (third + 12), rect(4).y, third, 52), size="small"),
        ]

    def exit(self) -> None:
        pygame.key.stop_text_input()
        self._cancel()

    # --- edits ----------------------------------------------------------------------------------
    def _remember(self) -> None:
        """Keep the board as it is before an edit, for undo."""
        self.history.append(self.draft.key())
        del self.history[:-UNDO_LIMIT]

    def _snapshot(self) -> tuple:
        return self.draft.key(), self.draft.name.strip()

    def _changed(self, message: str = "") -> None:
        self.leaving = False
        if message:
            self.say(message)
        self._prove()

    def _fit_view(self) -> None:
        if self.view.size != self.draft.size:
            self.view = BoardView(self.draft.size, BOARD_RECT)
        self.cursor = self.cursor if self.cursor in self.view.hexes else (0, 0)

    def undo(self) -> None:
        if not self.history:
            self.say("Nothing to undo.")
            return
        self.draft.restore(self.history.pop())
        self._fit_view()
        self._changed("Undone.")

    def _resize(self, size: int) -> None:
        if size == self.draft.size:
            return
        self._remember()
        self.draft.set_size(size)
        self._fit_view()
        self._changed(f"Board size {size}: what fits is kept (Ctrl+Z undoes).")

    def _purse(self, purse: int) -> None:
        before = self.draft.purse
        self._remember()
        self.draft.set_purse(purse)
        if self.draft.purse == before:
            self.history.pop()
            return
        self._changed(f"Starting purse {self.draft.purse}.")

    def _set_tool(self, tool: str) -> None:
        self.tool = tool
        self.say("A left click on a cell now " + ("sets the start." if tool == "start" else
                                                 "takes its coin away or puts it back.") + " A right click: coin.")

    def _name_done(self) -> None:
        """Enter in the Name field: the name is kept, the board has the keyboard again."""
        self._focus_board()
        self.say(f"Named {self.draft.name.strip()!r}." if self.draft.name.strip() else "The level needs a name.",
                 "info" if self.draft.name.strip() else "error")

    def toggle_gate(self, e) -> None:
        self._remember()
        self.draft.toggle_gate(e)
        added = e in self.draft.gates
        self.app.audio.play("gate" if added else "tick")
        self._changed("Gate added." if added else "Gate removed.")

    def act_on_cell(self, cell, tool: str | None = None) -> None:
        """What the left-click tool (or the `tool` given: a right click, S, C) does to `cell`."""
        if (tool or self.tool) == "start":
            if cell != self.draft.start:
                self._remember()
                self.draft.set_start(cell)
            self._changed("The Hoarder starts here.")
        elif cell == self.draft.start:
            self.say("The start never holds a coin; move the start first.", "error")
        else:
            self._remember()
            self.draft.toggle_empty(cell)
            self._changed("Coin taken away: that cell starts empty." if cell in self.draft.empty else "Coin put back.")

    def say(self, message: str, kind: str = "info") -> None:
        self.message, self.message_kind = message, kind
        if kind == "error":
            self.app.audio.play("invalid")

    # --- the par, proved in the background ---------------------------------------------------------
    def _prove(self) -> None:
        key = self.draft.key()
        if key == self.solving_key:
            return
        self._cancel()
        self.solving_key, self.step, self.result = key, 0, None
        self._launch()

    def _cancel(self) -> None:
        if self.worker:
            self.worker.cancel()
            self.stop.set()
            self.worker = None

    def _launch(self) -> None:
        level = self.draft.level()
        seconds = PROOF_STEPS[min(self.step, len(PROOF_STEPS) - 1)]
        self.stop = threading.Event()
        # a helper process: `_cancel` kills it at once, so no stop callback has to cross over
        self.worker = Worker(solve, level, seconds, name="coinland-editor-par")

    def update(self, dt: float) -> None:
        if self.worker is None or not self.worker.done or self.worker.cancelled:
            return
        worker, self.worker = self.worker, None
        if worker.error is None:
            self.result = worker.result
        else:  # the helper process died (see game.client.worker): say so instead of "proving" for ever
            self.say("The par search stopped unexpectedly; change the board to try again.", "error")
            return
        if self.result is not None and not self.result.optimal and self.step + 1 < len(PROOF_STEPS):
            self.step += 1
            self._launch()

    def still(self) -> bool:
        """Nothing here animates; the par proof runs in a helper process and shows when it lands."""
        return True

    def looks(self) -> object:
        return self.par_text(), self.group.phase()

    @property
    def par(self) -> int | None:
        return self.result.score if self.result and self.result.optimal else None

    def par_text(self) -> str:
        if self.result is None:
            return "Proving the par..."
        if self.result.optimal:
            return f"Par {self.result.score} (proved)"
        more = "..." if self.worker else " (not proved)"
        return f"Par at least {self.result.score}, at most {self.result.upper_bound}{more}"

    # --- buttons -------------------------------------------------------------------------------
    def test_play(self) -> None:
        problems = self.draft.problems()
        if problems:
            self.say(f"Cannot play yet: {problems[0]}.", "error")
            return
        level = self.draft.level(self.par)
        self.app.push(puzzle_scene(level, f"Test: {level.name}"))

    def save(self) -> None:
        problems = self.draft.problems()
        if problems:
            self.say(f"Cannot save: {problems[0]}.", "error")
            return
        if self.par is None:
            self.say("Cannot save yet: wait until the par is proved.", "error")
            return
        try:
            path = save(self.draft, self.par, user_levels(self.app.store))
        except OSError as error:
            self.say(f"Could not save: {error}", "error")
            return
        self.saved = self._snapshot()
        self.say(f"Saved to My levels ({path.name}).", "good")
        if self.on_saved:
            self.on_saved()

    def share(self) -> None:
        problems = self.draft.problems()
        if problems:
            self.say(f"No code yet: {problems[0]}.", "error")
            return
        self.app.push(ShareScene(self.draft.level()))

    def back(self) -> None:
        """Leave; with unsaved edits, the first press only warns."""
        if self._snapshot() != self.saved and not self.leaving:
            self.leaving = True
            self.say("Unsaved changes: Save (Ctrl+S) keeps them; Back or Esc again leaves without saving.",
                     "error")
            return
        self.app.pop()

    # --- input ------------------------------------------------------------------------------------
    # Who has the keyboard: the board (group inactive), a panel widget, or the Name field. A
    # focused field keeps every key but Enter, Esc and Tab; elsewhere the letter shortcuts work
    # whichever part has the focus, and arrows, Enter and Space go to that part.
    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_heading(surface, "Level editor", y=52)
        coins = frozenset(c for c in self.view.cells if c != self.draft.start and c not in self.draft.empty)
        self.view.draw_tiles(surface, coins)
        gates = frozenset((g, GATE_COLOUR, "solid") for g in self.draft.gates)
        self.view.draw_pieces(surface, coins, gates)
        self.view.draw_pawn(surface, self.view.centre(self.draft.start), pal.SKY)
        self._draw_hover(surface)
        if self.on_board:
            self.view.cursor(surface, self.cursor)
        self.group.draw(surface)
        self._draw_status(surface)
        if self.typing:
            footer(surface, "Typing the name: every key goes to it  ·  Enter or Esc: done  ·  Tab: next")
        else:
            footer(surface, "Click an edge: gate  ·  click a cell: the tool  ·  right click: coin  ·  "
                            "arrows, 1-6, S, C, N name, +/-, U undo  ·  Tab: panel  ·  Esc back")

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """What a click would change: a ghost gate on the edge under the mouse, else the cell's outline."""
        pos = self.hover
        if pos is None or not BOARD_RECT.collidepoint(pos):
            return
        gate = self.view.edge_at(pos)
        cell = self.view.cell_at(pos)
        if gate is not None:
            self.view.draw_gate(surface, gate, GATE_COLOUR, ghost=True)
        elif cell is not None:
            self.view.outline(surface, cell, pal.SKY if self.tool == "start" else pal.TEXT_DIM, width=2, scale=0.8)

    def counts_text(self) -> str:
        coins = len(self.view.cells) - 1 - len(self.draft.empty)
        return f"{plural(coins, 'coin')}  ·  {plural(len(self.draft.gates), 'gate')}  ·  purse {self.draft.purse}"

    def _draw_status(self, surface: pygame.Surface) -> None:
        y = STATUS_Y
        proved = self.result is not None and self.result.optimal
        text.blit(surface, self.par_text(), (PANEL_X, y), "body", pal.GOLD if proved else pal.TEXT, anchor="midleft")
        text.blit(surface, self.counts_text(),
                  (PANEL_X, y + 32), "small", pal.TEXT_DIM, anchor="midleft")
        problems = self.draft.problems()
        if problems:
            text.blit(surface, f"Not ready: {problems[0]}", (PANEL_X, y + 58), text.fit(
                f"Not ready: {problems[0]}", PANEL_WIDTH + 30, "small"), pal.BAD, anchor="midleft")
        colour = {"error": pal.BAD, "good": pal.GOOD}.get(self.message_kind, pal.TEXT_DIM)
        for index, line in enumerate(text.wrap(self.message, PANEL_WIDTH + 30, "small")[:3]):
            text.blit(surface, line, (PANEL_X, y + 90 + index * 24), "small", colour, anchor="midleft")
