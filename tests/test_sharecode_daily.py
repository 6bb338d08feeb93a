"""Share codes round-trip and refuse damage; the daily puzzle is the same for everyone."""

import datetime as dt
import random

import pytest

from game.coinland.daily import daily_level, random_puzzle
from game.coinland.levels import Level
from game.coinland.sharecode import ShareCodeError, decode, encode
from game.coinland.solver import solve
from game.hexgrid import board


def random_level(rng: random.Random) -> Level:
    size = rng.randrange(2, 9)
    hexes = board(size)
    start = rng.choice(hexes.cells)
    empty = frozenset(c for c in hexes.cells if c != start and rng.random() < 0.2)
    gates = frozenset(e for e in hexes.edges if rng.random() < 0.4)
    name = rng.choice(["Tollhouse", "Ünïcode ₿ road", "x" * 40, "A"])
    return Level(name=name, size=size, start=start, purse=rng.randrange(10), empty=empty, gates=gates)


def test_share_codes_round_trip():
    rng = random.Random("share")
    for _ in range(200):
        level = random_level(rng)
        code = encode(level)
        assert code.startswith("CL1-")
        assert decode(code) == level
        assert decode(code.lower().replace("-", " ")) == level


def test_a_default_board_code_is_short():
    level = Level(name="Amber Gate", size=4, gates=frozenset(board(4).edges[::3]))
    assert len(encode(level)) < 80


def test_damaged_codes_are_refused():
    code = encode(Level(name="Mint", size=4, gates=frozenset(board(4).edges[:20])))
    flipped = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    for bad in (flipped, code[:-6], "hello", "CL1-!!!!", "CL1-"):
        with pytest.raises(ShareCodeError):
            decode(bad)


def test_the_daily_puzzle_depends_on_the_date_only():
    day = dt.date(2026, 11, 23)
    first, again = daily_level(day), daily_level(day)
    assert first == again and first.par is not None
    assert daily_level(dt.date(2026, 11, 24)) != first
    assert solve(first).score == first.par


def test_endless_puzzles_have_proved_pars():
    level = random_puzzle("easy", 5)
    assert level.size == 3 and solve(level).score == level.par
