"""Playing Hoarder & Gatekeeper: Puzzle, a Classic match or a Duel, humans or computers.

Mouse: hover the board to see legal destinations with their cost; click a coin to move,
click near an edge to draw a gate (a preview shows first). Keyboard: arrows move a
cursor, Enter moves the Hoarder there, 1-6 pick the cursor cell's edge in that direction
and Enter (or the same digit again) draws it; E toggles "end after this move" in
Classic; U/R undo and redo; H hint and S solve in Puzzle; Esc pauses. Any click or key
during an animation completes it at once.
"""

from __future__ import annotations

import math
import random
import threading

import pygame

from game.client import palette as pal
from game.client.anim import Animator, CoinBurst, Flight, GateStroke, PawnSlide, Popup
from game.client.app import LOGICAL, Scene
from game.client.board_view import BoardView, gate_colour
from game.client.sessions import HUMAN, MatchSession, PuzzleSession, Session, player_label
from game.client.widgets import Button, Menu
from game.coinland.actions import Action, Gate, Move, Stop
from game.coinland.events import CoinCollected, FeePaid, GameOver, GateDrawn, PawnMoved
from game.coinland.match import MatchOver, RolesSwapped
from game.coinland.rules import explain_illegal, hoarder_moves, legal_actions
from game.coinland.state import HOARDER, Mode
from game.hexgrid import DIRECTIONS, Cell, add, edge

BOARD_RECT = pygame.Rect(250, 96, 780, 640)
PURSE_POS = {0: (125.0, 250.0), 1: (1155.0, 250.0)}
KEY_DIRS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4, pygame.K_6: 5}


