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
