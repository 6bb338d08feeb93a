"""How the battery drives a file door through the program's own code.

A probe knows where its door's file lives in a data folder, how the program starts on that
folder, reads the file, writes a new value, and (for a folder of files) lists them. The
battery plants hostile content at the door's place, drives the probe, and checks what the
player would see (`Seen`): nothing raised but the declared one-line errors, every notice
one line, nothing lost, nothing outside the folder touched, and the door still working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.safeio import clean_temps, remove_own


@dataclass
class Seen:
    """What the program showed and kept: notices (toasts, warnings, printed lines), the value it
    ended up with (for round trips), and for listings the labels and files, newest first."""

    notices: list[str] = field(default_factory=list)
    value: Any = None
    labels: list[str] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)


class FakeApp:
    """The few App services the save and listing code calls: a store folder and toasts."""

    def __init__(self, root: Path) -> None:
        from types import SimpleNamespace

        self.store = SimpleNamespace(folder=Path(root))
        self.toasts: list[str] = []
        self.seen: set[str] = set()

    def toast(self, message: str, seconds: float = 3.5) -> None:
        self.toasts.append(message)

    def notice_once(self, key: str, message: str, seconds: float = 6.0) -> None:
        if key not in self.seen:
            self.seen.add(key)
            self.toasts.append(message)


class FileProbe:
    """One file (or folder of files) in the data folder, driven through the program."""

    fmt = "json"  # json | toml | bytes: what hostile content is made of
    folder = ""  # subfolder of the data folder that holds it ("" for the data folder itself)
    name = ""  # the file's name (single-file doors)
    many = False  # a folder of files the program lists (records, saves, levels)
    ours: re.Pattern[str] | None = None  # the names of our files in that folder
    cap = 0  # how many the listing shows at most
    raises: tuple[type[BaseException], ...] = ()  # errors `read` may pass to its caller (one line each)
    keeps_damage = True  # a damaged file is set aside, never deleted (False: a cache we remake)
    merges = False  # two writers at once both keep their value
    locks: tuple[str, ...] = ()  # lock files it creates in its folder
    slow = False  # reading replays games: the battery runs fewer cases on it
    newest_first = True  # a listing shows the newest first (else in its own order, e.g. by name)

    def place(self, root: Path) -> Path:
        """The folder that holds the door's file(s)."""
        return Path(root) / self.folder if self.folder else Path(root)

    def target(self, root: Path) -> Path:
        return self.place(root) / self.name

    def start(self, root: Path) -> Seen:
        """What a program start does with the folder: stale temporary files go."""
        clean_temps(Path(root))
        if self.folder:
            clean_temps(self.place(root))
        return Seen()

    def sample(self, root: Path) -> Path:
        """A sound file written by the program itself; returns its path."""
        self.write(root, 1)
        return self.target(root)

    def read(self, root: Path) -> Seen:
        raise NotImplementedError

    def write(self, root: Path, n: int) -> Seen:
        raise NotImplementedError

    def value_of(self, n: int) -> Any:
        """The value `read` reports after `write(root, n)`; None when reads do not tell."""
        return None

    def listing(self, root: Path) -> Seen:
        return Seen()

    def our_name(self, i: int, late: bool) -> str:
        """The name the program would give its i-th file (late: one that sorts after today's)."""
        return f"{'9999' if late else '0000'}-{i:05d}{Path(self.name).suffix or '.json'}"


class SettingsProbe(FileProbe):
    name = "settings.json"

    def read(self, root: Path) -> Seen:
        from game.client.storage import Store

        store = Store(root)
        return Seen(store.take_warnings(), store.settings.to_dict()["master_volume"])

    def write(self, root: Path, n: int) -> Seen:
        from game.client.storage import Store

        store = Store(root)
        store.take_warnings()
        store.settings.master_volume = self.value_of(n)
        store.save()
        return Seen(store.take_warnings())

    def value_of(self, n: int) -> float:
        return (n % 10) / 10


