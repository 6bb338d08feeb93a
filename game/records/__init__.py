"""Game records: every finished puzzle walk, Classic match, Duel and Finding Satoshi game, kept to replay.

    from game import records
    record = records.puzzle_record(level, actions)   # replays once, fills in the result
    records.keep(record)                              # <data dir>/records/, the last 200 kept
    for entry in records.recent(): ...                # readable or not, newest first
    shown = records.open_record(path)                 # read through safeio, validated, replayed

No pygame here: the command line (`python -m game review --record FILE`) and the tests use
the same code as the client.
"""

from game.records.build import classic_record, duel_record, puzzle_record, satoshi_record, watched
from game.records.format import FORMAT, KINDS, Record, RecordError, parse_record
from game.records.replay import Replay, replay, result_of
from game.records.store import (
    KEEP,
    Entry,
    export,
    keep,
    load,
    open_record,
    prune,
    read_entry,
    recent,
    record_files,
    records_dir,
)

__all__ = [
    "FORMAT", "KEEP", "KINDS", "Entry", "Record", "RecordError", "Replay", "classic_record", "duel_record",
    "export", "keep", "load", "open_record", "parse_record", "prune", "puzzle_record", "read_entry", "recent",
    "record_files", "records_dir", "replay", "result_of", "satoshi_record", "watched",
]
