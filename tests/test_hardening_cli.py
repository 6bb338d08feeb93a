"""Issue 15: check, solve and generate on hostile paths, files and options: one line, non-zero, no hang."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from game.cli import main
from game.cli.solve import DEFAULT_TIME_LIMIT


def _run_with_timeout(args: list[str], seconds: float = 20) -> int:
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(main(args)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert result, f"{args} did not return within {seconds} s"
    return result[0]


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_fifo_level_is_refused_at_once(tmp_path, capsys, command):
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    assert _run_with_timeout([command, str(fifo)]) == 1
    captured = capsys.readouterr()
    assert "pipe" in captured.out + captured.err


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_level_is_refused_without_reading_it(capsys, device):
    assert _run_with_timeout(["check", device]) == 1
    out = capsys.readouterr().out
    assert out.strip().splitlines()[0] == f"{device}: is a device, expected a regular TOML level file"


@pytest.mark.parametrize("body", [
    'format = 1\nname = "x"\nsize = ' + "9" * 5000,
    'format = 1\nname = "x"\nsize = 3\ngates = ' + "[" * 5000 + "]" * 5000,
])
def test_check_and_solve_refuse_huge_numbers_and_deep_nesting_in_one_line(tmp_path, capsys, body):
    path = tmp_path / "bad.toml"
    path.write_text(body, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    lines = [line for line in capsys.readouterr().out.splitlines() if line]
    assert len(lines) == 1 and lines[0].startswith(str(path)) and len(lines[0]) < 250
    assert main(["solve", str(path)]) == 1


def test_a_bad_size_does_not_hide_the_other_problems(tmp_path, capsys):
    path = tmp_path / "many.toml"
    path.write_text('format = 1\nname = "x"\nsize = 99\npurse = -4\nstart = "c"\ngates = 5\nhint = 3\n')
    assert main(["check", str(path)]) == 1
    keys = {line.split(": ")[1] for line in capsys.readouterr().out.splitlines() if line.startswith(str(path))}
    assert {"size", "purse", "start", "gates", "hint"} <= keys


def test_generate_refuses_a_folder_it_cannot_create(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["generate", "--out", str(blocker / "sub"), "--count", "1"]) == 2
    assert "--out" in capsys.readouterr().err


def test_solve_has_a_finite_default_limit():
    assert 0 < DEFAULT_TIME_LIMIT <= 120


@pytest.mark.parametrize("args", [
    ["check", "--time-limit", "-1", "x"], ["check", "--time-limit", "0", "x"], ["check", "--time-limit", "nan", "x"],
    ["solve", "--time-limit", "nan", "x"], ["solve", "--random", "--purse", "-5"], ["generate", "--nodes", "0",
    "--out", "o"], ["generate", "--nodes", "-1", "--out", "o"], ["check", ""],
])
def test_bad_options_exit_2_with_one_line(args, capsys):
    assert main(args) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].startswith("coinland ")


def test_generate_never_replaces_a_file_it_did_not_write(tmp_path, capsys):
    """A user's own file under the name generate picks is left alone (exit 1, one line); the same
    seed run again over its own level is still fine."""
    out = tmp_path / "out"
    assert main(["generate", "--out", str(out), "--count", "1", "--size", "3"]) == 0
    (written,) = out.iterdir()
    assert main(["generate", "--out", str(out), "--count", "1", "--size", "3"]) == 0
    written.write_text("my own notes\n")
    capsys.readouterr()
    assert main(["generate", "--out", str(out), "--count", "1", "--size", "3"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "left alone" in err
    assert written.read_text() == "my own notes\n"


@pytest.mark.parametrize("text", ["move ٣,٣", "move ３,0", "gate 0,0 ١,0", "move\u00a01,0"])
def test_actions_read_ascii_digits_only(text):
    """int() reads Arabic-Indic and full-width digits: a walk, a record or an engine line saying
    "move ٣,٣" was played as "move 3,3". Only ASCII digits and spaces are read."""
    from game.coinland.actions import parse_action

    with pytest.raises(ValueError):
        parse_action(text)


@pytest.mark.parametrize("text", ["buy ٣", "offer 1 2usd 0btc for ٣usd 0btc"])
def test_satoshi_actions_read_ascii_digits_only(text):
    from game.bitcoin import parse_action

    with pytest.raises(ValueError):
        parse_action(text)


def test_review_refuses_a_walk_in_other_digits(capsys):
    level = os.path.join(os.path.dirname(__file__), "..", "levels", "1-tutorial", "01-first-steps.toml")
    assert os.path.isfile(level)  # it named a level moved away long ago: the walk must be what is refused
    assert main(["review", level, "--walk", "١,٠"]) in (1, 2)
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "١,٠" in err


@pytest.mark.parametrize("args", [
    ["tournament", "--game", "satoshi", "--players", "2", "--agents", "random,easy,normal", "--games", "1"],
    ["tournament", "--game", "satoshi", "--agents", "random,easy,normal,hard,easy", "--games", "1"],
    ["simulate", "--players", "2", "--agents", "baseline,random,easy", "--games", "1"],
])
def test_more_agents_than_seats_is_a_usage_error(capsys, args):
    """An agent past the last seat never played: the Satoshi tournament divided by its 0 games
    (ZeroDivisionError traceback) and simulate dropped it silently while naming it in its header."""
    assert _run_with_timeout(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--agents: expected at most" in err


@pytest.mark.parametrize("name", ["SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY"])
def test_a_display_variable_that_is_not_text_gets_one_line_not_a_traceback(name, tmp_path):
    """pygame decodes these as UTF-8: a byte that is not ended the window's start in a traceback."""
    env = {k.encode(): v.encode("utf-8", "surrogateescape") for k, v in os.environ.items()}
    env.update({b"COINLAND_DATA_DIR": str(tmp_path).encode(), name.encode(): b"nope\xff",
                b"COINLAND_EXIT_AFTER_FIRST_FRAME": b"1"})
    done = subprocess.run([sys.executable, "-m", "game"], env=env, capture_output=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1 and "Traceback" not in err, err
    assert f"${name}: expected UTF-8 text" in err
