"""Probes of the folders of many files (records, games in progress, My levels) and of the
files and folders a player names (a level file, a record file, a folder of levels)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.doors.probes import FakeApp, FileProbe, Seen


def sample_record(n: int = 1):
    """A finished puzzle walk on a shipped level (one stop), replayed and checked by the builder."""
    from game import LEVELS
    from game.coinland.actions import Stop
    from game.coinland.levels import load_level
    from game.records import puzzle_record

    level = load_level(LEVELS / "1-tutorial" / "01-first-steps.toml")
    return puzzle_record(level, [Stop()], player=f"P{n}")


class RecordsProbe(FileProbe):
    """`records/`: a record kept per finished game, listed on Recent games, the oldest pruned."""

    folder = "records"
    many = True
    slow = True
    merges = True  # two windows keeping a record at once: both kept

    @property
    def ours(self) -> re.Pattern[str]:  # type: ignore[override]
        from game.records.store import NAME

        return NAME

    @property
    def cap(self) -> int:  # type: ignore[override]
        from game.records import KEEP

        return KEEP

    def target(self, root: Path) -> Path:
        return self.place(root) / "20200101-000000-000000-puzzle.json"

    def our_name(self, i: int, late: bool) -> str:
        return f"{'29991231' if late else '20010101'}-000000-{i:06d}-puzzle.json"

    def sample(self, root: Path) -> Path:
        from game.records import keep

        return keep(sample_record(), self.place(root))

    def read(self, root: Path) -> Seen:
        from game.records import recent

        listed = recent(self.place(root), check=True)
        return Seen([entry.problem for entry in listed if entry.problem],
                    [entry.record.players[0] for entry in listed if entry.record is not None])

    def write(self, root: Path, n: int) -> Seen:
        from game.records import keep

        try:
            path = keep(sample_record(n), self.place(root))
        except OSError as error:
            return Seen([f"could not keep the record: {error.strerror or error}"])
        return Seen(paths=[path])

    def value_of(self, n: int) -> Any:
        return f"P{n}"

    def listing(self, root: Path) -> Seen:
        from game.client.review.recent_scene import entry_line
        from game.records import recent

        listed = recent(self.place(root), check=False)
        return Seen(labels=[" ".join(entry_line(entry)) for entry in listed], paths=[e.path for e in listed])


class SatoshiSavesProbe(FileProbe):
    """`satoshi-saves/`: one file per Finding Satoshi game in progress, listed to resume."""

    folder = "satoshi-saves"
    many = True
    slow = True

    @property
    def ours(self) -> re.Pattern[str]:  # type: ignore[override]
        from game.client.satoshi.saves import NAME

        return NAME

    @property
    def cap(self) -> int:  # type: ignore[override]
        from game.client.satoshi.saves import MAX_LISTED

        return MAX_LISTED

    def target(self, root: Path) -> Path:
        return self.place(root) / "game-20200101-000000-1.json"

    def our_name(self, i: int, late: bool) -> str:
        return f"game-{'29991231' if late else '20010101'}-000000-{i}.json"

    def _session(self, n: int):
        from dataclasses import replace

        from game.client.satoshi.session import TableSession, default_setup

        return TableSession.start(replace(default_setup(players=3), seed=n))

    def sample(self, root: Path) -> Path:
        from game.client.satoshi import saves

        app = FakeApp(root)
        session = self._session(1)
        saves.autosave(app, session)
        return session.saved_as

    def read(self, root: Path) -> Seen:
        from game.client.satoshi import saves

        app = FakeApp(root)
        games = saves.listing(app)
        resumed = saves.resume(app)
        return Seen(app.toasts, [game.info.seed for game in games] if resumed is not None or games else [])

    def write(self, root: Path, n: int) -> Seen:
        from game.client.satoshi import saves

        app = FakeApp(root)
        session = self._session(self.value_of(n))
        saves.autosave(app, session)
        return Seen(app.toasts, paths=[session.saved_as] if session.saved_as else [])

    def value_of(self, n: int) -> Any:
        return 7000 + n

    def listing(self, root: Path) -> Seen:
        from game.client.satoshi import saves

        app = FakeApp(root)
        games = saves.listing(app)
        return Seen(app.toasts, labels=[game.label for game in games], paths=[game.path for game in games])


class MyLevelsProbe(FileProbe):
    """`levels/` in the data folder: the player's own levels, walked for the Puzzles screen."""

    fmt = "toml"
    folder = "levels"
    many = True
    newest_first = False  # shown by name, like any pack; a new level must be among them
    ours = re.compile(r"^[^.].*\.toml$")
    cap = 500

    def target(self, root: Path) -> Path:
        return self.place(root) / "mine.toml"

    def _level(self, n: int):
        from game import LEVELS
        from game.coinland.levels import load_level

        level = load_level(LEVELS / "1-tutorial" / "01-first-steps.toml")
        from dataclasses import replace

        return replace(level, name=f"Mine {n}")

    def our_name(self, i: int, late: bool) -> str:
        return f"{'zz' if late else 'aa'}-{i:05d}.toml"

    def read(self, root: Path) -> Seen:
        from game.client.coinland.packs import load_packs

        packs, problems = load_packs(root=self.place(root) / "no-shipped-levels", user_folder=self.place(root))
        names = sorted(level.name for pack in packs for level in pack.levels)
        return Seen([str(p) for p in problems], names)

    def write(self, root: Path, n: int) -> Seen:
        from game.coinland.levels import write_level

        try:
            write_level(self._level(n), self.place(root) / f"mine-{n}.toml")
        except OSError as error:
            return Seen([f"could not save the level: {error.strerror or error}"])
        return Seen(paths=[self.place(root) / f"mine-{n}.toml"])

    def sample(self, root: Path) -> Path:
        from game.coinland.levels import write_level

        write_level(self._level(1), self.target(root))
        return self.target(root)

    def listing(self, root: Path) -> Seen:
        from game.client.coinland.packs import load_packs

        packs, problems = load_packs(root=self.place(root) / "no-shipped-levels", user_folder=self.place(root))
        levels = [level for pack in packs for level in pack.levels]
        return Seen([str(p) for p in problems], labels=[level.name for level in levels],
                    paths=[Path(level.source) for level in levels])


