"""The Hoarder & Gatekeeper rules, for Classic, Puzzle and Duel, exactly as RULES.md rules them.

Every rule lives here and nowhere else: the solver, the computer players and the client
ask `legal_actions`, `hoarder_moves` and `apply`, and never decide legality themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.coinland.actions import Action, Gate, Move, Pass, Stop, Wait
from game.coinland.events import (
    CoinCollected,
    EndDeclared,
    Event,
    FeePaid,
    GameOver,
    GateDrawn,
    NoMovesLeft,
    Passed,
    PawnMoved,
)
from game.coinland.harmless import wait_edge
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State
from game.hexgrid import DIRECTIONS, Cell, Edge, board, edge, line


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state."""


@dataclass(frozen=True)
class HoarderMove:
    """A legal Hoarder destination with what it costs: the client shows these, bots rank them."""

    target: Cell
    path: tuple[Cell, ...]  # cells entered, ending with target
    fee: int  # coins paid to the other player
    fee_gates: tuple[Edge, ...]  # the gates that cost a coin

    @property
    def gain(self) -> int:
        """Net change of the mover's purse: the coin collected minus the fee."""
        return 1 - self.fee


# --- new games -------------------------------------------------------------------
def new_classic(size: int = 4) -> State:
    """Classic: coins everywhere but the centre, the Hoarder on the centre, the Gatekeeper to move."""
    cells = board(size).cells
    return State(
        mode=Mode.CLASSIC,
        size=size,
        coins=frozenset(c for c in cells if c != (0, 0)),
        gates=(frozenset(), frozenset()),
        pawns=((0, 0),),
        purses=(0, 0),
        to_move=GATEKEEPER,
    )


def duel_starts(size: int) -> tuple[Cell, Cell]:
    """The default Duel starting cells: opposite corners on the q axis."""
    return (-(size - 1), 0), (size - 1, 0)


def new_duel(size: int = 4, first: int = 0, starts: tuple[Cell, Cell] | None = None,
             may_pass: bool = False) -> State:
    """Duel: coins on every cell but the centre and both starting cells; `first` moves first.

    `may_pass` turns on the house rule (off by default, the designer's rule): a player may pass
    instead of drawing a gate; two passes in a row end the game, as always.
    """
    if first not in (0, 1):
        raise ValueError("first must be 0 or 1")
    starts = starts or duel_starts(size)
    hexes = board(size)
    if starts[0] == starts[1] or not all(s in hexes for s in starts):
        raise ValueError(f"Duel starts {starts} must be two different cells of the board")
    empty = {(0, 0), *starts}
    return State(
        mode=Mode.DUEL,
        size=size,
        coins=frozenset(c for c in hexes.cells if c not in empty),
        gates=(frozenset(), frozenset()),
        pawns=(starts[0], starts[1]),
        purses=(0, 0),
        to_move=first,
        may_pass=may_pass,
    )


def new_puzzle(
    size: int,
    start: Cell = (0, 0),
    gates: Iterable[Edge] = (),
    empty: Iterable[Cell] = (),
    purse: int = 0,
) -> State:
    """Puzzle: the level's gates belong to the sleeping Gatekeeper (player 1)."""
    hexes = board(size)
    missing = {start, *empty}
    state = State(
        mode=Mode.PUZZLE,
        size=size,
        coins=frozenset(c for c in hexes.cells if c not in missing),
        gates=(frozenset(), frozenset(edge(*g) for g in gates)),
        pawns=(start,),
        purses=(purse, 0),
        to_move=HOARDER,
    )
    return _settle(state, [])


# --- legal actions ----------------------------------------------------------------
def hoarder_moves(state: State, player: int | None = None) -> list[HoarderMove]:
    """Every legal Hoarder move for `player` (default: the player to move), ignoring whose turn it is.

    A move goes in a straight line, passing over any cells, to a cell holding a coin; it
    may not pass over or land on the other Duel Hoarder; the fee for the gates crossed
    must be payable from the purse held before the move.
    """
    player = state.to_move if player is None else player
    origin = state.hoarder_of(player)
    if origin is None:
        return []
    hexes = state.board
    other_pawn = state.pawns[1 - player] if state.mode is Mode.DUEL else None
    costly = state.gates[1 - player]
    purse = state.purses[player]
    moves: list[HoarderMove] = []
    for direction in DIRECTIONS:
        previous, fee_gates = origin, []
        ray = hexes.ray(origin, direction)
        for index, cell in enumerate(ray):
            if cell == other_pawn:
                break
            crossed = edge(previous, cell)
            if crossed in costly:
                fee_gates.append(crossed)
                if len(fee_gates) > purse:
                    break
            if cell in state.coins:
                moves.append(HoarderMove(cell, ray[: index + 1], len(fee_gates), tuple(fee_gates)))
            previous = cell
    return moves


