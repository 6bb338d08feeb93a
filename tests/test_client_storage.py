"""Settings and progress: the data folder, atomic writes, and files that are missing or corrupt."""

import json

import pygame

from game.client.app import App
from game.client.progress import Progress
from game.client.settings import Settings
from game.client.storage import Store, data_dir


def test_the_data_folder_honours_the_override_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    monkeypatch.delenv("COINLAND_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "coinland"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "coinland"


def test_first_run_gets_defaults_and_one_welcome_then_saves_both_files(tmp_path):
    store = Store(tmp_path)
    assert store.settings == Settings()
    assert store.take_warnings() == [f"Welcome! Settings and scores will be kept in {tmp_path}"]
    assert store.take_warnings() == []
    assert store.record("tutorial/01", 5) and not store.record("tutorial/01", 4)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".progress.lock", "progress.json", "settings.json"]  # no temp
    again = Store(tmp_path)
    assert again.warnings == [] and again.best("tutorial/01") == 5


def test_a_corrupt_file_is_kept_aside_reported_once_and_replaced_by_defaults(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "progress.json").write_text('{"format": 1, "best": {"a/b": 3}}', encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings == Settings()
    assert store.progress.best == {"a/b": 3}
    assert len(store.warnings) == 1 and "settings.json" in store.warnings[0] and ".corrupt" in store.warnings[0]
    assert (tmp_path / "settings.json.corrupt").read_text(encoding="utf-8") == "{not json"
    assert store.save()
    assert Store(tmp_path).warnings == []


def test_binary_garbage_and_wrong_shapes_never_crash(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "progress.json").write_text("[1, 2, 3]", encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings == Settings() and store.progress == Progress()
    assert len(store.warnings) == 2


def test_bad_fields_fall_back_one_by_one_with_a_line_naming_the_field(tmp_path):
    data = {"master_volume": "loud", "effects_volume": 0.25, "animation_speed": "warp", "reduced_motion": 1,
            "fullscreen": False, "unknown": 3}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "progress.json").write_text('{"best": {"x/y": -4, "x/z": 7}}', encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings.effects_volume == 0.25
    assert store.settings.master_volume == Settings().master_volume
    assert store.settings.animation_speed == "normal"
    assert store.settings.reduced_motion is False
    assert store.progress.best == {"x/z": 7}
    text = " ".join(store.warnings)
    assert "master_volume" in text and "expected a number from 0 to 1" in text and "x/y" in text
    assert (tmp_path / "settings.json.corrupt").exists()


def test_a_folder_that_cannot_be_written_warns_once_and_play_goes_on(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    store = Store(blocker / "coinland")
    store.take_warnings()
    assert not store.save() and not store.save()
    assert len(store.take_warnings()) == 1
    assert store.record("a/b", 3)  # kept in memory for the session
    assert store.best("a/b") == 3


def test_the_app_shows_storage_warnings_as_toasts_once(tmp_path):
    (tmp_path / "settings.json").write_text("{oops", encoding="utf-8")
    (tmp_path / "progress.json").write_text("{}", encoding="utf-8")
    app = App(store=Store(tmp_path))
    try:
        from game.client.title import TitleScene

        app.push(TitleScene())
        app.tick(1 / 60)
        assert [t.message for t in app.toasts if "settings.json" in t.message]
        app.tick(1 / 60)
        assert len([t for t in app.toasts if "settings.json" in t.message]) == 1
    finally:
        pygame.quit()