class ProgressProbe(FileProbe):
    """Every field of progress.json: a best, a helped level and an opened pack per value written,
    so the battery's mutations, round trips and two writers reach each of them."""

    name = "progress.json"
    merges = True
    locks = (".progress.lock",)

    def read(self, root: Path) -> Seen:
        from game.client.storage import Store

        store = Store(root)
        progress = store.progress
        value = {key: (score, f"c1-{score:024x}" in progress.helped, f"Pack {score}" in store.opened)
                 for key, score in progress.best.items()}
        return Seen(store.take_warnings(), value)

    def write(self, root: Path, n: int) -> Seen:
        from game.client.storage import Store

        store = Store(root)
        store.take_warnings()
        store.record(f"k{n:06d}", n)
        store.mark_helped(f"c1-{n:024x}")
        store.note_opened({f"Pack {n}"})
        return Seen(store.take_warnings())

    def value_of(self, n: int) -> Any:
        return (f"k{n:06d}", (n, True, True))

    @staticmethod
    def lies(raw: bytes) -> list[tuple[str, bytes]]:
        """Bests no walk can reach on a shipped level: above its proved par (each must be refused)."""
        import json

        from game.coinland.level_key import level_key
        from game.coinland.pack_folders import shipped_packs

        data = json.loads(raw)
        out = []
        for pack in shipped_packs()[:2]:
            level = pack.levels[-1]
            if level.par is None:
                continue
            for score in (level.par + 1, 10**6):
                lie = {**data, "best": {**data.get("best", {}), level_key(level): score}}
                out.append((f"a best of {score} on {pack.name}'s '{level.name}' (par {level.par})",
                            json.dumps(lie).encode()))
        return out


class SetupMemoryProbe(FileProbe):
    name = "satoshi-setup.json"

    def read(self, root: Path) -> Seen:
        from game.client.satoshi import setup_memory

        drafts, notice = setup_memory.load(root)
        return Seen([notice] if notice else [], drafts["play"].players)

    def write(self, root: Path, n: int) -> Seen:
        from game.client.satoshi import setup_memory

        drafts, _ = setup_memory.load(root)
        drafts["play"].set_players(self.value_of(n))
        notice = setup_memory.save(root, drafts)
        return Seen([notice] if notice else [])

    def value_of(self, n: int) -> int:
        return 2 + n % 5


class MatchSaveProbe(FileProbe):
    """One match slot (Classic or Duel): resumed at start of that mode, written after each move."""

    def __init__(self, mode_name: str) -> None:
        self.mode_name = mode_name
        self.name = f"match-{mode_name}.json"

    def _mode(self):
        from game.coinland.state import Mode

        return Mode.CLASSIC if self.mode_name == "classic" else Mode.DUEL

    def read(self, root: Path) -> Seen:
        from game.client.coinland import match_save

        app = FakeApp(root)
        session = match_save.resume(app, self._mode())
        return Seen(app.toasts, None if session is None else session.seed)

    def write(self, root: Path, n: int) -> Seen:
        from game.client.coinland import match_save
        from game.client.coinland.sessions import HUMAN, DuelSession, MatchSession

        seats = (HUMAN, "normal")
        kind = MatchSession if self.mode_name == "classic" else DuelSession
        session = kind(seats=seats, seed=self.value_of(n), size=3)
        try:
            match_save.save(root, session)
        except OSError as error:
            return Seen([f"could not save: {error.strerror or error}"])
        return Seen()

    def value_of(self, n: int) -> int:
        return 1000 + n


class SoundCacheProbe(FileProbe):
    """The sound cache: ours alone, remade when damaged (so nothing of it is set aside)."""

    fmt = "bytes"
    folder = "cache"
    keeps_damage = False
    FORMAT = (22050, -16, 1)

    def target(self, root: Path) -> Path:
        from game.client.audio import cache_path

        return cache_path(self.place(root), *self.FORMAT)

    def read(self, root: Path) -> Seen:
        from game.client.audio import cached_buffers

        sounds = cached_buffers(*self.FORMAT, self.place(root))
        return Seen([], sorted(sounds))

    def write(self, root: Path, n: int) -> Seen:
        from game.client.audio import CACHE_NAME, cached_buffers

        remove_own(self.target(root), CACHE_NAME)  # the program writes its cache when there is none
        cached_buffers(*self.FORMAT, self.place(root))
        return Seen()