class LevelFileProbe(FileProbe):
    """A level file a player names: `check`, `solve`, `review`, or typed into "Play a shared level"."""

    fmt = "toml"
    name = "level.toml"

    def read(self, root: Path) -> Seen:
        from game.coinland.levels import read_level

        level, problems = read_level(self.target(root))
        return Seen([str(p) for p in problems], None if level is None else level.name)

    def write(self, root: Path, n: int) -> Seen:
        from game.coinland.levels import write_level

        try:
            write_level(MyLevelsProbe()._level(n), self.target(root))
        except OSError as error:
            return Seen([f"could not write the level: {error.strerror or error}"])
        return Seen()

    def value_of(self, n: int) -> Any:
        return f"Mine {n}"


class LevelTreeProbe(MyLevelsProbe):
    """A folder of levels a player names (`check FOLDER`), walked to any depth they built."""

    folder = "tree"

    def read(self, root: Path) -> Seen:
        from game.coinland.levels import load_levels

        levels, problems = load_levels(self.place(root))
        return Seen([str(p) for p in problems], sorted(level.name for level in levels))


class RecordFileProbe(FileProbe):
    """A record file a player names (`review --record FILE`, "Open a file") or exports."""

    name = "shared-record.json"
    raises = ()  # set in read: RecordError, a ValueError with a one-line text

    def read(self, root: Path) -> Seen:
        from game.records import RecordError, open_record

        try:
            shown = open_record(self.target(root))
        except RecordError as error:
            return Seen([str(error)])
        return Seen([], shown.record.players[0])

    def write(self, root: Path, n: int) -> Seen:
        from game.records import export

        try:
            export(sample_record(n), self.target(root))
        except OSError as error:
            return Seen([f"could not export: {error.strerror or error}"])
        return Seen()

    def value_of(self, n: int) -> Any:
        return f"P{n}"


class ExportsProbe(FileProbe):
    """`exports/`: a copy of a record, written when the player presses Export in a review."""

    folder = "exports"

    def target(self, root: Path) -> Path:
        import datetime as dt

        return self.place(root) / f"coinland-puzzle-{dt.datetime.now(dt.UTC):%Y%m%d-%H%M%S}.json"  # the next export

    def read(self, root: Path) -> Seen:
        from game.records import RecordError, open_record
        from game.safeio import list_files

        found = list_files(self.place(root), lambda name: name.endswith(".json"), 1000).files
        players, problems = [], []
        for item in found:
            try:
                players.append(open_record(item.path).record.players[0])
            except RecordError as error:
                problems.append(str(error))
        return Seen(problems, players)

    def write(self, root: Path, n: int) -> Seen:
        from game.client.review.common import export_record

        app = FakeApp(root)
        path = export_record(app, sample_record(n))
        return Seen([t for t in app.toasts if not t.startswith("Exported")], paths=[path] if path else [])

    def value_of(self, n: int) -> Any:
        return f"P{n}"


