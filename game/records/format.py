"""The game record: a small versioned JSON value that says what was played and how it ended.

A record holds exactly what is needed to play the game again through its rules engine:
the kind of game, its setup (the whole level for a puzzle, so a record outlives the level
file; board size and who starts for Classic and Duel; seats and options for Finding
Satoshi), its seed, every action in the engine's text form, the players' names, the result
and the date. Everything else (boards, scores at each step, the log) is derived by replay,
so a record can never disagree with the rules that read it.

Reading validates every field through `game.safeio`; a bad record is a `RecordError` whose
text is one line naming the source, the field and what was expected.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.safeio import (
    UnsafeInput,
    need_bool,
    need_choice,
    need_int,
    need_list,
    need_table,
    need_text,
    parse_json,
)

FORMAT = 1
APP = "coinland-record"
KINDS = ("puzzle", "classic", "duel", "satoshi")
MAX_ACTIONS = 20_000  # a Finding Satoshi game of 60 rounds stays far below this
MAX_ACTION_TEXT = 120
MAX_NAME = 60
MAX_SEED = (1 << 63) - 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; one line: `source: field: expected ...`."""


@dataclass(frozen=True)
class Record:
    """One finished game. `result` is what the game ended with, checked again on replay."""

    kind: str
    setup: dict[str, Any]
    actions: tuple[str, ...]
    players: tuple[str, ...]
    result: dict[str, Any]
    date: str  # ISO 8601, UTC
    seed: int = 0
    source: str = field(default="", compare=False)  # the file it was read from, for messages

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "app": APP,
            "kind": self.kind,
            "date": self.date,
            "players": list(self.players),
            "seed": self.seed,
            "setup": self.setup,
            "result": self.result,
            "actions": list(self.actions),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


def parse_record(text: str, source: str) -> Record:
    """A record from JSON text, every field checked; RecordError otherwise."""
    try:
        return record_from(parse_json(text, source), source)
    except UnsafeInput as error:
        raise RecordError(str(error)) from None


def record_from(raw: Any, source: str) -> Record:
    """A record from decoded JSON; UnsafeInput names the first bad field."""
    data = need_table(raw, source, "record")
    if data.get("app") != APP:
        raise UnsafeInput(source, f"expected {APP!r}, got {data.get('app')!r}: not a Coinland game record", "app")
    need_int(data.get("format"), source, "format", FORMAT, FORMAT)
    kind = need_choice(data.get("kind"), source, "kind", KINDS)
    date = need_text(data.get("date", ""), source, "date", 40)
    players = tuple(need_text(p, source, f"players[{i}]", MAX_NAME, allow_empty=False)
                    for i, p in enumerate(need_list(data.get("players"), source, "players", 6)))
    seed = need_int(data.get("seed", 0), source, "seed", 0, MAX_SEED)
    setup = need_table(data.get("setup"), source, "setup")
    result = need_table(data.get("result", {}), source, "result")
    actions = tuple(need_text(a, source, f"actions[{i}]", MAX_ACTION_TEXT, allow_empty=False)
                    for i, a in enumerate(need_list(data.get("actions"), source, "actions", MAX_ACTIONS)))
    _check_setup(kind, setup, source)
    return Record(kind, setup, actions, players, result, date, seed, source)


def _check_setup(kind: str, setup: dict[str, Any], source: str) -> None:
    """The shape of each kind's setup; the rules engines check the values when replaying."""
    if kind == "puzzle":
        need_table(setup.get("level"), source, "setup.level")
    elif kind == "classic":
        need_int(setup.get("size"), source, "setup.size", 2, 8)
        need_int(setup.get("first_hoarder", 0), source, "setup.first_hoarder", 0, 1)
    elif kind == "duel":
        need_int(setup.get("size"), source, "setup.size", 2, 8)
        need_int(setup.get("first", 0), source, "setup.first", 0, 1)
        starts = need_list(setup.get("starts"), source, "setup.starts", 2)
        for i, cell in enumerate(starts):
            cells = need_list(cell, source, f"setup.starts[{i}]", 2)
            for j, value in enumerate(cells):
                need_int(value, source, f"setup.starts[{i}][{j}]", -8, 8)
        need_bool(setup.get("may_pass", False), source, "setup.may_pass")  # the pass house rule
    else:
        seats = need_list(setup.get("seats"), source, "setup.seats", 6)
        for i, seat in enumerate(seats):
            table = need_table(seat, source, f"setup.seats[{i}]")
            need_text(table.get("name"), source, f"setup.seats[{i}].name", MAX_NAME, allow_empty=False)
            need_text(table.get("kind"), source, f"setup.seats[{i}].kind", 20)
            need_int(table.get("colour"), source, f"setup.seats[{i}].colour", 0, 5)
        need_text(setup.get("difficulty"), source, "setup.difficulty", 20)
        need_bool(setup.get("advanced", False), source, "setup.advanced")
