"""Issue 32, pipes and encodings: every command ends quietly on a closed pipe and never fails on an encoding.

`review ... | head -3` and `engine | head -1` ended in BrokenPipeError tracebacks; `check` on a
folder holding a file name that is not UTF-8 crashed printing it; the engine died on one invalid
UTF-8 byte under a strict UTF-8 locale. Each sub-command runs here with its stdout closed before
its first write (the harshest `| head`), and under strict and ASCII encodings.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
TOLL = "levels/1-tutorial/03-the-toll.toml"
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
#: a quick command line that prints something, per sub-command (a new sub-command must add one)
EXAMPLES: dict[str, list[str]] = {
    "play": ["play", "--frames", "3"],
    "check": ["check", "levels/1-tutorial", "--no-par"],
    "solve": ["solve", "--random", "--size", "3"],
    "generate": ["generate", "--count", "1", "--size", "3", "--nodes", "2000", "--out", "{tmp}"],
    "tournament": ["tournament", "--mode", "duel", "--size", "2", "--agents", "random,easy", "--games", "8",
                   "--workers", "2"],
    "engine": ["engine"],
    "simulate": ["simulate", "--games", "2", "--players", "3"],
    # watch plays a whole game in a window (seconds of CPU) before its one line: the game is cut
    # short here, and the line goes out through watch's own printer and the command line's main
    "watch": ["-c", "import game.cli.watch as w\n"
              "w.run = lambda args: (w._print('Duel: Computer 1 (random) wins 9-7'), 0)[1]\n"
              "from game.cli import main\n"
              "raise SystemExit(main(['watch', 'duel', '--size', '3', '--agents', 'random', '--exit-at-end']))"],
    "review": ["review", TOLL, "--walk", "1,0 2,-1 stop"],
    "levels": ["levels", "levels/1-tutorial", "--cap", "10", "--budget", "1000"],
}
ENGINE_INPUT = b'{"cmd":"help"}\n{"cmd":"new","size":8}\n{"cmd":"legal"}\n'


def _run(args: list[str], tmp: Path, stdout=subprocess.PIPE, **env: str) -> subprocess.CompletedProcess:
    argv = [arg.replace("{tmp}", str(tmp)) for arg in args]
    environment = {**os.environ, **HEADLESS, "COINLAND_DATA_DIR": str(tmp / "data"), **env}
    command = [sys.executable, *argv] if argv[0] == "-c" else [sys.executable, "-m", "game", *argv]
    return subprocess.run(command, cwd=ROOT, env=environment, stdout=stdout,
                          stderr=subprocess.PIPE, input=ENGINE_INPUT if args[0] == "engine" else b"", timeout=300,
                          check=False)


def test_every_sub_command_has_an_example():
    assert set(EXAMPLES) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_a_closed_stdout_ends_the_command_quietly(tmp_path, command):
    """stdout is a pipe whose reader has already gone: the first write fails at once."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = _run(EXAMPLES[command], tmp_path, stdout=write)
    finally:
        os.close(write)
    assert done.returncode in (0, 141), done.stderr.decode()[-800:]
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr and b"Exception" not in done.stderr
    assert len(done.stderr.splitlines()) <= 1  # check's and tournament's own summary line, at most


@pytest.mark.parametrize("command", ["review", "engine", "check"])
def test_head_reads_a_line_and_the_command_ends_quietly(tmp_path, command):
    argv = [sys.executable, "-m", "game", *EXAMPLES[command]]
    shell = " ".join(f"'{arg}'" for arg in argv) + " | head -1; echo status ${PIPESTATUS[0]} >&2"
    env = {**os.environ, **HEADLESS, "COINLAND_DATA_DIR": str(tmp_path)}
    done = subprocess.run(["bash", "-c", shell], cwd=ROOT, env=env, capture_output=True, timeout=120,
                          input=ENGINE_INPUT * 50 if command == "engine" else b"", check=False)
    assert len(done.stdout.splitlines()) == 1
    status = done.stderr.splitlines()[-1]
    assert status in (b"status 0", b"status 141"), done.stderr[-800:]
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr


