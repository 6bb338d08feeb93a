"""Issue 15: settings and progress survive hostile files, two windows and read-only folders."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from game.client.settings import Settings
from game.client.storage import Store


def _write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def test_two_windows_never_erase_each_others_bests(tmp_path):
    a, b = Store(tmp_path), Store(tmp_path)
    a.record("x/01", 12)
    b.record("x/02", 9)
    on_disk = json.loads((tmp_path / "progress.json").read_text())["best"]
    assert on_disk == {"x/01": 12, "x/02": 9}
    a.record("x/03", 4)  # a never saw x/02 in memory; it must not drop it
    assert json.loads((tmp_path / "progress.json").read_text())["best"] == {"x/01": 12, "x/02": 9, "x/03": 4}


def test_a_worse_score_from_another_window_never_replaces_a_better_one(tmp_path):
    a, b = Store(tmp_path), Store(tmp_path)
    a.record("x/01", 12)
    b.record("x/01", 7)  # b's memory knew nothing better, but the file does
    assert json.loads((tmp_path / "progress.json").read_text())["best"]["x/01"] == 12


def test_many_threads_recording_at_once_lose_nothing(tmp_path):
    stores = [Store(tmp_path) for _ in range(6)]
    threads = [threading.Thread(target=s.record, args=(f"pack/{i:02d}", i + 1)) for i, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    best = json.loads((tmp_path / "progress.json").read_text())["best"]
    assert best == {f"pack/{i:02d}": i + 1 for i in range(6)}


@pytest.mark.parametrize("text", [
    '{"animation_speed": ["fast"]}',
    '{"master_volume": ' + "9" * 5000 + "}",
    "[" * 100_000 + "]" * 100_000,
    '{"master_volume": NaN}',
    '{"fullscreen": "yes", "effects_volume": 1e999}',
])
def test_a_hostile_settings_file_never_crashes_and_is_set_aside(tmp_path, text):
    _write(tmp_path, "settings.json", text)
    store = Store(tmp_path)
    assert store.settings == Settings()
    warnings = store.take_warnings()
    assert warnings and all("\n" not in w and len(w) <= 200 for w in warnings)
    assert any(p.name.startswith("settings.json.corrupt") for p in tmp_path.iterdir())
    assert Store(tmp_path).settings == Settings()  # and the next start is clean


def test_every_damaged_copy_is_kept(tmp_path):
    for number, text in enumerate(["{first", "{second", "{third"]):
        _write(tmp_path, "progress.json", text)
        store = Store(tmp_path)
        assert f"progress.json.corrupt{'' if number == 0 else f'.{number + 1}'}" in " ".join(store.warnings)
    kept = sorted(p.read_text() for p in tmp_path.glob("progress.json.corrupt*"))
    assert kept == ["{first", "{second", "{third"]


def test_a_fifo_as_settings_does_not_hang_the_start(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    done = threading.Event()
    result: list[Store] = []
    thread = threading.Thread(target=lambda: (result.append(Store(tmp_path)), done.set()), daemon=True)
    thread.start()
    assert done.wait(10), "Store() blocked on a FIFO"
    assert "pipe" in " ".join(result[0].warnings)


def test_a_folder_that_cannot_keep_a_copy_says_so_truthfully(tmp_path, monkeypatch):
    _write(tmp_path, "settings.json", "{broken")

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(Path, "replace", refuse)
    store = Store(tmp_path)
    text = " ".join(store.warnings)
    assert "could not keep a copy" in text and "kept it as" not in text
    assert not (tmp_path / "settings.json.corrupt").exists()
    assert (tmp_path / "settings.json").read_text() == "{broken"  # nothing lost


def test_bad_progress_entries_are_dropped_one_by_one(tmp_path):
    best = {"ok/01": 5, "neg/01": -1, "big/01": 10**9, "bool/01": True, "ctl\x00/01": 3}
    _write(tmp_path, "progress.json", json.dumps({"format": 1, "best": best}))
    store = Store(tmp_path)
    assert store.progress.best == {"ok/01": 5}
    assert (tmp_path / "progress.json.corrupt").exists()  # the original is kept for the player


@pytest.mark.parametrize("text", ["[" * 100_000, '{"size": ' + "9" * 5000 + "}", "not json"])
def test_states_from_json_refuse_hostile_text_with_their_own_error(text):
    from game.bitcoin.state import State as SatoshiState
    from game.bitcoin.state import StateError as SatoshiStateError
    from game.coinland.state import State, StateError

    with pytest.raises(StateError, match="not a Coinland state"):
        State.from_json(text)
    with pytest.raises(SatoshiStateError, match="not a Finding Satoshi state"):
        SatoshiState.from_json(text)


@pytest.mark.parametrize("name", ["Ada\u202eevil", "A\u2066B", "line\u2028two", "bell\x07"])
def test_names_that_reorder_or_break_the_text_are_refused_and_cleaned(name):
    from game.safeio import clean_text, text_problem

    assert "control character" in text_problem(name, 60)
    assert text_problem(clean_text(name, 60), 60) == "" and len(clean_text(name, 60)) == len(name) - 1
