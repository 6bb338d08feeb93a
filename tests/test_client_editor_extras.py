"""Around the editor: undo, leaving with unsaved edits, share codes and edits from the level select,
pack unlocks as the player sees them, the puzzle of the day played, endless puzzles, unproved pars."""

import datetime as dt
import random
from dataclasses import replace

import pygame
import pytest
from client_steps import opened

from game import LEVELS
from game.client.coinland import extra_puzzles
from game.client.coinland.editor import EditorScene
from game.client.coinland.extra_puzzles import EndlessScene, daily_scene, with_par
from game.client.coinland.level_actions import LevelActionsScene
from game.client.coinland.levels_menu import LevelRow, LevelSelectScene
from game.client.coinland.packs import MY_LEVELS, load_packs
from game.client.coinland.play import PlayScene
from game.client.coinland.rating import level_key
from game.client.coinland.result import ResultScene
from game.client.coinland.share_dialog import ShareScene, code_lines
from game.client.driver import Driver
from game.client.title import TitleScene
from game.coinland.daily import daily_level
from game.coinland.levels import load_level
from game.coinland.rules import hoarder_moves
from game.coinland.sharecode import decode
from game.coinland.solver import solve
from game.hexgrid import edge


@pytest.fixture
def app(make_app):
    return make_app(TitleScene)


def select_scene(app) -> tuple[LevelSelectScene, Driver]:
    return opened(app, LevelSelectScene())


def test_undo_takes_back_gates_cells_and_a_size_change(app):
    editor = EditorScene()
    app.push(editor)
    drive = Driver(app)
    drive.frames(2)
    gate = edge((3, -3), (3, -2))  # on the rim of a size-4 board: gone at size 3
    drive.click(editor.view.edge_mid(gate))
    drive.click(editor.view.centre((1, 1)))  # the start moves
    before = editor.draft.key()
    editor._resize(3)
    assert gate not in editor.draft.gates and editor.view.size == 3
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert editor.draft.key() == before and editor.view.size == 4
    drive.key(pygame.K_u)
    drive.key(pygame.K_u)  # Backspace no longer undoes: it belongs to the name field
    assert editor.draft.gates == set() and editor.draft.start == (0, 0)
    drive.key(pygame.K_u)
    assert editor.message == "Nothing to undo."


def test_leaving_with_unsaved_edits_warns_once(app):
    editor = EditorScene()
    app.push(editor)
    drive = Driver(app)
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)  # nothing changed: leaves at once
    assert app.scene is not editor
    editor = EditorScene()
    app.push(editor)
    drive.frames(2)
    drive.key(pygame.K_1)
    drive.key(pygame.K_ESCAPE)
    assert app.scene is editor and "Unsaved" in editor.message
    drive.key(pygame.K_ESCAPE)
    assert app.scene is not editor


def test_the_level_select_shows_a_levels_code_and_the_code_is_that_level(app):
    select, drive = select_scene(app)
    drive.key(pygame.K_DOWN)
    level = select.pack.levels[select.group.focused.index]
    drive.key(pygame.K_c)
    assert isinstance(app.scene, ShareScene)
    shared = decode("".join(code_lines(app.scene.code)))
    assert (shared.size, shared.start, shared.purse, shared.empty, shared.gates) == (
        level.size, level.start, level.purse, level.empty, level.gates)
    drive.key(pygame.K_ESCAPE)
    assert app.scene is select


def test_right_click_edits_a_copy_of_a_campaign_level_into_my_levels(app, tmp_path):
    select, drive = select_scene(app)
    row = next(w for w in select.group.widgets if isinstance(w, LevelRow))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(row.rect.center), button=3))
    drive.frames(2)
    assert isinstance(app.scene, LevelActionsScene)
    edit = next(w for w in app.scene.group.widgets if w.label == "Edit a copy")
    drive.click(edit.rect.center)
    editor = app.scene
    assert isinstance(editor, EditorScene) and editor.draft.gates == set(row.level.gates)
    drive.until(lambda: editor.par is not None, 3000)
    assert editor.par == row.level.par
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = list((tmp_path / "levels").glob("*.toml"))
    assert len(saved) == 1 and load_level(saved[0]).gates == row.level.gates
    assert load_level(row.level.source) == row.level  # the shipped file is untouched
    drive.key(pygame.K_ESCAPE)
    assert app.scene is select and select.packs[-1].name == MY_LEVELS and len(select.packs[-1].levels) == 1


def test_my_levels_is_a_tab_before_the_first_level_is_saved(app):
    select, _drive = select_scene(app)
    assert select.packs[-1].name == MY_LEVELS and select.packs[-1].levels == ()
    assert select.locks[-1].open


def test_finishing_the_tutorial_in_play_opens_the_next_pack_in_the_level_select(app):
    select, _drive = select_scene(app)
    assert not select.locks[1].open and "Tutorial" in select.locks[1].reason
    tutorial = load_packs(LEVELS, app.store.folder / "levels")[0][0]
    for level in tutorial.levels[:2]:  # two levels at par: 6 of the 9 stars (half of 18) that open Easy
        app.store.record(level_key(level), level.par)
    select.resume(None)
    assert not select.locks[1].open and "Earn 3 more stars in Tutorial" in select.locks[1].reason
    app.store.record(level_key(tutorial.levels[2]), tutorial.levels[2].par)
    select.resume(None)
    assert select.locks[1].open and not select.locks[2].open
    select._select_pack(2)()
    assert not any(isinstance(w, LevelRow) for w in select.group.widgets)  # a locked pack lists nothing


def test_the_puzzle_of_the_day_plays_to_its_result(app):
    # A fixed day: the test must not depend on the date it runs (some days' puzzles take seconds to prepare)
    day = dt.date(2026, 11, 25)
    drive = Driver(app)
    app.push(daily_scene(day))
    drive.until(lambda: isinstance(app.scene, PlayScene), 3000)
    play = app.scene
    assert play.session.level == daily_level(day) and play.session.level.par == solve(daily_level(day)).score
    target = max(hoarder_moves(play.session.state), key=lambda m: m.gain).target
    drive.click(play.view.centre(target))
    drive.until(lambda: not play.director.busy)
    assert play.session.state.purses[0] >= 1
    drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))


def test_endless_puzzles_come_with_a_proved_par(app):
    drive = Driver(app)
    menu = EndlessScene(random.Random(4))
    app.push(menu)
    drive.frames(2)
    drive.key(pygame.K_RETURN)  # Easy
    drive.until(lambda: isinstance(app.scene, PlayScene), 3000)
    level = app.scene.session.level
    result = solve(level)
    assert result.optimal and level.par == result.score and "Endless (easy)" in app.scene.title


def test_a_par_that_cannot_be_proved_in_time_is_not_shown_as_par(monkeypatch):
    level = load_level(LEVELS / "5-expert" / "09-el-dorado.toml")
    monkeypatch.setattr(extra_puzzles, "PAR_SECONDS", 0.0)
    assert with_par(replace(level, par=None)).par is None
    monkeypatch.setattr(extra_puzzles, "PAR_SECONDS", 30.0)
    assert with_par(replace(level, par=None)).par == level.par
