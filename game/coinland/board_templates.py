"""The boards the puzzle searches start from (game/coinland/board_climb.py climbs from them).

Each is drawn from a seeded `random.Random` in a fixed order, so a search's seed gives the same
boards on any machine:

- `random_board`: gates strewn at a random density, a few cells without a coin, a random start
  and purse (scripts/lucky_search.py);
- `vault_board`: one to three *vaults* (the cells near a centre by the rim) ringed by a *moat*
  of empty cells gated on both sides, so every line into a vault crosses two gates and a greedy
  player (who never takes a move that loses) never enters one; optionally laid over an old
  level's board (scripts/vault_search.py);
- `rooms_board`, `hoard_board`, `bands_board`: size-5 sketches of walled rooms, a corner hoard
  behind a moat, or two moats across the board (scripts/expert_search.py);
- `read_board`: a level file given on a search's command line, checked like every level file.

Pure: no pygame.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.coinland.levels import Level, read_level
from game.hexgrid import board, distance


class BoardError(ValueError):
    """A level file given to a search could not be read: one line naming the option and the problem."""


def read_board(path, option: str) -> Level:
    """The level at `path` (a file from the command line: hostile until read_level has checked
    it); BoardError `option: file: problem` when it is missing or breaks a rule."""
    level, problems = read_level(path)
    if level is None:
        raise BoardError(f"{option}: {problems[0]}")
    return level


def random_board(size: int, rng: random.Random, name: str) -> Level:
    """Gates strewn at a density of 0.2-0.4, an eighth to a third of the cells without a coin,
    a random start and a purse of 0-3."""
    hexes = board(size)
    density = rng.uniform(0.2, 0.4)
    gates = frozenset(e for e in hexes.edges if rng.random() < density)
    start = rng.choice(sorted(hexes.cells))
    cells = sorted(c for c in hexes.cells if c != start)
    empty = frozenset(rng.sample(cells, rng.randint(len(cells) // 8, len(cells) // 3)))
    return Level(name=name, size=size, start=start, purse=rng.randint(0, 3), empty=empty, gates=gates)


def moat_gates(size: int, moat) -> set:
    """Every edge between a cell of `moat` and one outside it: the moat gated on both sides."""
    return {e for e in board(size).edges if (e[0] in moat) != (e[1] in moat)}


def vault_board(rng: random.Random, rooms: int, density: float, old: Level | None = None, size: int = 4) -> Level:
    """Vaults ringed by gated moats, gates strewn elsewhere (module text); with `old`, the vaults
    and moats are laid over that board instead, its start and other gates kept."""
    hexes = board(size)
    cells = [c for c in hexes.cells if old is None or c != old.start]
    vault: set = set()
    moat: set = set()
    for _ in range(rooms):
        # vaults by the rim: a moat there is half the board's edge, not a ring of a dozen cells
        centre = rng.choice([c for c in cells if c not in vault and c not in moat and distance(c, (0, 0)) >= 2])
        radius = rng.choice((1, 1, 2))
        inside = {c for c in cells if distance(c, centre) <= radius and c not in moat}
        ring = {c for c in cells if distance(c, centre) == radius + 1 and c not in vault}
        vault |= inside
        moat |= ring - inside
    main = [c for c in cells if c not in vault and c not in moat]
    if not main:
        main = [c for c in cells if c not in moat]
    start = rng.choice(main) if old is None else old.start
    empty = frozenset(moat - {start}) | (old.empty if old is not None else frozenset())
    gates = (set(old.gates) if old is not None else set()) | moat_gates(size, empty)
    if old is not None:
        return replace(old, empty=empty, gates=frozenset(gates))
    for e in hexes.edges:
        if e not in gates and rng.random() < density:
            gates.add(e)
    return Level("?", size, start, rng.choice((0, 0, 1, 2)), empty, frozenset(gates))


def rooms_board(rng: random.Random, size: int = 5) -> Level:
    """The board cut into rooms walled by gates (a few doors left open), some cells without a
    coin, a small purse."""
    hexes = board(size)
    start = rng.choice(hexes.cells)
    seeds = rng.sample(hexes.cells, rng.randint(4, 7))
    room = {c: min(seeds, key=lambda s: (distance(c, s), rng.random())) for c in hexes.cells}
    walls = [e for e in hexes.edges if room[e[0]] != room[e[1]]]
    doors = set(rng.sample(walls, round(len(walls) * rng.uniform(0.05, 0.25))))
    others = [c for c in hexes.cells if c != start]
    empty = frozenset(rng.sample(others, rng.randint(6, 16)))
    gates = frozenset(e for e in walls if e not in doors)
    extra = frozenset(rng.sample(hexes.edges, rng.randint(0, 12)))
    return Level("?", size, start, rng.choice((0, 0, 1, 2)), empty, gates ^ extra)


def _halls(rng: random.Random, size: int, moat: set, taken: tuple[int, int], keep: set = frozenset()) -> Level:
    """`moat` (cells without coins, gated on both sides), gates strewn at a density of 0.25-0.45
    off the moat, and halls (the cells neither in the moat nor in `keep`) where the Hoarder
    starts and `taken` cells have no coin."""
    hexes = board(size)
    halls = [c for c in hexes.cells if c not in moat and c not in keep]
    start = rng.choice(halls)
    empty = set(moat) | set(rng.sample([c for c in halls if c != start], rng.randint(*taken)))
    gates = moat_gates(size, moat)
    inner = [e for e in hexes.edges if e[0] not in moat and e[1] not in moat]
    gates |= set(rng.sample(inner, round(len(inner) * rng.uniform(0.25, 0.45))))
    return Level("?", size, start, rng.choice((0, 1, 2)), frozenset(empty), frozenset(gates))


def hoard_board(rng: random.Random, size: int = 5) -> Level:
    """A hoard (the cells within two of a corner) behind a moat (the ring around it: every line
    in crosses two gates), and a main hall with gates strewn and some coins missing."""
    hexes = board(size)
    corner = rng.choice([c for c in hexes.cells if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) == size - 1
                         and 0 in (c[0], c[1], c[0] + c[1])])
    hoard = {c for c in hexes.cells if distance(c, corner) <= 2}
    moat = {c for c in hexes.cells if distance(c, corner) == 3}
    return _halls(rng, size, moat, (6, 14), hoard)


def bands_board(rng: random.Random, size: int = 5) -> Level:
    """Two rows of cells without coins cross the board, gated on both sides (double walls:
    every line over one crosses two gates), cutting it into three halls with gates strewn
    inside and some coins missing."""
    hexes = board(size)
    axis = rng.randrange(3)
    key = lambda c: (c[0], c[1], -c[0] - c[1])[axis]  # noqa: E731
    rows = sorted(rng.sample(range(-(size - 2), size - 1), 2))
    while rows[1] - rows[0] < 2:
        rows = sorted(rng.sample(range(-(size - 2), size - 1), 2))
    moat = {c for c in hexes.cells if key(c) in rows}
    return _halls(rng, size, moat, (4, 12))
