"""Hint and Solve for puzzles: the solver runs in a worker thread with a time limit.

Hint marks the solver's next move; Solve replays the best walk with the usual animations,
from the player's position or from the start (asked once the player has moved; from the
start the walk so far stays one Undo away, and the message says so). Either makes the
walk assisted (game.coinland.campaign: no stars beyond those earned unaided). Any key or
click during the replay takes over. A part of the play scene, built on PlayCore.
"""

from __future__ import annotations

from game.client import palette as pal
from game.client.coinland.play_core import PlayCore
from game.client.worker import Worker
from game.coinland.actions import Move
from game.coinland.rules import explain_illegal
from game.wording import plural

HINT_SECONDS = 1.5
SOLVE_SECONDS = 4.0
REPLAY_GAP = 0.25


class PuzzleHelp(PlayCore):
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
        """Ask where to solve from once the player has moved; at the start, just solve."""
        if not self.puzzle:
            return
        if self.helper is not None:
            return
        assert self.puzzle.level is not None
        if self.state == self.puzzle.level.initial_state() or self.state.is_over:
            self.solve_from(start=True)
            return
        from game.client.coinland.dialog import Dialog
        from game.wording import plural

        moves = plural(self.state.ply, "move")
        self.message_time = 0.0  # no stale line under the dialog
        choose = Dialog("Show the best walk", [
            f"From here: you keep your {moves} and see the best way on.",
            "From the start: the whole best walk; Undo (U) brings yours back.",
            ("Either way the walk becomes assisted: no new stars.", pal.TEXT_DIM)],
            [("From here", lambda: (self.app.pop(), self.solve_from(start=False))),
             ("From the start", lambda: (self.app.pop(), self.solve_from(start=True))),
             ("Cancel", self.app.pop)])
        self.app.push(choose)

    def solve_from(self, start: bool) -> None:
        if not self.puzzle or self.helper is not None:
            return
        from game.coinland.solver import solve

        assert self.puzzle.level is not None
        self.helper_kind = "solve" if start else "solve-here"
        origin = self.puzzle.level.initial_state() if start else self.state
        self.helper = Worker(solve, origin, SOLVE_SECONDS, name="coinland-solve")

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
                best = plural(result.score, "coin")
                self.say(f"Stop here: no move from here gains a coin. Best total {best}{proof}.")
                return
            self.hint_cell = result.moves[0]
            self.cursor = self.hint_cell
            if self.puzzle is not None:
                self.puzzle.assist()
            best = plural(result.score, "coin")
            self.say(f"Hint: move to the marked coin. The best walk from here keeps {best}{proof}. "
                     "This walk is now assisted.", seconds=6)
            return
        assert self.puzzle is not None
        self.skip()
        if self.helper_kind == "solve":
            moved = self.state != self.puzzle.level.initial_state() if self.puzzle.level else False
            self.puzzle.restart()
            kept = " Undo (U) brings your own walk back." if moved else ""
            self._after_jump(f"The best walk keeps {plural(result.score, 'coin')}{proof}.{kept} "
                             "Any key or click takes over.")
        else:
            self._after_jump(f"The best walk from here keeps {plural(result.score, 'coin')}{proof}. "
                             "Any key or click takes over.")
        self.message_time = 6.0
        self.puzzle.show_solution()
        self.replay = list(result.moves) or []
        self.replay_wait = 0.4
        if not self.replay:
            self.say(f"Stopping here is best: {plural(result.score, 'coin')}{proof}. Stop (X) to bank them.")

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