class PlayScene(Scene):
    def __init__(self, session: Session, title: str, on_finish=None) -> None:
        self.session = session
        self.title = title
        self.on_finish = on_finish  # called with the session when the game ends
        self.view = BoardView(session.state.size, BOARD_RECT)
        self.animator = Animator()
        self.shown_purses = list(session.state.purses)
        self.hover_cell: Cell | None = None
        self.hover_edge = None
        self.cursor: Cell = session.state.pawns[0]
        self.key_edge = None
        self.declare_end = False
        self.message = ""
        self.message_time = 0.0
        self.clock = 0.0
        self.thinking: threading.Thread | None = None
        self.ai_result: list[Action] = []
        self.rng = random.Random(7)
        self.solve_queue: list[Cell] = []
        self.celebrated = False
        self.finished_reported = False
        self.menu = Menu(self._buttons())

    # --- buttons ------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        items: list[tuple[str, object]] = [("Undo (U)", self.undo), ("Redo (R)", self.redo)]
        if isinstance(self.session, PuzzleSession):
            items += [("Restart", self.restart), ("Hint (H)", self.hint), ("Solve (S)", self.solve),
                      ("Stop here", self.stop)]
        elif self.session.state.mode is Mode.CLASSIC:
            items += [("End after move (E)", self.toggle_end)]
        items += [("Menu (Esc)", self.pause)]
        buttons = []
        for index, (label, action) in enumerate(items):
            buttons.append(Button(label, action, pygame.Rect(30, 400 + index * 54, 190, 44)))
        return buttons

    # --- session actions ----------------------------------------------------------------
    def say(self, message: str, sound: str | None = None) -> None:
        self.message, self.message_time = message, 3.5
        if sound:
            self.app.audio.play(sound)

    def undo(self) -> None:
        self.solve_queue.clear()
        if self.thinking or not self.session.can_undo():
            self.say("Nothing to undo.", "invalid")
            return
        self.animator.finish()
        self.session.undo()
        self._sync()

    def redo(self) -> None:
        self.solve_queue.clear()
        if self.thinking or not self.session.future:
            self.say("Nothing to redo.", "invalid")
            return
        self.animator.finish()
        self.session.redo()
        self._sync()

    def restart(self) -> None:
        self.solve_queue.clear()
        if isinstance(self.session, PuzzleSession):
            self.animator.finish()
            self.session.restart()
            self.celebrated = False
            self.solve_queue.clear()
            self._sync()

    def _sync(self) -> None:
        self.shown_purses = list(self.session.state.purses)
        self.finished_reported = False

    def toggle_end(self) -> None:
        self.declare_end = not self.declare_end
        self.say("You will declare the end after your next move." if self.declare_end
                 else "You will keep playing after your move.")

    def stop(self) -> None:
        if isinstance(self.session, PuzzleSession) and not self.session.is_over:
            self.perform(Stop())

    def hint(self) -> None:
        if not isinstance(self.session, PuzzleSession) or self.session.is_over:
            return
        from game.coinland.solver import solve

        result = solve(self.session.state, time_limit=1.0)
        if not result.moves:
            self.say("Best now: stop here. Every move from here loses coins.")
            return
        target = result.moves[0]
        self.cursor = target
        proof = "" if result.optimal else " (best found so far)"
        self.say(f"Hint: move to {target[0]},{target[1]}; best total {result.score}{proof}.")

    def solve(self) -> None:
        if not isinstance(self.session, PuzzleSession):
            return
        from game.coinland.solver import solve

        self.animator.finish()
        self.session.restart()
        self._sync()
        result = solve(self.session.state, time_limit=3.0)
        self.solve_queue = list(result.moves)
        self.say(f"Watch the best walk: {result.score} coins{'' if result.optimal else ' (not proved)'}.")

    def pause(self) -> None:
        from game.client.scenes.menus import PauseScene

        self.app.push(PauseScene(self))

    def perform(self, action: Action) -> None:
        """Apply a human's action, or explain why it is not allowed."""
        reason = explain_illegal(self.session.state, action)
        if reason:
            self.say(reason[0].upper() + reason[1:] + ".", "invalid")
            return
        self.animator.finish()
        self.solve_queue.clear()
        events = self.session.act(action)
        self.declare_end = False
        self.key_edge = None
        self.animate(events)

    # --- animation from events -----------------------------------------------------------
    def animate(self, events: list) -> None:
        view = self.view
        reduced = self.app.store.settings.reduced_motion
        for event in events:
            if isinstance(event, PawnMoved):
                path = [view.centre(event.origin)] + [view.centre(c) for c in event.path]
                duration = 0.18 + 0.04 * len(event.path)
                self.animator.add(PawnSlide(duration=duration, player=event.player, path=path))
            elif isinstance(event, FeePaid):
                for k in range(event.amount):
                    flight = Flight(duration=0.3 + 0.08 * k, start=PURSE_POS[event.payer], end=PURSE_POS[event.payee],
                                    on_done=self._paid(event.payer, event.payee))
                    self.animator.add(flight, together=k > 0)
                self.app.audio.play("fee")
            elif isinstance(event, CoinCollected):
                start = view.centre(event.cell)
                end = PURSE_POS[event.player]
                done = self._collected(event.player)
                anim = (Flight(duration=0.35, start=start, end=end, on_done=done) if reduced
                        else CoinBurst(start, end, on_done=done, seed=hash(event.cell)))
                self.animator.add(anim, Popup(duration=0.6, where=start, label="+1", colour=pal.GOLD), together=False)
            elif isinstance(event, GateDrawn):
                state = self.session.state
                self.animator.add(GateStroke(duration=0.22, edge=event.edge, colour=gate_colour(state, event.player),
                                             striped=state.mode is Mode.DUEL and event.player == 1))
                self.app.audio.play("gate")
            elif isinstance(event, RolesSwapped):
                self.say(f"Game {event.game}: roles swapped! Seat {event.hoarder_seat + 1} is now the Hoarder.")
                self.shown_purses = [0, 0]
            elif isinstance(event, GameOver | MatchOver):
                self.animator.add(Popup(duration=0.01, where=(0, 0), label=""))

    def _paid(self, payer: int, payee: int):
        def done() -> None:
            self.shown_purses[payer] -= 1
            self.shown_purses[payee] += 1
            self.app.audio.play("fee", 0.6)
        return done

    def _collected(self, player: int):
        def done() -> None:
            self.shown_purses[player] += 1
            self.app.audio.play("coin")
        return done

    # --- computer players ---------------------------------------------------------------
    def _start_thinking(self) -> None:
        from game.coinland.ai import choose_action

        state = self.session.state
        strength = self.session.seat_kind()
        rng = random.Random(self.rng.random())
        budget = 0.6 if strength == "hard" else None

        def think() -> None:
            self.ai_result.append(choose_action(state, strength, rng, budget))

        self.thinking = threading.Thread(target=think, daemon=True)
        self.thinking.start()

    def _poll_thinking(self) -> None:
        if self.thinking is not None and not self.thinking.is_alive():
            self.thinking = None
            if self.ai_result:
                action = self.ai_result.pop()
                self.animate(self.session.act(action))

    # --- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animator.busy:
            self.animator.finish()
            self._sync_after_skip()
            if event.type == pygame.MOUSEBUTTONDOWN:
                return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self.menu.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_cell = self.view.cell_at(event.pos)
            self.hover_edge = self._edge_under(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and BOARD_RECT.collidepoint(event.pos):
            self._click(event.pos)

    def _sync_after_skip(self) -> None:
        self.shown_purses = list(self.session.state.purses)

    def _human_turn(self) -> bool:
        return not self.session.is_over and self.session.seat_kind() == HUMAN and not self.solve_queue

    def _can_gate(self) -> bool:
        state = self.session.state
        return state.mode is Mode.DUEL or (state.mode is Mode.CLASSIC and state.to_move != HOARDER)

    def _can_move(self) -> bool:
        state = self.session.state
        return state.mode is not Mode.CLASSIC or state.to_move == HOARDER

    def _edge_under(self, pos) -> tuple | None:
        if not self._can_gate():
            return None
        reach = 0.28 if self._can_move() else 0.6
        return self.view.edge_at(pos, reach)

    def _click(self, pos) -> None:
        if not self._human_turn():
            self.say("Wait for your turn." if not self.session.is_over else "The game is over.", "invalid")
            return
        found = self._edge_under(pos)
        if found is not None:
            self.perform(Gate(found))
            return
        cell = self.view.cell_at(pos)
        if cell is None:
            return
        if not self._can_move():
            self.say("Click near an edge between two cells to draw a gate.", "invalid")
            return
        self.perform(self._move_to(cell))

    def _move_to(self, cell: Cell) -> Move:
        end = self.declare_end and self.session.state.mode is Mode.CLASSIC
        return Move(cell, end=end)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.pause()
            return True
        shortcuts = {pygame.K_u: self.undo, pygame.K_r: self.redo, pygame.K_h: self.hint,
                     pygame.K_s: self.solve, pygame.K_e: self.toggle_end}
        if key in shortcuts and not (key == pygame.K_e and self.session.state.mode is not Mode.CLASSIC):
            shortcuts[key]()
            return True
        arrows = {pygame.K_RIGHT: (1, 0), pygame.K_LEFT: (-1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if key in arrows and not event.mod & pygame.KMOD_SHIFT:
            moved = add(self.cursor, arrows[key])
            if moved in self.view.cells:
                self.cursor = moved
            self.key_edge = None
            return True
        if key in KEY_DIRS:
            neighbour = add(self.cursor, DIRECTIONS[KEY_DIRS[key]])
            chosen = edge(self.cursor, neighbour) if neighbour in self.view.cells else None
            if chosen is not None and chosen == self.key_edge and self._human_turn():
                self.perform(Gate(chosen))
            else:
                self.key_edge = chosen
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self._human_turn():
                self.say("Wait for your turn.", "invalid")
            elif self.key_edge is not None:
                self.perform(Gate(self.key_edge))
            else:
                self.perform(self._move_to(self.cursor))
            return True
        return False

    # --- update -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.message_time = max(0.0, self.message_time - dt)
        self.animator.update(dt, self.app.speed)
        if self.animator.busy:
            return
        self.shown_purses = list(self.session.state.purses)
        self._poll_thinking()
        if self.solve_queue and not self.session.is_over:
            step = Move(self.solve_queue.pop(0))
            if explain_illegal(self.session.state, step) is None:
                self.animate(self.session.act(step))
                return
            self.solve_queue.clear()
        if self.session.computer_to_move and self.thinking is None:
            self._start_thinking()
        if self.session.is_over and not self.finished_reported:
            self.finished_reported = True
            self._finished()

    def _finished(self) -> None:
        from game.client.scenes.menus import ResultScene

        if self.on_finish:
            self.on_finish(self.session)
        self.app.audio.play("win")
        if not self.app.store.settings.reduced_motion:
            self.animator.shake = 0.4
        self.app.push(ResultScene(self))

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        state = self.session.state
        offset = (0, 0)
        if self.animator.shake > 0 and not self.app.store.settings.reduced_motion:
            offset = (math.sin(self.clock * 70) * 6 * self.animator.shake, 0)
        board_layer = surface
        hide_gates = {a.edge for a in self.animator.current() if isinstance(a, GateStroke)}
        for stage in self.animator.stages[1:]:
            hide_gates |= {a.edge for a in stage if isinstance(a, GateStroke)}
        self.view.origin = (BOARD_RECT.centerx + offset[0], BOARD_RECT.centery + offset[1])
        highlight = self._highlights()
        glint = max(0.0, math.sin(self.clock * 1.3)) if int(self.clock) % 4 == 0 else 0.0
        self.view.draw_state(board_layer, state, hide_gates=hide_gates, pawn_at=self.animator.pawn_positions(),
                             highlight=highlight, glint=glint, breath=math.sin(self.clock * 3))
        self._draw_costs(surface)
        self._draw_previews(surface)
        self.animator.draw(surface, self.view)
        self._draw_hud(surface)
        self.menu.draw(surface)

    def _highlights(self) -> dict:
        out = {}
        if self._human_turn() and self._can_move():
            for move in hoarder_moves(self.session.state):
                out[move.target] = (52, 110, 90) if move.fee == 0 else (98, 84, 60)
        if self.cursor in self.view.cells:
            out[self.cursor] = out.get(self.cursor, pal.PANEL_LIGHT)
        return out

    def _draw_costs(self, surface: pygame.Surface) -> None:
        if not (self._human_turn() and self._can_move()):
            return
        for move in hoarder_moves(self.session.state):
            x, y = self.view.centre(move.target)
            badge = pygame.Rect(0, 0, 26, 22)
            badge.center = (int(x + self.view.hex * 0.45), int(y - self.view.hex * 0.45))
            colour = pal.GREEN if move.fee == 0 else pal.VERMILION
            pygame.draw.rect(surface, colour, badge, border_radius=8)
            label = "0" if move.fee == 0 else f"-{move.fee}"
            pal.blit_text(surface, label, badge.center, "small", (255, 255, 255), anchor="center")

    def _draw_previews(self, surface: pygame.Surface) -> None:
        state = self.session.state
        preview = self.key_edge or self.hover_edge
        if preview is not None and self._human_turn() and preview not in state.all_gates:
            self.view.draw_gate(surface, preview, gate_colour(state, state.to_move), ghost=True,
                                striped=state.mode is Mode.DUEL and state.to_move == 1)
        if self.cursor in self.view.cells:
            pygame.draw.polygon(surface, pal.FOCUS, self.view.corners(self.cursor, 0.9), 3)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        state = self.session.state
        pal.blit_text(surface, self.title, (LOGICAL[0] / 2, 30), "heading", anchor="center")
        pal.blit_text(surface, f"Coins left: {len(state.coins)}", (LOGICAL[0] / 2, 62), "small", pal.TEXT_DIM,
                      anchor="center")
        for player in (0, 1):
            if state.mode is Mode.PUZZLE and player == 1:
                continue
            self._draw_purse(surface, player)
        pal.blit_text(surface, self._turn_text(), (LOGICAL[0] / 2, LOGICAL[1] - 44), "body", anchor="center")
        if self.message_time > 0:
            pal.blit_text(surface, self.message, (LOGICAL[0] / 2, LOGICAL[1] - 18), "small", pal.YELLOW,
                          anchor="center")
        if self.thinking is not None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            pal.blit_text(surface, f"Thinking{dots}", (LOGICAL[0] - 140, LOGICAL[1] - 44), "body", pal.SKY)

    def _draw_purse(self, surface: pygame.Surface, player: int) -> None:
        state = self.session.state
        x, y = PURSE_POS[player]
        colour = pal.PLAYER_COLOURS[player] if state.mode is Mode.DUEL else (pal.SKY if player == 0 else pal.VERMILION)
        panel = pygame.Rect(0, 0, 210, 150)
        panel.center = (int(x), int(y))
        pygame.draw.rect(surface, pal.PANEL, panel, border_radius=14)
        if state.current_player == player:
            pygame.draw.rect(surface, colour, panel, 4, border_radius=14)
        label = player_label(self.session, player)
        for index, line in enumerate(pal.wrap(label, 190, "small")[:2]):
            pal.blit_text(surface, line, (x, panel.top + 18 + index * 20), "small", colour, anchor="center")
        self.view.draw_coin(surface, (x - 40, y + 22), 0.8)
        pal.blit_text(surface, str(self.shown_purses[player]), (x + 10, y + 22), "title", anchor="midleft")
        if state.mode is Mode.PUZZLE and isinstance(self.session, PuzzleSession) and self.session.level.par:
            pal.blit_text(surface, f"Par {self.session.level.par}", (x, panel.bottom + 20), "body", pal.GOLD,
                          anchor="center")
        if state.mode is Mode.CLASSIC and player == 1:
            pal.blit_text(surface, "fees collected", (x, panel.bottom - 14), "small", pal.TEXT_DIM, anchor="center")

    def _turn_text(self) -> str:
        session = self.session
        state = session.state
        if session.is_over:
            return "Game over"
        if state.mode is Mode.PUZZLE:
            return "Move in a straight line to a coin; each gate crossed costs one coin."
        who = player_label(session, state.to_move)
        if session.seat_kind() != HUMAN:
            return f"{who} is thinking"
        if state.mode is Mode.CLASSIC:
            if state.to_move == HOARDER:
                end = " (will declare the end)" if self.declare_end else ""
                return f"{who}: move to a coin{end}"
            return f"{who}: draw a gate on any free edge"
        return f"{who}: move to a coin or draw a gate"


def legal_count(session: Session) -> int:
    return len(legal_actions(session.state))


__all__ = ["MatchSession", "PlayScene"]
