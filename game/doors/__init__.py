"""The door inventory: every place outside data enters or leaves Coinland, in one list.

A door is a file or folder we read, write, lock, list, prune, walk or cache; a line on the
engine's stdin or stdout; a command-line option; an environment variable; pasted text; a
share code. Each door is a `Door` in `DOORS`, and the hostile battery (`tests/hostile`,
run by `tests/test_doors.py` and at length by `scripts/attack`) runs every hostile class
that applies to its kind against it: a door added here gets the whole battery for free.
`tests/test_doors.py` also fails when code under `game/` opens, writes, lists, walks or
deletes anywhere but `game/safeio`, when a module calls the `game.safeio` file functions
without being named by a door, and when an option or an environment variable has no door.

Adding a door (a new save file, a new folder, a new option):

1. add a `Door(...)` to the list of its kind: files and folders in `game/doors/files.py`,
   options in `game/doors/options.py`, everything else in `game/doors/outside.py`;
2. for a file or folder, give it a probe (a `FileProbe` subclass in `game/doors/probes.py`
   or beside it) saying how the program itself reads, writes, lists and starts on it;
3. run `pytest tests/test_doors.py -k NAME`; a case it cannot pass yet goes in
   `tests/hostile/known.py` with the reason and the owner, never silently.

This package imports no pygame; probes import what they drive only when called.
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


def inventory() -> Registry:
    """Every door, built once per call (cheap: probes are only built when the battery runs)."""
    from game.doors import files, options, outside

    registry = Registry()
    registry.add(*files.DOORS, *outside.DOORS, *options.doors())
    return registry


def door_modules() -> set[str]:
    """Every module some door names as implementing it."""
    return {module for door in inventory() for module in door.code}
