"""Hint and Solve for puzzles: the solver runs in a worker thread with a time limit.

Hint marks the solver's next move; Solve replays the best walk with the usual animations,
from the player's position or from the start (from the start the walk so far stays one Undo
away, and the message says so). Either marks the level helped for good (game.coinland.campaign:
help lasts; the mark is kept in the progress file by the level's content key), so the first
help on a level that can still earn stars asks first and says what it costs. Any key or click
during the replay takes over. A part of the play scene, built on PlayCore.
"""

from __future__ import annotations

from collections.abc import Callable

from game.client import palette as pal
from game.client.coinland.play_core import PlayCore
from game.client.coinland.rating import level_key
from game.client.worker import Worker
from game.coinland.actions import Move
from game.coinland.campaign import MAX_STARS, stars
from game.coinland.rules import explain_illegal
from game.wording import plural

HINT_SECONDS = 1.5
SOLVE_SECONDS = 4.0
REPLAY_GAP = 0.25


LASTS = "Help lasts: from now on this level earns no new stars and opens no pack, on this visit and later ones."


class PuzzleHelp(PlayCore):
    # --- the lasting mark -----------------------------------------------------------------
    def help_key(self) -> str:
        puzzle = self.puzzle
        assert puzzle is not None and puzzle.level is not None
        return puzzle.key or level_key(puzzle.level)

    def help_costs(self) -> bool:
        """Would help cost something now: the level is not marked helped yet and can still earn stars?"""
        puzzle = self.puzzle
        if puzzle is None or puzzle.level is None or puzzle.shown:
            return False
        held = stars(self.app.store.best(self.help_key()), puzzle.par, puzzle.level.purse)
        return held < MAX_STARS

    def cost_lines(self) -> list[str | tuple[str, pal.Colour]]:
        """What the first help on this level costs, for its question."""
        puzzle = self.puzzle
        assert puzzle is not None and puzzle.level is not None
        held = stars(self.app.store.best(self.help_key()), puzzle.par, puzzle.level.purse)
        keep = f"You keep the {plural(held, 'star')} you have earned here." if held else (
            "You have no star here yet, and a helped level earns none.")
        return [(LASTS, pal.GOLD_LIGHT), (keep, pal.TEXT_DIM)]

    def mark_helped(self) -> None:
        """Help was shown: this walk and every later one on the level are assisted, for good."""
        if self.puzzle is not None:
            self.puzzle.assist()
            self.app.store.mark_helped(self.help_key())

    def _ask(self, heading: str, lines: list[str | tuple[str, pal.Colour]],
             choices: list[tuple[str, Callable[[], None]]]) -> None:
        from game.client.coinland.dialog import Dialog

        self.message_time = 0.0  # no stale line under the dialog
        buttons = [(label, lambda act=act: (self.app.pop(), act())) for label, act in choices]
        self.app.push(Dialog(heading, lines, [*buttons, ("Cancel", self.app.pop)]))

    # --- hint and solve -----------------------------------------------------------------
    def hint(self) -> None:
        """A hint; the first help on a level that can still earn stars asks first (help lasts)."""
        if not self.puzzle or self.state.is_over:
            self.say("Hints are for puzzles in progress.", "error")
            return
        if self.helper is not None:
            return
        if self.help_costs():
            self._ask("Take a hint?", ["A hint marks the coin the best walk takes next.", *self.cost_lines()],
                      [("Show the hint", self.hint_now)])
            return
        self.hint_now()

    def hint_now(self) -> None:
        if not self.puzzle or self.state.is_over or self.helper is not None:
            return
        from game.coinland.solver import solve

        self.helper_kind = "hint"
        self.helper = Worker(solve, self.state, HINT_SECONDS, name="coinland-hint")

    def solve(self) -> None:
        """Ask where to solve from once the player has moved, and what help costs the first time;
        at the start of a level already helped, just solve."""
        if not self.puzzle:
            return
        if self.helper is not None:
            return
        assert self.puzzle.level is not None
        costs = self.help_costs()
        at_start = self.state == self.puzzle.level.initial_state() or self.state.is_over
        if at_start and not costs:
            self.solve_from(start=True)
            return
        if at_start:
            self._ask("Show the best walk?", ["The whole best walk plays out; any key or click takes over.",
                                              *self.cost_lines()],
                      [("Show the best walk", lambda: self.solve_from(start=True))])
            return
        moves = plural(self.state.ply, "move")
        cost = self.cost_lines() if costs else [("This level is helped already: no new stars either way.",
                                                 pal.TEXT_DIM)]
        self._ask("Show the best walk", [
            f"From here: you keep your {moves} and see the best way on.",
            "From the start: the whole best walk; Undo (U) brings yours back.", *cost],
            [("From here", lambda: self.solve_from(start=False)),
             ("From the start", lambda: self.solve_from(start=True))])

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
                self.mark_helped()
                self.say(f"Stop here: no move from here gains a coin. Best total {best}{proof}. "
                         "This level is now helped: no new stars.", seconds=6)
                return
            self.hint_cell = result.moves[0]
            self.cursor = self.hint_cell
            self.mark_helped()
            best = plural(result.score, "coin")
            self.say(f"Hint: move to the marked coin. The best walk from here keeps {best}{proof}. "
                     "This level is now helped: no new stars.", seconds=6)
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
        self.mark_helped()
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

