"""What a door is: its kinds, the actions it does, `Door` itself and the `Registry` of them.

Kept apart from the package's `__init__` so the lists of doors (files.py, options.py,
outside.py) import these without importing the package that gathers them: no circle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# kinds of door
FILE = "file"  # one file at a known place (settings.json, a cache)
FOLDER = "folder"  # a folder of files we list, keep, prune or walk (records/, My levels)
PATH = "path"  # a file or folder the user names (a level on the command line, an export)
LINES = "lines"  # lines on a stream (the engine protocol)
OPTION = "option"  # a command-line option or argument
ENV = "env"  # an environment variable
TEXT = "text"  # text typed, pasted or decoded (share codes, the clipboard)
PROCESS = "process"  # processes we start and talk to (workers, the window's helper)

# what a door does
READ, WRITE, LOCK, LIST, PRUNE, WALK, CACHE, DELETE, SET_ASIDE, EMIT = (
    "read", "write", "lock", "list", "prune", "walk", "cache", "delete", "set aside", "emit")


@dataclass(frozen=True)
class Door:
    """One place outside data enters or leaves.

    `code` names the modules that implement it: the scan test requires every module that
    uses the safeio file functions to be named by some door. `probe` builds the object the
    battery drives (None only for doors whose class checks need no driver). `limit` is the
    byte cap of what it reads (0: not a reader of bytes). `range` is the documented range of
    a numeric option (low, high)."""

    name: str
    kind: str
    where: str
    does: frozenset[str]
    code: tuple[str, ...]
    limit: int = 0
    probe: Callable[[], Any] | None = None
    range: tuple[float, float] | None = None
    notes: str = ""

    def __post_init__(self) -> None:
        unknown = self.does - {READ, WRITE, LOCK, LIST, PRUNE, WALK, CACHE, DELETE, SET_ASIDE, EMIT}
        if unknown:
            raise ValueError(f"door {self.name}: unknown actions {sorted(unknown)}")


@dataclass
class Registry:
    doors: dict[str, Door] = field(default_factory=dict)

    def add(self, *doors: Door) -> None:
        for door in doors:
            if door.name in self.doors:
                raise ValueError(f"two doors named {door.name}")
            self.doors[door.name] = door

    def of_kind(self, *kinds: str) -> list[Door]:
        return [door for door in self.doors.values() if door.kind in kinds]

    def __iter__(self):
        return iter(self.doors.values())

    def __len__(self) -> int:
        return len(self.doors)

    def __getitem__(self, name: str) -> Door:
        return self.doors[name]
