"""What the cash rule costs a level: its par if tolls could be paid on credit.

RULES.md: the Hoarder pays each toll from the coins she holds before the move, and cannot move
where she cannot pay. On most boards that rule only fixes an order (take a coin, then pay), and
the best walk never runs short. Where it changes the answer, the puzzle is the cash rule itself:
the walk a player would make on credit is forbidden, and the fare must be raised first, where it
costs least. `cash_rule` tells a designer which kind of board this is (`coinland levels --explain`
prints it). No shipped level is of that kind, and docs/LEVELS.md ("The ideas") says why none can
be the whole of a level's puzzle: raising a fare is a choice among free coins, which a lucky
greedy player makes.

Credit is modelled as extra coins in the purse, taken back at the end. Enough never to run out:
a move crosses at most 2 * (size - 1) edges, so no walk owes more than that for every coin on the
board. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coinland.levels import Level
from game.coinland.solver_tables import tables
from game.hexgrid import Cell


@dataclass(frozen=True)
class Short:
    """A move of the best credit walk that the cash rule forbids where the walk makes it."""

    number: int  # the move's number in the walk, from 1
    cell: Cell  # where it lands
    fee: int  # the gates it crosses
    in_hand: int  # the coins the walk holds there, had it paid every earlier toll in cash


@dataclass(frozen=True)
class CashRule:
    par: int  # the level's par, with the cash rule
    credit_par: int | None  # its par on credit; None when the solver could not prove it
    short: Short | None  # the credit walk's first move past the cash in hand, if any

    @property
    def binds(self) -> bool:
        """True when the cash rule lowers par: the level is a cash-in-hand puzzle."""
        return self.credit_par is not None and self.credit_par > self.par and self.short is not None

    @property
    def par_too_low(self) -> bool:
        """True when `par` (a file's, trusted) is not the best score: the best credit walk never
        runs short, so it is a walk in cash too, and it scores more than `par`."""
        return self.credit_par is not None and self.credit_par > self.par and self.short is None


def credit(level: Level) -> int:
    """Coins of credit no walk on `level` can exhaust (module text)."""
    return level.coins * 2 * (level.size - 1)


def cash_rule(level: Level, par: int, time_limit: float | None = None) -> CashRule:
    """Par on credit and the first move of the best credit walk the cash rule forbids."""
    from game.coinland.solver import solve_position

    extra = credit(level)
    state = level.initial_state()
    result = solve_position(level.size, level.gates, level.start, state.coins, level.purse + extra,
                            time_limit=time_limit)
    if not result.optimal:
        return CashRule(par, None, None)
    return CashRule(par, result.score - extra, _first_short(level, result.moves))


def _first_short(level: Level, walk: list[Cell]) -> Short | None:
    t = tables(level.size, frozenset(level.gates))
    cur, purse = t.index[level.start], level.purse
    for number, cell in enumerate(walk, 1):
        target = t.index[cell]
        fee = next(f for j, f, _ in t.moves[cur] if j == target)
        if fee > purse:
            return Short(number, cell, fee, purse)
        cur, purse = target, purse - fee + 1
    return None


def describe(rule: CashRule) -> str:
    """One line for `levels --explain`."""
    if rule.credit_par is None:
        return "cash rule: par on credit not proved"
    if rule.par_too_low:
        return (f"cash rule does not bind, but par {rule.par} is not the best score: "
                f"a walk in cash reaches {rule.credit_par}")
    if not rule.binds:
        return f"cash rule does not bind: on credit par is {rule.credit_par} too"
    s = rule.short
    return (f"cash rule binds: on credit par would be {rule.credit_par}, not {rule.par}; that walk's "
            f"move {s.number} pays {s.fee} to [{s.cell[0]},{s.cell[1]}] holding {s.in_hand}")
