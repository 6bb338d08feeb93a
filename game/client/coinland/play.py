"""Playing Hoarder & Gatekeeper: a Puzzle, a Classic match or a Duel, humans or computers.

Mouse: the legal destinations show their cost on a badge; hover one to see the path and
the gates it pays for; click it to move. Near an edge, a preview of your gate follows
the pointer; click to draw it. Keyboard: the arrows move a cursor over the cells, Enter
moves there; 1-6 (or G to cycle) pick an edge of the cursor cell and Enter draws it; Tab
reaches the buttons. Shortcuts: U undo, R redo, N restart, H hint, S solve, E end after
this move, P pass, Esc pause. Any click or key during an animation completes it at once
and is then used as usual; nothing the player does is lost or ignored in silence.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.client import palette as pal
from game.client.coinland import computer, hud, layout
from game.client.coinland.board_view import BoardView, gate_colour, gate_style
from game.client.coinland.director import Director
from game.client.coinland.rating import level_key, stars
from game.client.coinland.sessions import HUMAN, MatchSession, PuzzleSession, Session
from game.client.scenes import Scene
from game.client.widgets import Button, FocusGroup
from game.client.worker import Worker
from game.coinland.actions import Action, Gate, Move, Pass, Stop
from game.coinland.match import RolesSwapped
from game.coinland.rules import HoarderMove, explain_illegal, hoarder_moves, legal_actions
from game.coinland.state import HOARDER, Mode, State
from game.hexgrid import DIRECTIONS, Cell, Edge, add, edge

HINT_SECONDS = 1.5
SOLVE_SECONDS = 4.0
REPLAY_GAP = 0.25
DIGITS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4, pygame.K_6: 5}
SKIP_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
             pygame.K_F11, pygame.K_F3)


class PlayScene(Scene):
    def __init__(self, session: Session, title: str, next_level: Callable[[], Scene | None] | None = None) -> None:
        self.session = session
        self.title = title
        self.next_level = next_level  # the level after this one, for the result screen
        self.view = BoardView(session.state.size, layout.BOARD)
        self.clock = 0.0
        self.message, self.message_kind, self.message_time = "", "info", 0.0
        self.cursor: Cell = session.state.pawns[0]
        self.cursor_x = self.view.centre(self.cursor)[0]
        self.key_edge: Edge | None = None
        self.hover_cell: Cell | None = None
        self.hover_edge: Edge | None = None
        self.selected = False  # the Hoarder is selected (Duel shows costs then)
        self.keyboard = False  # the cursor shows once the keyboard is used
        self.declare_end = False
        self.ai: Worker | None = None
        self.ai_started = 0.0
        self.helper: Worker | None = None  # hint or solve
        self.helper_kind = ""
        self.hint_cell: Cell | None = None
        self.replay: list[Cell] = []
        self.replay_wait = 0.0
        self.interlude: RolesSwapped | None = None
        self.finished = False  # the end has been shown (result pushed)
        self.end_wait = -1.0
        self.celebrated = False
        self._moves_key: State | None = None
        self._moves: list[HoarderMove] = []

    # --- lifecycle ----------------------------------------------------------------------
    def enter(self) -> None:
        self.director = Director(self.view, self.session.state.purses, layout.purse_anchor, self.app.audio.play,
                                 lambda: self.app.reduced_motion, self._gate_look)
        self.group = FocusGroup(self._buttons(), horizontal=True, feedback=self.app.audio.play)
        self.group.active = False
        if isinstance(self.session, PuzzleSession) and self.session.level and self.session.level.hint:
            self.say(f"Tip: {self.session.level.hint}", seconds=6)

    def exit(self) -> None:
        for worker in (self.ai, self.helper):
            if worker is not None:
                worker.cancel()

    def resume(self, result: Any) -> None:
        if result == "interlude-done":
            self._start_game_two()
        elif result == "retry":
            self.restart()
        self.group = FocusGroup(self._buttons(), horizontal=True, feedback=self.app.audio.play)
        self.group.active = False

    # --- what is on the table -----------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    def board_state(self) -> State:
        """What the board shows: game 1's final board stays until its interlude is closed."""
        finished = getattr(self.session, "finished_game", None)
        return finished if finished is not None else self.state

    @property
    def puzzle(self) -> PuzzleSession | None:
        return self.session if isinstance(self.session, PuzzleSession) else None

    def hoarder_seat(self) -> int | None:
        return self.session.hoarder_seat if isinstance(self.session, MatchSession) else None

    def _gate_look(self, player: int) -> tuple[pal.Colour, str]:
        state = self.board_state()
        return gate_colour(state, player, self.hoarder_seat()), gate_style(state, player)

    def moves(self) -> list[HoarderMove]:
        """The human's legal Hoarder moves now (cached per state)."""
        if self._moves_key is not self.state:
            self._moves_key = self.state
            self._moves = hoarder_moves(self.state) if self.can_move() else []
        return self._moves

    def human_turn(self) -> bool:
        return (self.session.human_to_move and self.interlude is None and not self.replay
                and getattr(self.session, "finished_game", None) is None)

    def can_move(self) -> bool:
        state = self.state
        return not state.is_over and (state.mode is not Mode.CLASSIC or state.to_move == HOARDER)

    def can_gate(self) -> bool:
        state = self.state
        return not state.is_over and (state.mode is Mode.DUEL or
                                      (state.mode is Mode.CLASSIC and state.to_move != HOARDER))

    def must_pass(self) -> bool:
        return legal_actions(self.state) == [Pass()]

    # --- buttons ------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        items: list[tuple[str, Callable[[], None], str]] = [("Undo (U)", self.undo, "undo"),
                                                            ("Redo (R)", self.redo, "redo")]
        if self.puzzle:
            items += [("Restart (N)", self.restart, "restart"), ("Hint (H)", self.hint, "hint"),
                      ("Solve (S)", self.solve, "solve"), ("Stop (X)", self.stop, "stop")]
        if self.state.mode is Mode.CLASSIC:
            items.append(("End: off (E)", self.toggle_end, "end"))
        if not self.puzzle:
            items.append(("Pass (P)", self.pass_turn, "pass"))
        items.append(("Menu (Esc)", self.pause, "menu"))
        width, gap = (150, 10) if len(items) > 5 else (170, 14)
        total = len(items) * width + (len(items) - 1) * gap
        left = layout.BOARD.centerx - total // 2
        buttons = []
        for index, (label, action, key) in enumerate(items):
            rect = pygame.Rect(left + index * (width + gap), layout.BUTTONS_TOP, width, layout.BUTTON_HEIGHT)
            button = Button(label, action, rect, size="small")
            button.key = key  # type: ignore[attr-defined]
            buttons.append(button)
        return buttons

    def _refresh_buttons(self) -> None:
        """Enable what can be done now, so a greyed button explains itself when pressed."""
        for button in self.group.widgets:
            key = getattr(button, "key", "")
            if key == "end":
                button.label = f"End: {'on' if self.declare_end else 'off'} (E)"
            elif key == "pass":
                button.enabled = self.human_turn() and self.must_pass()

    # --- messages -----------------------------------------------------------------------
    def say(self, message: str, kind: str = "info", seconds: float = 3.5) -> None:
        """Show a line under the board; errors also thud."""
        self.message, self.message_kind, self.message_time = message, kind, seconds
        if kind == "error":
            self.app.audio.play("invalid")

    def refuse(self, action: Action) -> bool:
        """Explain an illegal action in the engine's words; True when it was illegal."""
        reason = explain_illegal(self.state, action)
        if reason:
            self.say(reason[0].upper() + reason[1:] + ".", "error")
            return True
        return False

    def not_your_turn(self) -> None:
        if self.session.is_over:
            self.say("The game is over: Esc for the menu.", "error")
        elif self.replay:
            self.say("Watching the solution: press any key to take over.", "error")
        elif self.interlude is not None or getattr(self.session, "finished_game", None) is not None:
            self.say("Game 2 is about to start.", "error")
        else:
            self.say(f"Wait: {self.session.label(self.state.to_move)} is thinking.", "error")

    # --- acting -------------------------------------------------------------------------
    def perform(self, action: Action) -> bool:
        """A human's action: played (True) or explained (False)."""
        if not self.human_turn():
            self.not_your_turn()
            return False
        if self.refuse(action):
            return False
        self.skip()
        self._play(self.session.act(action, record=True))
        self.key_edge, self.hint_cell, self.declare_end, self.selected = None, None, False, False
        return True

    def _play(self, events: list[Any]) -> None:
        self.director.play(events)
        for event in events:
            if isinstance(event, RolesSwapped):
                self.interlude = event
        self._moves_key = None

    def skip(self) -> None:
        """Complete whatever is animating; the board then shows the engine's state."""
        if self.director.busy:
            self.director.finish(self.board_state().purses)

    def undo(self) -> None:
        self._stop_helpers()
        if not self.session.can_undo():
            self.say("Nothing to undo." if self.puzzle else "Nothing to undo: only your last move can be taken back.",
                     "error")
            return
        self.session.undo()
        self._after_jump("Move taken back.")

    def redo(self) -> None:
        self._stop_helpers()
        if not self.session.can_redo():
            self.say("Nothing to redo.", "error")
            return
        self.session.redo()
        self._after_jump("Move played again.")

    def restart(self) -> None:
        if not self.puzzle:
            return
        self._stop_helpers()
        self.puzzle.restart()
        self._after_jump("Back to the start. Undo brings your walk back.")

    def _after_jump(self, message: str) -> None:
        self.director.reset(self.board_state().purses)
        self.interlude = None
        self.finished, self.end_wait = False, -1.0
        par = self.puzzle.par if self.puzzle else None
        self.celebrated = par is not None and self.state.purses[HOARDER] >= par
        self.hint_cell, self.key_edge, self._moves_key = None, None, None
        self.say(message)

    def _stop_helpers(self) -> None:
        if self.ai is not None:
            self.ai.cancel()
            self.ai = None
        if self.helper is not None:
            self.helper.cancel()
            self.helper = None
        self.replay = []

    def stop(self) -> None:
        if self.puzzle and not self.state.is_over:
            self.perform(Stop())

    def pass_turn(self) -> None:
        self.perform(Pass())

    def toggle_end(self) -> None:
        if self.state.mode is not Mode.CLASSIC:
            return
        self.declare_end = not self.declare_end
        self.say("Your next move will end the game." if self.declare_end else "You will play on after your move.")

    def pause(self) -> None:
        from game.client.coinland.menus import pause_scene

        self.app.push(pause_scene(self))

    # --- hint and solve -----------------------------------------------------------------
    def hint(self) -> None:
        if not self.puzzle or self.state.is_over:
            self.say("Hints are for puzzles in progress.", "error")
            return
        if self.helper is not None:
            return
        from game.coinland.solver import solve

        self.helper_kind = "hint"
        self.helper = Worker(solve, self.state, HINT_SECONDS, name="coinland-hint")

    def solve(self) -> None:
        if not self.puzzle:
            return
        if self.helper is not None:
            return
        from game.coinland.solver import solve

        assert self.puzzle.level is not None
        self.helper_kind = "solve"
        self.helper = Worker(solve, self.puzzle.level.initial_state(), SOLVE_SECONDS, name="coinland-solve")

    def _poll_helper(self) -> None:
        helper = self.helper
        if helper is None or not helper.done:
            return
        self.helper = None
        if helper.error is not None or helper.result is None:
            self.say("The solver could not answer this time.", "error")
            return
        result = helper.result
        proof = "" if result.optimal else " (the best found in time)"
        if self.helper_kind == "hint":
            if not result.moves:
                self.say(f"Stop here: no move from here gains a coin. Best total {result.score}{proof}.")
                return
            self.hint_cell = result.moves[0]
            self.cursor = self.hint_cell
            self.say(f"Hint: move to the marked coin. The best walk from here keeps {result.score}{proof}.")
            return
        assert self.puzzle is not None
        self.skip()
        self.puzzle.restart()
        self._after_jump(f"The best walk keeps {result.score} coins{proof}. Any key or click takes over.")
        self.replay = list(result.moves) or []
        self.replay_wait = 0.4
        if not self.replay:
            self.say(f"Stopping at once is best here: {result.score} coins{proof}.")

    def _step_replay(self, dt: float) -> None:
        if not self.replay or self.director.busy:
            return
        self.replay_wait -= dt
        if self.replay_wait > 0:
            return
        step = Move(self.replay.pop(0))
        if explain_illegal(self.state, step) is not None:
            self.replay = []
            return
        self._play(self.session.act(step, record=True))
        self.replay_wait = REPLAY_GAP

    # --- the computer -------------------------------------------------------------------
    def _poll_computer(self) -> None:
        if not self.session.computer_to_move or self.interlude is not None:
            return
        if getattr(self.session, "finished_game", None) is not None:
            return
        if self.ai is None:
            rng = random.Random(hash((self.session.seed, self.state.ply, self.state.to_move)))
            self.ai = computer.think(self.state, self.session.kind_to_move(), rng)
            self.ai_started = time.perf_counter()
            return
        if not self.ai.done or self.director.busy:
            return
        if time.perf_counter() - self.ai_started < computer.MIN_THINK and self.app.speed > 0:
            return
        worker, self.ai = self.ai, None
        action = worker.result
        if action is None or explain_illegal(self.state, action) is not None:
            action = computer.random_action(self.state, random.Random(self.state.ply))
        self._play(self.session.act(action, record=False))

    # --- input --------------------------------------------------------------------------
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
        if self.group.active:
            if key == pygame.K_UP:
                self.group.active = False
            else:
                self.group.handle(event)
            return
        if self._shortcut(key, mod):
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
                                                pygame.K_p: self.pass_turn, pygame.K_e: self.toggle_end}
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

    def _pick_edge(self, index: int) -> None:
        neighbour = add(self.cursor, DIRECTIONS[index])
        if neighbour not in self.view.hexes:
            self.say("That side of the cell is the rim of the board: no edge there.", "error")
            return
        chosen = edge(self.cursor, neighbour)
        if chosen == self.key_edge and self.human_turn():
            self.perform(Gate(chosen))
            return
        self.key_edge = chosen
        self.say("Enter (or the same number) draws this gate; Backspace cancels.")

    def _cycle_edge(self) -> None:
        sides = [edge(self.cursor, n) for n in self.view.hexes.neighbours(self.cursor)]
        if not sides:
            return
        index = sides.index(self.key_edge) + 1 if self.key_edge in sides else 0
        self.key_edge = sides[index % len(sides)]
        self.say("G picks the next side; Enter draws the gate; Backspace cancels.")

    # --- update -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.idle(dt)
        self.message_time = max(0.0, self.message_time - dt)
        self._poll_helper()
        self._step_replay(dt)
        self._poll_computer()
        self._check_par()
        self._check_interlude()
        self._check_end(dt)
        self._refresh_buttons()
        if self.human_turn() and not self.director.busy and self.must_pass() and self.message_time <= 0:
            self.say("Nothing else is possible: press Pass (P).")

    def idle(self, dt: float) -> None:
        self.clock += dt
        self.director.update(dt, self.app.speed)

    def _check_par(self) -> None:
        puzzle = self.puzzle
        if not puzzle or self.celebrated or puzzle.par is None or self.director.busy:
            return
        if self.state.purses[HOARDER] >= puzzle.par:
            self.celebrated = True
            self.director.celebrate("PAR!", f"{puzzle.par} coins: the best possible walk")
            if not self.state.is_over:
                self.say("Par reached! Stop (X) to bank your coins.", seconds=8)

    def _check_interlude(self) -> None:
        if self.interlude is None or self.director.busy or not isinstance(self.session, MatchSession):
            return
        from game.client.coinland.result import InterludeScene

        event, self.interlude = self.interlude, None
        self.interlude_event = event
        self.app.audio.play("swap")
        self.app.push(InterludeScene(self, event))

    def _start_game_two(self) -> None:
        session = self.session
        if isinstance(session, MatchSession):
            session.finished_game = None
        self.director.reset(self.state.purses)
        self.cursor = self.state.pawns[0]
        self._moves_key = None
        seat = self.session.seat_of(HOARDER)
        self.director.announce("Game 2", f"{self.session.label(HOARDER)} hoards now", pal.PLAYER_COLOURS[seat])

    def _check_end(self, dt: float) -> None:
        if not self.session.is_over or self.finished or self.director.busy or self.interlude is not None:
            return
        if self.end_wait < 0:
            self.end_wait = 1.4 if self.app.speed > 0 else 0.0
            self.message_time = 0.0
            self._celebrate_end()
            return
        self.end_wait -= dt
        if self.end_wait <= 0:
            from game.client.coinland.result import ResultScene

            self.finished = True
            self.app.push(ResultScene(self))

    def _celebrate_end(self) -> None:
        puzzle = self.puzzle
        if puzzle:
            score = self.state.purses[HOARDER]
            self.new_best = puzzle.level is not None and self.app.store.record(level_key(puzzle.level), score)
            self.stars = stars(score, puzzle.par)
            if not self.celebrated:
                self.app.audio.play("win")
            return
        winner = self.winner_seat()
        if winner is None:
            self.director.announce("Draw", "Equal scores", pal.TEXT)
            return
        name = hud.seat_label(self.session, winner)
        if self.session.seats[winner] == HUMAN:
            self.director.celebrate("WIN!", f"{name} won")
        else:
            self.director.announce("Game over", f"{name} won", pal.SKY)
            self.app.audio.play("invalid")

    def winner_seat(self) -> int | None:
        session = self.session
        if isinstance(session, MatchSession):
            assert session.match is not None
            return session.match.winner
        a, b = self.state.purses
        return None if a == b else (0 if a > b else 1)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        hud.draw_play(surface, self)

