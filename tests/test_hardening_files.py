"""Issue 32, files and folders: one regression test per example of the issue (each fails on
the main of the day the issue was filed), beside the battery (tests/test_doors.py) that
probes every door with every class. Hang detectors use generous bounds (a case that took
20 s to minutes now takes well under a second); speed itself is measured by scripts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_records_games import puzzle_game, satoshi_game

from game import LEVELS
from game.client.storage import Store
from game.coinland.levels import level_files, load_levels, read_level
from game.records import RecordError, keep, load, recent, record_files
from game.safeio import UnsafeInput, parse_json, parse_toml

ROOT = Path(__file__).resolve().parents[1]


class Hung(Exception):
    pass


def within(seconds, call, *args):
    """Run `call`; Hung when it is still running after `seconds` (a hang detector, not a speed goal)."""
    def fire(*_):
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return call(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- time ----------------------------------------------------------------------------------
def test_escaped_quotes_are_parsed_in_linear_time():
    """60 KiB of `"\\"\\"...` took 168 s in the nesting pre-scan; now a refusal at once."""
    with pytest.raises(UnsafeInput, match="not valid JSON"):
        within(10, parse_json, '"' + '\\"' * 30_000, "line")
    with pytest.raises(UnsafeInput, match="not valid TOML"):
        within(10, parse_toml, 'name = "' + '\\"' * 30_000, "level")


def test_a_long_dotted_key_is_refused_before_tomllib_walks_it_quadratically():
    with pytest.raises(UnsafeInput, match="dotted key"):
        within(10, parse_toml, "a." * 30_000 + "a = 1\n", "level")


def test_a_progress_file_of_escaped_quotes_does_not_freeze_the_start(tmp_path):
    (tmp_path / "progress.json").write_bytes(b'{"best": {"' + b'\\"' * 500_000)  # never closed
    store = within(10, Store, tmp_path)
    assert store.progress.best == {}
    assert any("progress.json" in warning for warning in store.warnings)


def test_a_level_file_at_its_cap_of_escaped_quotes_is_read_at_once(tmp_path):
    path = tmp_path / "quotes.toml"
    path.write_text('name = "' + '\\"' * 30_000, encoding="utf-8")  # never closed
    level, problems = within(10, read_level, path)
    assert level is None and problems


# --- links and places --------------------------------------------------------------------------
def test_the_sound_cache_never_writes_through_a_link_at_its_temporary_name(tmp_path):
    from game.client import audio

    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    cache = tmp_path / "cache"
    cache.mkdir()
    path = audio.cache_path(cache, 22050, -16, 1)
    for name in (path.name + ".tmp", f".{path.name}.tmp"):
        (cache / name).symlink_to(victim)
    audio.cached_buffers(22050, -16, 1, cache)
    assert victim.read_bytes() == b"precious"
    assert audio.unpack(path.read_bytes(), str(path))  # and the cache itself was written


def test_the_progress_lock_never_creates_a_dangling_links_target(tmp_path):
    data, outside = tmp_path / "data", tmp_path / "outside"
    data.mkdir()
    outside.mkdir()
    (data / ".progress.lock").symlink_to(outside / "made-through-a-link")
    Store(data).record("x/01", 3)
    assert not (outside / "made-through-a-link").exists()
    assert json.loads((data / "progress.json").read_text())["best"]["x/01"] == 3


def test_pruning_records_never_deletes_a_users_own_files(tmp_path):
    record, _ = puzzle_game()
    mine = {"aaa-notes.json": b'{"mine": 1}', "00000000-000000-000000-puzzle.json": b"my notes, named like one"}
    for name, data in mine.items():
        (tmp_path / name).write_bytes(data)
        os.utime(tmp_path / name, (1, 1))  # the oldest of all
    for _ in range(4):
        keep(record, tmp_path, limit=2)
    assert all((tmp_path / name).read_bytes() == data for name, data in mine.items())


def test_pruning_never_follows_a_linked_records_folder(tmp_path):
    record, _ = puzzle_game()
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    old = keep(record, theirs)
    os.utime(old, (1, 1))
    data = old.read_bytes()
    (tmp_path / "records").symlink_to(theirs, target_is_directory=True)
    with pytest.raises(OSError):
        keep(record, tmp_path / "records", limit=1)
    assert old.read_bytes() == data and len(list(theirs.iterdir())) == 1


# --- counts and order ----------------------------------------------------------------------------
def test_a_new_record_is_kept_and_listed_first_among_200_named_and_dated_later(tmp_path):
    record, _ = puzzle_game()
    data = keep(record, tmp_path).read_bytes()
    future = time.time() + 10 * 365 * 86400
    for i in range(200):
        path = tmp_path / f"29991231-000000-{i:06d}-puzzle.json"
        path.write_bytes(data)
        os.utime(path, (future, future))
    new = keep(record, tmp_path)
    assert new.exists()
    assert recent(tmp_path)[0].path == new


def test_a_new_finding_satoshi_save_is_listed_among_200_older_ones(tmp_path):
    from dataclasses import replace
    from types import SimpleNamespace

    from game.client.satoshi import saves
    from game.client.satoshi.session import TableSession, default_setup

    app = SimpleNamespace(store=SimpleNamespace(folder=tmp_path), toast=lambda *a: None,
                          notice_once=lambda *a: None)
    first = TableSession.start(replace(default_setup(players=3), seed=1))
    saves.autosave(app, first)
    data = first.saved_as.read_bytes()
    for i in range(200):
        path = saves.folder(app) / f"game-00000000-000000-{i}.json"  # names sorting first, as the oldest did
        path.write_bytes(data)
        os.utime(path, (1000 + i, 1000 + i))
    new = TableSession.start(replace(default_setup(players=3), seed=99))
    saves.autosave(app, new)
    listed = saves.listing(app)
    assert listed[0].path == new.saved_as and listed[0].info.seed == 99
    assert saves.newest(app).path == new.saved_as  # Resume opens the new game


def test_listing_many_records_reads_only_the_newest_it_shows(tmp_path, monkeypatch):
    from game.records import store

    record, _ = puzzle_game()
    data = keep(record, tmp_path).read_bytes()
    for i in range(2000):
        (tmp_path / f"20200101-000000-{i:06d}-puzzle.json").write_bytes(data)
    reads = []
    real = store.read_text
    monkeypatch.setattr(store, "read_text", lambda *a, **k: (reads.append(1), real(*a, **k))[1])
    entries = recent(tmp_path)
    assert len(entries) == 200 and len(reads) == 200


# --- names and encodings -----------------------------------------------------------------------------
def test_recent_games_shows_a_non_utf8_file_name_escaped_and_draws_it(tmp_path):
    import pygame

    from game.client import text
    from game.client.review.recent_scene import entry_line

    name = os.fsencode(tmp_path) + b"/\xff\xfe-\xe2\x80\xae-broken.json"
    with open(name, "wb") as out:
        out.write(b"{damaged")
    entries = recent(tmp_path, check=True)
    left, right = entry_line(entries[0])
    for shown in (left, right):
        shown.encode("utf-8")  # no lone surrogates left
        assert "\u202e" not in shown
    assert "\\xff" in left
    pygame.init()
    try:
        text.width(left, "body")
        text.render(left)
    finally:
        pygame.quit()


def test_check_prints_a_folder_holding_a_non_utf8_name_escaped(tmp_path, capfd):
    folder = tmp_path / "levels"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/\xff-bad.toml", "wb") as out:
        out.write(b"not = [toml")
    done = subprocess.run([sys.executable, "-m", "game", "check", str(folder), "--no-par"], cwd=ROOT,
                          capture_output=True, env=dict(os.environ, PYTHONIOENCODING="utf-8:strict"))
    assert b"Traceback" not in done.stderr and done.returncode == 1
    assert b"\\xff-bad.toml" in done.stdout + done.stderr


# --- depth ------------------------------------------------------------------------------------------------
@pytest.fixture
def deep_levels(tmp_path):
    """`tmp_path/levels/d/d/.../deep.toml`, 1,100 deep, removed without recursion afterwards."""
    from deep_tree import make_chain, remove_chain

    top = tmp_path / "levels"
    top.mkdir()
    (top / "good.toml").write_text((LEVELS / "1-tutorial" / "01-first-steps.toml").read_text())
    make_chain(top, 1100, "deep.toml", (LEVELS / "1-tutorial" / "02-leapfrog.toml").read_bytes())
    yield top
    remove_chain(top, 1100)


def test_a_folder_1100_deep_neither_crashes_check_nor_the_puzzles_screen_nor_the_start(deep_levels, tmp_path):
    from game.client.coinland.packs import load_packs

    notices: list[str] = []
    assert [p.name for p in level_files([deep_levels], notices)] == ["good.toml"]
    assert notices and "deeper than" in notices[0]
    levels, problems = load_levels(deep_levels)
    assert [level.name for level in levels] and any("deeper" in str(p) for p in problems)
    packs, _ = load_packs(root=tmp_path / "none", user_folder=deep_levels)
    assert packs and packs[0].levels
    (tmp_path / "progress.json").write_text(json.dumps({"format": 1, "best": {"x/01": 3}}))  # old keys: a migration
    store = Store(tmp_path)
    assert store.progress.best


# --- space and crashes ----------------------------------------------------------------------------------
FULL_DISK = """
import resource, signal, sys
sys.path.insert(0, {root!r})
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
from pathlib import Path
from game.client import audio
audio.cached_buffers(44100, -16, 2, Path({folder!r}))
"""


def test_a_full_disk_leaves_no_partial_sound_cache(tmp_path):
    """The file size limit stands in for a full disk: every write past 100 kB fails, as ENOSPC would."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", FULL_DISK.format(root=str(ROOT), folder=str(tmp_path))],
                          capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert list(tmp_path.iterdir()) == []  # neither a partial cache nor its temporary file


