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

import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any

from game import ranges
from game.safeio import (
    UnsafeInput,
    describe,
    need_bool,
    need_choice,
    need_int,
    need_list,
    need_table,
    need_text,
    one_line,
    parse_json,
)

FORMAT = 1
APP = "coinland-record"
KINDS = ("puzzle", "classic", "duel", "satoshi")
MAX_ACTIONS = 20_000  # a Finding Satoshi game of 60 rounds stays far below this
MAX_ACTION_TEXT = 120
MAX_NAME = ranges.PLAYER_NAME_CHARS
MAX_SEED = ranges.SEED[1]
MAX_CODE = 600  # characters of a puzzle's share code
DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
DATE_SLACK = dt.timedelta(days=1)  # a clock a little ahead still makes believable records
DIFFICULTIES = ("normal", "hard", "very_hard")  # game.bitcoin.state.DIFFICULTIES (checked by a test)


class RecordError(ValueError):
    """A record that cannot be read or does not replay; one line: `source: field: expected ...`."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, 300))


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
    players = tuple(need_text(p, source, f"players[{i}]", MAX_NAME, allow_empty=False)
                    for i, p in enumerate(need_list(data.get("players"), source, "players", 6)))
    seed = need_int(data.get("seed", 0), source, "seed", *ranges.SEED)
    setup = need_table(data.get("setup"), source, "setup")
    result = need_table(data.get("result"), source, "result")
    if not result:
        raise UnsafeInput(source, "expected the result the game ended with, got none", "result")
    actions = tuple(need_text(a, source, f"actions[{i}]", MAX_ACTION_TEXT, allow_empty=False)
                    for i, a in enumerate(need_list(data.get("actions"), source, "actions", MAX_ACTIONS)))
    _check_setup(kind, setup, source)
    _check_players(kind, setup, players, source)
    date = check_date(data.get("date"), source)
    return Record(kind, setup, actions, players, result, date, seed, source)


def check_date(value: Any, source: str) -> str:
    """A UTC date as written by `now_text` (2026-01-02T10:00:00Z), real, and not in the future."""
    text = need_text(value, source, "date", 40)
    try:
        moment = dt.datetime.strptime(text, DATE_FORMAT).replace(tzinfo=dt.UTC)
    except ValueError:
        raise UnsafeInput(source, f"expected a date such as 2026-01-02T10:00:00Z, got {describe(text)}",
                          "date") from None
    if moment > dt.datetime.now(dt.UTC) + DATE_SLACK:
        raise UnsafeInput(source, f"expected a date that is not in the future, got {text}", "date")
    return text


def _check_players(kind: str, setup: dict[str, Any], players: tuple[str, ...], source: str) -> None:
    wanted = 1 if kind == "puzzle" else 2 if kind in ("classic", "duel") else len(setup["seats"])
    if len(players) != wanted:
        raise UnsafeInput(source, f"expected {wanted} players for a {kind} record, got {len(players)}", "players")


def _check_setup(kind: str, setup: dict[str, Any], source: str) -> None:
    """The shape of each kind's setup; the rules engines check the values when replaying."""
    if kind == "puzzle":
        need_table(setup.get("level"), source, "setup.level")
        if "code" in setup:  # required, and matched against the level, on replay
            need_text(setup["code"], source, "setup.code", MAX_CODE, allow_empty=False)
    elif kind == "classic":
        need_int(setup.get("size"), source, "setup.size", *ranges.BOARD_SIZE)
        need_int(setup.get("first_hoarder", 0), source, "setup.first_hoarder", *ranges.FIRST)
    elif kind == "duel":
        need_int(setup.get("size"), source, "setup.size", *ranges.BOARD_SIZE)
        need_int(setup.get("first", 0), source, "setup.first", *ranges.FIRST)
        starts = need_list(setup.get("starts"), source, "setup.starts", 2)
        for i, cell in enumerate(starts):
            cells = need_list(cell, source, f"setup.starts[{i}]", 2)
            for j, value in enumerate(cells):
                need_int(value, source, f"setup.starts[{i}][{j}]", -8, 8)
        need_bool(setup.get("may_pass", False), source, "setup.may_pass")  # the pass house rule
    else:
        _check_satoshi(setup, source)


def _check_satoshi(setup: dict[str, Any], source: str) -> None:
    """Finding Satoshi's setup, in the ranges the setup screen and the saves use (game.ranges)."""
    low, high = ranges.SATOSHI_SEATS
    seats = need_list(setup.get("seats"), source, "setup.seats", high)
    if len(seats) < low:
        raise UnsafeInput(source, f"expected {low} to {high} seats, got {len(seats)}", "setup.seats")
    colours = set()
    for i, seat in enumerate(seats):
        table = need_table(seat, source, f"setup.seats[{i}]")
        need_text(table.get("name"), source, f"setup.seats[{i}].name", ranges.SEAT_NAME_CHARS, allow_empty=False)
        need_choice(table.get("kind"), source, f"setup.seats[{i}].kind", ranges.SEAT_KINDS)
        colours.add(need_int(table.get("colour"), source, f"setup.seats[{i}].colour", 0, ranges.PAWN_COLOURS - 1))
    if len(colours) != len(seats):
        raise UnsafeInput(source, "expected a different pawn colour for every seat", "setup.seats")
    need_choice(setup.get("difficulty"), source, "setup.difficulty", DIFFICULTIES)
    need_bool(setup.get("advanced", False), source, "setup.advanced")
    for key, (low, high) in (("max_rounds", ranges.ROUNDS), ("offers_per_turn", ranges.OFFERS)):
        if key in setup:
            need_int(setup[key], source, f"setup.{key}", low, high)