ENCODINGS = [{"PYTHONIOENCODING": "utf-8:strict"}, {"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C"},
             {"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}, {"PYTHONIOENCODING": "latin-1"}]


@pytest.fixture
def hostile_names(tmp_path: Path) -> Path:
    folder = tmp_path / "levels"
    folder.mkdir()
    good = (ROOT / TOLL).read_bytes()
    (folder / os.fsdecode(b"bad\xff\x1b[31mname.toml")).write_bytes(good)  # not UTF-8, and a terminal escape
    (folder / os.fsdecode(b"x\xfe\xe2\x80\xae.toml")).write_bytes(b"junk")  # a bidi override, damaged content
    (folder / "caf\u00e9 \u00b1.toml").write_bytes(good)  # fine in UTF-8, not in ASCII
    return folder


@pytest.mark.parametrize("env", ENCODINGS, ids=lambda env: ",".join(f"{k}={v}" for k, v in env.items()))
def test_check_shows_every_file_name_escaped_whatever_the_encoding(tmp_path, hostile_names, env):
    done = _run(["check", str(hostile_names), "--no-par"], tmp_path, **env)
    assert done.returncode == 1  # the damaged one
    out = done.stdout
    assert b"Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert b"\x1b" not in out and b"\xff" not in out and b"\xe2\x80\xae" not in out  # nothing raw reaches the terminal
    assert b"bad\\xff\\u001b[31mname.toml: ok" in out
    assert b"x\\xfe\\u202e.toml: " in out
    assert len(out.splitlines()) == 3


@pytest.mark.parametrize("env", ENCODINGS, ids=lambda env: ",".join(f"{k}={v}" for k, v in env.items()))
def test_the_engine_answers_an_invalid_byte_and_goes_on(tmp_path, env):
    lines = b'{"cmd":"help"}\n\xff\xfe\n{"cmd":"new","mode":"caf\xc3\xa9"}\n{"cmd":"new","size":3}\n'
    environment = {**os.environ, **env}
    done = subprocess.run([sys.executable, "-m", "game", "engine"], cwd=ROOT, env=environment, input=lines,
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == b""
    answers = done.stdout.splitlines()
    assert len(answers) == 4 and all(line.isascii() for line in answers)
    assert answers[1] == b'{"error": "line: expected UTF-8 text, got the byte 0xff at byte 1"}'
    assert b"caf\\u00e9" in answers[2] and answers[3].startswith(b'{"ok": true')


@pytest.mark.parametrize("env", ENCODINGS[:2], ids=["strict", "ascii"])
def test_an_error_naming_a_strange_value_is_still_one_line(tmp_path, env):
    done = _run(["solve", os.fsdecode(b"lev\xffel") + "\u00b1.toml"], tmp_path, **env)
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.startswith(b"coinland solve: lev") and len(done.stderr.splitlines()) == 1
    assert b"\xff" not in done.stderr and b"Traceback" not in done.stderr


def test_a_closed_stderr_changes_nothing_but_the_message(tmp_path):
    done = subprocess.run([sys.executable, "-m", "game", "tournament", "--games", "0"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60, check=False,
                          preexec_fn=lambda: os.close(2))
    assert done.returncode == 2 and done.stdout == b""


@pytest.mark.parametrize("command", ["check", "solve", "engine", "review", "simulate", "levels", "--version"])
def test_a_full_disk_on_stdout_is_one_line_not_a_traceback(tmp_path, command):
    """`coinland check DIR > file` on a full disk ended in an OSError (ENOSPC) traceback."""
    with open("/dev/full", "wb") as full:
        done = _run(EXAMPLES.get(command, [command]), tmp_path, stdout=full)
    assert done.returncode == 1, done.stderr.decode()[-800:]
    assert b"Traceback" not in done.stderr and b"Exception" not in done.stderr
    assert done.stderr.splitlines()[-1].endswith(b"cannot write the output: No space left on device")


@pytest.mark.parametrize("closed", ["stdin", "stdout"])
def test_the_engine_started_with_a_closed_stream_says_so(tmp_path, closed):
    """`coinland engine <&-` (or `>&-`) died with AttributeError on None."""
    shell = f"'{sys.executable}' -m game engine {'<&-' if closed == 'stdin' else '>&-'}"
    env = {**os.environ, **HEADLESS, "COINLAND_DATA_DIR": str(tmp_path)}
    done = subprocess.run(["bash", "-c", shell], cwd=ROOT, env=env, capture_output=True, timeout=60,
                          input=ENGINE_INPUT if closed == "stdout" else None, check=False)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    stream = "input" if closed == "stdin" else "output"
    expected = f"coinland engine: expected an open standard {stream}, got a closed one"
    assert done.stderr.strip().splitlines() == [expected.encode()]
