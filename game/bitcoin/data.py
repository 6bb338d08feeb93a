"""Reading the printed material of Finding Satoshi from the TOML files in assets/bitcoin/.

The boards, cards and tables of the original did not survive, so the project designed them
(RULES.md section 4) and keeps them as data, not code: the rules engine, the rules screen and
docs/finding-satoshi-data.md all read the same files. Every value is checked when loaded; a
broken file raises `DataError` with one line naming the file, the key and what was expected.

`load_data()` reads the shipped folder once and caches it; `load_data(folder)` reads another
(the tuning script writes variants to a temporary folder). The values read are the frozen
dataclasses of game/bitcoin/printed.py (what the boards and cards are); this module is how
they are read and checked, and names them too for its callers.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any

from game import resources, safeio
from game.bitcoin.printed import (
    BITCOIN_JOBS,
    FIAT_JOBS,
    JOB_KEYS,
    PERSONAL_EFFECTS,
    TILE_KINDS,
    BitcoinNews,
    EconomicNews,
    GameData,
    Job,
    MiningLevel,
    PersonalEvent,
    Rules,
    SoftwareLevel,
    Space,
    Tile,
    Track,
)

ASSETS = resources.ASSETS / "bitcoin"  # found through game.resources: a checkout or an installed wheel
FILES = ("rules", "track", "tiles", "advancements", "jobs", "news", "personal")


class DataError(ValueError):
    """A data file that breaks the schema; the message is one line: file, key, expectation."""


# --- reading with checks ---------------------------------------------------------------
class _Table:
    """One TOML table being read: every failure names the file and the dotted key."""

    def __init__(self, file: str, where: str, data: Any) -> None:
        self.file, self.where = file, where
        if not isinstance(data, dict):
            self.fail("", "a table", data)
        self.data: dict[str, Any] = data

    def fail(self, key: str, expected: str, got: Any) -> None:
        path = f"{self.where}.{key}" if self.where and key else (self.where or key)
        raise DataError(f"{self.file}: {path}: expected {expected}, got {got!r}")

    def _get(self, key: str, default: Any) -> Any:
        if key not in self.data:
            if default is _MISSING:
                self.fail(key, "a value (missing)", None)
            return default
        return self.data[key]

    def int(self, key: str, low: int | None = None, high: int | None = None, default: Any = None) -> int:
        value = self._get(key, _MISSING if default is None else default)
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (low is not None and value < low) or (high is not None and value > high):
            bounds = " ".join(p for p in (f">= {low}" if low is not None else "",
                                          f"<= {high}" if high is not None else "") if p)
            self.fail(key, f"an integer {bounds}".strip(), value)
        return value

    def str(self, key: str, choices: tuple[str, ...] | None = None, default: Any = None) -> str:
        value = self._get(key, _MISSING if default is None else default)
        if not isinstance(value, str) or not value or (choices and value not in choices):
            self.fail(key, f"one of {', '.join(choices)}" if choices else "a non-empty string", value)
        return value

    def bool(self, key: str, default: Any = None) -> bool:
        value = self._get(key, _MISSING if default is None else default)
        if not isinstance(value, bool):
            self.fail(key, "true or false", value)
        return value

    def table(self, key: str) -> _Table:
        return _Table(self.file, f"{self.where}.{key}" if self.where else key, self._get(key, _MISSING))

    def tables(self, key: str) -> list[_Table]:
        value = self._get(key, _MISSING)
        if not isinstance(value, list) or not value:
            self.fail(key, f"one or more [[{key}]] tables", value)
        return [_Table(self.file, f"{key}[{i}]", item) for i, item in enumerate(value)]

    def only(self, *keys: str) -> None:
        unknown = sorted(set(self.data) - set(keys))
        if unknown:
            self.fail(unknown[0], f"one of the keys {', '.join(keys)}", "unknown key")


_MISSING = object()
DATA_LIMIT = 256 * 1024  # each rules data file is a few KiB


def _read(folder: Path, name: str) -> _Table:
    path = folder / f"{name}.toml"
    label = f"assets/bitcoin/{name}.toml" if folder == ASSETS else str(path)
    try:
        text = safeio.read_text(path, DATA_LIMIT, "rules data file")
    except safeio.UnsafeInput as error:
        raise DataError(f"{label}: cannot read the file ({error.reason})") from None
    try:
        return _Table(label, "", tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{label}: not valid TOML ({error})") from None
    except (RecursionError, ValueError) as error:  # nested without end, or a number past Python's digit limit
        raise DataError(f"{label}: not valid TOML ({safeio.one_line(str(error), 80)})") from None


def _rules(t: _Table) -> Rules:
    prices, money, effect = t.table("prices"), t.table("money"), t.table("job_effect")
    movement, winning, difficulty = t.table("movement"), t.table("winning"), t.table("difficulty")
    cost = movement.data.get("btc_cost")
    if not (isinstance(cost, list) and len(cost) == 3 and all(isinstance(c, int) and c >= 0 for c in cost)):
        movement.fail("btc_cost", "three integers >= 0 (BTC for 1, 2, 3 spaces)", cost)
    fiat_below = winning.int("fiat_below", 1)
    everyone_at = winning.int("everyone_at", fiat_below + 1)
    house = t.table("house")
    return Rules(
        food=prices.int("food", 0), internet=prices.int("internet", 0), bitcoin=prices.int("bitcoin", 0),
        starting_usd=money.int("starting_usd", 0), exchange_fee=money.int("exchange_fee", 0),
        secondary_btc_limit=money.int("secondary_btc_limit", 0),
        job_effect={n: effect.int(f"players_{n}", 0) for n in range(2, 7)},
        btc_cost=(cost[0], cost[1], cost[2]),
        roll_success=t.table("software").int("roll_success", 1, 6),
        fiat_below=fiat_below, everyone_at=everyone_at,
        difficulty={k: difficulty.int(k, 0) for k in ("normal", "hard", "very_hard")},
        savings_step=t.table("advanced").int("savings_step", 1),
        max_rounds=house.int("max_rounds", 1), offers_per_turn=house.int("offers_per_turn", 0),
    )


def _track(t: _Table) -> Track:
    start, end = t.str("start"), t.str("end")
    spaces: list[Space] = []
    for s in t.tables("space"):
        s.only("id", "x", "y", "section", "up", "right")
        up = s.str("up") if "up" in s.data else None
        right = s.str("right") if "right" in s.data else None
        spaces.append(Space(s.str("id"), s.int("x"), s.int("y"), s.int("section", 0, 4), up, right))
    by_id = {s.id: s for s in spaces}
    if len(by_id) != len(spaces):
        t.fail("space", "unique space ids", sorted(i for i in by_id if [s.id for s in spaces].count(i) > 1))
    at = {(s.x, s.y): s.id for s in spaces}
    if len(at) != len(spaces):
        t.fail("space", "one space per (x, y)", "two spaces share a position")
    for i, s in enumerate(spaces):
        for key, link, cell in (("up", s.up, (s.x, s.y + 1)), ("right", s.right, (s.x + 1, s.y))):
            if link != at.get(cell):
                wanted = (f"{at[cell]!r} (the space at {cell})" if cell in at
                          else f"no {key} key (no space at {cell})")
                t.fail(f"space[{i}].{key}", wanted, link)
    for key, wanted, section in (("start", start, 0), ("end", end, 4)):
        if wanted not in by_id or by_id[wanted].section != section:
            t.fail(key, f"the id of a space with section = {section}", wanted)
    successors = {s.id: tuple(x for x in (s.up, s.right) if x) for s in spaces}
    distance = _distances(successors, end)
    stuck = [s.id for s in spaces if s.id not in distance]
    if stuck:
        t.fail("space", "End reachable from every space", f"no way on from {stuck[0]}")
    if successors[end]:
        t.fail("end", "a space with no up or right neighbour", end)
    if set(_reachable(successors, start)) != set(by_id):
        t.fail("space", "every space reachable from Start", "unreachable spaces")
    index = {s.id: i for i, s in enumerate(spaces)}
    return Track(tuple(spaces), start, end, by_id, successors, distance, index)


def _distances(successors: dict[str, tuple[str, ...]], end: str) -> dict[str, int]:
    before: dict[str, list[str]] = {k: [] for k in successors}
    for here, nexts in successors.items():
        for n in nexts:
            before[n].append(here)
    distance, todo = {end: 0}, deque([end])
    while todo:
        here = todo.popleft()
        for prev in before[here]:
            if prev not in distance:
                distance[prev] = distance[here] + 1
                todo.append(prev)
    return distance


def _reachable(successors: dict[str, tuple[str, ...]], start: str) -> list[str]:
    seen, todo = {start}, [start]
    while todo:
        for n in successors[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return list(seen)


def _advancements(t: _Table) -> tuple[tuple[SoftwareLevel, ...], tuple[MiningLevel, ...]]:
    software = []
    for s in t.tables("software"):
        s.only("version", "rise", "roll")
        software.append(SoftwareLevel(s.str("version"), s.int("rise", 0), s.bool("roll")))
    mining = []
    for m in t.tables("mining"):
        m.only("level", "rise", "btc")
        mining.append(MiningLevel(m.str("level"), m.int("rise", 0), m.int("btc", 0)))
    for key, names in (("software", [s.version for s in software]), ("mining", [m.level for m in mining])):
        if len(set(names)) != len(names):
            t.fail(key, "distinct levels", names)
    return tuple(software), tuple(mining)


def _tiles(t: _Table, track: Track, software: tuple[SoftwareLevel, ...],
           mining: tuple[MiningLevel, ...]) -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    versions, levels = [s.version for s in software[1:]], [m.level for m in mining[1:]]
    for s in t.tables("tile"):
        kind = s.str("kind", TILE_KINDS)
        extra = {"mining": ("level",), "software": ("version",), "software_alt": ("rise",),
                 "job_opportunity": ("fee",), "personal_event": ("lucky",)}.get(kind, ())
        s.only("id", "section", "kind", "count", *extra)
        tile = Tile(
            id=s.str("id"), section=s.int("section", 1, 3), kind=kind, count=s.int("count", 1),
            level=s.str("level", tuple(levels)) if kind == "mining" else "",
            version=s.str("version", tuple(versions)) if kind == "software" else "",
            rise=s.int("rise", 1) if kind == "software_alt" else 0,
            fee=s.int("fee", 0, default=0) if kind == "job_opportunity" else 0,
            lucky=s.bool("lucky", default=False) if kind == "personal_event" else False,
        )
        if tile.id in tiles:
            s.fail("id", "a tile id used once", tile.id)
        tiles[tile.id] = tile
    for section in (1, 2, 3):
        spaces = len(track.section_spaces(section))
        count = sum(x.count for x in tiles.values() if x.section == section)
        if count != spaces:
            t.fail("tile", f"{spaces} tiles with section = {section} (its spaces on the track)", count)
    return tiles


def _jobs(t: _Table) -> dict[str, Job]:
    jobs: dict[str, Job] = {}
    for s in t.tables("job"):
        job_id = s.str("id", tuple(JOB_KEYS))
        kind = s.str("kind", ("fiat", "bitcoin"))
        if (kind == "fiat") != (job_id in FIAT_JOBS):
            s.fail("kind", "fiat" if job_id in FIAT_JOBS else "bitcoin", kind)
        keys = JOB_KEYS[job_id]
        s.only("id", "name", "kind", "count", "text", *keys)
        values = tuple((k, s.int(k, None if k == "internet_change" else 0)) for k in keys)
        if job_id in jobs:
            s.fail("id", "each job once", job_id)
        jobs[job_id] = Job(job_id, s.str("name"), kind, s.int("count", 1), s.str("text"), values)
    missing = [j for j in JOB_KEYS if j not in jobs]
    if missing:
        t.fail("job", "every job of the rules", f"no {missing[0]}")
    if sum(j.count for j in jobs.values() if j.is_fiat) != 7:
        t.fail("job", "7 Fiat job cards (one of each)", sum(j.count for j in jobs.values() if j.is_fiat))
    return jobs


def _numbered(tables: list[_Table], key: str, high: int, t: _Table, name: str) -> list[_Table]:
    numbers = sorted(s.int(key, 1, high) for s in tables)
    if numbers != list(range(1, high + 1)):
        t.fail(name, f"{key}s 1 to {high}, each once", numbers)
    return sorted(tables, key=lambda s: s.data[key])


def _news(t: _Table) -> tuple[dict[int, BitcoinNews], dict[int, EconomicNews]]:
    bitcoin: dict[int, BitcoinNews] = {}
    for s in _numbered(t.tables("bitcoin_news"), "number", 6, t, "bitcoin_news"):
        s.only("number", "headline", "price")
        bitcoin[s.int("number")] = BitcoinNews(s.int("number"), s.str("headline"), s.int("price"))
    headlines = {}
    for s in _numbered(t.tables("economic_news"), "number", 6, t, "economic_news"):
        s.only("number", "headline")
        headlines[s.int("number")] = s.str("headline")
    economic: dict[int, EconomicNews] = {}
    for s in _numbered(t.tables("economic_table"), "number", 6, t, "economic_table"):
        s.only("number", "food", "internet")
        n = s.int("number")
        economic[n] = EconomicNews(n, headlines[n], s.int("food", 0), s.int("internet", 0))
    return bitcoin, economic


def _personal(t: _Table) -> dict[int, PersonalEvent]:
    events: dict[int, PersonalEvent] = {}
    for s in _numbered(t.tables("personal_event"), "roll", 7, t, "personal_event"):
        s.only("roll", "title", "text", "usd", "btc", "effect")
        events[s.int("roll")] = PersonalEvent(s.int("roll"), s.str("title"), s.str("text"), s.int("usd"),
                                              s.int("btc"), s.str("effect", PERSONAL_EFFECTS))
    return events


def read_data(folder: Path | str) -> GameData:
    """Read and check every file of a data folder (uncached)."""
    folder = Path(folder)
    tables = {name: _read(folder, name) for name in FILES}
    version = data_version({name: table.data for name, table in tables.items()})
    rules, track = _rules(tables["rules"]), _track(tables["track"])
    software, mining = _advancements(tables["advancements"])
    bitcoin_news, economic_news = _news(tables["news"])
    return GameData(
        folder=str(folder), rules=rules, track=track,
        tiles=_tiles(tables["tiles"], track, software, mining), software=software, mining=mining,
        jobs=_jobs(tables["jobs"]), bitcoin_news=bitcoin_news, economic_news=economic_news,
        personal_events=_personal(tables["personal"]),
        version=version,
    )


def data_version(files: dict[str, Any]) -> str:
    """A short digest of every value in the data files (comments and layout do not count).

    A saved game is its seed plus its actions, replayed through the rules on today's data; the
    save records this digest so that a game is never replayed on numbers other than its own."""
    canonical = json.dumps(files, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


@cache
def _cached(folder: str) -> GameData:
    return read_data(folder)


def load_data(folder: Path | str | None = None) -> GameData:
    """The data of `folder` (default: the shipped assets/bitcoin/), read once per folder."""
    return _cached(str(Path(folder).resolve()) if folder else str(ASSETS))


#: the values live in game/bitcoin/printed.py; they are named here too, beside their reader
__all__ = [
    "ASSETS", "BITCOIN_JOBS", "FIAT_JOBS", "FILES", "JOB_KEYS", "PERSONAL_EFFECTS", "TILE_KINDS", "BitcoinNews",
    "DataError", "EconomicNews", "GameData", "Job", "MiningLevel", "PersonalEvent", "Rules", "SoftwareLevel",
    "Space", "Tile", "Track", "data_version", "load_data", "read_data",
]
