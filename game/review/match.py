"""Classic and Duel review: what every move kept or lost, in coins, and only what is beyond the noise.

For each position the hard player's search (`game.coinland.ai.search`, a fixed depth) picks the
move good play would make. The search's own values are in the units of its evaluation, so they
are not the price of a move. Instead the position after the search's choice and the position
after the played move are both valued in coins (`game.review.values`): exactly where a solver
proves them (a finished game, a fixed Classic board, a Classic endgame, a Duel endgame once
only who pays first is left), else by play-outs of the greedy player for both sides.

Play-outs are noisy, so the review measures the noise of what it reports. The two positions are
played out with the same seeds (common random numbers) and the price of the move is the mean of
the paired differences; its noise is twice their standard error (about 95% of the differences
a fresh set of seeds would give fall within it). Play-outs are added, a batch at a time, until
the noise is small or the answer is clear (`paired_cost`). A move is marked a mistake only when
it cost `MISTAKE` coins or more *and* more than its noise; an estimate is shown in whole coins
with "about". `scripts/review_noise.py` measures the spread of every reported value over
independent sets of seeds (docs/REVIEW.md gives the figures).

`MoveEval.mover` is the engine player who moved, a *role* in Classic (0 the Hoarder, 1 the
Gatekeeper) and a player in a Duel; `MoveEval.seat` is the person's seat (0 or 1), which in a
Classic match depends on the game. Both are in the JSON.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.coinland.actions import Action
from game.coinland.ai.evaluation import WIN
from game.coinland.ai.players import HARD, HardPlayer
from game.coinland.ai.position import Pos
from game.coinland.ai.search import Searcher
from game.coinland.ai.waits import action_code
from game.coinland.rules import apply
from game.coinland.state import HOARDER, Mode, State
from game.review.values import SOLVE_SECONDS, classic_exact, exact_choice, final, fixed_board, play_out, proof
from game.review.words import action_words, better_words

__all__ = ["BLUNDER", "DEPTH", "MISTAKE", "NODE_LIMIT", "MatchReview", "MoveEval", "classic_exact",
           "evaluate_move", "paired_cost", "review_game", "review_move"]

DEPTH = 3  # plies the search looks ahead to choose the best move: it sees a trapped Hoarder
NODE_LIMIT = 60_000  # per position, so a wide position cannot stall the review
MISTAKE = 2.0  # coins: a move that costs this much, beyond its noise, is a mistake
BLUNDER = 5.0  # and this much a blunder
# Play-outs per batch and at most, by mode, and the noise at which to stop adding batches. A
# greedy Classic play-out from the size-4 start swings by 0.6 coins (standard deviation over ten
# seeds), a Duel one by 2.2, so a Duel value needs many more.
BATCH = {Mode.CLASSIC: 2, Mode.DUEL: 8}
MOST = {Mode.CLASSIC: 8, Mode.DUEL: 32}
QUIET = 0.75  # coins of noise (twice the standard error) at which the estimate is good enough

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class MoveEval:
    number: int  # 1-based over the whole record
    game: int  # Classic: 0 or 1 (game of the match); Duel: 0
    mover: int  # the engine player who moved: a role in Classic (HOARDER 0 or GATEKEEPER 1), a player in a Duel
    action: str
    before: float  # the value before the move (with the better of the search's choice and the move), fixed side
    after: float  # after the move, from the same side
    cost: float  # what the move cost its mover, in coins (0: as good as the search's choice)
    best: str  # the search's choice in the position before
    exact: bool  # both values are proved
    decided: bool = False  # Duel: the search sees the game as won or lost
    noise: float = 0.0  # coins: twice the standard error of `cost` (0 when exact)
    seat: int = 0  # the person's seat who moved
    words: str = ""  # the move in words a player finds on the board
    best_words: str = ""  # the better move in those words (when it differs)
    after_exact: bool = False  # the value after is proved (the game ended, or a solver proved it)

    @property
    def label(self) -> str:
        """"blunder" or "mistake" for a costly move beyond the noise, else ""."""
        if self.cost <= self.noise:
            return ""
        if self.cost >= BLUNDER:
            return "blunder"
        if self.cost >= MISTAKE:
            return "mistake"
        return ""

    @property
    def in_noise(self) -> bool:
        """The price is smaller than its noise: the review cannot tell the move from the better one."""
        return 0 < self.cost <= self.noise

    def mover_side(self, value: float, mode: Mode) -> float:
        """A fixed-side value turned to the mover's side: her hoard or her lead (Classic Gatekeeper:
        the coins she holds the Hoarder to, as a negative so that higher is better for her)."""
        if mode is Mode.CLASSIC:
            return value if self.mover == HOARDER else -value
        return value if self.mover == 0 else -value

    def to_json(self) -> dict[str, Any]:
        return {"move": self.number, "game": self.game + 1, "mover": self.mover, "seat": self.seat,
                "action": self.action, "action_words": self.words, "before": round(self.before, 2),
                "after": round(self.after, 2), "cost": round(self.cost, 2), "noise": round(self.noise, 2),
                "best": self.best, "best_words": self.best_words, "exact": self.exact, "after_exact": self.after_exact,
                "label": self.label}


@dataclass
class MatchReview:
    mode: Mode
    moves: list[MoveEval] = field(default_factory=list)

    def mistakes(self) -> list[MoveEval]:
        """The moves marked a mistake or a blunder (beyond the noise), most costly first."""
        return sorted((m for m in self.moves if m.label), key=lambda m: (-m.cost, m.number))

    def series(self) -> list[tuple[int, float]]:
        """(game, value) before each move, then the final value of each game: the graph's points."""
        points = []
        for index, move in enumerate(self.moves):
            points.append((move.game, move.before))
            last = index + 1 == len(self.moves) or self.moves[index + 1].game != move.game
            if last:
                points.append((move.game, move.after))
        return points

    def to_json(self) -> dict[str, Any]:
        side = "hoarder_purse" if self.mode is Mode.CLASSIC else "lead_of_seat_0"
        return {"mode": self.mode.value, "value": side,
                "mover": "the engine player who moved: Classic 0 the Hoarder, 1 the Gatekeeper (a role, "
                         "not a seat); Duel player 0 or 1 (its seat); `seat` is the person's seat",
                "moves": [m.to_json() for m in self.moves], "mistakes": [m.number for m in self.mistakes()]}


