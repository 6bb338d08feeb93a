"""The terminal side of every command: streams that never raise, names shown escaped, pipes closed quietly.

* `guard_streams` makes stdout and stderr write what they cannot encode as escapes (`\\xff`
  for a byte of a non-UTF-8 file name, `\\u00b1` for a character the locale lacks), whatever
  the locale or PYTHONIOENCODING say: a message is never lost to a UnicodeEncodeError.
* `escaped` shows any text that came from outside (a file name above all) with its control
  characters, bidirectional overrides and undecodable bytes escaped, so a name cannot move
  the cursor, recolour the terminal or reorder the line it is printed in.
* `silence_stdout` is the end of a closed pipe (`coinland review ... | head -3`): the rest of
  the output goes nowhere and the command exits 141 (128 + SIGPIPE), as Unix tools do.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys

from game.safeio import show_name

ERRORS = "coinland-escape"
CLOSED_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool ended by a closed pipe


def _escape_char(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, carried by surrogateescape: show the byte
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _escape_error(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_escape_char(c) for c in error.object[error.start:error.end]), error.end


codecs.register_error(ERRORS, _escape_error)


def guard_streams() -> None:
    """stdout and stderr write escapes for what they cannot encode, and pass surrogates as `\\xNN`."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors=ERRORS)  # type: ignore[union-attr]


def escaped(text: str) -> str:
    """A whole line of text from outside (a file name in it, say) with every control character,
    bidirectional override and undecodable byte written as an escape (`game.safeio.show_name`,
    uncapped)."""
    text = str(text)
    return show_name(text, max(len(text) * 10, 100))


def to_stderr(line: str, end: str = "\n") -> None:
    """A line on stderr if there is one (a closed or broken stderr loses it quietly)."""
    if sys.stderr is None:  # started with stderr closed (`2>&-`): print(file=None) would write to stdout
        return
    with contextlib.suppress(OSError, ValueError):
        print(line, end=end, file=sys.stderr, flush=True)


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (OSError, ValueError):
        return False


def say(prefix: str, message: str) -> None:
    """One line on stderr, `prefix: message`; a closed or broken stderr loses it quietly."""
    to_stderr(f"{prefix}: {message}")


def silence_stdout() -> int:
    """After a BrokenPipeError: point stdout at /dev/null so the exit's own flush cannot fail
    again (with "Exception ignored ... BrokenPipeError"); the status to exit with."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return CLOSED_PIPE
