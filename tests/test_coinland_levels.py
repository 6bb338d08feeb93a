"""Level files: reading, writing, and a clear one-line refusal for every way a file can break."""

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main as cli_main
from game.coinland import Level, LevelError, load_level, write_level
from game.coinland.levels import load_levels, read_level
from game.hexgrid import board

GOOD = """
format = 1
name = "Tiny"
size = 2
start = [0, 0]
purse = 0
empty = [[1, 0]]
gates = [[[0, 0], [0, 1]]]
hint = "Walk around."
"""


def write(tmp_path, text, name="level.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(tmp_path, text):
    _, problems = read_level(write(tmp_path, text))
    return [str(p) for p in problems]


def test_a_good_level_loads(tmp_path):
    level = load_level(write(tmp_path, GOOD))
    assert level.name == "Tiny" and level.size == 2
    assert level.empty == {(1, 0)} and level.gates == {((0, 0), (0, 1))}
    state = level.initial_state()
    assert (1, 0) not in state.coins and (0, 0) not in state.coins and len(state.coins) == 5


def test_defaults_for_optional_keys(tmp_path):
    level = load_level(write(tmp_path, 'format = 1\nname = "Bare"\nsize = 3\n'))
    assert (level.start, level.purse, level.empty, level.gates, level.par) == ((0, 0), 0, set(), set(), None)


cells = st.sampled_from(board(4).cells)


@settings(max_examples=60, deadline=None)
@given(
    start=cells,
    purse=st.integers(0, 5),
    empty=st.sets(cells, max_size=8),
    gates=st.sets(st.sampled_from(board(4).edges), max_size=30),
    name=st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=30).filter(str.strip),
)
def test_write_then_read_gives_the_same_level(tmp_path_factory, start, purse, empty, gates, name):
    level = Level(name=name, size=4, start=start, purse=purse, empty=frozenset(empty - {start}),
                  gates=frozenset(gates), hint="h", author="a", idea="an idea")
    path = tmp_path_factory.mktemp("levels") / "x.toml"
    write_level(level, path)
    assert load_level(path) == level
    assert not list(path.parent.glob(".*.tmp")), "no temporary file is left behind"


BAD = [
    ("missing format", 'name = "x"\nsize = 3', "format", "missing"),
    ("missing name", "format = 1\nsize = 3", "name", "missing"),
    ("missing size", 'format = 1\nname = "x"', "size", "missing"),
    ("format version", 'format = 2\nname = "x"\nsize = 3', "format", "expected 1"),
    ("size a string", 'format = 1\nname = "x"\nsize = "4"', "size", "expected an integer"),
    ("size a boolean", 'format = 1\nname = "x"\nsize = true', "size", "expected an integer"),
    ("size too big", 'format = 1\nname = "x"\nsize = 9', "size", "from 2 to 8"),
    ("size too small", 'format = 1\nname = "x"\nsize = 1', "size", "from 2 to 8"),
    ("empty name", 'format = 1\nname = " "\nsize = 3', "name", "non-empty string"),
    ("start off board", 'format = 1\nname = "x"\nsize = 3\nstart = [3, 0]', "start", "on the size-3 board"),
    ("start not a cell", 'format = 1\nname = "x"\nsize = 3\nstart = [1]', "start", "cell [q, r]"),
    ("start of floats", 'format = 1\nname = "x"\nsize = 3\nstart = [1.0, 0.0]', "start", "two integers"),
    ("purse negative", 'format = 1\nname = "x"\nsize = 3\npurse = -1', "purse", "0 to 99 coins"),
    ("purse a float", 'format = 1\nname = "x"\nsize = 3\npurse = 1.5', "purse", "an integer"),
    ("empty not a list", 'format = 1\nname = "x"\nsize = 3\nempty = 3', "empty", "a list"),
    ("empty off board", 'format = 1\nname = "x"\nsize = 3\nempty = [[0, 5]]', "empty[0]", "on the size-3 board"),
    ("start listed as empty", 'format = 1\nname = "x"\nsize = 3\nempty = [[0, 0]]', "empty[0]", "start cell"),
    ("empty twice", 'format = 1\nname = "x"\nsize = 3\nempty = [[1, 0], [1, 0]]', "empty[1]", "twice"),
    ("gate of one cell", 'format = 1\nname = "x"\nsize = 3\ngates = [[[0, 0]]]', "gates[0]", "two cells"),
    ("gate not neighbours", 'format = 1\nname = "x"\nsize = 3\ngates = [[[0, 0], [2, 0]]]', "gates[0]",
     "neighbouring"),
    ("gate off board", 'format = 1\nname = "x"\nsize = 3\ngates = [[[2, 0], [3, 0]]]', "gates[0]", "board"),
    ("duplicate gate", 'format = 1\nname = "x"\nsize = 3\ngates = [[[0, 0], [1, 0]], [[1, 0], [0, 0]]]',
     "gates[1]", "duplicate"),
    ("par negative", 'format = 1\nname = "x"\nsize = 3\npar = -2', "par", "from 0 to"),
    ("par above coins", 'format = 1\nname = "x"\nsize = 2\npar = 99', "par", "from 0 to 6"),
    ("par a string", 'format = 1\nname = "x"\nsize = 2\npar = "7"', "par", "an integer"),
    ("hint a number", 'format = 1\nname = "x"\nsize = 2\nhint = 3', "hint", "a string"),
    ("idea a number", 'format = 1\nname = "x"\nsize = 2\nidea = 3', "idea", "a string"),
    ("idea a list", 'format = 1\nname = "x"\nsize = 2\nidea = ["a"]', "idea", "a string"),
    ("idea too long", 'format = 1\nname = "x"\nsize = 2\nidea = "' + "i" * 81 + '"', "idea", "80"),
    ("idea with a control character", 'format = 1\nname = "x"\nsize = 2\nidea = "a\\u0007b"', "idea", ""),
    ("idea misspelt", 'format = 1\nname = "x"\nsize = 2\nidee = "a"', "idee", "did you mean 'idea'"),
    ("unknown key", 'format = 1\nname = "x"\nsize = 2\npurs = 3', "purs", "did you mean 'purse'"),
    ("unknown table", 'format = 1\nname = "x"\nsize = 2\n[extra]\na = 1', "extra", "unknown key"),
]


