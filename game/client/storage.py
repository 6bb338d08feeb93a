"""Settings and progress in the user's data folder, written atomically, never fatal.

A missing file gives defaults; a corrupt one is set aside as `*.corrupt`, reported once
through `warnings`, and replaced by defaults.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.coinland.levels import atomic_write_text


def data_dir() -> Path:
    override = os.environ.get("COINLAND_DATA_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "coinland"


@dataclass
class Settings:
    master_volume: float = 0.8
    effects_volume: float = 0.8
    animation_speed: str = "normal"  # slow, normal, fast, instant
    reduced_motion: bool = False
    fullscreen: bool = False


@dataclass
class Progress:
    best: dict[str, int] = field(default_factory=dict)  # level key -> best score


class Store:
    """Loads and saves Settings and Progress; collects one-line warnings for the player."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()
        self.warnings: list[str] = []
        self.settings = self._load("settings.json", Settings)
        self.progress = self._load("progress.json", Progress)

    def _load(self, name: str, kind: type) -> Any:
        path = self.folder / name
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            known = {f.name for f in fields(kind)}
            value = kind(**{k: v for k, v in raw.items() if k in known})
            if kind is Settings and value.animation_speed not in SPEEDS:
                value.animation_speed = "normal"
            return value
        except FileNotFoundError:
            return kind()
        except (OSError, ValueError, TypeError, AttributeError):
            self._set_aside(path)
            self.warnings.append(f"{name} was unreadable; it was set aside and defaults are used")
            return kind()

    def _set_aside(self, path: Path) -> None:
        with contextlib.suppress(OSError):
            path.replace(path.with_suffix(path.suffix + ".corrupt"))

    def save(self) -> None:
        try:
            atomic_write_text(self.folder / "settings.json", json.dumps(asdict(self.settings), indent=1))
            atomic_write_text(self.folder / "progress.json", json.dumps(asdict(self.progress), indent=1))
        except OSError as error:
            self.warnings.append(f"could not save to {self.folder}: {error.strerror or error}")

    def record(self, key: str, score: int) -> bool:
        """Keep a new best score; True when it is one."""
        if score > self.progress.best.get(key, -1):
            self.progress.best[key] = score
            self.save()
            return True
        return False


SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
