"""Puzzle boards made by seeded chance: random boards for benchmarks, curated ones for players.

`generate_levels` keeps only boards worth playing: the solver must prove their par, par
must sit well below the coins on the board, and the obvious greedy walk (always take the
cheapest coin, nearest first) must fall clearly short of it, so a player has to think.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from game.coinland.actions import Move
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves
from game.coinland.state import State
from game.hexgrid import board, distance


def random_level(size: int, density: float, seed: int, purse: int = 0, name: str = "") -> Level:
    """A board with `density` of its edges gated at random, the Hoarder on the centre."""
    hexes = board(size)
    rng = random.Random(f"coinland-random:{size}:{density}:{seed}:{purse}")
    count = round(density * len(hexes.edges))
    gates = frozenset(rng.sample(hexes.edges, count))
    return Level(
        name=name or f"Random {size}-{density:g}-{seed}",
        size=size,
        purse=purse,
        gates=gates,
    )


def greedy_score(state: State) -> int:
    """The obvious walk: the move that gains most (nearest first) while it gains anything."""
    while not state.is_over:
        moves = hoarder_moves(state)
        if not moves:
            break
        move = max(moves, key=lambda m: (m.gain, -len(m.path), m.target))
        if move.gain <= 0:
            break
        state, _ = apply(state, Move(move.target))
    return state.purses[0]


@dataclass(frozen=True)
class Difficulty:
    densities: tuple[float, float]  # share of edges gated
    min_greedy_gap: int  # greedy must fall at least this far below par
    min_missed: int  # par at least this far below coins + purse


DIFFICULTIES = {
    "easy": Difficulty((0.25, 0.35), 1, 2),
    "medium": Difficulty((0.35, 0.5), 2, 4),
    "hard": Difficulty((0.45, 0.6), 3, 6),
}

_ADJECTIVES = (
    "Amber", "Brass", "Copper", "Crooked", "Dusty", "Gilded", "Hidden", "Hollow", "Iron", "Lucky",
    "Misty", "Narrow", "Old", "Quiet", "Rusty", "Silver", "Sleepy", "Stone", "Sunken", "Winding",
)
_NOUNS = (
    "Arcade", "Bazaar", "Bridge", "Crossing", "Customs", "Ferry", "Gate", "Harbour", "Ledger",
    "Market", "Mint", "Orchard", "Pass", "Quarter", "Road", "Square", "Tollhouse", "Vault", "Wall", "Yard",
)


def _names(rng: random.Random) -> Iterator[str]:
    used: set[str] = set()
    while True:
        name = f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"
        suffix = 2
        unique = name
        while unique in used:
            unique, suffix = f"{name} {suffix}", suffix + 1
        used.add(unique)
        yield unique


def candidate(size: int, rng: random.Random, difficulty: Difficulty) -> Level:
    hexes = board(size)
    density = rng.uniform(*difficulty.densities)
    gates = frozenset(rng.sample(hexes.edges, round(density * len(hexes.edges))))
    start = rng.choice(hexes.cells) if rng.random() < 0.4 else (0, 0)
    others = [c for c in hexes.cells if c != start]
    empty = frozenset(rng.sample(others, rng.randrange(0, max(1, len(others) // 8))))
    return Level(name="?", size=size, start=start, purse=rng.choice((0, 0, 1, 2, 3)),
                 empty=empty, gates=gates)


def generate_levels(
    size: int, count: int, seed: int, difficulty: str = "medium",
    node_limit: int = 400_000, max_tries: int = 400,
) -> Iterator[Level]:
    """Up to `count` interesting levels with a proved par, reproducible from the seed.

    The solver's effort is capped by nodes, not seconds, so a seed gives the same levels
    on a slow machine as on a fast one.
    """
    from game.coinland.solver import solve

    rules = DIFFICULTIES[difficulty]
    rng = random.Random(f"coinland-generate:{size}:{seed}:{difficulty}")
    names = _names(rng)
    made = 0
    for _ in range(max_tries):
        if made == count:
            return
        level = candidate(size, rng, rules)
        result = solve(level, node_limit=node_limit)
        if not result.optimal:
            continue
        state = level.initial_state()
        if result.score > level.coins + level.purse - rules.min_missed:
            continue
        if greedy_score(state) > result.score - rules.min_greedy_gap:
            continue
        made += 1
        yield Level(name=next(names), size=size, start=level.start, purse=level.purse,
                    empty=level.empty, gates=level.gates, par=result.score,
                    hint="The greedy walk falls short here.", author="Coinland generator")


# --- tight puzzles ------------------------------------------------------------------------
@dataclass(frozen=True)
class Tightness:
    """What a tight puzzle must show (docs/LEVELS.md, "Generating tight puzzles")."""

    openings: int = 1  # at most this many first moves keep par
    walks: int | None = 10  # at most this many decision-distinct optimal walks (None: any number)
    gap: int = 3  # the greedy player falls at least this far short of par
    lucky: int = 0  # and any greedy player, however it breaks ties, at least this far (design.py)


@dataclass(frozen=True)
class Judged:
    """A candidate's measures as far as the search took them (cheapest first)."""

    par: int
    gap: int
    keep: int
    walks: int | None  # None: not counted (it failed an earlier test) or over the cap
    lucky_gap: int = 0  # 0 too when the search for the luckiest greedy walk ran out of budget

    def meets(self, want: Tightness) -> bool:
        return (self.gap >= want.gap and self.keep <= want.openings and self.lucky_gap >= want.lucky
                and (want.walks is None or (self.walks is not None and self.walks <= want.walks)))

    def score(self, want: Tightness) -> float:
        """Higher is tighter: the gap first (up to a little beyond what is wanted), then few
        openings, then few walks. The climb in `tight_levels` follows it."""
        walks = 8.0 if self.walks is None else math.log2(max(1, self.walks))
        lucky = 4.0 * min(self.lucky_gap, want.lucky + 1) if want.lucky else 0.0
        return 3.0 * min(self.gap, want.gap + 2) + lucky - 2.0 * max(0, self.keep - want.openings) - walks


