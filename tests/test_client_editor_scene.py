"""The level editor, shared levels, the puzzle of the day: through the real App, headless."""

import random

import pygame
import pytest
from client_steps import ANSWER_WAIT, open_editor

from game.client.coinland.editor import EditorScene
from game.client.coinland.editor_model import Draft, save
from game.client.coinland.extra_puzzles import CodeScene, PreparingScene, daily_scene, level_from_text
from game.client.coinland.levels_menu import LevelSelectScene
from game.client.coinland.packs import MY_LEVELS, load_packs
from game.client.coinland.play import PlayScene
from game.client.coinland.share_dialog import ShareScene, code_lines
from game.client.driver import Driver
from game.client.title import TitleScene
from game.coinland.daily import daily_level
from game.coinland.levels import load_level
from game.coinland.sharecode import decode
from game.coinland.solver import solve
from game.hexgrid import edge


@pytest.fixture
def app(make_app):
    return make_app(TitleScene)


def button(scene, label: str):
    return next(w for w in scene.group.widgets if getattr(w, "label", "") == label)




def until_answered(app, drive: Driver, condition, frames: int = 3000) -> None:
    """`drive.until`, but frames count only while no search is running: while the scene's worker
    (the editor's par proof, the puzzle being prepared) works, the test waits for its answer.

    A helper process runs niced, so on a loaded machine its answer may take many frames of the
    test's own (busier) process; counting frames alone failed those tests there.
    """
    for _ in range(frames):
        if condition():
            return
        job = getattr(app.scene, "worker", None)
        if job is not None and not job.done:
            assert job.wait(ANSWER_WAIT), "the helper never answered"
        drive.frames(1)
    raise RuntimeError("waited too long for a scene")


def proved(editor: EditorScene, drive: Driver) -> None:
    until_answered(editor.app, drive, lambda: editor.par is not None and editor.solving_key == editor.draft.key())


def test_the_editor_builds_proves_saves_and_my_levels_show_it(app, tmp_path):
    editor, drive = open_editor(app)
    drive.click(editor.view.edge_mid(edge((0, 0), (1, 0))))
    drive.click(editor.view.edge_mid(edge((0, 0), (0, 1))))
    drive.click(editor.view.centre((1, -1)))  # the start tool: the pawn moves there
    editor.tool = "coinless"
    drive.click(editor.view.centre((-2, 1)))
    assert editor.draft.gates == {edge((0, 0), (1, 0)), edge((0, 0), (0, 1))}
    assert editor.draft.start == (1, -1) and editor.draft.empty == {(-2, 1)}
    proved(editor, drive)
    assert editor.par == solve(editor.draft.level()).score
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = list((tmp_path / "levels").glob("*.toml"))
    assert len(saved) == 1
    level = load_level(saved[0])
    assert level == editor.draft.level(editor.par)  # save then load: the same level, par included
    packs, problems = load_packs(user_folder=tmp_path / "levels")
    assert not problems and packs[-1].name == MY_LEVELS and packs[-1].levels == (level,)


def test_the_keyboard_alone_edits_and_a_size_change_keeps_what_fits(app):
    editor, drive = open_editor(app)
    drive.key(pygame.K_1)  # a gate on the first side of the cursor cell
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_c)  # that cell loses its coin
    drive.key(pygame.K_EQUALS)
    assert editor.draft.gates == {edge((0, 0), (1, 0))} and editor.draft.empty == {(1, 0)}
    assert editor.draft.purse == 1
    drive.key(pygame.K_TAB)  # into the panel: the name field (which keeps Up/Down), then the size choice
    drive.key(pygame.K_TAB)
    drive.key(pygame.K_LEFT)
    assert editor.draft.size == 3 and editor.view.size == 3
    assert editor.draft.gates == {edge((0, 0), (1, 0))}


def test_an_invalid_level_cannot_be_saved_and_the_editor_says_why(app, tmp_path):
    editor, _drive = open_editor(app)
    editor.draft.name = "   "
    editor.save()
    assert "name" in editor.message and editor.message_kind == "error"
    assert not (tmp_path / "levels").exists()
    draft = Draft(name="Bare", size=3)
    draft.empty = set(draft.level().initial_state().coins)  # not one coin left
    assert draft.problems() and "coin" in draft.problems()[0]
    with pytest.raises(ValueError):
        save(draft, 0, tmp_path / "levels")


