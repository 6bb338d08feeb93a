"""Write-side cases of file and folder doors: links and places, space, crashes, ownership,
counts and order, names shown, depth, concurrency."""

from __future__ import annotations

import errno
import os
import threading
import time
from pathlib import Path

from deep_tree import make_chain, remove_chain

from game.doors import LIST, LOCK, PRUNE, WALK, WRITE
from hostile.cases import Case, Ctx
from hostile.run import VICTIM, Broken, check_seen, drive, temp_files


def writes(door, probe) -> bool:
    return probe is not None and WRITE in door.does


def _write(ctx: Ctx, n: int, what: str):
    seen = drive(f"{ctx.door.name}: {what}", ctx.probe.write, ctx.root, n)
    check_seen(seen, f"{ctx.door.name}: {what}")
    return seen


# --- links and places ------------------------------------------------------------------------
def _link_at_target(dangling: bool):
    def run(ctx: Ctx) -> None:
        target = ctx.probe.target(ctx.root)
        target.parent.mkdir(parents=True, exist_ok=True)
        aim = ctx.box.outside / "created-through-a-link" if dangling else ctx.box.victim
        target.symlink_to(aim)
        _write(ctx, 3, "writing over a link")
        ctx.box.outside_untouched()
    return run


def _link_at_lock(ctx: Ctx) -> None:
    for name in ctx.probe.locks:
        lock = ctx.probe.place(ctx.root) / name
        lock.parent.mkdir(parents=True, exist_ok=True)
        lock.symlink_to(ctx.box.outside / f"lock-made-through-a-link-{name}")
    _write(ctx, 3, "writing with a link at the lock's name")
    ctx.box.outside_untouched()


def _linked_folder(ctx: Ctx) -> None:
    place = ctx.probe.place(ctx.root)
    if place.exists():
        return
    place.parent.mkdir(parents=True, exist_ok=True)
    place.symlink_to(ctx.box.outside / "folder", target_is_directory=True)
    for n in range(3):
        _write(ctx, 3 + n, "writing into a folder that is a link")
    ctx.box.outside_untouched()


def _folder_is_a_file(ctx: Ctx) -> None:
    """Its folder's name is taken by a file (or a FIFO): the write says so once, the file stays."""
    place = ctx.probe.place(ctx.root)
    place.parent.mkdir(parents=True, exist_ok=True)
    place.write_bytes(b"a file where a folder should be")
    seen = _write(ctx, 3, "writing where its folder is a file")
    if place.read_bytes() != b"a file where a folder should be":
        raise Broken(f"{ctx.door.name}: the file in its folder's place was changed")
    if len(seen.notices) > 1:
        raise Broken(f"{ctx.door.name}: said {len(seen.notices)} things, expected one notice")


def _links_at_old_temp_names(ctx: Ctx) -> None:
    target = ctx.probe.target(ctx.root)
    target.parent.mkdir(parents=True, exist_ok=True)
    for name in (f"{target.name}.tmp", f".{target.name}.tmp", f".{target.name}.12345678.tmp"):
        (target.parent / name).symlink_to(ctx.box.victim)
    _write(ctx, 3, "writing with links at temporary names")
    ctx.box.outside_untouched()


# --- space and crashes -----------------------------------------------------------------------
def _full_disk(ctx: Ctx) -> None:
    """ENOSPC on every write: the old file stays whole, no partial file, at most one notice."""
    ctx.probe.sample(ctx.root)
    before = {p: p.read_bytes() for p in ctx.root.rglob("*") if p.is_file()}
    real = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    os.write = full
    try:
        seen = drive(f"{ctx.door.name}: writing on a full disk", ctx.probe.write, ctx.root, 4)
    finally:
        os.write = real
    check_seen(seen, f"{ctx.door.name}: writing on a full disk")
    if len(seen.notices) > 1:
        raise Broken(f"{ctx.door.name}: a full disk said {len(seen.notices)} things, expected one notice")
    for path, data in before.items():
        if not ctx.probe.keeps_damage and not path.exists():
            continue  # a cache of ours may be dropped to be remade; never left partial
        if path.read_bytes() != data:
            raise Broken(f"{ctx.door.name}: a full disk damaged {path.name}")
    partial = [p for p in ctx.root.rglob("*") if p.is_file() and p not in before]
    if partial:
        raise Broken(f"{ctx.door.name}: a full disk left partial files: {[p.name for p in partial][:3]}")