def test_stale_temporary_files_go_at_the_next_start_and_others_stay(tmp_path):
    (tmp_path / "records").mkdir()
    stale = [tmp_path / ".settings.json.abcd1234.tmp", tmp_path / "records" / ".x.json.zz99zz99.tmp",
             tmp_path / "sounds-0123456789abcdef.pcm.tmp"]
    theirs = [tmp_path / ".notes.tmp", tmp_path / "records" / "draft.tmp"]
    for path in stale + theirs:
        path.write_bytes(b"half")
    Store(tmp_path)
    assert not any(path.exists() for path in stale)
    assert all(path.read_bytes() == b"half" for path in theirs)


KILL_SETUP = """
sys.path[:0] = [{root!r}, {tests!r}]
from pathlib import Path
from game.client.storage import Store
from game.records import keep
from test_records_games import puzzle_game
record, _ = puzzle_game()
folder = Path({folder!r})
"""
KILL_LOOP = """
import itertools
store = Store(folder)
for n in itertools.count(store.progress.best.__len__()):
    store.settings.master_volume = (n % 10) / 10
    store.record(f"k/{{n:05d}}", n)
    keep(record, folder / "records")
"""


def test_kill_9_at_any_instant_loses_nothing_and_leaves_nothing(tmp_path):
    """60 kills at random instants of saving settings, progress and records (each writer forked
    from one helper that imported the game once: milliseconds a kill, not seconds)."""
    import random

    from hostile.killer import Killer

    rng = random.Random(32)
    setup = KILL_SETUP.format(root=str(ROOT), tests=str(ROOT / "tests"), folder=str(tmp_path))
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    best_before = 0
    with Killer(setup, KILL_LOOP, env) as killer:
        for _ in range(60):
            killer.kill_after(rng.uniform(0.0, 0.05))
            store = Store(tmp_path)
            assert not [w for w in store.warnings if "damaged" in w or "corrupt" in w], store.warnings
            best = len(store.progress.best)
            assert best >= best_before  # nothing kept is ever lost
            best_before = best
        # a loaded machine may start no write within 50 ms: give writers longer until one did,
        # so the files checked below were written by writers that were killed
        wait = 0.1
        while best_before == 0 and wait < 30:
            killer.kill_after(wait)
            best_before = len(Store(tmp_path).progress.best)
            wait *= 2
    assert best_before > 0  # the writers did write
    for entry in recent(tmp_path / "records", check=True):
        assert entry.readable, entry.problem
    Store(tmp_path)  # a start removes every temporary file of a killed writer
    from game.safeio import is_temp_name

    leftovers = [p for p in tmp_path.rglob("*") if is_temp_name(p.name)]
    assert leftovers == []


