"""The environment variables SDL reads to open a window and play sound, checked before it does.

SDL decodes them as UTF-8 inside pygame, so a byte that is not (a damaged shell profile, a value
from another system) ended the window's start in a UnicodeDecodeError traceback. These are
doors like any other (docs/FILES.md): a bad value gets one line naming the variable and what
was expected, before pygame is imported.
"""

from __future__ import annotations

import os

from game.cli.options import DataError

#: what SDL reads from the environment to choose and reach its drivers
DISPLAY_VARIABLES = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY")
MAX_LENGTH = 256  # characters: a driver name or a display address


def check_display_environment() -> None:
    """Raise DataError naming the first display variable that is not short, plain UTF-8 text."""
    for name in DISPLAY_VARIABLES:
        value = os.environ.get(name)
        if value is None:
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # os.environ keeps a byte that is not UTF-8 as a lone surrogate
            raise DataError(f"${name}: expected UTF-8 text, got {ascii(value)[:60]}") from None
        if len(value) > MAX_LENGTH or not value.isprintable():
            raise DataError(f"${name}: expected a driver name or display of at most {MAX_LENGTH} printable "
                            f"characters, got {ascii(value)[:60]}")
