"""The prover behind the puzzle solver: a walk as a circuit, settled by OR-tools CP-SAT.

The depth-first search of `solver.py` finds good walks fast and proves most boards at
once, but on medium and dense boards its bounds stay a few coins above the optimum and
refuting them means ruling out near-Hamiltonian runs one by one. An integer program sees
the whole board at once, and its linear relaxation (with the cuts CP-SAT adds for circuits)
is a far stronger bound there. So when the plain proof has not finished in a few thousand
nodes, the solver hands the question to this prover.

**The model.** One node per live cell (her cell and every coin) and one *end* node. Her
walk is a circuit: end -> her cell -> the coins she collects -> end; a coin she never takes
sits on a self-loop. Every straight move a -> b onto a coin is an arc worth `1 - fee`, and
the objective is the sum over the arcs taken: her final purse minus her purse now.

**The purse, lazily.** The budget rule (she pays from what she holds before the move) is
left out of the model at first: what she holds after any move is at least 1, so a move of
one gate from a coin is always affordable, and moves from her own cell that cost more than
she holds are never offered. Only a dearer move later in a walk can break the rule. When
the optimum of the relaxed model breaks it, that walk's prefix up to the unaffordable move
is forbidden (no walk from her cell starting with those moves is legal) and the model is
solved again; after `NO_GOOD_ROUNDS` such rounds the exact purse constraints go in (one
purse variable per cell, linked along the chosen arcs). Every bound the prover reports is a
bound of a relaxation of the puzzle, so it is a proved upper bound even when it stops early.

CP-SAT runs in a thread of this process (its search releases the interpreter lock) on one
worker, with its own deterministic search; this thread polls `stop` and the caller's clock
every `POLL_SECONDS` and interrupts it past the deadline, so time limits measured in CPU
time (`time.process_time`) hold as well as wall-clock ones.

OR-tools is optional: `available()` says whether it can be imported (without importing it:
it pulls in numpy and pandas, about 0.4 s, so it is imported on the first proof only, never
when a module the title screen loads is imported). Without it the solver proves what its
own search can and reports `optimal=False` for the rest.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import math
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from game.coinland.solver_tables import Tables

POLL_SECONDS = 0.02  # how often the clock and `stop` are looked at while CP-SAT works
NO_GOOD_ROUNDS = 20  # relaxed optima forbidden one by one before the exact purse model goes in
WORKERS = 1  # CP-SAT search workers: one is deterministic and uses one CPU
IMPORT_SECONDS = 0.5  # what importing OR-tools costs the first time (0.3 to 0.4 s measured), with a margin
MIN_SECONDS = 0.5  # less time than this left for CP-SAT (after the import): the search keeps it, to probe for walks


@dataclass
class Proof:
    """What the prover settled: its best legal walk (cell numbers), its score, a proved bound."""

    score: int
    walk: list[int] = field(default_factory=list)
    upper: int = 0
    settled: bool = False


@functools.cache
def available() -> bool:
    """Whether OR-tools can be imported (looked up once, not imported)."""
    try:
        return importlib.util.find_spec("ortools") is not None
    except (ImportError, ValueError):
        return False


def warm_up() -> bool:
    """Import CP-SAT now (a helper process idling, a benchmark before its clock starts), so the
    first proof does not pay for it; True when it is imported. Never raises."""
    if available() and not imported():
        try:
            from ortools.sat.python import cp_model  # noqa: F401
        except Exception:
            return False
    return imported()


def imported() -> bool:
    """Whether CP-SAT is imported already (then a proof starts at once)."""
    return "ortools.sat.python.cp_model" in sys.modules


def walk_score(t: Tables, cur: int, purse: int, walk: list[int]) -> tuple[int, int]:
    """Her purse after `walk`, and how many of its moves she can afford (len(walk) when all)."""
    fees = {j: fee for j, fee, _ in t.moves[cur]}
    for step, j in enumerate(walk):
        fee = fees[j]
        if fee > purse:
            return purse, step
        purse += 1 - fee
        fees = {k: f for k, f, _ in t.moves[j]}
    return purse, len(walk)


def prove(
    t: Tables, cur: int, coins: int, purse: int, walk: list[int], upper: int,
    clock: Callable[[], float], deadline: float | None, stop: Callable[[], bool] | None = None,
) -> Proof | None:
    """The best walk from `cur` holding `purse` with `coins` left, and a proved bound.

    `walk` is a legal walk already known (the search's best; a hint), `upper` a proved bound
    (a cap on the model). Stops at `deadline` on `clock`, or when `stop()` says so, returning
    what it has (`settled` False). None when OR-tools cannot be imported, or when less than
    `MIN_SECONDS` would be left for CP-SAT (after `IMPORT_SECONDS` for the import, when not
    imported yet): the caller's search goes on instead. Cut that short, CP-SAT often ends with
    no better walk than its hint, where the search alone, probing below its bound, finds better
    ones (board 6-0.9-2 with 1 s of CPU, the import paid in it: walk 16 against 23); given
    `MIN_SECONDS` or more it mostly does better on both (docs/BENCHMARKS.md, "The puzzle solver").
    """
    best_score, best_walk = walk_score(t, cur, purse, walk)[0], list(walk)
    proof = Proof(best_score, best_walk, upper, best_score >= upper)
    if proof.settled or _expired(clock, deadline, stop):  # before the import, which takes a while
        return proof
    if deadline is not None and deadline - clock() < MIN_SECONDS + (0 if imported() else IMPORT_SECONDS):
        return None  # too little time to prove much: the search makes better use of it
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    live = [j for j in range(len(t.cells)) if coins >> j & 1]
    node = {cur: 1} | {j: number + 2 for number, j in enumerate(live)}  # 0 is the end
    most = purse + len(live) - 1  # the most she can hold before her last move
    model = cp_model.CpModel()
    arcs: dict[tuple[int, int], object] = {}
    circuit = [(0, 1, model.new_constant(1))]
    gains = []
    for a in (cur, *live):
        for j, fee, bit in t.moves[a]:
            if fee > (purse if a == cur else most):
                break  # moves are sorted by fee
            if coins & bit:
                lit = arcs[a, j] = model.new_bool_var(f"{a}>{j}")
                circuit.append((node[a], node[j], lit))
                gains.append((1 - fee, lit))
        circuit.append((node[a], 0, model.new_bool_var(f"{a}>end")))
    skips = {j: model.new_bool_var(f"skip{j}") for j in live}
    circuit.extend((node[j], node[j], lit) for j, lit in skips.items())
    model.add_circuit(circuit)
    gain = cp_model.LinearExpr.weighted_sum([lit for _, lit in gains], [value for value, _ in gains])
    model.add(gain <= upper - purse)
    model.maximize(gain)
    exact = False

    def hint(path: list[int]) -> None:
        model.clear_hints()
        used = set(itertools.pairwise([cur, *path]))
        for key, lit in arcs.items():
            model.add_hint(lit, key in used)
        taken = set(path)
        for j, lit in skips.items():
            model.add_hint(lit, j not in taken)

    def add_purses() -> None:
        held = {cur: model.new_constant(purse)} | {j: model.new_int_var(1, most + 1, f"p{j}") for j in live}
        fees = {(a, j): fee for a in (cur, *live) for j, fee, _ in t.moves[a]}
        for (a, j), lit in arcs.items():
            model.add(held[j] == held[a] + 1 - fees[a, j]).only_enforce_if(lit)

    for round_number in range(NO_GOOD_ROUNDS + 2):
        if round_number == NO_GOOD_ROUNDS:
            add_purses()
            exact = True
        hint(best_walk)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = WORKERS
        solver.parameters.linearization_level = 2
        status = _solve(solver, model, clock, deadline, stop)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return proof  # interrupted before any solution: nothing learned
        bound = purse + math.floor(solver.best_objective_bound + 1e-6)
        proof.upper = max(min(proof.upper, bound), proof.score)
        path, position = [], cur
        nexts = {a: j for (a, j), lit in arcs.items() if solver.boolean_value(lit)}
        while position in nexts:
            position = nexts[position]
            path.append(position)
        score, affordable = walk_score(t, cur, purse, path)
        if affordable == len(path) and score > proof.score:
            proof.score, proof.walk = score, path
            best_walk = path
        if proof.score >= proof.upper:
            proof.upper = proof.score
            proof.settled = True
            return proof
        if status != cp_model.OPTIMAL:
            return proof  # out of time: the bound stands, unsettled
        if affordable == len(path) or exact:
            return proof  # a legal optimum scores its bound and settled above: not reached
        prefix = [cur, *path[: affordable + 1]]  # up to the move she cannot afford
        model.add_bool_or([~arcs[a, j] for a, j in itertools.pairwise(prefix)])
    return proof


def _solve(solver, model, clock: Callable[[], float], deadline: float | None,
           stop: Callable[[], bool] | None) -> int:
    """`solver.solve(model)` in a thread, interrupted at `deadline` on `clock` or when `stop()`."""
    answer: dict[str, object] = {}

    def run() -> None:
        try:
            answer["status"] = solver.solve(model)
        except BaseException as error:  # handed to the caller's thread
            answer["error"] = error

    def expired() -> bool:
        return _expired(clock, deadline, stop)

    if expired():
        from ortools.sat.python import cp_model

        return cp_model.UNKNOWN
    thread = threading.Thread(target=run, name="coinland-prover", daemon=True)
    thread.start()
    while thread.is_alive():
        thread.join(POLL_SECONDS)
        if thread.is_alive() and expired():
            solver.stop_search()  # asked again every poll: a stop before the search starts is not lost
    if "error" in answer:
        raise answer["error"]  # type: ignore[misc]
    return answer["status"]  # type: ignore[return-value]


def _expired(clock: Callable[[], float], deadline: float | None, stop: Callable[[], bool] | None) -> bool:
    return (stop is not None and stop()) or (deadline is not None and clock() > deadline)