# --- records and saves -------------------------------------------------------------------------------------
def _as_file(tmp_path, data, name="r.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("change", [
    {"result": None}, {"result": {}}, {"date": "yesterday"}, {"date": "2999-01-01T00:00:00Z"},
])
def test_a_record_without_its_true_result_or_a_real_date_is_refused(tmp_path, change):
    from game.records import open_record

    record, _ = puzzle_game()
    data = record.to_dict()
    for key, value in change.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    with pytest.raises(RecordError, match=next(iter(change))):
        open_record(_as_file(tmp_path, data))


def test_a_puzzle_record_with_another_levels_code_is_refused(tmp_path):
    from game.coinland.levels import load_level
    from game.coinland.sharecode import encode
    from game.records import open_record

    record, _ = puzzle_game()
    data = record.to_dict()
    data["setup"]["code"] = encode(load_level(LEVELS / "1-tutorial" / "02-leapfrog.toml"))
    with pytest.raises(RecordError, match=r"setup\.code"):
        open_record(_as_file(tmp_path, data))


@pytest.mark.parametrize("offers", [-1, 0, 3, 20, 21, 999])
def test_offers_per_turn_have_one_range_in_setup_saves_and_records(tmp_path, offers):
    from dataclasses import replace

    from game.client.satoshi.session import SaveError, TableSession, default_setup, read_save

    setup_ok = not replace(default_setup(players=3), offers_per_turn=offers).problems()
    session = TableSession.start(replace(default_setup(players=3), seed=4))
    save = session.to_dict()
    save["offers_per_turn"] = offers
    try:
        read_save(save, "save")
        save_ok = True
    except SaveError:
        save_ok = False
    record, _ = satoshi_game()
    data = record.to_dict()
    data["setup"]["offers_per_turn"] = offers
    try:
        load(_as_file(tmp_path, data))
        record_ok = True
    except RecordError:
        record_ok = False
    assert setup_ok == save_ok == record_ok == (0 <= offers <= 20)


