"""Argument types for every sub-command: command-line options are outside data too.

Each type turns a bad value into argparse's one-line error (`argument --x: ...`) and exit
status 2, so no command starts work on a negative time, a NaN, an empty path or a count
of zero. Numbers are checked for being finite and in range, not merely parseable.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from game.safeio import one_line

NO_LIMIT = ("none", "off", "unlimited")
MAX_SEED = 2**63 - 1


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An integer from `low` to `high` inclusive."""

    def parse(text: str) -> int:
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            shown = one_line(text, 40)
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {shown!r}")
        return value

    parse.__name__ = "integer"
    return parse


def number_range(low: float, high: float) -> Callable[[str], float]:
    """A finite number from `low` to `high` inclusive."""

    def parse(text: str) -> float:
        value = _finite(text)
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a number from {low:g} to {high:g}, got {one_line(text, 40)!r}")
        return value

    parse.__name__ = "number"
    return parse


def seconds(high: float = 86_400.0, allow_none: bool = False) -> Callable[[str], float | None]:
    """A positive, finite number of seconds; with `allow_none`, `none` means no limit."""

    def parse(text: str) -> float | None:
        if allow_none and text.strip().lower() in NO_LIMIT:
            return None
        value = _finite(text)
        if value is None or not 0 < value <= high:
            also = " or 'none' for no limit" if allow_none else ""
            raise argparse.ArgumentTypeError(
                f"expected seconds above 0 and at most {high:g}{also}, got {one_line(text, 40)!r}")
        return value

    parse.__name__ = "seconds"
    return parse


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**63-1."""
    return int_range(0, MAX_SEED)(text)


def path_text(text: str) -> str:
    """A path that is not empty (an empty one would silently mean the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty one")
    if "\x00" in text:
        raise argparse.ArgumentTypeError("expected a path, got one with a NUL character")
    return text


def name_list(choices: tuple[str, ...] | list[str]) -> Callable[[str], list[str]]:
    """A comma-separated list of names, each one of `choices`, at least one."""

    def parse(text: str) -> list[str]:
        names = [n.strip() for n in text.split(",")]
        if not text.strip() or any(not n for n in names):
            raise argparse.ArgumentTypeError(f"expected names separated by commas from {', '.join(choices)}")
        unknown = [n for n in names if n not in choices]
        if unknown:
            raise argparse.ArgumentTypeError(
                f"unknown {one_line(unknown[0], 30)!r}; expected names from {', '.join(choices)}")
        return names

    parse.__name__ = "names"
    return parse


def _finite(text: str) -> float | None:
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        return None
    return value if math.isfinite(value) else None
