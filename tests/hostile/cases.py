"""The battery's cases: one hostile class applied to one door. `all_cases()` lists them all."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.doors import Door
from hostile.run import Sandbox


@dataclass
class Ctx:
    """What a case gets: the door, its probe, a fresh sandbox, a seeded generator, a scale (1 in CI)."""

    door: Door
    probe: Any
    box: Sandbox
    rng: random.Random
    scale: int = 1
    figures: dict[str, float] = field(default_factory=dict)  # measured seconds, for scripts/attack

    @property
    def root(self) -> Path:
        return self.box.root


@dataclass(frozen=True)
class Case:
    cls: str  # the HOSTILE.md class
    name: str
    applies: Callable[[Door, Any], bool]
    run: Callable[[Ctx], None]
    randomised: bool = False  # draws from ctx.rng: scripts/attack runs it many times

    @property
    def id(self) -> str:
        return f"{self.cls}: {self.name}"


def all_cases() -> list[Case]:
    from hostile import cases_files, cases_other, cases_phones, cases_write

    return [*cases_files.CASES, *cases_write.CASES, *cases_other.CASES, *cases_phones.CASES]


def pairs() -> list[tuple[Door, Case]]:
    """Every (door, case) the battery runs, in a stable order."""
    from game.doors import inventory

    out = []
    for door in inventory():
        probe = door.probe() if door.probe else None
        for case in all_cases():
            if case.applies(door, probe):
                out.append((door, case))
    return out
