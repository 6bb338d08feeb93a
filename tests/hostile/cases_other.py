"""Cases of the doors that are not files: options, environment variables, engine lines,
standard output, share codes, pasted text."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path

from game.doors import ENV, LINES, OPTION, TEXT
from hostile.cases import Case, Ctx
from hostile.run import Broken, check_line, check_seen, drive

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = ["nan", "NaN", "inf", "-inf", "Infinity", "1e999", "-1", "0", "-0", "1e308", "99999999999999999999",
           "9" * 5000, "", " ", "1_000", "0x10", "1.5", "+5", "\u0663", "\u202e5", "5\x07", "\udcff", "--", "-5e-324"]
TEXTS = ["", " ", "x" * 100_000, "bell\x07", "\u202eevil", "\udcff\udcfe", "line\nbreak", "-", "--help", "\x00"]


# --- options -----------------------------------------------------------------------------------
@functools.cache
def _parser():
    from game.cli import build_parser

    return build_parser()[0]


REQUIRED = {"check": ["levels"], "generate": ["--out", "out"], "watch": ["classic"]}


def _option_case(ctx: Ctx) -> None:
    """Every hostile value: argparse's one-line refusal (status 2), or a value in the documented range."""
    command, option = ctx.door.name.removeprefix("option: ").split(" ", 1)
    for value in NUMBERS + TEXTS:
        if option.isupper():  # a positional argument
            argv = [command, value] + [a for a in REQUIRED.get(command, []) if command != "check"]
        else:
            argv = [command, *REQUIRED.get(command, []), option, value]
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                args = _parser().parse_args(argv)
        except SystemExit as stop:
            text = err.getvalue()
            if value in ("--help", "-h", "--") and stop.code in (0, 2):
                continue  # asking for help is not hostile
            if stop.code != 2 or "Traceback" in text:
                raise Broken(f"{ctx.door.name} {value[:20]!r}: exit {stop.code}, expected 2 and one line") from None
            check_line(text.strip().splitlines()[-1] if text.strip() else "", f"{ctx.door.name} refusal")
            continue
        except Exception as error:
            raise Broken(f"{ctx.door.name} {value[:20]!r} raised {type(error).__name__}: {error}") from None
        dest = option.lstrip("-").replace("-", "_").lower()
        got = getattr(args, dest, None)
        if ctx.door.range is not None and got is not None:
            low, high = ctx.door.range
            if isinstance(got, bool) or not isinstance(got, int | float) or not math.isfinite(got) \
                    or not low <= got <= high:
                raise Broken(f"{ctx.door.name}: {value[:20]!r} accepted as {got!r:.40}, "
                             f"expected a number from {low} to {high} or a refusal")


# --- environment -----------------------------------------------------------------------------------
ENV_VALUES = ["", "relative/data", "~no-such-user-here/x", "/dev/null", "x" * 5000, "bell\x07dir", "\udcff\udcfe",
              "/proc/self/fd/0", "FILE", "FIFO", "LINK"]


def _env_case(ctx: Ctx) -> None:
    """The data folder from a hostile variable: the game starts, saves or says so in one line."""
    name = ctx.door.name.removeprefix("env: ")
    home = ctx.box.base / "home"
    home.mkdir(exist_ok=True)
    (ctx.box.base / "FILE").write_bytes(b"a file, not a folder")
    os.mkfifo(ctx.box.base / "FIFO")
    (ctx.box.base / "LINK").symlink_to(ctx.box.base / "moved-data")  # the player's own link: followed
    saved = dict(os.environ)
    cwd = os.getcwd()
    try:
        os.chdir(ctx.box.base)
        for value in ENV_VALUES:
            for key in ("COINLAND_DATA_DIR", "XDG_DATA_HOME"):
                os.environ.pop(key, None)
            os.environ["HOME"] = str(home)
            shown = str(ctx.box.base / value) if value in ("FILE", "FIFO", "LINK") else value
            os.environ[name] = shown
            seen = drive(f"{ctx.door.name}={value[:20]!r}: start and save", _start_and_save)
            check_seen(seen, f"{ctx.door.name}={value[:20]!r}")
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved)
    ctx.box.outside_untouched()


def _start_and_save():
    from game.client.storage import Store
    from game.doors.probes import Seen
    from game.records import records_dir

    store = Store()
    store.settings.master_volume = 0.5
    store.save()
    records_dir()
    return Seen(store.take_warnings())


