"""Classic and Duel review: what every move kept or lost, in coins.

For each position the hard player's search (`game.coinland.ai.search`, a fixed depth) picks the
move good play would make. The search's own values are in the units of its evaluation, which
weighs the Hoarder's prospects (free rays, open pairs) rather than counting coins, so they are
not used as the price of a move. Instead the position after the search's choice and the position
after the played move are both played out to the end by the greedy player for both sides, and
the price of the move is the difference between the two ends, in the mover's coins (see
`playout_value`). A play-out is an estimate, but on the game's own scale: a Hoarder who declares
the end with one coin on a board where the play-out keeps twenty has lost nineteen.

Once a Classic board is fixed (no edge left to gate) the Hoarder faces a puzzle, and the exact
solver replaces the play-out: the values are then exact. Before that, from `PROOF_COINS` coins
left, the endgame solver (`game.coinland.ai.endgame`) proves the game to its end for either
side when it can within `PROOF_NODES`: the choice and both values are then exact as well. A
finished game is exact too.

Values are shown from one side so a graph reads the same all game long: in Classic the
Hoarder's final purse in the game being played, in Duel the final lead of the first player
(seat 0). A Duel the search sees as decided is marked as such.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.coinland.actions import Action, Move
from game.coinland.ai import make_agent
from game.coinland.ai.endgame import Endgame, OutOfBudget, best_action
from game.coinland.ai.evaluation import WIN
from game.coinland.ai.players import HARD, HardPlayer
from game.coinland.ai.position import Pos
from game.coinland.ai.search import Searcher
from game.coinland.rules import apply, hoarder_moves
from game.coinland.state import HOARDER, Mode, State

DEPTH = 3  # plies the search looks ahead to choose the best move: it sees a trapped Hoarder
NODE_LIMIT = 60_000  # per position, so a wide position cannot stall the review
MISTAKE = 2.0  # coins: a move that costs this much is a mistake (one coin is within a play-out's noise)
BLUNDER = 5.0  # and this much a blunder
SOLVE_SECONDS = 1.0
PROOF_COINS = 11  # Classic coins left from which a proof is tried (11 coins: 11,000 nodes median, 33,000 worst)
PROOF_NODES = 300_000  # per proof, so a review never stalls on one (about 3 s at worst)
PLAYOUT_AGENT = "greedy"  # plays both sides of every play-out (see playout_value)
PLAYOUT_SEED = 0
# Play-outs per value, by mode: greedy's tie-breaks make a Classic play-out steady (a standard
# deviation of 0.6 coins from the size-4 start over ten seeds) but a Duel one swing (2.2 coins),
# so a Duel value is the mean of several, each with its own seed (the same seeds for every position).
PLAYOUTS = {Mode.CLASSIC: 1, Mode.DUEL: 6}

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class MoveEval:
    number: int  # 1-based over the whole record
    game: int  # Classic: 0 or 1 (game of the match); Duel: 0
    mover: int  # the engine player who moved (Classic: HOARDER or GATEKEEPER)
    action: str
    before: float  # the value before the move, from the fixed side (see the module docs)
    after: float  # after it, from the same side
    cost: float  # what the move cost its mover, in coins (0: as good as the search's choice)
    best: str  # the search's choice in the position before
    exact: bool  # both values are proved (a fixed Classic board, or the game's end)
    decided: bool = False  # Duel: the search sees the game as won or lost

    @property
    def label(self) -> str:
        if self.cost >= BLUNDER:
            return "blunder"
        if self.cost >= MISTAKE:
            return "mistake"
        return ""

    def to_json(self) -> dict[str, Any]:
        return {"move": self.number, "game": self.game + 1, "mover": self.mover, "action": self.action,
                "before": round(self.before, 2), "after": round(self.after, 2), "cost": round(self.cost, 2),
                "best": self.best, "exact": self.exact, "label": self.label}


@dataclass
class MatchReview:
    mode: Mode
    moves: list[MoveEval] = field(default_factory=list)

    def mistakes(self) -> list[MoveEval]:
        """The moves that cost at least a coin, most costly first."""
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
        return {"mode": self.mode.value, "value": side, "moves": [m.to_json() for m in self.moves],
                "mistakes": [m.number for m in self.mistakes()]}


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


def _final(state: State) -> float:
    a, b = state.purses
    return float(a) if state.mode is Mode.CLASSIC else float(a - b)


def _fixed_board(state: State) -> bool:
    """A Classic board with no edge left to gate: the Hoarder faces a puzzle."""
    return state.mode is Mode.CLASSIC and not state.is_over and len(state.all_gates) == len(state.board.edges)


def classic_exact(state: State, seconds: float = SOLVE_SECONDS) -> tuple[float, bool]:
    """The Hoarder's final purse on a fixed Classic board, with best play; (value, proved).

    She must move at least once before she may declare the end, so when stopping at once
    would be the puzzle's best, the value is the best over her forced first moves.
    """
    from game.coinland.solver import puzzle_from, solve

    if state.is_over:
        return float(state.purses[HOARDER]), True
    result = solve(puzzle_from(state, HOARDER), time_limit=seconds)
    if result.moves or state.to_move != HOARDER:
        if state.to_move != HOARDER and not result.moves:
            return classic_exact(_after_pass(state), seconds)
        return float(result.score), result.optimal
    best, proved = None, True
    for move in hoarder_moves(state):
        value, sure = classic_exact(apply(state, Move(move.target))[0], seconds)
        if best is None or value > best:
            best = value
        proved = proved and sure
    return (float(state.purses[HOARDER]) if best is None else best), proved


def _after_pass(state: State) -> State:
    from game.coinland.actions import Pass

    return apply(state, Pass())[0]


def playout_value(state: State, seconds: float = SOLVE_SECONDS) -> tuple[float, bool]:
    """`state`'s value from the fixed side, in coins, and whether it is proved.

    A finished game is worth its result and a fixed Classic board the solver's proved best;
    any other position is played out to the end by the greedy player for both sides (a real
    player: one move ahead, about a millisecond a move) and worth the end it reaches (in Duel
    the mean of `PLAYOUTS` play-outs). That is an estimate, but on the scale of the game: a
    Hoarder who gives up with one coin where the play-out keeps twenty loses nineteen, where the
    search's horizon value would only say its own units. The generators are seeded, so a review
    is the same every time it is run.
    """
    if state.is_over:
        return _final(state), True
    if _fixed_board(state):
        return classic_exact(state, seconds)
    runs = PLAYOUTS[state.mode]
    return sum(_play_out(state, PLAYOUT_SEED + k, seconds) for k in range(runs)) / runs, False


def _play_out(state: State, seed: int, seconds: float) -> float:
    """The end one greedy-against-greedy game reaches from `state`, from the fixed side."""
    agent, rng = make_agent(PLAYOUT_AGENT), random.Random(seed)
    while not state.is_over:
        if _fixed_board(state):
            return classic_exact(state, seconds)[0]
        state = apply(state, agent.choose(state, rng))[0]
    return _final(state)


def evaluate_move(state: State, action: Action, depth: int = DEPTH, node_limit: int = NODE_LIMIT,
                  seconds: float = SOLVE_SECONDS) -> tuple[float, float, str, bool, bool]:
    """(value before, value after, the search's choice, exact, decided): values from the fixed side.

    The search picks the move good play would make; both it and the played move are then valued
    by `playout_value`, so their difference is in coins. "Before" is the better of the two for
    the mover (a played move that beats the search's choice costs nothing).
    """
    mover = state.to_move
    after_state = apply(state, action)[0]
    proved = _endgame_proof(state, action)
    if proved is not None:
        return proved
    if _fixed_board(state):
        before, sure = classic_exact(state, seconds)
        after, sure_after = classic_exact(after_state, seconds)
        return before, after, _exact_choice(state, seconds), sure and sure_after, False
    best, decided = _search_choice(state, action, depth, node_limit)
    after_value, after_sure = playout_value(after_state, seconds)
    if best == action:
        before_value, before_sure = after_value, after_sure
    else:
        before_value, before_sure = playout_value(apply(state, best)[0], seconds)
    sign = 1.0 if _side(state, mover) else -1.0
    if sign * (after_value - before_value) > 0:  # the played move beats the search's choice
        before_value, before_sure = after_value, after_sure
    return before_value, after_value, best.text, before_sure and after_sure, decided


def _endgame_proof(state: State, action: Action) -> tuple[float, float, str, bool, bool] | None:
    """A Classic endgame proved to its end, as `evaluate_move` answers; None when it is too big to prove."""
    if state.mode is not Mode.CLASSIC or state.is_over or len(state.coins) > PROOF_COINS:
        return None
    pos = Pos.from_state(state)
    solver = Endgame(node_limit=PROOF_NODES)
    try:
        best, before = best_action(pos, solver, [])
        after = solver.value(pos.apply(pos.code(action)))
    except OutOfBudget:
        return None
    return float(before), float(after), pos.action(best).text, True, False


def _search_choice(state: State, action: Action, depth: int, node_limit: int) -> tuple[Action, bool]:
    """The hard player's choice at a fixed depth, and whether a Duel is decided in its eyes."""
    pos = Pos.from_state(state)
    settings = replace(HARD, max_depth=depth)
    codes = HardPlayer(settings).root_codes(pos)
    played = pos.code(action)
    if played not in codes:
        codes.append(played)
    best = Searcher(settings, None, node_limit).run(pos, codes)
    best_code = best.code if best.code is not None else codes[0]
    return pos.action(best_code), _fixed(state, state.to_move, best.value)[1]


def _side(state: State, mover: int) -> bool:
    """Whether higher fixed-side values are good for `mover`."""
    return mover == HOARDER if state.mode is Mode.CLASSIC else mover == 0


def _exact_choice(state: State, seconds: float) -> str:
    from game.coinland.solver import puzzle_from, solve

    if state.to_move != HOARDER:
        return "pass"
    result = solve(puzzle_from(state, HOARDER), time_limit=seconds)
    if result.moves:
        return Move(result.moves[0], end=len(result.moves) == 1).text
    moves = hoarder_moves(state)
    if not moves:
        return "pass"
    return Move(min(moves, key=lambda m: m.fee).target, end=True).text


def review_move(number: int, state: State, action: Action, game: int = 0, depth: int = DEPTH,
                node_limit: int = NODE_LIMIT) -> MoveEval:
    """One move's review (a Worker's job: module level, picklable arguments)."""
    before, after, best, exact, decided = evaluate_move(state, action, depth, node_limit)
    mover = state.to_move
    gain = (after - before) if _side(state, mover) else (before - after)
    return MoveEval(number, game, mover, action.text, before, after, max(0.0, -gain), best, exact, decided)


def review_game(boards: Sequence[State], actions: Sequence[Action], games: Sequence[int] | None = None,
                depth: int = DEPTH, node_limit: int = NODE_LIMIT, progress: Progress | None = None,
                stop: Callable[[], bool] | None = None) -> MatchReview:
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
        review.moves.append(review_move(index + 1, state, action, games[index], depth, node_limit))
    if progress is not None:
        progress(len(actions), len(actions))
    return review
