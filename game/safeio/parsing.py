"""JSON and TOML from outside, parsed in time linear in the text.

There is no pre-scan of the text: the parsers themselves are linear (Python's JSON scanner
is in C; tomllib reads each character once), their own recursion is caught, and the value
they return is walked once, without recursion, to refuse nesting deeper than `MAX_DEPTH`,
integers longer than `MAX_INT_DIGITS` digits and numbers that are not finite. Every hook
that sees a number looks at its length before converting it, so a run of a million digits
costs one length check. (An earlier pre-scan with regular expressions restarted at every
quote of an unterminated string: quadratic, 20 s for one 60 KiB line.)
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import re
import tomllib
from collections.abc import Iterator
from typing import Any

from game.safeio.errors import UnsafeInput, one_line

MAX_DEPTH = 32  # our files nest 4 deep at most; 32 leaves room and stays far from recursion limits
MAX_INT_DIGITS = 30  # no number in any of our files needs more
MAX_INT_BITS = MAX_INT_DIGITS * 4  # a TOML integer with more bits has more than MAX_INT_DIGITS digits


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """The parsers allocate a container per bracket: without this, the cyclic collector runs
    again and again over the growing value and a megabyte of `[[],[],...]` takes seconds."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _parse_int(digits: str) -> int:
    if len(digits) > MAX_INT_DIGITS + 1 and len(digits.lstrip("+-").replace("_", "")) > MAX_INT_DIGITS:
        raise ValueError(f"a number with more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_INT_DIGITS + 20:
        raise ValueError(f"a number written with more than {MAX_INT_DIGITS + 20} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number that is not finite")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} (numbers must be finite)")


def parse_json(text: str, source: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON with bounded nesting, bounded integers and finite numbers only."""
    try:
        with _no_collection():
            value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                               parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise UnsafeInput(source, f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno})") from None
    except RecursionError:
        raise UnsafeInput(source, f"nests too deep, expected at most {max_depth} levels") from None
    except ValueError as error:
        raise UnsafeInput(source, f"not valid JSON here: {one_line(str(error), 80)}") from None
    check_tree(value, source, max_depth)
    return value


# tomllib walks every prefix of a dotted key (`a.b.c...`): quadratic in its parts. A key with
# more parts than we allow nesting is refused before tomllib sees it (a linear search: each
# attempt stops after MAX_DEPTH parts, and only where a key can start).
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')[ \t]*+\.[ \t]*+"""
_LONG_KEY = re.compile(r"(?:^|[\[{,])[ \t]*+(?:" + _KEY_PART + r"){" + str(MAX_DEPTH) + "}", re.MULTILINE)


def parse_toml(text: str, source: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """TOML with bounded nesting, bounded integers and finite numbers only."""
    if _LONG_KEY.search(text):
        raise UnsafeInput(source, f"has a dotted key of more than {MAX_DEPTH} parts, expected at most {MAX_DEPTH}")
    try:
        with _no_collection():
            data = tomllib.loads(text, parse_float=_parse_float)
    except tomllib.TOMLDecodeError as error:
        raise UnsafeInput(source, f"not valid TOML ({one_line(str(error), 100)})") from None
    except RecursionError:
        raise UnsafeInput(source, f"nests too deep, expected at most {max_depth} levels") from None
    except ValueError as error:  # our float hook, or an integer past Python's own digit limit
        raise UnsafeInput(source, f"not valid TOML here: {one_line(str(error), 80)}") from None
    check_tree(data, source, max_depth)
    return data


def check_tree(value: Any, source: str, max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed value once, without recursion: nesting, integer sizes, finite floats."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth >= max_depth:
                raise UnsafeInput(source, f"nests more than {max_depth} levels deep, expected at most {max_depth}")
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list | int | float))
        elif isinstance(node, bool):
            continue
        elif isinstance(node, int) and node.bit_length() > MAX_INT_BITS:
            raise UnsafeInput(source, f"holds an integer of {node.bit_length()} bits, expected small numbers")
        elif isinstance(node, float) and not math.isfinite(node):
            raise UnsafeInput(source, "holds a number that is not finite, expected finite numbers")


def nesting_depth(value: Any) -> int:
    """How deep a parsed value nests (0 for a scalar), counted without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, depth + 1)
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest
