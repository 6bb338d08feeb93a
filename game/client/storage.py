"""Settings and puzzle progress in the user's data folder: atomic writes, never a crash.

The folder is `$COINLAND_DATA_DIR` when set (tests use a temporary one), else
`$XDG_DATA_HOME/coinland`, else `~/.local/share/coinland`. Files are JSON written through
`atomic_write_text`, so a crash mid-save leaves the old file or the new one. A file that
cannot be read is moved aside as `NAME.corrupt` and replaced by defaults; a missing one
gets defaults too; either is reported once, as a line in `warnings` the App shows as a toast.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.client.settings import Settings
from game.coinland.levels import atomic_write_text

SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
FORMAT = 1


def data_dir() -> Path:
    override = os.environ.get("COINLAND_DATA_DIR")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "coinland"


@dataclass
class Progress:
    """Best score per level key (`pack/file-stem`), kept across sessions."""

    best: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "best": dict(sorted(self.best.items()))}

    @classmethod
    def from_dict(cls, data: Any, source: str = PROGRESS_FILE) -> tuple[Progress, list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get("best", {}), dict):
            return cls(), [f"{source}: expected an object with a 'best' table of scores"]
        best, problems = {}, []
        for key, score in data.get("best", {}).items():
            if isinstance(score, int) and not isinstance(score, bool) and score >= 0:
                best[str(key)] = score
            else:
                problems.append(f"{source}: best[{key!r}]: expected a score of 0 or more, got {score!r}; dropped")
        return cls(best), problems


class Store:
    """Loads Settings and Progress once, saves them atomically, collects warnings for the player."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.warnings: list[str] = []
        missing = [name for name in (SETTINGS_FILE, PROGRESS_FILE) if not (self.folder / name).exists()]
        self.settings: Settings = self._load(SETTINGS_FILE, Settings.from_dict)
        self.progress: Progress = self._load(PROGRESS_FILE, Progress.from_dict)
        if len(missing) == 2:
            self.warnings.append(f"Welcome! Settings and scores will be kept in {self.folder}")
        elif missing:
            self.warnings.append(f"{missing[0]} was missing in {self.folder}; starting from defaults")
        self._save_failed = False

    def _load(self, name: str, parse) -> Any:  # a from_dict classmethod
        path = self.folder / name
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return parse({}, name)[0]
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            reason = "not valid JSON" if isinstance(error, json.JSONDecodeError) else "unreadable"
            self._set_aside(path, move=True)
            self.warnings.append(f"{name} was {reason}; kept it as {name}.corrupt and started from defaults")
            return parse({}, name)[0]
        value, problems = parse(raw, name)
        if problems:
            self._set_aside(path, move=False)
            self.warnings.append(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
        return value

    @staticmethod
    def _set_aside(path: Path, move: bool) -> None:
        target = path.with_name(path.name + ".corrupt")
        with contextlib.suppress(OSError):
            if move:
                path.replace(target)
            else:
                shutil.copyfile(path, target)

    def take_warnings(self) -> list[str]:
        """The warnings not shown yet; each is reported once."""
        out, self.warnings = self.warnings, []
        return out

    def save(self) -> bool:
        """Write both files atomically; on failure warn once and keep playing."""
        try:
            atomic_write_text(self.folder / SETTINGS_FILE, json.dumps(self.settings.to_dict(), indent=1) + "\n")
            atomic_write_text(self.folder / PROGRESS_FILE, json.dumps(self.progress.to_dict(), indent=1) + "\n")
        except OSError as error:
            if not self._save_failed:
                self.warnings.append(f"Could not save to {self.folder}: {error.strerror or error}")
            self._save_failed = True
            return False
        return True

    def best(self, key: str) -> int | None:
        return self.progress.best.get(key)

    def record(self, key: str, score: int) -> bool:
        """Keep a new best score for a level and save; True when it beats the old one."""
        if score > self.progress.best.get(key, -1):
            self.progress.best[key] = score
            self.save()
            return True
        return False