def judge_tightness(level: Level, want: Tightness, node_limit: int, par: int | None = None) -> Judged | None:
    """The measures `tight_levels` climbs on; None when par is not proved within the node limit.
    A known `par` (proved some other way) is taken as it is."""
    from game.coinland.design import greedy_scores
    from game.coinland.design_search import OutOfBudget, ParOracle, WalkCounter, legal_moves
    from game.coinland.solver import solve
    from game.coinland.solver_tables import tables

    if par is None:
        result = solve(level, node_limit=node_limit)
        if not result.optimal or result.score <= level.purse:
            return None
        par = result.score
    greedy, lucky, exact = greedy_scores(level, par)
    lucky_gap = par - lucky if exact else 0
    t = tables(level.size, frozenset(level.gates))
    cur, purse = t.index[level.start], level.purse
    coins = t.mask_of(level.initial_state().coins)
    oracle = ParOracle(t, par, frozenset(level.gates))
    oracle.node_limit = node_limit  # no unbounded proofs: a seed must give the same levels everywhere
    try:
        keep = sum(oracle.reaches(j, coins ^ bit, purse - fee + 1) for j, fee, bit in legal_moves(t, cur, coins, purse))
    except OutOfBudget:
        return None
    walks = None
    if want.walks is not None and par - greedy >= want.gap and keep <= want.openings and lucky_gap >= want.lucky:
        count = WalkCounter(oracle, want.walks + 1, node_limit // 4).count(cur, coins, purse)
        walks = None if count.capped else count.value
    return Judged(par, par - greedy, keep, walks, lucky_gap)


def mutate(level: Level, rng: random.Random) -> Level:
    """A neighbour of `level`: one gate added or removed, one cell emptied or filled, the start
    moved, or the purse changed by one."""
    hexes = board(level.size)
    roll = rng.random()
    if roll < 0.6:
        e = rng.choice(hexes.edges)
        gates = level.gates - {e} if e in level.gates else level.gates | {e}
        return replace(level, gates=frozenset(gates))
    if roll < 0.8:
        cell = rng.choice([c for c in hexes.cells if c != level.start])
        empty = level.empty - {cell} if cell in level.empty else level.empty | {cell}
        return replace(level, empty=frozenset(empty))
    if roll < 0.9:
        start = rng.choice(hexes.cells)
        return replace(level, start=start, empty=level.empty - {start})
    return replace(level, purse=max(0, min(5, level.purse + rng.choice((-1, 1)))))


STYLES = ("scatter", "rooms", "islands")


def styled_candidate(size: int, rng: random.Random, style: str) -> Level:
    """A starting board in one of three styles: `scatter` (gates strewn at random, `candidate`),
    `rooms` (the board cut into a few rooms walled by gates, with some doors left open) or
    `islands` (a third to a half of the cells without a coin, few gates): the climb keeps
    much of its start, so the styles give the campaign different-looking boards."""
    hexes = board(size)
    if style == "scatter":
        return candidate(size, rng, DIFFICULTIES["hard"])
    start = rng.choice(hexes.cells) if rng.random() < 0.5 else (0, 0)
    others = [c for c in hexes.cells if c != start]
    purse = rng.choice((0, 0, 1, 2, 3))
    if style == "islands":
        empty = frozenset(rng.sample(others, round(len(others) * rng.uniform(0.3, 0.5))))
        gates = frozenset(rng.sample(hexes.edges, round(len(hexes.edges) * rng.uniform(0.1, 0.25))))
        return Level("?", size, start, purse, empty, gates)
    seeds = rng.sample(hexes.cells, rng.randint(3, 5))
    room = {c: min(seeds, key=lambda s: (distance(c, s), rng.random())) for c in hexes.cells}
    walls = [e for e in hexes.edges if room[e[0]] != room[e[1]]]
    doors = set(rng.sample(walls, round(len(walls) * rng.uniform(0.1, 0.3))))
    empty = frozenset(rng.sample(others, rng.randrange(0, max(1, len(others) // 10))))
    return Level("?", size, start, purse, empty, frozenset(e for e in walls if e not in doors))


def tight_levels(size: int, count: int, seed: int, want: Tightness = Tightness(), node_limit: int = 100_000,
                 tries: int = 60, steps: int = 60, style: str = "scatter",
                 stats: dict[str, int] | None = None) -> Iterator[Level]:
    """Up to `count` tight levels (`want`), reproducible from the seed: each try draws a board
    and climbs from it, one mutation at a time, keeping a change that is no less tight, until
    the board meets `want` or `steps` run out. Levels come with par, hint and idea left to a
    designer: a tight board is a candidate, not yet a level (docs/LEVELS.md). `stats`, when
    given, counts the tries and the boards judged."""
    rng = random.Random(f"coinland-tight:{size}:{seed}:{want}:{style}")
    names = _names(rng)
    made = 0
    stats = {} if stats is None else stats
    for _ in range(tries):
        if made == count:
            return
        stats["tries"] = stats.get("tries", 0) + 1
        level = styled_candidate(size, rng, style)
        judged = judge_tightness(level, want, node_limit)
        for _ in range(steps):
            if judged is not None and judged.meets(want):
                break
            other = mutate(level, rng)
            stats["judged"] = stats.get("judged", 0) + 1
            other_judged = judge_tightness(other, want, node_limit)
            if other_judged is not None and (judged is None or other_judged.score(want) >= judged.score(want)):
                level, judged = other, other_judged
        if judged is not None and judged.meets(want):
            made += 1
            level = simplify(level, want, node_limit)
            yield replace(level, name=next(names), par=judged.par, author="Coinland generator",
                          hint="One opening keeps par, and the greedy walk falls short.")


def simplify(level: Level, want: Tightness, node_limit: int) -> Level:
    """`level` without the gates it does not need: each gate whose removal keeps par and keeps
    the board tight is removed, in a fixed order. Fewer gates read more clearly, and show the
    player the walls that matter."""
    judged = judge_tightness(level, want, node_limit)
    assert judged is not None
    for gate in sorted(level.gates):
        other = replace(level, gates=level.gates - {gate})
        found = judge_tightness(other, want, node_limit)
        if found is not None and found.meets(want) and found.par == judged.par:
            level = other
    return level


# --- tightening a level without changing its solution ---------------------------------------
def walk_edges(level: Level, walk: list) -> tuple[set, set]:
    """The edges an optimal walk crosses and the cells it lands on (the start included)."""
    from game.hexgrid import path_edges

    crossed, landed, here = set(), {level.start}, level.start
    for cell in walk:
        crossed.update(path_edges(here, cell))
        landed.add(cell)
        here = cell
    return crossed, landed


def tighten(level: Level, walk: list, want: Tightness, node_limit: int = 100_000,
            max_changes: int = 8, max_pairs: int = 400) -> Level | None:
    """`level` made tight (`want`) by adding gates and taking away coins that `walk` (one of its
    optimal walks) never touches, the tightest change first: the walk still scores par, and no
    change can raise par, so par and this solution stay what they were. When no single change
    helps, two at once are tried (up to `max_pairs` of them). None when `max_changes` changes
    are not enough."""
    from game.coinland.design import walk_score

    crossed, landed = walk_edges(level, walk)
    hexes = board(level.size)
    changes = [("gate", e) for e in hexes.edges if e not in crossed and e not in level.gates]
    changes += [("coin", c) for c in hexes.cells if c not in landed and c not in level.empty]
    judged = judge_tightness(level, want, node_limit, par=walk_score(level, walk))
    made = 0
    while judged is not None and not judged.meets(want) and made < max_changes:
        best = _best_change(level, judged, [(c,) for c in changes], want, node_limit)
        if best is None:
            pairs = [(a, b) for i, a in enumerate(changes) for b in changes[i + 1:]][:max_pairs]
            best = _best_change(level, judged, pairs, want, node_limit)
        if best is None:
            return None
        judged, level, used = best
        changes = [c for c in changes if c not in used]
        made += len(used)
    return level if judged is not None and judged.meets(want) else None


def _best_change(level: Level, judged: Judged, options: list[tuple], want: Tightness,
                 node_limit: int) -> tuple[Judged, Level, tuple] | None:
    """The option (one change or several) that makes `level` tightest, if it is tighter than now."""
    best = None
    for option in options:
        other = level
        for kind, item in option:
            other = (replace(other, gates=other.gates | {item}) if kind == "gate"
                     else replace(other, empty=other.empty | {item}))
        found = judge_tightness(other, want, node_limit, par=judged.par)
        if found is not None and found.score(want) > (best[0] if best else judged).score(want):
            best = (found, other, option)
    return best
