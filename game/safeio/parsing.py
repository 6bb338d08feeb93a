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
import sys
import tomllib
from collections.abc import Iterator
from itertools import compress
from typing import Any

from game.safeio.errors import UnsafeInput, one_line

MAX_DEPTH = 32  # our files nest 4 deep at most; 32 leaves room and stays far from recursion limits
MAX_INT_DIGITS = 30  # no number in any of our files needs more
MAX_INT_BITS = MAX_INT_DIGITS * 4  # a TOML integer with more bits has more than MAX_INT_DIGITS digits
PYTHON_DIGITS = 4300  # Python's own cap on turning digits into an int: set here, whatever the environment says

# Integers are parsed by the parsers in C and checked afterwards (a Python hook per integer cost
# 0.4 s a megabyte); a digit run longer than Python's cap is refused by int() itself, in linear
# time, and PYTHONINTMAXSTRDIGITS=0 in a hostile environment cannot lift that cap for us.
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(PYTHON_DIGITS)


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


def _our_words(error: ValueError) -> str:
    """A parser's refusal, without Python's own wording."""
    if "integer string conversion" in str(error):
        return f"a number with more than {MAX_INT_DIGITS} digits"
    return one_line(str(error), 80)


def parse_json(text: str, source: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON with bounded nesting, bounded integers and finite numbers only."""
    try:
        with _no_collection():
            value = json.loads(text, parse_float=_parse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise UnsafeInput(source, f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno})") from None
    except RecursionError:
        raise UnsafeInput(source, f"nests too deep, expected at most {max_depth} levels") from None
    except ValueError as error:
        raise UnsafeInput(source, f"not valid JSON here: {_our_words(error)}") from None
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
        raise UnsafeInput(source, f"not valid TOML here: {_our_words(error)}") from None
    check_tree(data, source, max_depth)
    return data


_CONTAINERS = (dict, list)
_IS_CONTAINER = frozenset(_CONTAINERS).__contains__
_IS_INT = frozenset({int}).__contains__
_IS_FLOAT = frozenset({float}).__contains__
_INT_LIMIT = 10**MAX_INT_DIGITS


def check_tree(value: Any, source: str, max_depth: int = MAX_DEPTH, numbers: bool = True) -> None:
    """Walk a parsed value once, level by level and without recursion: nesting, and (with
    `numbers`, for TOML, whose integers no hook sees) integer sizes and finite floats.
    Each level is filtered in C (no Python call per item): a megabyte of `[],[],...` is checked in 0.1 s."""
    level = [value] if value.__class__ in _CONTAINERS else []
    depth = 0
    with _no_collection():
        while level:
            depth += 1
            if depth > max_depth:
                raise UnsafeInput(source, f"nests more than {max_depth} levels deep, expected at most {max_depth}")
            below: list[Any] = []
            for node in level:
                if not node:
                    continue
                items = list(node.values()) if node.__class__ is dict else node
                if numbers:
                    _check_numbers(items, source)
                below.extend(compress(items, map(_IS_CONTAINER, map(type, items))))  # all in C
            level = below


def _check_numbers(items: list[Any], source: str) -> None:
    kinds = list(map(type, items))
    ints = list(compress(items, map(_IS_INT, kinds)))  # bools are not ints here: type(True) is bool
    if ints:
        bits = max(map(int.bit_length, ints))
        if bits > MAX_INT_BITS or max(map(abs, ints)) >= _INT_LIMIT:
            raise UnsafeInput(source, f"holds an integer of {bits} bits, expected at most {MAX_INT_DIGITS} digits")
    if not all(map(math.isfinite, compress(items, map(_IS_FLOAT, kinds)))):
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
