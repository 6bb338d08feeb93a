"""A search position: the rules' State as a handful of integers, with moves as small ints.

This mirrors `game.coinland.rules` for Classic and Duel exactly (the tests compare the two
on thousands of random positions) but makes a move in about a microsecond instead of
building a new State. Only the computer players use it; everything they return is turned
back into a rules Action and checked against `legal_actions`.

Action codes: a Hoarder move is `cell + 256 * fee` (plus END when she declares the end
afterwards), a gate is `GATE + edge bit`, a pass is `PASS`.
"""

from __future__ import annotations

from game.coinland.actions import Action, Gate, Move, Pass, Wait
from game.coinland.ai.geometry import Geometry, bits, geometry
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State

END = 1 << 14
GATE = 1 << 15
PASS = 1 << 16


class Pos:
    """One Classic or Duel position; `apply` returns a new one, nothing is mutated."""

    __slots__ = ("coins", "duel", "ended", "gates", "geo", "may_pass", "passes", "pawns", "purses", "to_move")

    def __init__(self, geo: Geometry, duel: bool, coins: int, gates: tuple[int, int], pawns: tuple[int, int],
                 purses: tuple[int, int], to_move: int, passes: int = 0, ended: bool = False,
                 may_pass: bool = False) -> None:
        self.geo = geo
        self.duel = duel
        self.coins = coins
        self.gates = gates  # edge masks owned by player 0 and player 1
        self.pawns = pawns  # Classic: (hoarder cell, -1)
        self.purses = purses
        self.to_move = to_move
        self.passes = passes
        self.ended = ended
        self.may_pass = may_pass  # the Duel house rule: a pass instead of a gate (see State.may_pass)

    @classmethod
    def from_state(cls, state: State) -> Pos:
        if state.mode is Mode.PUZZLE:
            raise ValueError("the computer players play Classic and Duel; puzzles go to the solver")
        geo = geometry(state.size)
        coins = sum(1 << geo.index[c] for c in state.coins)
        gates = tuple(sum(1 << geo.edge_index[e] for e in owned) for owned in state.gates)
        pawns = tuple(geo.index[p] for p in state.pawns)
        duel = state.mode is Mode.DUEL
        return cls(geo, duel, coins, (gates[0], gates[1]), pawns if duel else (pawns[0], -1),
                   state.purses, state.to_move, state.passes, state.is_over, state.may_pass)

    def key(self) -> tuple[int, ...]:
        """What identifies the position for the transposition table (the house rule is the same
        throughout a game, so it need not be part of it)."""
        return (self.coins, self.gates[0], self.gates[1], self.pawns[0], self.pawns[1],
                self.purses[0], self.purses[1], self.to_move, self.passes)

    # --- reads ------------------------------------------------------------------------
    def hoarder(self, player: int) -> int:
        """The cell of `player`'s Hoarder, or -1 (the Classic Gatekeeper has none)."""
        if self.duel:
            return self.pawns[player]
        return self.pawns[0] if player == HOARDER else -1

    def costly(self, player: int) -> int:
        """The gates `player`'s Hoarder pays for: the other player's."""
        return self.gates[1 - player]

    def free_edges(self) -> int:
        return self.geo.all_edges & ~(self.gates[0] | self.gates[1])

    def moves(self, player: int) -> list[int]:
        """Every legal Hoarder move of `player` as a code (cell + 256 * fee)."""
        origin = self.hoarder(player)
        if origin < 0:
            return []
        costly = self.gates[1 - player]
        purse = self.purses[player]
        other = self.pawns[1 - player] if self.duel else -1
        coins = self.coins
        out = []
        for ray in self.geo.rays[origin]:
            fee = 0
            for cell, cell_bit, edge_bit in ray:
                if cell == other:
                    break
                if costly & edge_bit:
                    fee += 1
                    if fee > purse:
                        break
                if coins & cell_bit:
                    out.append(cell + (fee << 8))
        return out

    def terminal(self) -> bool:
        """Over: ended by the rules, a Classic Hoarder to move with no move (she is stuck), or a
        Duel in which neither Hoarder can move (the rules end it: no purse can change any more)."""
        if self.ended or not self.coins:
            return True
        if self.duel:
            return not self.moves(0) and not self.moves(1)
        return self.to_move == HOARDER and not self.moves(HOARDER)

    # --- play -------------------------------------------------------------------------
    def apply(self, code: int) -> Pos:
        """The position after the action `code` (which must be legal here)."""
        player = self.to_move
        if code >= PASS:
            passes = self.passes + 1
            return Pos(self.geo, self.duel, self.coins, self.gates, self.pawns, self.purses, 1 - player,
                       passes, self.duel and passes >= 2, self.may_pass)
        if code >= GATE:
            bit = 1 << (code - GATE)
            owner = player if self.duel else GATEKEEPER
            gates = (self.gates[0] | bit, self.gates[1]) if owner == 0 else (self.gates[0], self.gates[1] | bit)
            return Pos(self.geo, self.duel, self.coins, gates, self.pawns, self.purses, 1 - player,
                       may_pass=self.may_pass)
        cell, fee = code & 255, (code >> 8) & 63
        gain = 1 - fee
        purses = (self.purses[0] + gain, self.purses[1] + fee) if player == 0 else \
            (self.purses[0] + fee, self.purses[1] + gain)
        pawns = ((cell, self.pawns[1]) if player == 0 else (self.pawns[0], cell)) if self.duel else (cell, -1)
        coins = self.coins & ~(1 << cell)
        return Pos(self.geo, self.duel, coins, self.gates, pawns, purses, 1 - player, 0,
                   bool(code & END) or not coins, self.may_pass)

    def action(self, code: int) -> Action:
        """The rules Action for a code."""
        if code >= PASS:
            return Pass()
        if code >= GATE:
            return Gate(self.geo.edges[code - GATE])
        return Move(self.geo.cells[code & 255], end=bool(code & END))

    def code(self, action: Action) -> int:
        """The code for a rules Action that is legal here."""
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, Gate):
            return GATE + self.geo.edge_index[action.edge]
        if isinstance(action, Wait):  # its gate is found by game.coinland.ai.waits.action_code, above this module
            raise ValueError("a Wait's gate depends on the harmless edges: use waits.action_code")
        assert isinstance(action, Move)
        target = self.geo.index[action.to]
        for move in self.moves(self.to_move):
            if move & 255 == target:
                return move | (END if action.end else 0)
        raise ValueError(f"{action.text} is not a legal move here")

    def legal(self) -> list[int]:
        """Every legal action code, as `game.coinland.rules.legal_actions` would list them."""
        if self.terminal():
            return []
        player = self.to_move
        if not self.duel:
            if player == GATEKEEPER:
                return [GATE + e for e in edge_bits(self.free_edges())] or [PASS]
            return [m | end for m in self.moves(HOARDER) for end in (0, END)]
        gates = [GATE + e for e in edge_bits(self.free_edges())]
        out = self.moves(player) + gates
        if gates and self.may_pass:
            out.append(PASS)
        return out or [PASS]


edge_bits = bits  # edges are numbered like cells: one bit each


def fee_of(code: int) -> int:
    return (code >> 8) & 63


def is_move(code: int) -> bool:
    return code < GATE
