"""Hostile content for readers: each generator makes bytes of a given size of one worst case."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

Maker = Callable[[int], bytes]


def _fill(unit: bytes, size: int, head: bytes = b"", tail: bytes = b"") -> bytes:
    body = size - len(head) - len(tail)
    return head + (unit * (body // len(unit) + 1))[: max(0, body)] + tail


#: worst cases of time and structure, by format: name -> (size -> bytes)
JSON_WORST: dict[str, Maker] = {
    "escaped quotes, unterminated": lambda n: _fill(b'\\"', n, b'"'),
    "escaped quotes in a value": lambda n: _fill(b'\\"', n, b'{"name": "', b'"}'),
    "quotes and brackets": lambda n: _fill(b'"[\\"{', n, b"["),
    "deep nesting": lambda n: _fill(b"[", n),
    "deep objects": lambda n: _fill(b'{"a":', n),
    "many empty lists": lambda n: _fill(b"[],", n, b"[", b"[]]"),
    "many small objects": lambda n: _fill(b'{"a":1},', n, b"[", b"{}]"),
    "long digit run": lambda n: _fill(b"9", n, b'{"best": {"x": ', b"}}"),
    "many integers": lambda n: _fill(b"1,", n, b"[", b"1]"),
    "many floats": lambda n: _fill(b"1.5e3,", n, b"[", b"1]"),
    "long line of spaces": lambda n: _fill(b" ", n, b"{", b"}"),
    "many keys": lambda n: b"{" + b",".join(b'"k%d":1' % i for i in range(n // 12)) + b"}",
    "long string": lambda n: _fill(b"a", n, b'{"name": "', b'"}'),
    "unicode escapes": lambda n: _fill(b"\\u00e9", n, b'["', b'"]'),
    "surrogate escapes": lambda n: _fill(b"\\ud800", n, b'["', b'"]'),
}

TOML_WORST: dict[str, Maker] = {
    "escaped quotes, unterminated": lambda n: _fill(b'\\"', n, b'name = "'),
    "escaped quotes in a value": lambda n: _fill(b'\\"', n, b'name = "', b'"\n'),
    "triple quotes, unterminated": lambda n: _fill(b'""" ', n, b"name = "),
    "literal triple quotes": lambda n: _fill(b"''' ", n, b"name = "),
    "deep arrays": lambda n: _fill(b"[", n, b"a = "),
    "deep inline tables": lambda n: _fill(b"{a=", n, b"a = "),
    "dotted keys": lambda n: _fill(b"a.", n, b"", b"a = 1\n"),
    "many tables": lambda n: _fill(b"[[t]]\n", n),
    "long digit run": lambda n: _fill(b"9", n, b"par = "),
    "many integers": lambda n: _fill(b"1,", n, b"a = [", b"1]\n"),
    "long comment": lambda n: _fill(b"#", n, b"# "),
    "long line of spaces": lambda n: _fill(b" ", n, b"", b"\n"),
    "brackets in strings": lambda n: _fill(b'"[[[", ', n, b"a = [", b'"x"]\n'),
}

BYTES_WORST: dict[str, Maker] = {
    "zeros": lambda n: bytes(n),
    "newlines": lambda n: b"\n" * n,
    "a header and lengths": lambda n: _fill(b"coin0 999999999\n", n, b"coinland sounds 1\n"),
    "random": lambda n: random.Random(n).randbytes(n),
}

WORST = {"json": JSON_WORST, "toml": TOML_WORST, "bytes": BYTES_WORST}

#: values put in place of one field of a sound file (types and ranges, text, numbers)
JSON_VALUES = [True, False, None, -1, 0, 2**62, "", "x" * 5000, "\u202eevil", "bell\x07", "line\u2028two",
               1.5, -0.0, [], {}, [[[[1]]]], {"a": {"b": {"c": 1}}}, "yesterday", "2999-01-01T00:00:00Z", 999]
RAW_NUMBERS = [b"1e999", b"-1e999", b"NaN", b"Infinity", b"9" * 5000, b"1" + b"0" * 400, b"1.0" + b"0" * 400]


def leaves(value, path=()):
    """Every (path, leaf) of a decoded JSON/TOML value."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield from leaves(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from leaves(child, (*path, index))
    yield path, value


def replaced(value, path, new):
    """A deep copy of `value` with the item at `path` replaced (or deleted when `new` is DELETE)."""
    copy = json.loads(json.dumps(value))
    if not path:
        return new
    node = copy
    for key in path[:-1]:
        node = node[key]
    if new is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = new
    return copy


DELETE = object()