def record_lies(raw: bytes) -> list[tuple[str, bytes]]:
    """Records that claim what replaying them contradicts (issue 32's examples and their kin)."""
    import json

    from game import LEVELS
    from game.coinland.levels import load_level
    from game.coinland.sharecode import encode

    good = json.loads(raw)
    other = encode(load_level(LEVELS / "1-tutorial" / "02-leapfrog.toml"))

    def told(**changes: object) -> bytes:
        data = dict(good)
        for key, value in changes.items():
            if value is _GONE:
                data.pop(key, None)
            else:
                data[key] = value
        return json.dumps(data).encode()

    satoshi = {"app": "coinland-record", "format": 1, "kind": "satoshi", "date": good["date"],
               "players": ["Ada", "Hal"], "seed": 1, "result": {"winners": [0]}, "actions": ["roll"],
               "setup": {"seats": [{"name": "Ada", "kind": "human", "colour": 0},
                                   {"name": "Hal", "kind": "normal", "colour": 1}],
                         "difficulty": "normal", "advanced": False, "offers_per_turn": 999}}
    return [
        *_lies_of_every_kind(),
        ("a record without its result", told(result=_GONE)),
        ("a record with an empty result", told(result={})),
        ("a record whose result is not the replayed one", told(result={**good["result"], "score": 999})),
        ("a puzzle record with another level's code", told(setup={**good["setup"], "code": other})),
        ("a puzzle record with no code", told(setup={"level": good["setup"]["level"]})),
        ("a record dated 'yesterday'", told(date="yesterday")),
        ("a record dated in the year 2999", told(date="2999-01-01T00:00:00Z")),
        ("a record with two players for a puzzle", told(players=["A", "B"])),
        ("a Finding Satoshi record with 999 offers per turn", json.dumps(satoshi).encode()),
        ("a Finding Satoshi record with 999 rounds",
         json.dumps({**satoshi, "setup": {**satoshi["setup"], "offers_per_turn": 3, "max_rounds": 999}}).encode()),
        ("a Finding Satoshi record with a seat of an unknown kind",
         json.dumps({**satoshi, "setup": {**satoshi["setup"], "offers_per_turn": 3,
                                          "seats": [{"name": "Ada", "kind": "root", "colour": 0},
                                                    {"name": "Hal", "kind": "normal", "colour": 1}]}}).encode()),
    ]


def _lies_of_every_kind() -> list[tuple[str, bytes]]:
    """A short Classic match and a short Duel, each without its result, with an empty one, with a
    result replaying contradicts, and dated 'yesterday': the claims are checked for every kind,
    not only the puzzle the issue named."""
    import json
    import random

    from game.coinland.match import ClassicMatch
    from game.coinland.rules import apply, legal_actions, new_duel
    from game.records import classic_record, duel_record

    rng = random.Random(32)
    match, played = ClassicMatch(size=2), []
    while not match.is_over:
        played.append(rng.choice(match.legal_actions()))
        match = match.apply(played[-1])[0]
    classic = json.loads(classic_record(2, 0, played, ["A", "B"]).to_json())
    start = state = new_duel(2)
    moves = []
    while not state.is_over:
        moves.append(rng.choice(legal_actions(state)))
        state = apply(state, moves[-1])[0]
    duel = json.loads(duel_record(start, moves, ["A", "B"]).to_json())
    wrong = {"classic": {"hoarder_scores": [99, 0], "winner": 0}, "duel": {"purses": [99, 0], "winner": 0}}
    out = []
    for data in (classic, duel):
        kind = data["kind"]
        for what, result in (("without its result", _GONE), ("with an empty result", {}),
                             ("whose result is not the replayed one", wrong[kind])):
            lie = {key: value for key, value in data.items() if key != "result"}
            if result is not _GONE:
                lie["result"] = result
            out.append((f"a {kind} record {what}", json.dumps(lie).encode()))
        out.append((f"a {kind} record dated 'yesterday'", json.dumps({**data, "date": "yesterday"}).encode()))
    return out


_GONE = object()
RecordsProbe.lies = staticmethod(record_lies)  # type: ignore[attr-defined]
RecordFileProbe.lies = staticmethod(record_lies)  # type: ignore[attr-defined]