def _fixed(state: State, mover: int, value: float) -> tuple[float, bool]:
    """A value from `mover`'s side turned to the fixed side; whether a Duel is decided."""
    if state.mode is Mode.CLASSIC:
        return (value if mover == HOARDER else -value), False
    lead = value if mover == 0 else -value
    if lead >= WIN / 2:
        return lead - WIN, True
    if lead <= -WIN / 2:
        return lead + WIN, True
    return lead, False


def _side(state: State, mover: int) -> bool:
    """Whether higher fixed-side values are good for `mover`."""
    return mover == HOARDER if state.mode is Mode.CLASSIC else mover == 0


def paired_cost(choice: State, played: State, good_for_mover: bool, mode: Mode,
                seconds: float = SOLVE_SECONDS, first_seed: int = 0) -> tuple[float, float, float, float]:
    """(value after the choice, value after the played move, mean gain of the played move over the
    choice for the mover, its noise): play-outs of both with the same seeds, a batch at a time.

    Stops when the noise is below `QUIET`, when the gain is clearly away from zero (three standard
    errors), or after `MOST[mode]` play-outs each. `first_seed` picks another set of seeds (the
    noise measurement does; a review always uses the same).
    """
    sign = 1.0 if good_for_mover else -1.0
    firsts: list[float] = []
    seconds_: list[float] = []
    while True:
        for seed in range(first_seed + len(firsts), first_seed + len(firsts) + BATCH[mode]):
            firsts.append(_value_or_play_out(choice, seed, seconds))
            seconds_.append(_value_or_play_out(played, seed, seconds))
        gains = [sign * (b - a) for a, b in zip(firsts, seconds_, strict=True)]
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) if len(gains) > 1 else 0.0
        error = spread / math.sqrt(len(gains))
        if 2 * error <= QUIET or abs(mean) > 3 * error or len(gains) >= MOST[mode]:
            break
    return sum(firsts) / len(firsts), sum(seconds_) / len(seconds_), mean, 2 * error


def _value_or_play_out(state: State, seed: int, seconds: float) -> float:
    if state.is_over:
        return final(state)
    if fixed_board(state):
        return classic_exact(state, seconds)[0]
    return play_out(state, seed, seconds)


