"""The one error of outside data, and text fit to show it: one line, capped, escaped.

`UnsafeInput` is what every door raises for refused data; `one_line` and `show_name` make
any text (a reason, a file name from another system) safe for a toast, a label or a
terminal line: no control characters, no bidirectional overrides, no undecodable bytes,
nothing a font or an output encoding can choke on.
"""

from __future__ import annotations

import os
import unicodedata
from typing import Any

MAX_NOTICE = 200  # characters of a message shown to a player or printed as one line
KIB = 1024

# Line and paragraph separators break a one-line label; the bidirectional embeddings, overrides
# and isolates reorder the text around them, so a name could show other words than it holds.
NOT_PLAIN = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


class UnsafeInput(ValueError):
    """Outside data that was refused: `str()` is one line, `source: field: expected ...`."""

    def __init__(self, source: str, message: str, field: str = "") -> None:
        self.source, self.field, self.reason = show_name(source, 160), field, message
        where = f"{self.source}: {field}: " if field else f"{self.source}: "
        super().__init__(one_line(where + message))


def plain(ch: str) -> bool:
    """A character that shows as itself on one line (no control, surrogate or direction mark)."""
    return unicodedata.category(ch) not in ("Cc", "Cs") and ch not in NOT_PLAIN


def one_line(text: Any, limit: int = MAX_NOTICE) -> str:
    """Text fit for a single line of output or a toast: capped, encodable, line breaks and tabs
    as spaces, and any other character that would not show as itself escaped like `show_name`
    does (a file name with a byte that is not UTF-8 reads `\xff`, a direction override `\u202e`)."""
    text = str(text)
    if len(text) > 8 * limit:  # never walk a huge text to show a few hundred characters of it
        text = text[: 8 * limit]
    flat = "".join(ch if ch.isprintable() and plain(ch) else " " if ch.isspace() else _escaped(ch) for ch in text)
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _escaped(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, kept by surrogateescape
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def show_name(name: Any, limit: int = MAX_NOTICE) -> str:
    """Any file name or path as printable text: undecodable bytes as `\\xNN`, control and
    direction characters as `\\uNNNN`, capped. Safe for a label, a toast, `print` and logs.

    Takes a str (possibly holding the surrogate escapes `os` uses for non-UTF-8 bytes),
    bytes, or any path-like object."""
    if isinstance(name, bytes):
        name = name.decode("utf-8", "surrogateescape")
    elif isinstance(name, os.PathLike):
        name = os.fspath(name)
        if isinstance(name, bytes):
            name = name.decode("utf-8", "surrogateescape")
    text = str(name)[: 4 * limit]
    out = []
    for ch in text:
        out.append(_escaped(ch) if not plain(ch) or not ch.isprintable() else ch)
    shown = "".join(out)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def describe(value: Any, limit: int = 40) -> str:
    """A short, safe picture of a bad value for an error message."""
    if isinstance(value, str | bytes | list | dict | tuple) and len(value) > 4 * limit:
        value = value[: 4 * limit] if not isinstance(value, dict) else dict(list(value.items())[: limit])
    try:
        shown = repr(value)
    except ValueError:  # a huge int refuses to become text
        shown = f"an integer of {value.bit_length()} bits"
    return one_line(shown, limit)
