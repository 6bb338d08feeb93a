"""The level generator: reproducible, valid, with proved and interesting pars."""

from game.cli import main as cli_main
from game.coinland.generator import DIFFICULTIES, generate_levels, greedy_score
from game.coinland.levels import load_level
from game.coinland.solver import solve


def test_generate_command_writes_valid_levels_and_is_reproducible(tmp_path, capsys):
    for folder in ("a", "b"):
        args = ["generate", "--size", "3", "--count", "3", "--seed", "7", "--out", str(tmp_path / folder)]
        assert cli_main(args) == 0
    first = sorted((tmp_path / "a").glob("*.toml"))
    second = sorted((tmp_path / "b").glob("*.toml"))
    assert len(first) == 3
    assert [p.read_text() for p in first] == [p.read_text() for p in second]
    capsys.readouterr()
    assert cli_main(["check", str(tmp_path / "a")]) == 0
    names = {load_level(p).name for p in first}
    assert len(names) == 3


def test_generated_levels_are_interesting():
    rules = DIFFICULTIES["medium"]
    for level in generate_levels(3, 3, seed=3, difficulty="medium"):
        result = solve(level)
        assert result.optimal and result.score == level.par
        assert level.par <= level.coins + level.purse - rules.min_missed
        assert greedy_score(level.initial_state()) <= level.par - rules.min_greedy_gap


def test_generate_rejects_bad_arguments(tmp_path, capsys):
    assert cli_main(["generate", "--size", "12", "--out", str(tmp_path)]) == 2
    assert "--size" in capsys.readouterr().err


def test_tight_generation_is_reproducible_and_tight_by_the_design_measures(tmp_path, capsys):
    from game.coinland.design import measure_design

    for folder in ("a", "b"):
        args = ["generate", "--tight", "--size", "3", "--count", "2", "--seed", "2", "--out", str(tmp_path / folder)]
        assert cli_main(args) == 0
    first = sorted((tmp_path / "a").glob("*.toml"))
    assert len(first) == 2
    assert [p.read_text() for p in first] == [p.read_text() for p in sorted((tmp_path / "b").glob("*.toml"))]
    for path in first:
        level = load_level(path)
        measured = measure_design(level)  # proves par itself, then measures: nothing taken from the generator
        assert measured.par == level.par
        assert measured.keep == 1 and measured.gap >= 3
        assert not measured.walks.capped and measured.walks.value <= 10


BORDER_POST_BEFORE = [((-2, 1), (-2, 2)), ((-2, 2), (-1, 1)), ((-2, 2), (-1, 2)), ((-1, 0), (0, -1)),
                      ((-1, 1), (0, 0)), ((-1, 1), (0, 1)), ((-1, 2), (0, 1)), ((0, -2), (1, -2)),
                      ((0, -1), (1, -2)), ((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, -2), (1, -1)),
                      ((1, -2), (2, -2)), ((1, -1), (2, -2)), ((1, 0), (1, 1)), ((1, 0), (2, 0)),
                      ((1, 1), (2, 0)), ((2, -2), (2, -1)), ((2, -1), (2, 0))]


def test_tighten_keeps_par_and_the_walk_and_removes_the_alternatives():
    """Border Post as shipped before issue 37: par 14, but 6 of its 10 first moves keep par and the
    greedy player falls one coin short. Tightened, it keeps par and that walk, with one opening."""
    from game.coinland.design import measure_design, walk_score
    from game.coinland.generator import Tightness, tighten
    from game.coinland.levels import Level

    level = Level("Border Post", 3, purse=1, empty=frozenset({(-1, 2)}), gates=frozenset(BORDER_POST_BEFORE))
    walk = solve(level).moves
    before = measure_design(level, 14)
    assert (before.keep, before.openings, before.gap) == (6, 10, 1)
    tight = tighten(level, walk, Tightness(openings=1, walks=None, gap=3))
    assert tight is not None and tight.gates > level.gates and tight.empty >= level.empty
    assert walk_score(tight, walk) == 14 == solve(tight).score
    after = measure_design(tight, 14)
    assert after.keep == 1 and after.gap >= 3
