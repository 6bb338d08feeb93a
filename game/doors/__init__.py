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

from game.doors import files, options, outside
from game.doors.kinds import (
    CACHE,
    DELETE,
    EMIT,
    ENV,
    FILE,
    FOLDER,
    LINES,
    LIST,
    LOCK,
    OPTION,
    PATH,
    PROCESS,
    PRUNE,
    READ,
    SET_ASIDE,
    TEXT,
    WALK,
    WRITE,
    Door,
    Registry,
)

__all__ = ["CACHE", "DELETE", "EMIT", "ENV", "FILE", "FOLDER", "LINES", "LIST", "LOCK", "OPTION", "PATH", "PROCESS",
           "PRUNE", "READ", "SET_ASIDE", "TEXT", "WALK", "WRITE", "Door", "Registry", "door_modules", "inventory"]


def inventory() -> Registry:
    """Every door, built once per call (cheap: probes are only built when the battery runs)."""
    registry = Registry()
    registry.add(*files.DOORS, *outside.DOORS, *options.doors())
    return registry


def door_modules() -> set[str]:
    """Every module some door names as implementing it."""
    return {module for door in inventory() for module in door.code}
