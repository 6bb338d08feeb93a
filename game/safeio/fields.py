"""Checking the fields of parsed outside data: type and range, one line naming what is wrong.

Every `need_*` returns the value when it is what was expected, else raises `UnsafeInput`
naming the source, the field and the expectation. Ranges are passed in by the caller; the
ranges shared by the client, saves and records live in `game.ranges`.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from game.safeio.errors import NOT_PLAIN, UnsafeInput, describe, plain


def need_int(value: Any, source: str, field: str, low: int, high: int) -> int:
    """An integer (never a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnsafeInput(source, f"expected an integer from {low} to {high}, got {describe(value)}", field)
    if not low <= value <= high:
        raise UnsafeInput(source, f"expected an integer from {low} to {high}, got {describe(value)}", field)
    return value


def need_number(value: Any, source: str, field: str, low: float, high: float) -> float:
    """A finite number (int or float, never a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise UnsafeInput(source, f"expected a number from {low} to {high}, got {describe(value)}", field)
    if not low <= value <= high:
        raise UnsafeInput(source, f"expected a number from {low} to {high}, got {describe(value)}", field)
    return value


def need_bool(value: Any, source: str, field: str) -> bool:
    if not isinstance(value, bool):
        raise UnsafeInput(source, f"expected true or false, got {describe(value)}", field)
    return value


def need_choice(value: Any, source: str, field: str, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise UnsafeInput(source, f"expected one of {', '.join(choices)}, got {describe(value)}", field)
    return value


def text_problem(text: str, max_len: int) -> str:
    """Why `text` is not fit to show as a name or label ("" when it is)."""
    if len(text) > max_len:
        return f"expected at most {max_len} characters, got {len(text)}"
    for ch in text:
        if unicodedata.category(ch) == "Cs":
            return "holds an unpaired surrogate, expected plain text"
        if not plain(ch):
            return f"holds the control character U+{ord(ch):04X}, expected plain text"
    return ""


def need_text(value: Any, source: str, field: str, max_len: int, allow_empty: bool = True) -> str:
    """A string with no control characters or lone surrogates, at most `max_len` long."""
    if not isinstance(value, str):
        raise UnsafeInput(source, f"expected text, got {describe(value)}", field)
    problem = text_problem(value, max_len)
    if problem:
        raise UnsafeInput(source, problem, field)
    if not allow_empty and not value.strip():
        raise UnsafeInput(source, "expected some text, got an empty one", field)
    return value


def clean_text(text: str, max_len: int) -> str:
    """Typed or pasted text made safe: control characters and lone surrogates dropped, capped."""
    return "".join(ch for ch in text if plain(ch))[:max_len]


def need_table(value: Any, source: str, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise UnsafeInput(source, f"expected a table of named fields, got {describe(value)}", field)
    return value


def need_list(value: Any, source: str, field: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise UnsafeInput(source, f"expected a list, got {describe(value)}", field)
    if len(value) > max_len:
        raise UnsafeInput(source, f"expected at most {max_len} items, got {len(value)}", field)
    return value


__all__ = ["NOT_PLAIN", "clean_text", "need_bool", "need_choice", "need_int", "need_list", "need_number",
           "need_table", "need_text", "text_problem"]
