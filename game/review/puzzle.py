"""Puzzle review: the best score still reachable before and after every move of a walk.

At each step the exact solver (`game.coinland.solver`) proves the best score reachable
from that position. A move's loss is the drop in that best: a move that keeps the best
reachable score costs nothing; one that makes three coins unreachable "cost 3 coins".
Because a finished walk's final best is its score and the start's best is the level's
optimum, the losses add up exactly to "best possible minus your score" (par minus score
on a level whose par is proved). A walk that stops before its end (no stop, moves left) has
also lost what it did not collect: the best still reachable where it stopped, less its score
(`not_collected`), so the total is par minus score for every walk.

On a large board the solver may run out of its budget: the step then reads "at least X"
(the best walk found) with the proved upper bound beside it, and a move's loss is given
as what is certain (`loss`) and what it may be at most (`loss_high`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.coinland.actions import Action, Move, Stop
from game.coinland.rules import apply
from game.coinland.solver import SolveResult, solve
from game.coinland.state import HOARDER, State
from game.hexgrid import Cell

STEP_SECONDS = 2.0  # the solver's budget per position; most positions are proved in milliseconds

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Reach:
    """The best score reachable from one position: `score` is certain, `bound` the proved most."""

    score: int
    bound: int
    walk: tuple[Cell, ...]  # a walk that reaches `score` (the best continuation)

    @property
    def proved(self) -> bool:
        return self.score == self.bound

    def text(self) -> str:
        return str(self.score) if self.proved else f"at least {self.score}"

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "bound": self.bound, "proved": self.proved,
                "walk": [list(c) for c in self.walk]}


@dataclass(frozen=True)
class MoveReview:
    number: int  # 1-based
    action: str
    before: Reach
    after: Reach
    purse: int  # coins held after the move

    @property
    def loss(self) -> int:
        """Coins this move certainly cost: the best before minus the most still reachable after."""
        return max(0, self.before.score - self.after.bound)

    @property
    def loss_high(self) -> int:
        """The most it may have cost (equal to `loss` when both steps are proved)."""
        return max(0, self.before.bound - self.after.score)

    @property
    def exact(self) -> bool:
        return self.before.proved and self.after.proved

    def to_json(self) -> dict[str, Any]:
        return {"move": self.number, "action": self.action, "best_before": self.before.to_json(),
                "best_after": self.after.to_json(), "loss": self.loss, "loss_high": self.loss_high,
                "purse": self.purse}


@dataclass
class PuzzleReview:
    start: State
    actions: list[Action]
    reaches: list[Reach] = field(default_factory=list)  # one per position, 0 = the start

    @property
    def moves(self) -> list[MoveReview]:
        out = []
        for i, action in enumerate(self.actions):
            out.append(MoveReview(i + 1, action.text, self.reaches[i], self.reaches[i + 1],
                                  self.states[i + 1].purses[HOARDER]))
        return out

    @property
    def states(self) -> list[State]:
        states = [self.start]
        for action in self.actions:
            states.append(apply(states[-1], action)[0])
        return states

    @property
    def score(self) -> int:
        return self.states[-1].purses[HOARDER]

    @property
    def best(self) -> Reach:
        return self.reaches[0]

    @property
    def finished(self) -> bool:
        """Whether the walk reached its end: the Hoarder stopped, or had no move left."""
        return self.states[-1].is_over

    @property
    def not_collected(self) -> int:
        """An unfinished walk has lost what it left on the board: the best still reachable from
        where it stopped, less what it holds (0 for a finished walk)."""
        return 0 if self.finished else max(0, self.reaches[-1].score - self.score)

    @property
    def total_loss(self) -> int:
        """Every coin lost, on the way and by not finishing: the best possible minus the score
        (when every step is proved)."""
        return sum(m.loss for m in self.moves) + self.not_collected

    def costly(self) -> list[MoveReview]:
        return [m for m in self.moves if m.loss > 0]

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "best": self.best.to_json(), "finished": self.finished,
                "not_collected": self.not_collected, "total_loss": self.total_loss,
                "moves": [m.to_json() for m in self.moves]}


def reach_from(state: State, seconds: float | None = STEP_SECONDS, stop: Callable[[], bool] | None = None) -> Reach:
    """The best reachable from one Puzzle position, proved within `seconds` when possible."""
    if state.is_over:
        purse = state.purses[HOARDER]
        return Reach(purse, purse, ())
    result: SolveResult = solve(state, time_limit=seconds, stop=stop)
    return Reach(result.score, max(result.upper_bound, result.score), tuple(result.moves))


def review_walk(start: State, actions: Sequence[Action], seconds: float | None = STEP_SECONDS,
                progress: Progress | None = None, stop: Callable[[], bool] | None = None) -> PuzzleReview:
    """Review a walk from `start`; the actions must be legal (ValueError naming the move otherwise).

    A move along the best walk found from a proved position keeps the same best, so the
    solver is asked again only where the walk leaves it: a review of a good walk is quick.
    """
    states = [start]
    for number, action in enumerate(actions, 1):
        try:
            states.append(apply(states[-1], action)[0])
        except ValueError as error:
            raise ValueError(f"move {number} ({action.text}): {error}") from None
    reaches: list[Reach] = []
    total = len(states)
    for index, state in enumerate(states):
        if progress is not None:
            progress(index, total)
        previous = reaches[-1] if reaches else None
        action = actions[index - 1] if index else None
        if previous is not None and action is not None and previous.proved and _follows(previous, action):
            reaches.append(Reach(previous.score, previous.score, previous.walk[1:]))
        else:
            reaches.append(reach_from(state, seconds, stop))
    if progress is not None:
        progress(total, total)
    return PuzzleReview(start, list(actions), reaches)


def _follows(reach: Reach, action: Action) -> bool:
    """Whether the action is the first step of the reach's walk (so the best carries over)."""
    if isinstance(action, Move):
        return bool(reach.walk) and reach.walk[0] == action.to
    return isinstance(action, Stop) and not reach.walk


def parse_walk(text: str) -> list[Action]:
    """`"Q,R Q,R ... [stop]"` (or `move Q,R`) as Puzzle actions; ValueError naming the bad word."""
    from game.coinland.actions import parse_action

    actions: list[Action] = []
    words = text.replace(";", " ").split()
    index = 0
    while index < len(words):
        word = words[index]
        if word.lower() == "move" and index + 1 < len(words):
            word = words[index + 1]
            index += 1
        try:
            actions.append(parse_action(word if word.lower() == "stop" else f"move {word}"))
        except ValueError:
            raise ValueError(f"walk: word {index + 1}: expected Q,R or stop, got {word!r}") from None
        index += 1
    return actions


def review_step(previous: Reach | None, action: Action | None, state: State,
                seconds: float | None = STEP_SECONDS) -> Reach:
    """The best reachable at one step, given the step before (a Worker's job: module level, picklable).

    When the previous step was proved and `action` is the first move of its best walk,
    the best carries over without a search.
    """
    if previous is not None and action is not None and previous.proved and _follows(previous, action):
        return Reach(previous.score, previous.score, previous.walk[1:])
    return reach_from(state, seconds)
