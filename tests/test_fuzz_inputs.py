"""Issue 15: a property-based fuzz run over every entry point that reads outside data.

Invariant at each one: no exception escapes except the entry point's documented error
type (whose message is one line), and no input takes more than a couple of seconds (the
hypothesis deadline). Inputs are drawn as raw text and bytes, as structured documents with
hostile values (huge or non-finite numbers, control characters, deep nesting, wrong
types), and as mutations of valid files. `COINLAND_FUZZ_EXAMPLES` sets the examples per
entry point (default 150, which keeps this file well under a minute); `scripts/fuzz` runs
thousands.
"""

from __future__ import annotations

import argparse
import json
import os
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import build_parser
from game.client.storage import Store
from game.coinland.levels import LevelError, parse_level_text, read_level
from game.coinland.protocol import EngineSession
from game.coinland.sharecode import ShareCodeError, decode
from game.safeio import UnsafeInput, parse_json, parse_toml

EXAMPLES = int(os.environ.get("COINLAND_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=2000, suppress_health_check=list(HealthCheck), derandomize=True)

HOSTILE_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from(["\x00", "\ud800", "\u202e", "\x1b[2J", "N" * 500, "", " ", "CL1-", "[[[["]),
)
JSON_VALUES = st.recursive(HOSTILE_SCALARS, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
NASTY_TEXT = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="[]{}\",:0123456789eE.-+ntrufalsNI\\\n", max_size=300),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: "9" * n),
)


def _one_line(message: str) -> bool:
    return "\n" not in message and 0 < len(message) <= 300


# --- JSON and TOML through safeio -----------------------------------------------------
@FUZZ
@given(NASTY_TEXT)
def test_safeio_json_raises_only_unsafe_input(text):
    try:
        parse_json(text, "fuzz.json")
    except UnsafeInput as error:
        assert _one_line(str(error))


@FUZZ
@given(NASTY_TEXT)
def test_safeio_toml_raises_only_unsafe_input(text):
    try:
        parse_toml("a = " + text, "fuzz.toml")
    except UnsafeInput as error:
        assert _one_line(str(error))


# --- level files ----------------------------------------------------------------------
LEVEL_KEYS = ["format", "name", "size", "start", "purse", "empty", "gates", "par", "hint", "author", "colour"]


def _toml_value(value) -> str:
    return json.dumps(value, ensure_ascii=True) if not isinstance(value, bool) else str(value).lower()


@FUZZ
@given(st.dictionaries(st.sampled_from(LEVEL_KEYS), JSON_VALUES, max_size=8))
def test_level_documents_with_hostile_values_raise_only_level_error(fields):
    lines = []
    for key, value in fields.items():
        if value is None or isinstance(value, dict):
            continue
        if isinstance(value, list) and any(v is None or isinstance(v, dict) for v in value):
            continue
        lines.append(f"{key} = {_toml_value(value)}")
    try:
        parse_level_text("\n".join(lines), "fuzz.toml")
    except LevelError as error:
        assert _one_line(str(error))


VALID_LEVEL = b'format = 1\nname = "Ring"\nsize = 3\nstart = [0, 0]\npurse = 1\nempty = [[1, 0]]\n' \
              b'gates = [\n    [[0, 0], [0, 1]],\n]\npar = 16\n'


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(VALID_LEVEL) - 1), st.binary(max_size=6)), max_size=6))
def test_mutated_level_files_give_problems_never_exceptions(tmp_path_factory, edits):
    data = bytearray(VALID_LEVEL)
    for at, patch in edits:
        data[at:at + len(patch)] = patch
    path = tmp_path_factory.mktemp("fuzz") / "level.toml"
    path.write_bytes(bytes(data))
    level, problems = read_level(path)
    assert (level is None) == bool(problems)
    assert all(_one_line(str(p)) for p in problems)


# --- share codes ----------------------------------------------------------------------
@FUZZ
@given(st.one_of(st.text(max_size=300), st.text(alphabet="CL1-ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", max_size=300)))
def test_share_codes_raise_only_share_code_error(code):
    try:
        level = decode(code)
    except ShareCodeError as error:
        assert _one_line(str(error))
    else:
        assert level.name.isprintable() and len(level.name) <= 60


