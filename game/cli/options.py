"""Option types and errors for every sub-command: command-line options are outside data too.

One voice for every sub-command (docs/COMMANDS.md):

* every value is parsed by one of the checked types below, which know their range: a bad
  value is one line, `coinland SUBCOMMAND: --option: expected ..., got '...'`, exit status 2;
* a number is written in ASCII digits and is finite and inside its documented range (no
  `nan`, `inf`, `1e999`, `0x10` or `١٢`), so no command starts work on a negative time or
  a count of a thousand million;
* `--time-limit none` (or `off`, `unlimited`) means "no limit" in every sub-command that takes it;
* a usage error (an option, a value, a combination) exits 2 and bad data (a file, a record, a
  level) exits 1: raise `UsageError` or `DataError` from a command's `run`.

Each type carries `expected` (the words after "expected"), and numbers their `low` and `high`,
so the hostile battery and the docs test enumerate every option of every parser for free.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any

from game.ranges import SEED
from game.safeio import one_line, show_name

NO_LIMIT = ("none", "off", "unlimited")
MAX_SEED = SEED[1]
MAX_TEXT = 10_000  # characters in any one free-text value (a walk, a list of agents)
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_DECIMAL = re.compile(r"[+-]?([0-9]{1,20}(\.[0-9]{0,20})?|\.[0-9]{1,20})([eE][+-]?[0-9]{1,3})?")


class CommandError(Exception):
    """One line for the user (without the `coinland SUBCOMMAND: ` prefix) and the exit status."""

    status = 1

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, 400))


class UsageError(CommandError):
    """The command line itself is wrong: an option, a value or a combination. Exit status 2."""

    status = 2


class DataError(CommandError):
    """What the command line points to is wrong: a file, a level, a record. Exit status 1."""

    status = 1


def shown(value: Any) -> str:
    """A value as quoted in "got ...": repr, on one line, capped. A byte that was not UTF-8
    (kept by the surrogate escapes of sys.argv) reads `\\xff`, as in every other message."""
    if isinstance(value, str):
        return one_line("'" + show_name(value, 4 * 60) + "'", 60)
    return one_line(repr(value), 60)


def expected(option: str, what: str, got: Any) -> UsageError:
    """The usage error `--option: expected WHAT, got 'GOT'`."""
    return UsageError(f"{option}: expected {what}, got {shown(got)}")


class Checked:
    """The base of every option type: `expected` says what a good value is."""

    kind = "text"
    expected = "a value"

    def __call__(self, text: str) -> Any:
        raise NotImplementedError

    def fail(self, text: str) -> argparse.ArgumentTypeError:
        return argparse.ArgumentTypeError(f"expected {self.expected}, got {shown(text)}")

    def __repr__(self) -> str:  # argparse shows it in some messages
        return self.kind


class Whole(Checked):
    """A whole number from `low` to `high` inclusive, in ASCII digits."""

    kind = "whole"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high
        self.expected = f"a whole number from {low} to {high}"

    def __call__(self, text: str) -> int:
        if not _WHOLE.fullmatch(text.strip()):
            raise self.fail(text)
        value = int(text)
        if not self.low <= value <= self.high:
            raise self.fail(text)
        return value


class Number(Checked):
    """A finite decimal number from `low` to `high` inclusive (never nan or inf)."""

    kind = "number"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high
        self.expected = f"a number from {low:g} to {high:g}"

    def __call__(self, text: str) -> float:
        value = _decimal(text)
        if value is None or not self.low <= value <= self.high:
            raise self.fail(text)
        return value


class Seconds(Checked):
    """Seconds above 0 and at most `high`; with `allow_none`, `none` (off, unlimited) means no limit."""

    kind = "seconds"

    def __init__(self, high: float = 86_400.0, allow_none: bool = False) -> None:
        self.low, self.high, self.allow_none = 0.0, high, allow_none
        also = " or 'none' for no limit" if allow_none else ""
        self.expected = f"seconds above 0 and at most {high:g}{also}"

    def __call__(self, text: str) -> float | None:
        if self.allow_none and text.strip().lower() in NO_LIMIT:
            return None
        value = _decimal(text)
        if value is None or not 0 < value <= self.high:
            raise self.fail(text)
        return value


class Choice(Checked):
    """One name of `choices`, compared without case; `_` and `-` are the same."""

    kind = "choice"

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)
        self.expected = "one of " + ", ".join(self.choices)

    def __call__(self, text: str) -> str:
        name = text.strip().lower().replace("_", "-")
        for choice in self.choices:
            if choice.replace("_", "-") == name:
                return choice
        raise self.fail(text)


class Text(Checked):
    """Free text, checked later by the command: at most `limit` characters, no control characters."""

    kind = "text"

    def __init__(self, what: str = "text", limit: int = MAX_TEXT) -> None:
        self.limit = limit
        self.what = what
        self.expected = f"{what} of at most {limit} characters"

    def __call__(self, text: str) -> str:
        """The text, or an error that says which of the three things is wrong with it."""
        if not text.strip():
            raise argparse.ArgumentTypeError(f"expected {self.what}, got {shown(text)}")
        if len(text) > self.limit:
            raise self.fail(text)
        if not text.isprintable():
            raise argparse.ArgumentTypeError(
                f"expected {self.what} in printable characters (no control characters or bytes "
                f"that are not UTF-8), got {shown(text)}")
        return text


class PathText(Checked):
    """A path: not empty (that would silently mean the current folder), no NUL."""

    kind = "path"
    expected = "a path"

    def __call__(self, text: str) -> str:
        if not text.strip() or "\x00" in text or len(text) > 4096:
            raise self.fail(text)
        return text


def int_range(low: int, high: int) -> Whole:
    """A whole number from `low` to `high` inclusive."""
    return Whole(low, high)


def number_range(low: float, high: float) -> Number:
    """A finite number from `low` to `high` inclusive."""
    return Number(low, high)


def seconds(high: float = 86_400.0, allow_none: bool = False) -> Seconds:
    """A positive, finite number of seconds; with `allow_none`, `none` means no limit."""
    return Seconds(high, allow_none)


seed = Whole(0, MAX_SEED)
path_text = PathText()


def _decimal(text: str) -> float | None:
    """A finite float from plain decimal ASCII, or None ("nan", "inf", "1e999", "0x1p3" are not numbers here)."""
    if not _DECIMAL.fullmatch(text.strip()):
        return None
    value = float(text)
    return value if abs(value) != float("inf") else None