def evaluate_move(state: State, action: Action, depth: int = DEPTH, node_limit: int = NODE_LIMIT,
                  seconds: float = SOLVE_SECONDS, first_seed: int = 0) -> tuple[float, float, str, bool, bool, float]:
    """(value before, value after, the better choice, exact, decided, noise): values from the fixed side.

    "Before" is the better for the mover of the choice and the played move (a played move that
    beats the search's choice costs nothing).
    """
    mover = state.to_move
    after_state = apply(state, action)[0]
    proved = proof(state, action)
    if proved is not None:
        return proved.before, proved.after, proved.best, True, False, 0.0
    if fixed_board(state):
        before, sure = classic_exact(state, seconds)
        after, sure_after = classic_exact(after_state, seconds)
        return before, after, exact_choice(state, seconds), sure and sure_after, False, 0.0
    best, decided = _search_choice(state, action, depth, node_limit)
    if best == action:
        value = _estimate(after_state, seconds, first_seed)
        return value[0], value[0], best.text, value[1], decided, 0.0
    choice_state = apply(state, best)[0]
    if choice_state.is_over and after_state.is_over:
        before_value, after_value = final(choice_state), final(after_state)
        gain, noise, exact = (after_value - before_value) * (1 if _side(state, mover) else -1), 0.0, True
    else:
        before_value, after_value, gain, noise = paired_cost(choice_state, after_state, _side(state, mover),
                                                             state.mode, seconds, first_seed)
        exact = False
    if gain > 0:  # the played move beats the search's choice
        before_value = after_value
    return before_value, after_value, best.text, exact, decided, noise


def _estimate(state: State, seconds: float, first_seed: int = 0) -> tuple[float, bool]:
    """One position's value from the fixed side and whether it is exact (play-outs: a full set of seeds)."""
    if state.is_over:
        return final(state), True
    if fixed_board(state):
        return classic_exact(state, seconds)
    runs = MOST[state.mode] // 2
    return sum(play_out(state, seed, seconds) for seed in range(first_seed, first_seed + runs)) / runs, False


def _search_choice(state: State, action: Action, depth: int, node_limit: int) -> tuple[Action, bool]:
    """The hard player's choice at a fixed depth (no variety), and whether a Duel is decided in its eyes."""
    pos = Pos.from_state(state)
    settings = replace(HARD, max_depth=depth, margin=0.0)
    codes = HardPlayer(settings).root_codes(pos)
    played = action_code(pos, action)
    if played not in codes:
        codes.append(played)
    best = Searcher(settings, None, node_limit).run(pos, codes)
    best_code = best.code if best.code is not None else codes[0]
    return pos.action(best_code), _fixed(state, state.to_move, best.value)[1]


def review_move(number: int, state: State, action: Action, game: int = 0, depth: int = DEPTH,
                node_limit: int = NODE_LIMIT, seat: int | None = None, names: tuple[str, ...] = ()) -> MoveEval:
    """One move's review (a Worker's job: module level, picklable arguments).

    `seat` is the mover's seat (default: the engine player, right for a Duel and for the first
    game of a Classic match whose seat 0 hoards first); `names` name the Hoarders in the words.
    """
    before, after, best, exact, decided, noise = evaluate_move(state, action, depth, node_limit)
    mover = state.to_move
    gain = (after - before) if _side(state, mover) else (before - after)
    from game.coinland.actions import parse_action

    best_action = parse_action(best)
    words = action_words(state, action, names)
    better = better_words(state, action, best_action, names) if best != action.text else ""
    after_exact = exact or apply(state, action)[0].is_over
    return MoveEval(number, game, mover, action.text, before, after, max(0.0, -gain), best, exact, decided,
                    noise, mover if seat is None else seat, words, better, after_exact)


def seat_of(mode: Mode, mover: int, game: int, first_hoarder: int) -> int:
    """The seat of the engine player `mover` in game `game` of a record."""
    if mode is not Mode.CLASSIC:
        return mover
    hoarder = first_hoarder if game == 0 else 1 - first_hoarder
    return hoarder if mover == HOARDER else 1 - hoarder


def review_game(boards: Sequence[State], actions: Sequence[Action], games: Sequence[int] | None = None,
                depth: int = DEPTH, node_limit: int = NODE_LIMIT, progress: Progress | None = None,
                stop: Callable[[], bool] | None = None, first_hoarder: int = 0,
                names: tuple[str, ...] = ()) -> MatchReview:
    """Review the moves of a Classic match or a Duel: `boards[i]` is the board `actions[i]` was played on."""
    if not boards:
        raise ValueError("nothing to review: the game has no moves")
    review = MatchReview(boards[0].mode)
    games = list(games) if games is not None else [0] * len(actions)
    for index, (state, action) in enumerate(zip(boards, actions, strict=True)):
        if progress is not None:
            progress(index, len(actions))
        if stop is not None and stop():
            break
        seat = seat_of(state.mode, state.to_move, games[index], first_hoarder)
        review.moves.append(review_move(index + 1, state, action, games[index], depth, node_limit, seat, names))
    if progress is not None:
        progress(len(actions), len(actions))
    return review