# --- engine lines ------------------------------------------------------------------------------------
ENGINE_LINES = [b"\xff\xfe", b'{"cmd": "\xff"}', b"\x00", b"x" * 70_000, b'"' + b'\\"' * 30_000,
                b"[" * 60_000, b'{"cmd": "new", "size": ' + b"9" * 5000 + b"}", b"{}", b"[]", b"null",
                b'{"cmd": "\\ud800"}', b'{"cmd": "new", "size": 1e999}', b"\x07\x1b[31m", b"   ",
                b'{"cmd": "new", "size": true}', b'{"cmd": "new", "size": 8}' + b" " * 10]


def _engine_case(ctx: Ctx) -> None:
    """Every hostile line gets one error answer and the engine goes on, under a strict UTF-8 locale."""
    lines = list(ENGINE_LINES)
    ctx.rng.shuffle(lines)
    request = b"\n".join(lines) + b'\n{"cmd": "ping"}\n'
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="en_US.UTF-8", PYTHONUTF8="0")
    done = drive("engine lines", lambda: subprocess.run(
        [sys.executable, "-m", "game", "engine"], input=request, capture_output=True, cwd=ROOT, env=env,
        timeout=120))
    if b"Traceback" in done.stderr or done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["(nothing)"]
        raise Broken(f"engine lines: exit {done.returncode}: {tail[0][:160]}")
    answers = done.stdout.splitlines()
    requests = sum(1 for line in lines if line.strip()) + 1  # a blank line is no request (as in GTP): no answer
    if len(answers) < requests:
        raise Broken(f"engine lines: {requests} requests, {len(answers)} answers")
    for answer in answers:
        json.loads(answer)


# --- standard output -----------------------------------------------------------------------------------
def _closed_pipe(ctx: Ctx) -> None:
    """`| head -1`: the command ends quietly, status 0 or 141, no traceback."""
    runs = [(["check", "levels", "--no-par"], b""), (["engine"], b'{"cmd": "ping"}\n' * 2000)]
    for argv, stdin in runs:
        child = subprocess.Popen([sys.executable, "-m", "game", *argv], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        child.stdin.write(stdin)  # the requests first (they fit in the pipe): the engine answers only what it reads
        child.stdin.close()
        child.stdin = None  # closed: communicate must not flush it
        child.stdout.readline()
        child.stdout.close()  # the reader goes away, like head after one line
        try:
            _out, err = child.communicate(timeout=120)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            child.kill()
            _out, err = child.communicate()
        if child.returncode not in (0, 1, -13, 141) or b"Traceback" in err:
            last = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            raise Broken(f"coinland {argv[0]} | head -1: status {child.returncode}: {last[0][:160]}")


# --- text ------------------------------------------------------------------------------------------
def _share_code(ctx: Ctx) -> None:
    from game.coinland.sharecode import decode

    for text in [*TEXTS, "CL1-" + "A" * 5000, "CL1-\u202e", "cl1-" + "\udcff" * 10, "CL1-" + "=" * 300]:
        try:
            drive(f"share code {text[:16]!r}", decode, text, allowed=(ValueError,))
        except Broken:
            raise


def _pasted(ctx: Ctx) -> None:
    import pygame

    from game.client.text_field import TextField
    from game.safeio import text_problem

    field = TextField("x", pygame.Rect(0, 0, 400, 40), limit=200)
    for text in [*TEXTS, "\ud800a\udfff", "\u2066\u2067\u2068\u2069" * 100]:
        drive("pasting", field.insert, text)
        if len(field.value) > 200 or text_problem(field.value, 200):
            raise Broken(f"pasted {text[:16]!r}: the field holds {field.value[:40]!r}")


def _is(name: str):
    return lambda door, probe: door.name == name


CASES = [
    Case("types and ranges", "hostile values for an option", lambda d, p: d.kind == OPTION, _option_case),
    Case("text", "a hostile data folder variable",
         lambda d, p: d.kind == ENV and d.name in ("env: COINLAND_DATA_DIR", "env: XDG_DATA_HOME", "env: HOME"),
         _env_case),
    Case("text", "hostile engine lines", _is("engine lines"), _engine_case, randomised=True),
    Case("pipes and encodings", "a closed pipe", lambda d, p: d.kind == LINES and d.name == "standard output",
         _closed_pipe),
    Case("text", "hostile share codes", lambda d, p: d.kind == TEXT and d.name == "share code", _share_code),
    Case("text", "hostile pasted text", lambda d, p: d.kind == TEXT and d.name == "pasted text", _pasted),
]