def _stale_temps(ctx: Ctx) -> None:
    """A killed run's temporary files go at the next start; a user's files of similar names stay."""
    target = ctx.probe.target(ctx.root)
    target.parent.mkdir(parents=True, exist_ok=True)
    ours = target.parent / f".{target.name}.abc12345.tmp"
    ours.write_bytes(b"half a file")
    theirs = [target.parent / n for n in (".notes.tmp", "notes.tmp", f"{target.name}.bak", ".hidden")]
    for path in theirs:
        path.write_bytes(b"mine")
    link = target.parent / f".{target.name}.zzz12345.tmp"
    link.symlink_to(ctx.box.victim)
    drive(f"{ctx.door.name}: starting", ctx.probe.start, ctx.root)
    if ours.exists():
        raise Broken(f"{ctx.door.name}: a stale temporary file of ours was not removed at start")
    if not all(p.read_bytes() == b"mine" for p in theirs):
        raise Broken(f"{ctx.door.name}: start removed a file that was not ours")
    ctx.box.outside_untouched()


KILL_SETUP = """
sys.path[:0] = {paths!r}
from pathlib import Path
from game.doors import inventory
probe = inventory()[{door!r}].probe()
root = Path({root!r})
"""
KILL_LOOP = """
import itertools
for n in itertools.count(10):
    probe.write(root, n)
"""


def _kill_nine(ctx: Ctx) -> None:
    """`kill -9` at random instants while the door writes: every file still reads, temps go at start."""
    from hostile.killer import Killer

    ctx.probe.sample(ctx.root)
    paths = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]
    setup = KILL_SETUP.format(paths=paths, door=ctx.door.name, root=str(ctx.root))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with Killer(setup, KILL_LOOP, env) as killer:
        for _ in range(4 * ctx.scale):
            killer.kill_after(ctx.rng.uniform(0.0, 0.1))
            seen = drive(f"{ctx.door.name}: reading after kill -9", ctx.probe.read, ctx.root)
            check_seen(seen, f"{ctx.door.name}: reading after kill -9")
            damaged = [n for n in seen.notices if "damaged" in n or "set aside" in n or "corrupt" in n]
            if damaged:
                raise Broken(f"{ctx.door.name}: kill -9 during a write lost data: {damaged[0]}")
    drive(f"{ctx.door.name}: starting after kills", ctx.probe.start, ctx.root)
    left = temp_files(ctx.root)
    if left:
        raise Broken(f"{ctx.door.name}: temporary files left after the next start: {left[:3]}")


