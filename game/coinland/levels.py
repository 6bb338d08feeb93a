"""Puzzle level files: the TOML format of RULES.md, read with tomllib and written with tomli-w.

Reading never raises anything but `LevelError`, whose message is one line naming the
file, the key and what was expected, so the client and `python -m game check` can show
it as it is. `validate` lists every problem in a file; `load_level` stops at the first.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from game.coinland.rules import new_puzzle
from game.coinland.state import State
from game.hexgrid import MAX_SIZE, MIN_SIZE, Cell, Edge, board, edge
from game.safeio import (
    UnsafeInput,
    atomic_write_text,
    describe,
    parse_toml,
    read_text,
    show_name,
    text_problem,
    walk_files,
)

FORMAT = 1
MAX_FOLDER_LEVELS = 500  # level files read from one folder for a screen (2.5 ms each: the newest 500 in 1.3 s)
MAX_FILE_BYTES = 64 * 1024  # the largest shipped level is 2.5 KB; the worst 64 KiB of TOML parses in 0.3 s
MAX_NAME = 60  # characters in a level's name (it must fit the level list)
MAX_AUTHOR = 60
MAX_HINT = 400
MAX_IDEA = 80  # the idea a level teaches, one line on the result screen
MAX_PURSE = 99  # coins the Hoarder may start with
MAX_LIST = 1000  # items in `empty` or `gates`: the largest board has 469 edges
KNOWN_KEYS = ("format", "name", "size", "start", "purse", "empty", "gates", "par", "hint", "idea", "author")
REQUIRED_KEYS = ("format", "name", "size")


class LevelError(ValueError):
    """A level that cannot be used; the message is one line: `FILE: KEY: expected ..., got ...`."""


@dataclass(frozen=True)
class LevelProblem:
    file: str
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}" if self.key else f"{self.file}: {self.message}"


@dataclass(frozen=True)
class Level:
    """One puzzle. Equal levels describe the same puzzle, whatever the order in their files."""

    name: str
    size: int
    start: Cell = (0, 0)
    purse: int = 0
    empty: frozenset[Cell] = frozenset()
    gates: frozenset[Edge] = frozenset()
    par: int | None = None
    hint: str = ""
    author: str = ""
    idea: str = ""  # the one idea the level teaches or tests, shown once it is solved
    source: str = field(default="", compare=False)  # where it was read from, for messages

    @property
    def coins(self) -> int:
        return len(board(self.size)) - 1 - len(self.empty)

    def initial_state(self) -> State:
        return new_puzzle(self.size, self.start, self.gates, self.empty, self.purse)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "name": self.name, "size": self.size}
        data["start"] = list(self.start)
        data["purse"] = self.purse
        data["empty"] = [list(c) for c in sorted(self.empty)]
        data["gates"] = [[list(a), list(b)] for a, b in sorted(self.gates)]
        if self.par is not None:
            data["par"] = self.par
        if self.hint:
            data["hint"] = self.hint
        if self.idea:
            data["idea"] = self.idea
        if self.author:
            data["author"] = self.author
        return data

    def to_toml(self) -> str:
        """TOML text in the order of RULES.md. tomli-w writes the scalars (and escapes the
        strings); cell lists go one gate per line, which tomli-w cannot do, so that a level
        stays readable and editable by hand. The result is checked to read back exactly,
        and a level that would be refused on reading is refused here, before it is shared."""
        data = self.to_dict()
        checker = _Checker(self.source or "<level>")
        checker.check(data)
        if checker.problems:
            raise LevelError(str(checker.problems[0]))
        head = {key: data[key] for key in ("format", "name", "size")}
        tail = {key: data[key] for key in ("par", "hint", "idea", "author") if key in data}
        gates = "".join(f"    {_compact(g)},\n" for g in data["gates"])
        text = (
            tomli_w.dumps(head)
            + f"start = {_compact(data['start'])}\n"
            + f"purse = {data['purse']}\n"
            + f"empty = {_compact(data['empty'])}\n"
            + (f"gates = [\n{gates}]\n" if gates else "gates = []\n")
            + tomli_w.dumps(tail)
        )
        if tomllib.loads(text) != data:
            raise AssertionError("level TOML does not read back as written")
        return text


def _compact(value: Any) -> str:
    """Nested lists of integers on one line: [[0, 0], [1, 0]]."""
    if isinstance(value, list):
        return "[" + ", ".join(_compact(v) for v in value) + "]"
    return str(int(value))


# --- reading ------------------------------------------------------------------------
def load_level(path: str | os.PathLike[str]) -> Level:
    """Read and validate one level file; raises LevelError on the first problem."""
    level, problems = read_level(path)
    if problems:
        raise LevelError(str(problems[0]))
    assert level is not None
    return level


def read_level(path: str | os.PathLike[str]) -> tuple[Level | None, list[LevelProblem]]:
    """Read one file: the level when it is valid, and every problem found."""
    name = show_name(path)
    data, problem = _read_toml(Path(path))
    if problem:
        return None, [LevelProblem(name, "", problem)]
    return parse_level(data, name)


def parse_level_text(text: str, source: str = "<text>") -> Level:
    try:
        data = parse_toml(text, source)
    except UnsafeInput as error:
        raise LevelError(str(error)) from None
    level, problems = parse_level(data, source)
    if problems:
        raise LevelError(str(problems[0]))
    assert level is not None
    return level


def _read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """The decoded TOML of a level file, or why it is not one (read through safeio)."""
    try:
        return parse_toml(read_text(path, MAX_FILE_BYTES, "TOML level file"), str(path)), ""
    except UnsafeInput as error:
        return {}, error.reason


def parse_level(data: dict[str, Any], source: str = "<level>") -> tuple[Level | None, list[LevelProblem]]:
    """Validate decoded TOML: the level when valid, and every problem found."""
    checker = _Checker(source)
    level = checker.check(data)
    return (level if not checker.problems else None), checker.problems


class _Checker:
    """Collects every problem of one level, each with its key and expectation."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[LevelProblem] = []
        self.fail_later = False

    def fail(self, key: str, message: str) -> None:
        self.problems.append(LevelProblem(self.source, key, message))

    def check(self, data: dict[str, Any]) -> Level | None:
        for key in data:
            if key not in KNOWN_KEYS:
                self.fail(key, f"unknown key{_suggestion(key)}")
        for key in REQUIRED_KEYS:
            if key not in data:
                self.fail(key, "missing; every level needs format, name and size")
        fmt = data.get("format", FORMAT)
        if self._int("format", fmt) and fmt != FORMAT:
            self.fail("format", f"expected {FORMAT}, got {fmt!r}")
        name = data.get("name", "?")
        self._text("name", name, MAX_NAME, required=True)
        size = data.get("size", 4)
        if not self._int("size", size) or not MIN_SIZE <= size <= MAX_SIZE:
            if isinstance(size, int) and not isinstance(size, bool):
                self.fail("size", f"expected an integer from {MIN_SIZE} to {MAX_SIZE}, got {size}")
            size = MAX_SIZE  # check the other keys against the largest board, so every problem is reported
            self.fail_later = True
        start = self._cell("start", data.get("start", [0, 0]), size)
        purse = data.get("purse", 0)
        if self._int("purse", purse) and not 0 <= purse <= MAX_PURSE:
            self.fail("purse", f"expected 0 to {MAX_PURSE} coins, got {purse}")
        empty = self._empty(data.get("empty", []), size, start)
        gates = self._gates(data.get("gates", []), size)
        par = data.get("par")
        if par is not None and self._int("par", par) and start is not None:
            best_possible = len(board(size)) - 1 - len(empty) + (purse if isinstance(purse, int) else 0)
            if not 0 <= par <= best_possible:
                self.fail("par", f"expected a score from 0 to {best_possible} (coins plus purse), got {par}")
        for key, limit in (("hint", MAX_HINT), ("idea", MAX_IDEA), ("author", MAX_AUTHOR)):
            if key in data:
                self._text(key, data[key], limit)
        if self.problems or start is None or self.fail_later:
            return None
        return Level(
            name=name, size=size, start=start, purse=purse, empty=frozenset(empty),
            gates=frozenset(gates), par=par, hint=data.get("hint", ""),
            author=data.get("author", ""), idea=data.get("idea", ""), source=self.source,
        )

    def _text(self, key: str, value: Any, limit: int, required: bool = False) -> None:
        """Names and hints are shown on screen: plain text only, and short enough to fit."""
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(key, f"expected a {'non-empty ' if required else ''}string, got {_show(value)}")
            return
        problem = text_problem(value, limit)
        if problem:
            self.fail(key, problem)

    def _int(self, key: str, value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"expected an integer, got {_show(value)}")
            return False
        return True

    def _cell(self, key: str, value: Any, size: int) -> Cell | None:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            self.fail(key, f"expected a cell [q, r] of two integers, got {_show(value)}")
            return None
        cell = (value[0], value[1])
        if cell not in board(size):
            limit = f"max(|q|, |r|, |q+r|) <= {size - 1}"
            self.fail(key, f"expected a cell on the size-{size} board ({limit}), got {list(cell)}")
            return None
        return cell

    def _list(self, key: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            self.fail(key, f"expected a list, got {_show(value)}")
            return []
        if len(value) > MAX_LIST:
            self.fail(key, f"expected at most {MAX_LIST} items, got {len(value)}")
            return []
        return value

    def _empty(self, value: Any, size: int, start: Cell | None) -> set[Cell]:
        cells: set[Cell] = set()
        for index, item in enumerate(self._list("empty", value)):
            key = f"empty[{index}]"
            cell = self._cell(key, item, size)
            if cell is None:
                continue
            if cell == start:
                self.fail(key, f"the start cell {list(cell)} has no coin already; expected another cell")
            elif cell in cells:
                self.fail(key, f"{list(cell)} is listed twice; expected each cell once")
            cells.add(cell)
        return cells

    def _gates(self, value: Any, size: int) -> set[Edge]:
        gates: set[Edge] = set()
        for index, item in enumerate(self._list("gates", value)):
            key = f"gates[{index}]"
            if not isinstance(item, list) or len(item) != 2:
                self.fail(key, f"expected a gate [[q, r], [q, r]] of two cells, got {_show(item)}")
                continue
            a, b = self._cell(key, item[0], size), self._cell(key, item[1], size)
            if a is None or b is None:
                continue
            if not board(size).is_edge(a, b):
                self.fail(key, f"expected two neighbouring cells, got {list(a)} and {list(b)}")
                continue
            e = edge(a, b)
            if e in gates:
                self.fail(key, f"duplicate gate {list(a)}-{list(b)}; expected each edge at most once")
            gates.add(e)
        return gates


def _suggestion(key: str) -> str:
    close = difflib.get_close_matches(key, KNOWN_KEYS, n=1, cutoff=0.5)
    known = ", ".join(KNOWN_KEYS)
    return f" (did you mean '{close[0]}'?)" if close else f"; expected one of {known}"


def _show(value: Any) -> str:
    return describe(value, 40)


# --- writing ------------------------------------------------------------------------
def write_level(level: Level, path: str | os.PathLike[str]) -> None:
    """Write atomically: a temporary file in the same folder, then a rename."""
    atomic_write_text(Path(path), level.to_toml())


def level_files(paths: Iterable[str | os.PathLike[str]], notices: list[str] | None = None,
                max_files: int = MAX_FOLDER_LEVELS) -> list[Path]:
    """Expand folders into their .toml files (sorted); keep files as given.

    A folder walk is capped in depth and count (game.safeio.walk_files); when it stops early
    the one-line notice is appended to `notices`."""
    out: list[Path] = []
    for item in paths:
        if not str(item):
            raise LevelError("<no path>: expected a level file or folder, got an empty path")
        path = Path(item)
        if path.is_dir():
            found, notice = walk_files(path, ".toml", max_files=max_files)
            out.extend(found)
            if notice and notices is not None:
                notices.append(notice)
        else:
            out.append(path)
    return out


def load_levels(folder: str | os.PathLike[str]) -> tuple[list[Level], list[LevelProblem]]:
    """Every valid level in a folder, and the problems of the others (which are skipped)."""
    levels: list[Level] = []
    problems: list[LevelProblem] = []
    notices: list[str] = []
    files = level_files([folder], notices)
    problems.extend(LevelProblem(show_name(folder), "", notice.removeprefix(f"{show_name(folder)}: "))
                    for notice in notices)
    for path in files:
        level, found = read_level(path)
        if level is not None:
            levels.append(level)
        problems.extend(found)
    return levels, problems