def test_saving_twice_names_a_new_level_apart_and_an_opened_one_in_place(tmp_path):
    first, second = Draft(name="Gold Rush!", size=3), Draft(name="Gold Rush!", size=3)
    a = save(first, 18, tmp_path)
    b = save(second, 18, tmp_path)
    assert a.name == "gold-rush.toml" and b.name == "gold-rush-2.toml"
    reopened = Draft.from_level(load_level(a))
    reopened.toggle_gate(edge((0, 0), (1, 0)))
    assert save(reopened, 17, tmp_path) == a and load_level(a).par == 17


def test_share_codes_round_trip_through_the_editor_and_the_code_scene(app):
    editor, drive = open_editor(app)
    drive.click(editor.view.edge_mid(edge((0, 0), (-1, 0))))
    drive.click(button(editor, "Share code").rect.center)
    assert isinstance(app.scene, ShareScene)
    code = "".join(code_lines(app.scene.code))  # what the player reads off the screen, joined
    assert decode(code) == editor.draft.level()
    app.pop()
    app.pop()
    scene = CodeScene()
    app.push(scene)
    drive.frames(2)
    for char in code:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    drive.key(pygame.K_RETURN)
    until_answered(app, drive, lambda: isinstance(app.scene, PlayScene))
    played = app.scene.session.level
    assert played.gates == editor.draft.level().gates and played.par == solve(played).score


def test_a_broken_file_or_code_is_explained_and_the_scene_stays(app, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("format = 1\nname = 'x'\nsize = 'big'\n")
    scene = CodeScene()
    app.push(scene)
    drive = Driver(app)
    for entry, expected in ((str(broken), "size"), ("CL1-AAAAA-AAAAA", "code"), ("nowhere.toml", "no such file")):
        scene.field.value = entry
        drive.key(pygame.K_RETURN)
        assert app.scene is scene and expected in scene.error
    with pytest.raises(ValueError, match="level code"):
        level_from_text("cl1-zzzz-")


def test_a_shared_level_file_imports_into_the_editor(app, tmp_path):
    level = daily_level()
    path = tmp_path / "friend.toml"
    path.write_text(level.to_toml())
    select = LevelSelectScene()
    app.push(select)
    drive = Driver(app)
    drive.frames(2)
    select.shared()
    app.scene.field.value = str(path)
    app.scene.add()
    drive.frames(2)
    assert isinstance(app.scene, EditorScene) and app.scene.draft.level() == level.__class__(
        level.name, level.size, level.start, level.purse, level.empty, level.gates, source=str(path))


def test_the_puzzle_of_the_day_opens_with_its_par(app):
    drive = Driver(app)
    app.push(daily_scene())
    assert isinstance(app.scene, PreparingScene)
    until_answered(app, drive, lambda: isinstance(app.scene, PlayScene))
    assert app.scene.session.level == daily_level()


def test_a_seeded_monkey_cannot_break_the_editor(app, monkeypatch):
    monkeypatch.setattr("game.client.coinland.editor.PROOF_STEPS", (0.05, 0.2))
    editor, drive = open_editor(app)
    rng = random.Random(7)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_1, pygame.K_4, pygame.K_6,
            pygame.K_c, pygame.K_s, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_TAB, pygame.K_RETURN,
            pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_p]
    for index in range(3000):
        if app.scene is not editor:  # test play or anything else: come back
            app.scenes[:] = app.scenes[:app.scenes.index(editor) + 1] if editor in app.scenes else app.scenes
            if editor not in app.scenes:
                app.push(editor)
        roll = rng.random()
        if roll < 0.5:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode=""))
        elif roll < 0.6:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab1 !")))
        else:
            pos = app.to_window((rng.uniform(0, 1280), rng.uniform(0, 800)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3))))
        if index % 4 == 3:
            drive.frames(1)
    draft, hexes = editor.draft, editor.view.hexes
    assert editor.view.size == draft.size and draft.start in hexes and draft.start not in draft.empty
    assert all(a in hexes and b in hexes for a, b in draft.gates)