def free_edges(state: State) -> list[Edge]:
    taken = state.all_gates
    return [e for e in state.board.edges if e not in taken]


def _may_draw(state: State) -> bool:
    """Whether the player to move is one who draws gates (not whether an edge is free)."""
    return state.mode is Mode.DUEL or (state.mode is Mode.CLASSIC and state.to_move == GATEKEEPER)


def legal_actions(state: State) -> list[Action]:
    """The actions the player to move may take, in a stable order; [] once the game is over."""
    if state.ended:
        return []
    player = state.to_move
    if state.mode is Mode.PUZZLE:
        return [*(Move(m.target) for m in hoarder_moves(state)), Stop()]
    if state.mode is Mode.CLASSIC:
        if player == GATEKEEPER:
            return [Gate(e) for e in free_edges(state)] or [Pass()]
        return [Move(m.target, end) for m in hoarder_moves(state) for end in (False, True)]
    actions: list[Action] = [Move(m.target) for m in hoarder_moves(state)]
    gates = [Gate(e) for e in free_edges(state)]
    actions += gates
    if gates and state.may_pass:  # the house rule: pass instead of drawing a gate
        actions.append(Pass())
    return actions or [Pass()]


def is_legal(state: State, action: Action) -> bool:
    try:
        _check(state, action)
    except IllegalAction:
        return False
    return True


def explain_illegal(state: State, action: Action) -> str | None:
    """Why `action` is illegal here, in words for a player; None when it is legal."""
    try:
        _check(state, action)
    except IllegalAction as error:
        return str(error)
    return None


def _check(state: State, action: Action) -> HoarderMove | None:
    """Raise IllegalAction with a player-facing reason; return the move's details for a Move."""
    if state.ended:
        raise IllegalAction("the game is over")
    player, mode = state.to_move, state.mode
    if isinstance(action, Move):
        return _check_move(state, action)
    if isinstance(action, Gate):
        if mode is Mode.PUZZLE or (mode is Mode.CLASSIC and player == HOARDER):
            raise IllegalAction("only the Gatekeeper draws gates")
        a, b = action.edge
        if not state.board.is_edge(a, b):
            raise IllegalAction("a gate must sit on an edge between two neighbouring cells")
        if action.edge in state.all_gates:
            raise IllegalAction("that edge already has a gate")
        return None
    if isinstance(action, Wait):
        if not _may_draw(state):
            raise IllegalAction("only the Gatekeeper draws gates")
        if wait_edge(state) is None:
            raise IllegalAction("no harmless edge is left: a gate on any free edge could still tax a move")
        return None
    if isinstance(action, Stop):
        if mode is not Mode.PUZZLE:
            raise IllegalAction("stopping is only for puzzles; in Classic declare the end after a move")
        return None
    if isinstance(action, Pass):
        if Pass() not in legal_actions(state):
            if state.may_pass:
                raise IllegalAction("every edge has a gate, so you may not pass: move your Hoarder")
            raise IllegalAction("you may pass only when nothing else is possible")
        return None
    raise IllegalAction(f"unknown action {action!r}")


def _check_move(state: State, action: Move) -> HoarderMove:
    player, mode = state.to_move, state.mode
    if mode is Mode.CLASSIC and player == GATEKEEPER:
        raise IllegalAction("the Gatekeeper draws gates; she has no pawn")
    if action.end and mode is not Mode.CLASSIC:
        raise IllegalAction("declaring the end after a move is a Classic rule")
    for move in hoarder_moves(state):
        if move.target == action.to:
            return move
    raise IllegalAction(_why_unreachable(state, action.to))


def _why_unreachable(state: State, target: Cell) -> str:
    origin = state.hoarder_of(state.to_move)
    if target not in state.board:
        return "that cell is off the board"
    if target == origin:
        return "the Hoarder is already there"
    if target not in state.coins:
        return "the Hoarder must end on a cell that holds a coin"
    try:
        path = line(origin, target) if origin is not None else []
    except ValueError:
        return "the Hoarder moves in a straight line in one of the six directions"
    if state.mode is Mode.DUEL and state.pawns[1 - state.to_move] in path:
        return "a Hoarder may not pass over the other Hoarder"
    return "not enough coins to pay the gates on the way"


# --- applying actions -------------------------------------------------------------
def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """Apply a legal action: the new state and the events it caused, in order.

    Raises IllegalAction (with a reason for the player) when the action is not legal.
    """
    move = _check(state, action)
    events: list[Event] = []
    player = state.to_move
    if isinstance(action, Move):
        assert move is not None
        new = _apply_move(state, move, events)
        if action.end and not new.ended:
            events.append(EndDeclared(player))
            new = _end(new, "declared", events)
    elif isinstance(action, Gate | Wait):
        drawn = action.edge if isinstance(action, Gate) else wait_edge(state)
        assert drawn is not None  # _check refused a Wait with no harmless edge
        owned = list(state.gates)
        owned[_gate_owner(state)] = owned[_gate_owner(state)] | {drawn}
        events.append(GateDrawn(player, drawn))
        new = replace(state, gates=(owned[0], owned[1]), passes=0)
    elif isinstance(action, Stop):
        events.append(EndDeclared(player))
        new = _end(state, "stopped", events)
    else:
        events.append(Passed(player))
        new = replace(state, passes=state.passes + 1)
        if state.mode is Mode.DUEL and new.passes >= 2:
            new = _end(new, "both_passed", events)
    new = replace(new, ply=state.ply + 1)
    if not new.ended:
        new = _settle(_next_turn(new), events)
    return new, events


def _gate_owner(state: State) -> int:
    return GATEKEEPER if state.mode is not Mode.DUEL else state.to_move


def _apply_move(state: State, move: HoarderMove, events: list[Event]) -> State:
    player = state.to_move
    origin = state.hoarder_of(player)
    assert origin is not None
    purses = list(state.purses)
    events.append(PawnMoved(player, origin, move.target, move.path))
    if move.fee:
        purses[player] -= move.fee
        purses[1 - player] += move.fee
        events.append(FeePaid(player, 1 - player, move.fee, move.fee_gates))
    purses[player] += 1
    events.append(CoinCollected(player, move.target))
    pawns = list(state.pawns)
    pawns[player if state.mode is Mode.DUEL else 0] = move.target
    new = replace(
        state,
        coins=state.coins - {move.target},
        pawns=tuple(pawns),
        purses=(purses[0], purses[1]),
        passes=0,
    )
    if not new.coins:
        new = _end(new, "all_collected", events)
    return new


def _next_turn(state: State) -> State:
    if state.mode is Mode.PUZZLE:
        return state
    return replace(state, to_move=1 - state.to_move)


def _settle(state: State, events: list[Event]) -> State:
    """End the game when the Hoarder to move has no legal move (Classic and Puzzle), or when
    neither Duel Hoarder has one (RULES.md: no purse can change any more, so it is decided)."""
    if state.ended:
        return state
    if state.mode is Mode.DUEL:
        if state.coins and not hoarder_moves(state, 0) and not hoarder_moves(state, 1):
            events.append(NoMovesLeft(len(state.coins)))
            return _end(state, "no_moves_left", events)
        return state
    if state.to_move != HOARDER:
        return state
    if not state.coins:
        return _end(state, "all_collected", events)
    if not hoarder_moves(state):
        return _end(state, "no_move", events)
    return state


def _end(state: State, reason: str, events: list[Event]) -> State:
    events.append(GameOver(reason, state.purses))
    return replace(state, ended=reason)


# --- results ----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.ended is not None


def scores(state: State) -> tuple[int, int]:
    """Coins held by players 0 and 1 (in Classic and Puzzle, the Hoarder's score is [0])."""
    return state.purses


def hoarder_score(state: State) -> int:
    return state.purses[HOARDER]


def winner(state: State) -> int | None:
    """Duel: the player with more coins, None for a draw or an unfinished game.

    Classic games are won as a match (see game.coinland.match); Puzzles have no winner.
    """
    if state.mode is not Mode.DUEL or not state.ended:
        return None
    a, b = state.purses
    return None if a == b else (0 if a > b else 1)


def replay(state: State, actions: Iterable[Action]) -> tuple[State, list[Event]]:
    """Apply actions in order; all events, concatenated."""
    events: list[Event] = []
    for action in actions:
        state, caused = apply(state, action)
        events.extend(caused)
    return state, events