@pytest.mark.parametrize(("why", "text", "key", "expect"), BAD, ids=[b[0] for b in BAD])
def test_every_schema_break_is_refused_with_file_key_and_expectation(tmp_path, why, text, key, expect):
    problems = problems_of(tmp_path, text)
    assert problems, why
    matching = [p for p in problems if p.startswith(f"{tmp_path / 'level.toml'}: {key}: ")]
    assert matching, problems
    assert any(expect in p for p in matching), problems
    assert all("\n" not in p for p in problems)
    with pytest.raises(LevelError):
        load_level(tmp_path / "level.toml")


def test_unreadable_files_are_refused_in_one_line(tmp_path):
    cases = {
        "not_toml.toml": b"this is = = not toml",
        "empty.toml": b"",
        "binary.toml": bytes(range(256)) * 4,
        "nul.toml": b'name = "a\x00b"',
        "huge.toml": b"# " + b"x" * (400 * 1024),
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        _, problems = read_level(tmp_path / name)
        assert problems, name
        assert str(problems[0]).startswith(str(tmp_path / name)), problems
    _, missing = read_level(tmp_path / "nope.toml")
    assert "no such" in str(missing[0])


def test_load_levels_skips_broken_files_and_reports_them(tmp_path):
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, "garbage = = =", "b.toml")
    levels, problems = load_levels(tmp_path)
    assert [lv.name for lv in levels] == ["Tiny"]
    assert len(problems) == 1 and "b.toml" in str(problems[0])


def test_check_command_reports_problems_and_exit_status(tmp_path, capsys):
    write(tmp_path, GOOD, "good.toml")
    assert cli_main(["check", str(tmp_path)]) == 0
    capsys.readouterr()
    write(tmp_path, 'format = 1\nname = "x"\nsize = 3\ngates = [[[0, 0], [2, 0]]]\npurs = 1', "bad.toml")
    assert cli_main(["check", "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 2 and all("bad.toml" in line for line in out)


def test_check_proves_a_wrong_par_wrong(tmp_path, capsys):
    write(tmp_path, 'format = 1\nname = "x"\nsize = 2\npar = 5', "wrong.toml")  # no gates: all 6 coins
    assert cli_main(["check", str(tmp_path / "wrong.toml")]) == 1
    assert "par: expected 6 (the proved optimum), got 5" in capsys.readouterr().out
    write(tmp_path, 'format = 1\nname = "x"\nsize = 2\npar = 6', "right.toml")
    assert cli_main(["check", str(tmp_path / "right.toml")]) == 0


def test_check_never_prints_a_traceback(tmp_path):
    (tmp_path / "bin.toml").write_bytes(os.urandom(2048))
    (tmp_path / "empty.toml").write_bytes(b"")
    result = subprocess.run(
        [sys.executable, "-m", "game", "check", str(tmp_path), str(tmp_path / "missing.toml")],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    named = {str(tmp_path / n) for n in ("bin.toml", "empty.toml", "missing.toml")}
    assert {line.split(": ")[0] for line in lines} == named
