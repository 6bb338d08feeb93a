"""Hint and Solve for puzzles: the solver runs in a worker thread with a time limit.

Hint marks the solver's next move; Solve restarts the level (undoably) and replays the
best walk with the usual animations. Any key or click during the replay takes over.
A mixin for PlayScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.worker import Worker
from game.coinland.actions import Move
from game.coinland.rules import explain_illegal

if TYPE_CHECKING:
    from game.client.coinland.play import PlayScene as _Base
else:
    _Base = object

HINT_SECONDS = 1.5
SOLVE_SECONDS = 4.0
REPLAY_GAP = 0.25


class PuzzleHelp(_Base):
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