# --- settings and progress ------------------------------------------------------------
@FUZZ
@given(st.one_of(JSON_VALUES.map(json.dumps), NASTY_TEXT), st.sampled_from(["settings.json", "progress.json"]))
def test_any_settings_or_progress_file_gives_a_working_store(tmp_path_factory, text, name):
    folder = tmp_path_factory.mktemp("data")
    (folder / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    store = Store(folder)
    assert all(_one_line(w) for w in store.take_warnings())
    assert store.save()
    store.record("fuzz/01", 3)
    assert Store(folder).best("fuzz/01") == 3


# --- engine lines ---------------------------------------------------------------------
ENGINE_FIELDS = st.fixed_dictionaries({"cmd": st.one_of(st.sampled_from(
    ["new", "play", "go", "state", "legal", "help"]), HOSTILE_SCALARS)}, optional={
    "mode": st.one_of(st.sampled_from(["classic", "duel"]), HOSTILE_SCALARS),
    "size": st.one_of(st.integers(0, 9), HOSTILE_SCALARS), "first": HOSTILE_SCALARS,
    "match": HOSTILE_SCALARS, "seed": HOSTILE_SCALARS, "move": HOSTILE_SCALARS,
    "strength": st.one_of(st.sampled_from(["random", "easy", "greedy"]), HOSTILE_SCALARS),
    "budget": st.one_of(st.floats(0.001, 0.01), HOSTILE_SCALARS), "play": HOSTILE_SCALARS})


@FUZZ
@given(st.lists(st.one_of(ENGINE_FIELDS.map(json.dumps), NASTY_TEXT), min_size=1, max_size=5))
def test_every_engine_line_gets_exactly_one_answer(lines):
    session = EngineSession()
    session.handle_line('{"cmd":"new","mode":"duel","size":3}')
    for line in lines:
        answer = session.handle_line(line)
        assert ("ok" in answer) != ("error" in answer)
        if "error" in answer:
            assert _one_line(answer["error"])


# --- command-line options -------------------------------------------------------------
OPTION_VALUES = st.one_of(st.sampled_from(["-1", "0", "nan", "inf", "1e999", "", " ", "none", "9" * 5000, "1.5"]),
                          st.integers(-5, 10).map(str), st.text(max_size=12))
COMMAND_OPTIONS = {
    "check": ["--time-limit"],
    "solve": ["--time-limit", "--size", "--density", "--seed", "--purse"],
    "generate": ["--size", "--count", "--seed", "--nodes"],
}


@FUZZ
@given(st.sampled_from(sorted(COMMAND_OPTIONS)), st.data())
def test_command_line_options_are_checked_before_any_work(command, data):
    option = data.draw(st.sampled_from(COMMAND_OPTIONS[command]))
    value = data.draw(OPTION_VALUES)
    args = [command, option, value] + {"check": ["x.toml"], "solve": ["--random"], "generate": ["--out", "o"]}[command]
    parser, _ = build_parser()
    try:
        with redirect_stderr(StringIO()), redirect_stdout(StringIO()):
            parsed = parser.parse_args(args)
    except SystemExit as stop:  # one line (coinland SUB: --option: expected ..., got ...), status 2
        assert stop.code == 2
        return
    _assert_sane(parsed)


def _assert_sane(parsed: argparse.Namespace) -> None:
    """Whatever argparse let through is finite and in range (None: not given, its default applies)."""
    limit = getattr(parsed, "time_limit", None)
    assert limit is None or 0 < limit <= 86_400
    ranges = {"size": (2, 8), "count": (1, 10**9), "nodes": (1, 10**9), "purse": (0, 99), "density": (0, 1)}
    for name, (low, high) in ranges.items():
        value = getattr(parsed, name, None)
        assert value is None or low <= value <= high, (name, value)


@pytest.mark.parametrize("bad", ["", "   "])
def test_an_empty_path_is_refused_by_every_path_option(bad):
    parser, _ = build_parser()
    for args in (["check", bad], ["solve", bad], ["generate", "--out", bad]):
        with pytest.raises(SystemExit) as stop, redirect_stderr(StringIO()):
            parser.parse_args(args)
        assert stop.value.code == 2
