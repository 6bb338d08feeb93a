"""The level being edited: plain data with the edits a player makes, and why it cannot be saved yet.

Kept apart from the scene so that editing, validation and saving are tested without a window.
Validation is the level files' own (game.coinland.levels.parse_level), so the editor can never
save a level that `python -m game check` would refuse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.coinland.levels import Level, parse_level, write_level
from game.hexgrid import Cell, Edge, board
from game.safeio import make_folder

SIZES = (3, 4, 5, 6)
MAX_PURSE = 9


@dataclass
class Draft:
    name: str = "My level"
    size: int = 4
    start: Cell = (0, 0)
    purse: int = 0
    empty: set[Cell] = field(default_factory=set)
    gates: set[Edge] = field(default_factory=set)
    source: str = ""  # the file it was opened from, to save over it

    @classmethod
    def from_level(cls, level: Level) -> Draft:
        return cls(level.name, level.size, level.start, level.purse, set(level.empty), set(level.gates), level.source)

    def level(self, par: int | None = None) -> Level:
        return Level(self.name.strip(), self.size, self.start, self.purse, frozenset(self.empty),
                     frozenset(self.gates), par, author="", source=self.source)

    def key(self) -> tuple:
        """What the par depends on (not the name); also what undo restores."""
        return self.size, self.start, self.purse, frozenset(self.empty), frozenset(self.gates)

    def restore(self, key: tuple) -> None:
        """Go back to a board saved by `key()` (the name stays as typed)."""
        self.size, self.start, self.purse, empty, gates = key
        self.empty, self.gates = set(empty), set(gates)

    # --- edits ------------------------------------------------------------------------------
    def toggle_gate(self, e: Edge) -> None:
        self.gates ^= {e}

    def set_start(self, cell: Cell) -> None:
        self.start = cell
        self.empty.discard(cell)

    def toggle_empty(self, cell: Cell) -> None:
        if cell != self.start:
            self.empty ^= {cell}

    def set_size(self, size: int) -> None:
        """A new size keeps what still fits on the board."""
        hexes = board(size)
        self.size = size
        self.start = self.start if self.start in hexes else (0, 0)
        self.empty = {c for c in self.empty if c in hexes and c != self.start}
        self.gates = {g for g in self.gates if g[0] in hexes and g[1] in hexes}

    def set_purse(self, purse: int) -> None:
        self.purse = max(0, min(MAX_PURSE, purse))

    # --- checks -------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the level cannot be saved, one line each (empty when it can)."""
        found = [] if self.name.strip() else ["give the level a name"]
        if len(self.empty) >= len(board(self.size)) - 1:
            found.append("leave at least one coin on the board")
        _, issues = parse_level(self.level().to_dict(), source="level")
        found += [f"{issue.key}: {issue.message}" for issue in issues if issue.key != "name" or self.name.strip()]
        return found


def file_name(name: str) -> str:
    """A safe file stem from a level name: `Gold Rush!` -> `gold-rush`."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem[:40] or "level"


def save(draft: Draft, par: int, folder: Path) -> Path:
    """Write the level (with its proved par) atomically into `folder`; returns the path written.

    A level opened from a file in `folder` is saved over that file; a new level never
    overwrites another: it gets the next free name.
    """
    if draft.problems():
        raise ValueError(draft.problems()[0])
    make_folder(folder)
    if draft.source and Path(draft.source).parent.resolve() == folder.resolve():
        path = Path(draft.source)
    else:
        stem, path, n = file_name(draft.name), folder / f"{file_name(draft.name)}.toml", 2
        while path.exists():
            path, n = folder / f"{stem}-{n}.toml", n + 1
    write_level(replace(draft.level(par), source=str(path)), path)
    draft.source = str(path)
    return path