def test_record_files_are_listed_newest_first_by_time_not_by_name(tmp_path):
    record, _ = puzzle_game()
    older = keep(record, tmp_path)
    newer = tmp_path / "10000101-000000-000000-puzzle.json"  # a name that sorts first
    newer.write_bytes(older.read_bytes())
    os.utime(older, (1000, 1000))
    assert record_files(tmp_path)[-1] == newer  # oldest first, so the newest is last




# --- start-up and signals ------------------------------------------------------------------------------------
SLOW_START = """
import sys, time
sys.path.insert(0, {root!r})
import game.client.storage as storage
real = storage.Store.__init__
def slow(self, *args, **kwargs):
    print("reading", flush=True)
    deadline = time.time() + 30  # a start-up busy reading, in Python, for 30 s
    while time.time() < deadline:
        sum(range(1000))
    real(self, *args, **kwargs)
storage.Store.__init__ = slow
from game.cli import main
raise SystemExit(main(["play"]))
"""


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_the_start_up_stops_on_sigterm_and_sigint_within_two_seconds(tmp_path, number):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               COINLAND_DATA_DIR=str(tmp_path))
    child = subprocess.Popen([sys.executable, "-c", SLOW_START.format(root=str(ROOT))], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert child.stdout.readline() == b"reading\n"
        sent = time.monotonic()
        child.send_signal(number)
        child.wait(timeout=10)
        took = time.monotonic() - sent
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
        child.stderr.close()
    assert took < 2, f"still starting {took:.1f} s after the signal"
    assert child.returncode in (130, 143, -number), child.returncode


def test_two_exports_in_one_second_keep_both_even_in_a_race(tmp_path, monkeypatch):
    """Two windows exporting in the same second both looked for a free name, then both wrote the
    same one: the second export replaced the first. An export is now created, never written over."""
    import types

    from game.client.review import common

    record = puzzle_game()[0]
    app = types.SimpleNamespace(store=types.SimpleNamespace(folder=tmp_path), toast=lambda *a, **k: None)
    monkeypatch.setattr(common.os.path, "lexists", lambda path: False)  # both windows look before either writes
    first, second = common.export_record(app, record), common.export_record(app, record)
    assert first and second and first != second
    assert len(list((tmp_path / "exports").glob("*.json"))) == 2
