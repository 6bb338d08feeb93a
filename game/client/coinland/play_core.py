"""What every part of the play screen shares: the session on the table and the player's actions.

`PlayCore` holds the scene's state (the session, the board view, the cursor, what is
hovered, the helpers running), answers what can be done now (`human_turn`, `can_move`,
`moves`, ...), shows messages, and carries out the player's actions (move, gate, undo,
redo, restart, pass, end). The parts of the play scene build on it: input
(game.client.coinland.play_input), hint and solve (play_help), drawing (hud), and the scene
itself (play), which adds the computer, the end of a game and the buttons. Keeping this
below them lets each part import it without importing the scene they make up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client import palette as pal
from game.client.coinland import layout, match_save
from game.client.coinland.board_view import BoardView, gate_colour, gate_style
from game.client.coinland.director import Director
from game.client.coinland.sessions import MatchSession, PuzzleSession, Session
from game.client.focus import FocusGroup
from game.client.scenes import Scene
from game.client.worker import Worker
from game.coinland.actions import Action, Move, Pass, Stop, Wait
from game.coinland.campaign import Verdict
from game.coinland.match import RolesSwapped
from game.coinland.rules import HoarderMove, explain_illegal, hoarder_moves, is_legal, legal_actions
from game.coinland.state import HOARDER, Mode, State
from game.coinland.waiting import Waiting, waiting
from game.hexgrid import Cell, Edge
from game.wording import says


class PlayCore(Scene):
    """The play scene's state, questions and actions (see the module docstring); `PlayScene` completes it."""

    director: Director  # made in `enter`, once the App's audio and settings are there
    group: FocusGroup  # the buttons under the board

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
        self._pass_key: State | None = None
        self._pass_only = False
        self._pass_legal = False
        self._wait_key: State | None = None
        self._waiting: Waiting | None = None
        self._wait_legal = False
        self.packs: list[Any] = []  # the campaign around a pack level (levels_menu.level_scene sets it)
        self.position: tuple[str, int] | None = None  # (pack name, level index) of a pack level
        self.verdict: Verdict | None = None  # what the ended walk is worth (puzzles)
        self.new_best = False
        self.opened: list[tuple[str, int]] = []  # packs this walk opened: (name, levels)
        self.resumed = False  # a saved match brought back (match_save)
        self.costs_told = False  # the Duel's "every move costs now" has been said


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
        """Pass is the only legal action (cached per state: asked every step)."""
        self._passing()
        return self._pass_only

    def may_pass(self) -> bool:
        """Pass is legal now: when nothing else is, or instead of a gate under the Duel house rule."""
        self._passing()
        return self._pass_legal

    def _passing(self) -> None:
        if self._pass_key is not self.state:
            self._pass_key = self.state
            legal = [] if self.state.is_over else legal_actions(self.state)
            self._pass_only = legal == [Pass()]
            self._pass_legal = Pass() in legal

    def waiting_game(self) -> Waiting | None:
        """A Duel's waiting game now (game.coinland.waiting: harmless edges, who moves first if both
        only wait), cached per state; None outside a Duel and once it is over."""
        if self._wait_key is not self.state:
            self._wait_key = self.state
            duel = self.state.mode is Mode.DUEL and not self.state.is_over
            self._waiting = waiting(self.state) if duel else None
            self._wait_legal = not self.state.is_over and self.state.mode is not Mode.PUZZLE and is_legal(
                self.state, Wait())
        return self._waiting

    def can_wait(self) -> bool:
        """The rules offer Wait now: a gate of the mover's on a harmless edge (game.coinland.harmless)."""
        self.waiting_game()
        return self._wait_legal

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
            self.say(f"Wait: {says(self.session.label(self.state.to_move), 'is', 'thinking', base='are')}.", "error")

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
        self._autosave()

    def _autosave(self) -> None:
        """A match or duel with a human seat is kept after every action, and forgotten once over."""
        if not self.puzzle:
            match_save.autosave(self.app, self.session)

    def skip(self) -> None:
        """Complete whatever is animating; the board then shows the engine's state."""
        if self.director.busy:
            self.director.finish(self.board_state().purses)

    def undo(self) -> None:
        if not self.puzzle and self.session.is_over:  # a finished match or duel stays finished (its save is gone)
            self.say("The game is over: its moves can no longer be taken back.", "error")
            return
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

    def walked(self) -> bool:
        """The puzzle walk has a move in it (a stop alone is no walk)."""
        return self.puzzle is not None and any(isinstance(action, Move) for action in self.puzzle.actions)

    def restart(self) -> None:
        if not self.puzzle:
            return
        self._stop_helpers()
        walked = self.walked()
        moved = self.puzzle.restart()
        self.cursor = self.puzzle.state.pawns[0]  # a fresh walk starts at the start
        fresh = "Back to the start. Undo brings your walk back." if moved and walked else "A fresh walk from the start."
        if self.puzzle.shown:
            fresh += " It stays assisted: you took help on this level (no new stars)."
        self._after_jump(fresh)

    def _after_jump(self, message: str) -> None:
        self.director.reset(self.board_state().purses)
        self.interlude = None
        self.finished, self.end_wait = False, -1.0
        par = self.puzzle.par if self.puzzle else None
        self.celebrated = par is not None and self.state.purses[HOARDER] >= par
        if self.hint_cell is not None and self.cursor == self.hint_cell:  # not left on another walk's hint
            self.cursor = self.board_state().pawns[0]
        self.hint_cell, self.key_edge, self._moves_key = None, None, None
        self.say(message)
        self._autosave()

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

    def wait(self) -> None:
        """Draw one of your gates on a harmless edge, which the rules pick: it changes nothing but the turn."""
        if self.state.mode is Mode.PUZZLE:
            self.say("In a puzzle the gates are fixed: there is nothing to wait for.", "error")
            return
        if self.human_turn() and self.can_move() and not self.can_gate():
            self.say("The Hoarder moves now; the Gatekeeper may wait on her turn.", "error")
            return
        self.perform(Wait())

    def toggle_end(self) -> None:
        if self.state.mode is not Mode.CLASSIC:
            return
        if not (self.human_turn() and self.can_move()):
            self.say("E ends the game with the Hoarder's next move: it works on the Hoarder's turn.", "error")
            return
        self.declare_end = not self.declare_end
        self.say("Your next move will end the game." if self.declare_end else "You will play on after your move.")

    def pause(self) -> None:
        self.app.open("coinland.pause", self)

    def controller_lost(self, number: int) -> None:
        """A game in play pauses when a controller goes (the stage's toast says which)."""
        if self.app.scene is self and not self.session.is_over:
            self.pause()

    # --- named here, done by PuzzleHelp (game.client.coinland.play_help) ---------------------
    def hint(self) -> None:
        """Mark the solver's next move (puzzles)."""
        raise NotImplementedError

    def solve(self) -> None:
        """Replay the best walk (puzzles)."""
        raise NotImplementedError