def _two_writers(ctx: Ctx) -> None:
    """Two writers at once (two windows) keep both values."""
    ctx.probe.sample(ctx.root)
    threads = [threading.Thread(target=ctx.probe.write, args=(ctx.root, n)) for n in (21, 22)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    seen = drive(f"{ctx.door.name}: reading after two writers", ctx.probe.read, ctx.root)
    from hostile.cases_files import holds

    for n in (21, 22):
        if not holds(seen.value, ctx.probe.value_of(n)):
            raise Broken(f"{ctx.door.name}: two writers at once lost one value ({ctx.probe.value_of(n)!r})")


# --- ownership, counts and order, names shown ------------------------------------------------------
def _flood(ctx: Ctx, count: int, future: bool, names_late: bool) -> list[Path]:
    """`count` copies of a sound file under our names; with `future`, dated ten years ahead."""
    sample = Path(ctx.probe.sample(ctx.root))
    data, place = sample.read_bytes(), ctx.probe.place(ctx.root)
    stamp = time.time() + (10 * 365 * 86400 if future else -86400)
    made = []
    for i in range(count):
        path = place / ctx.probe.our_name(i, names_late)
        path.write_bytes(data)
        os.utime(path, (stamp - i, stamp - i))
        made.append(path)
    return made


FOREIGN = {"notes.json": b'{"my": "notes"}\n', "zzzz.json": b"[]\n", "README.txt": b"mine\n",
           "99999999-999999-999999-puzzle.json": b"my own notes, named like a record\n",
           "game-99999999-999999-1.json": b"my own notes, named like a save\n", "zz-mine.toml": b"# notes\n"}


def _foreign_files_survive(ctx: Ctx) -> None:
    place = ctx.probe.place(ctx.root)
    place.mkdir(parents=True, exist_ok=True)
    for name, data in FOREIGN.items():
        (place / name).write_bytes(data)
        os.utime(place / name, (1, 1))  # the oldest of all: first in line for any pruning by age
    _flood(ctx, max(0, ctx.probe.cap - 2), future=False, names_late=False)
    for n in range(4):
        _write(ctx, 30 + n, "writing past the cap")
    gone = [name for name, data in FOREIGN.items()
            if not (place / name).is_file() or (place / name).read_bytes() != data]
    if gone:
        raise Broken(f"{ctx.door.name}: deleted or changed files that were not its own: {gone}")


def _new_one_listed_first(future: bool, names_late: bool):
    def run(ctx: Ctx) -> None:
        _flood(ctx, ctx.probe.cap + 20, future=future, names_late=names_late)
        seen = _write(ctx, 42, "writing a new one into a full folder")
        new = seen.paths[0] if seen.paths else None
        if new is None or not new.is_file():
            raise Broken(f"{ctx.door.name}: a new one written into a full folder was not kept")
        shown = drive(f"{ctx.door.name}: listing", ctx.probe.listing, ctx.root)
        check_seen(shown, f"{ctx.door.name}: listing")
        if len(shown.paths) > ctx.probe.cap:
            raise Broken(f"{ctx.door.name}: listed {len(shown.paths)}, expected at most {ctx.probe.cap}")
        listed = [path.resolve() for path in shown.paths]
        if not ctx.probe.newest_first:
            if new.resolve() not in listed:
                raise Broken(f"{ctx.door.name}: the new one is not listed among {len(listed)}")
        elif not listed or listed[0] != new.resolve():
            raise Broken(f"{ctx.door.name}: the new one is not listed first "
                         f"(first: {shown.paths[0].name if shown.paths else None})")
    return run


HOSTILE_NAMES = [b"\xff\xfe-not-utf8", b"bell\x07name", "evil\u202eRTL".encode(), b"tab\tname", b"line\nbreak",
                 b"-starts-with-dash", "x\u2066isolate".encode()]


def _hostile_names(ctx: Ctx) -> None:
    """Files with names from another system: shown escaped, never crashing the list."""
    sample = Path(ctx.probe.sample(ctx.root))
    place = os.fsencode(ctx.probe.place(ctx.root))
    for raw in HOSTILE_NAMES:
        for content in (sample.read_bytes(), b"{damaged"):
            name = raw + (b"-ok" if content != b"{damaged" else b"-bad") + os.fsencode(sample.suffix)
            with open(os.path.join(place, name), "wb") as out:
                out.write(content)
    shown = drive(f"{ctx.door.name}: listing hostile names", ctx.probe.listing, ctx.root)
    check_seen(shown, f"{ctx.door.name}: listing hostile names")
    seen = drive(f"{ctx.door.name}: reading hostile names", ctx.probe.read, ctx.root)
    check_seen(seen, f"{ctx.door.name}: reading hostile names")


def _deep_tree(ctx: Ctx) -> None:
    sample = Path(ctx.probe.sample(ctx.root))
    top = ctx.probe.place(ctx.root)
    made = make_chain(top, 1100, sample.name, sample.read_bytes())
    try:
        seen = drive(f"{ctx.door.name}: walking a folder 1,100 deep", ctx.probe.read, ctx.root)
        check_seen(seen, f"{ctx.door.name}: walking a folder 1,100 deep")
    finally:
        remove_chain(top, made)


def _wide_tree(ctx: Ctx) -> None:
    sample = Path(ctx.probe.sample(ctx.root))
    data, place = sample.read_bytes(), ctx.probe.place(ctx.root)
    for i in range(700 if ctx.scale > 1 else 600):
        (place / f"w{i:05d}{sample.suffix}").write_bytes(data)
    seen = drive(f"{ctx.door.name}: walking more files than the cap", ctx.probe.read, ctx.root, seconds=60.0)
    check_seen(seen, f"{ctx.door.name}: walking more files than the cap")


def _many(door, probe) -> bool:
    return writes(door, probe) and probe.many and LIST in door.does


CASES = [
    Case("links and places", "a link at the file's name", writes, _link_at_target(False)),
    Case("links and places", "a dangling link at the file's name", writes, _link_at_target(True)),
    Case("links and places", "a link at the lock's name", lambda d, p: writes(d, p) and LOCK in d.does,
         _link_at_lock),
    Case("links and places", "its folder is a link", lambda d, p: writes(d, p) and bool(p.folder), _linked_folder),
    Case("links and places", "links at temporary names", writes, _links_at_old_temp_names),
    Case("links and places", "its folder is a file", lambda d, p: writes(d, p) and bool(p.folder), _folder_is_a_file),
    Case("space", "a full disk", writes, _full_disk),
    Case("crashes", "stale temporary files at start", writes, _stale_temps),
    Case("crashes", "kill -9 while writing", writes, _kill_nine, randomised=True),
    Case("concurrency", "two writers at once", lambda d, p: writes(d, p) and p.merges, _two_writers),
    Case("ownership", "files not ours survive", lambda d, p: writes(d, p) and (PRUNE in d.does or p.many),
         _foreign_files_survive),
    Case("counts and order", "a new one among many dated in the future", _many, _new_one_listed_first(True, True)),
    Case("counts and order", "a new one among many named later", _many, _new_one_listed_first(False, True)),
    Case("counts and order", "a new one among many older ones named first", _many, _new_one_listed_first(False, False)),
    Case("text", "file names from another system", _many, _hostile_names),
    Case("depth", "a folder 1,100 deep", lambda d, p: p is not None and WALK in d.does, _deep_tree),
    Case("depth", "more files than the walk cap", lambda d, p: p is not None and WALK in d.does, _wide_tree),
]
_ = VICTIM
