"""Where the greedy player goes wrong on a level, and what an optimal walk does instead.

A designer naming a level's idea wants to know its trap: the first move of the greedy walk
(design.py: best net gain, nearest coin, greatest [q, r]) after which par is out of reach,
what kind of mistake that is, and the moves of an optimal walk that a greedy-minded player
would not make. `story` tells it in a few lines; `coinland levels --explain` prints them.

Kinds of greedy mistake (`Trap.kind`):
* `wrong-coin`: it took a free coin, and another free coin kept par (order, or where a sweep ends);
* `pay-first`: it took a free coin, but only a paid move kept par (leave coins for later);
* `wrong-door`: it paid one toll, and another one-toll move kept par;
* `pay-more`: it paid one toll, but only a dearer move kept par;
* `gave-up`: it stopped because every move loses, yet a losing move leads on to par.

Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coinland.design_search import ParOracle, greedy_walk, legal_moves
from game.coinland.levels import Level
from game.coinland.solver_tables import Tables, tables
from game.hexgrid import line


@dataclass(frozen=True)
class Trap:
    move: int  # the greedy walk's move number (from 1) that loses par; one past its end for gave-up
    kind: str  # see the module text
    took: tuple[int, int] | None  # the cell it moved to (None: it stopped)
    keeping: tuple[tuple[int, int], ...]  # the moves that kept par there


def _position(level: Level) -> tuple[Tables, int, int, int]:
    t = tables(level.size, frozenset(level.gates))
    return t, t.index[level.start], t.mask_of(level.initial_state().coins), level.purse


def greedy_trap(level: Level, par: int) -> Trap | None:
    """The greedy walk's first move after which par is out of reach (None: greedy reaches par)."""
    t, cur, coins, purse = _position(level)
    oracle = ParOracle(t, par, frozenset(level.gates))
    _, walk = greedy_walk(t, cur, coins, purse)
    for number, target in enumerate([*walk, None], 1):
        moves = legal_moves(t, cur, coins, purse)
        keeping = [(j, fee) for j, fee, bit in moves if oracle.reaches(j, coins ^ bit, purse - fee + 1)]
        if target is None:
            if purse >= par:
                return None
            return Trap(number, "gave-up", None, tuple(t.cells[j] for j, _ in keeping))
        fee = next(f for j, f, _ in moves if j == target)
        if not oracle.reaches(target, coins ^ (1 << target), purse - fee + 1):
            same = any(f == fee for _, f in keeping)
            kind = ("wrong-coin" if same else "pay-first") if fee == 0 else ("wrong-door" if same else "pay-more")
            return Trap(number, kind, t.cells[target], tuple(t.cells[j] for j, _ in keeping))
        cur, coins, purse = target, coins ^ (1 << target), purse - fee + 1
    return None


def story(level: Level, par: int) -> list[str]:
    """A few lines: the greedy walk's mistake, and the uncommon moves of the reference walk."""
    t, cur, coins, purse = _position(level)
    oracle = ParOracle(t, par, frozenset(level.gates))
    lines = []
    trap = greedy_trap(level, par)
    if trap is None:
        lines.append("greedy reaches par")
    elif trap.took is None:
        lines.append(f"greedy stops after {trap.move - 1} moves (every move loses); par goes on by "
                     f"{_cells(trap.keeping)}")
    else:
        lines.append(f"greedy move {trap.move} to {_cells((trap.took,))} is {trap.kind}: "
                     f"only {_cells(trap.keeping)} kept par")
    notes, number = [], 0
    while purse < par:
        number += 1
        moves = legal_moves(t, cur, coins, purse)
        j, fee, bit = next(m for m in moves if oracle.reaches(m[0], coins ^ m[2], purse - m[1] + 1))
        here, there = t.cells[cur], t.cells[j]
        if fee and moves[0][1] < fee:
            notes.append(f"{number}: pays {fee} to {_cells((there,))} while a {moves[0][1]}-toll move was open")
        elif fee >= 2:
            notes.append(f"{number}: pays {fee} to {_cells((there,))} (a loss)")
        over = [c for c in line(here, there)[1:-1] if coins & (1 << t.index[c])]
        if over:
            notes.append(f"{number}: passes over the coin(s) at {_cells(tuple(over))}")
        cur, coins, purse = j, coins ^ bit, purse - fee + 1
    left = coins.bit_count()
    lines.append(f"reference walk: {number} moves, {left} coin(s) left on the board")
    lines.extend("  " + note for note in notes)
    return lines


def _cells(cells: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"[{q},{r}]" for q, r in cells) or "nothing"
