"""Input on the play screen: the mouse on cells and edges, the keyboard cursor, Tab and shortcuts.

A part of the play scene, built on PlayCore (which provides the state, `perform`, `say` and
the actions the keys name), kept apart so that what each key does can be read in one place.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.coinland.play_core import PlayCore
from game.client.coinland.sessions import HUMAN, seat_name
from game.coinland.actions import Gate, Move
from game.coinland.state import Mode
from game.hexgrid import DIRECTIONS, Cell, Edge, add, edge

DIGITS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4, pygame.K_6: 5}
SKIP_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
             pygame.K_F11, pygame.K_F3)


class PlayInput(PlayCore):
    # --- events --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS:
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.skip()
            if self.replay:
                self.replay = []
                self.say("Replay stopped: your move.")
                if event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE,):
                    return
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            if self._other_seats_pad(event):
                return
            self._key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
        if self.group.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.group.active = False
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected, self.key_edge = False, None

    def _hover(self, pos: tuple[float, float]) -> None:
        self.hover_cell = self.view.cell_at(pos)
        self.hover_edge = self._edge_near(pos) if self.human_turn() else None

    def _edge_near(self, pos: tuple[float, float]) -> Edge | None:
        if not self.can_gate():
            return None
        return self.view.edge_at(pos, 0.32 if self.can_move() else 0.95)

    def _click(self, pos: tuple[float, float]) -> None:
        cell = self.view.cell_at(pos)
        if cell is None:
            self.selected = False
            return
        if not self.human_turn():
            self.not_your_turn()
            return
        found = self._edge_near(pos)
        if found is not None:
            self.perform(Gate(found))
            return
        self._cell_chosen(cell)

    def _cell_chosen(self, cell: Cell) -> None:
        """A click or Enter on a cell: move there, select the Hoarder, or say why not."""
        state = self.state
        if not self.can_move():
            self.say("The Gatekeeper draws gates: choose an edge between two cells.", "error")
            return
        if cell == state.hoarder_of(state.to_move):
            self.selected = not self.selected
            self.say("Choose a coin on a straight line; the badges show what each move costs.")
            return
        end = self.declare_end and state.mode is Mode.CLASSIC
        self.perform(Move(cell, end=end))

    def _key(self, event: pygame.event.Event) -> None:
        key, mod = event.key, event.mod
        if key == pygame.K_ESCAPE:
            self.pause()
            return
        if key == pygame.K_TAB:
            self._tab(bool(mod & pygame.KMOD_SHIFT))
            return
        if self._shortcut(key, mod):  # the letter keys work whichever part has the focus
            return
        if self.group.active:
            if key == pygame.K_UP:
                self.group.active = False
            else:
                self.group.handle(event)
            return
        self._board_key(key)

    def _tab(self, backwards: bool) -> None:
        """Tab cycles: board, then each button, then the board again."""
        count = len(self.group.widgets)
        if not self.group.active:
            self.group.active = True
            self.group.focus = count - 1 if backwards else 0
            return
        nxt = self.group.focus + (-1 if backwards else 1)
        if 0 <= nxt < count:
            self.group.focus = nxt
        else:
            self.group.active = False

    def _shortcut(self, key: int, mod: int) -> bool:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        table: dict[int, Callable[[], None]] = {pygame.K_u: self.undo, pygame.K_r: self.redo,
                                                pygame.K_p: self.pass_turn, pygame.K_e: self.toggle_end,
                                                pygame.K_w: self.wait}
        if ctrl:
            table = {pygame.K_z: self.undo, pygame.K_y: self.redo}
        elif self.puzzle:
            table |= {pygame.K_n: self.restart, pygame.K_h: self.hint, pygame.K_s: self.solve, pygame.K_x: self.stop}
        action = table.get(key)
        if action is None:
            return False
        action()
        return True

    def _board_key(self, key: int) -> None:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._move_cursor(key)
        elif key in DIGITS:
            self._pick_edge(DIGITS[key])
        elif key == pygame.K_g:
            self._cycle_edge()
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.key_edge = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.human_turn():
                self.not_your_turn()
            elif self.key_edge is not None:
                self.perform(Gate(self.key_edge))
            else:
                self._cell_chosen(self.cursor)

    def _move_cursor(self, key: int) -> None:
        """Left/Right step along the row; Up/Down zig-zag, keeping to the same column."""
        self.key_edge = None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            target = add(self.cursor, (-1, 0) if key == pygame.K_LEFT else (1, 0))
            if target in self.view.hexes:
                self.cursor = target
                self.cursor_x = self.view.centre(target)[0]
            return
        options = ((0, -1), (1, -1)) if key == pygame.K_UP else ((-1, 1), (0, 1))
        candidates = [add(self.cursor, d) for d in options if add(self.cursor, d) in self.view.hexes]
        if candidates:
            self.cursor = min(candidates, key=lambda c: abs(self.view.centre(c)[0] - self.cursor_x))

    def _no_gate_now(self) -> bool:
        """1-6 and G pick an edge for a gate: say why not when no gate can be drawn (True then)."""
        if self.can_gate():
            return False
        if self.state.mode is Mode.PUZZLE:
            self.say("In a puzzle the gates are fixed: the arrows pick a coin, Enter moves there.", "error")
        elif self.state.is_over:
            self.say("The game is over: no more gates.", "error")
        else:
            self.say("The Hoarder moves now; gates are drawn on the Gatekeeper's turn.", "error")
        return True

    def _other_seats_pad(self, event: pygame.event.Event) -> bool:
        """With two people and a controller each, a controller plays only its own seat (Esc and
        Tab work from any); says whose turn it is and returns True when the key is not its to press."""
        pad = getattr(event, "pad", None)
        if pad is None or self.puzzle or event.key in (pygame.K_ESCAPE, pygame.K_TAB) or self.session.is_over:
            return False
        if list(self.session.seats).count(HUMAN) < 2:
            return False
        seat, turn = self.app.pads.seat_of(pad), self.session.seat_to_move
        if seat is None or turn is None or seat == turn:
            return False
        seats = self.session.seats
        self.say(f"Controller {pad} plays {seat_name(seat, seats)}; it is {seat_name(turn, seats)}'s turn.", "error")
        return True

    def _pick_edge(self, index: int) -> None:
        if self._no_gate_now():
            return
        neighbour = add(self.cursor, DIRECTIONS[index])
        if neighbour not in self.view.hexes:
            self.say("That side of the cell is the rim of the board: no edge there.", "error")
            return
        chosen = edge(self.cursor, neighbour)
        if chosen == self.key_edge and self.human_turn():
            self.perform(Gate(chosen))
            return
        self.key_edge = chosen
        self.say("Enter (or the same number) draws this gate; Backspace cancels." if self.human_turn() else
                 "This side is picked: Enter draws the gate on your turn; Backspace cancels.")

    def _cycle_edge(self) -> None:
        if self._no_gate_now():
            return
        sides = [edge(self.cursor, n) for n in self.view.hexes.neighbours(self.cursor)]
        if not sides:
            return
        index = sides.index(self.key_edge) + 1 if self.key_edge in sides else 0
        self.key_edge = sides[index % len(sides)]
        self.say("G picks the next side; Enter draws the gate; Backspace cancels." if self.human_turn() else
                 "G picks the next side: Enter draws the gate on your turn; Backspace cancels.")

