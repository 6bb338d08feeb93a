"""Making a record from a finished game: what the client hooks call when a game ends.

Each builder takes the engine's own values (a level and its actions, a board size and its
actions, a Finding Satoshi setup, seed and actions) and replays them once before anything
is written, so a record that is kept always replays, and its result is the replayed one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.records.format import Record
from game.records.replay import replay, result_of
from game.records.store import now_text


def _texts(actions: Iterable[Any]) -> tuple[str, ...]:
    return tuple(a if isinstance(a, str) else a.text for a in actions)


def _checked(record: Record) -> Record:
    """The record with the result its replay ends with (raises RecordError if it does not replay)."""
    done = replay(record, claims=False)
    return Record(record.kind, record.setup, record.actions, record.players,
                  result_of(record.kind, done.final), record.date, record.seed)


def puzzle_record(level: Any, actions: Iterable[Any], player: str = "You", date: str | None = None) -> Record:
    """A puzzle walk: the whole level travels with it (and its share code, to pass it on)."""
    from game.coinland.sharecode import encode

    setup = {"level": level.to_dict(), "code": encode(level)}
    return _checked(Record("puzzle", setup, _texts(actions), (player,), {}, date or now_text()))


def classic_record(size: int, first_hoarder: int, actions: Iterable[Any], players: Sequence[str],
                   date: str | None = None) -> Record:
    setup = {"size": size, "first_hoarder": first_hoarder}
    return _checked(Record("classic", setup, _texts(actions), tuple(players), {}, date or now_text()))


def duel_record(start: Any, actions: Iterable[Any], players: Sequence[str], date: str | None = None) -> Record:
    """A Duel from its starting board (`start`: the engine State before the first action), with
    the pass house rule when it was on (`may_pass`, written only then)."""
    first = start.to_move
    setup = {"size": start.size, "first": first, "starts": [list(p) for p in start.pawns]}
    if getattr(start, "may_pass", False):
        setup["may_pass"] = True
    return _checked(Record("duel", setup, _texts(actions), tuple(players), {}, date or now_text()))


def satoshi_record(seats: Sequence[Any], difficulty: str, advanced: bool, seed: int, actions: Iterable[Any],
                   date: str | None = None, max_rounds: int | None = None,
                   offers_per_turn: int | None = None) -> Record:
    """A Finding Satoshi game: seats (name, kind, colour), options (house rules too) and seed, then every action."""
    setup: dict[str, Any] = {"seats": [{"name": s.name, "kind": s.kind, "colour": s.colour} for s in seats],
                             "difficulty": difficulty, "advanced": advanced}
    if max_rounds is not None:
        setup["max_rounds"] = max_rounds
    if offers_per_turn is not None:
        setup["offers_per_turn"] = offers_per_turn
    players = tuple(s.name for s in seats)
    return _checked(Record("satoshi", setup, _texts(actions), players, {}, date or now_text(), seed))
