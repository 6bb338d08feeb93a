"""Where our files live: the data folder, from the environment, checked like any outside value.

`COINLAND_DATA_DIR` (tests and portable installs) wins, then `$XDG_DATA_HOME/coinland`, then
`~/.local/share/coinland`. A value that is empty, relative (XDG says to ignore those), too
long or holding control characters is not used; the next choice is. The folder is resolved
once, so a link the user made to move the whole folder is honoured, while every link
*inside* it is refused by the writers (game.safeio.writing).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from game.safeio.errors import plain

MAX_PATH = 4096
ENV_DATA_DIR = "COINLAND_DATA_DIR"
ENV_XDG_DATA_HOME = "XDG_DATA_HOME"
ENV_HOME = "HOME"


def env_path(name: str, relative_ok: bool = False) -> Path | None:
    """The path in environment variable `name`, or None when it is unset or not a usable path."""
    value = os.environ.get(name, "")
    if not value or len(value) > MAX_PATH or not all(plain(ch) or 0xDC80 <= ord(ch) <= 0xDCFF for ch in value):
        return None
    try:
        path = Path(value).expanduser()
    except RuntimeError:  # "~nobody/x": no such user
        return None
    if not path.is_absolute():
        if not relative_ok:
            return None
        path = Path.cwd() / path
    return path


def data_dir() -> Path:
    """The user's data folder (not created here), resolved."""
    chosen = env_path(ENV_DATA_DIR, relative_ok=True)
    if chosen is None:
        base = env_path(ENV_XDG_DATA_HOME) or _home() / ".local" / "share"
        chosen = base / "coinland"
    try:
        return chosen.resolve()
    except (OSError, RuntimeError):  # a link loop: use it as it is; the writers refuse links anyway
        return chosen


def _home() -> Path:
    """$HOME when it is a usable absolute path, else the account's home, else a private temp place."""
    home = env_path(ENV_HOME)
    if home is not None:
        return home
    try:
        import pwd

        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError, OSError):  # Windows, or no password entry (a bare container)
        pass
    try:
        return Path.home()
    except (RuntimeError, KeyError):
        return Path(tempfile.gettempdir()) / f"coinland-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
