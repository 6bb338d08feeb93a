"""Every shipped level is valid and its par is the solver's proved optimum."""

import pytest

from game import LEVELS
from game.coinland.levels import level_files, read_level
from game.coinland.solver import solve

FILES = level_files([LEVELS])


def test_there_are_shipped_levels():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_shipped_level_is_valid_with_a_proved_par(path):
    level, problems = read_level(path)
    assert not problems, [str(p) for p in problems]
    assert level.par is not None, "shipped levels carry their par"
    result = solve(level, time_limit=60)
    assert result.optimal and result.score == level.par
