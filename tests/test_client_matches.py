"""Classic matches and Duels: autosave and Resume, leaving asks, the role-swap and match-end dialogs
(issue #17, items 10 and 11)."""

import json
import random

import pygame
import pytest
from client_steps import text_tops

from game.client.coinland import match_save
from game.client.coinland.dialog import Dialog
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.play import PlayScene
from game.client.coinland.result import InterludeScene, ResultScene
from game.client.coinland.setup import Setup, play_scene
from game.client.driver import Driver
from game.client.pause import PauseScene
from game.client.title import TitleScene
from game.coinland import Move, legal_actions
from game.coinland.state import HOARDER, Mode


@pytest.fixture
def app(make_app):
    return make_app(TitleScene, think=0.0, quiet=True, animation_speed="instant")


def ready(play):
    return lambda: play.session.is_over or isinstance(play.app.scene, InterludeScene | ResultScene) or (
        play.human_turn() and not play.director.busy)


def play_some(drive, play, turns, rng):
    """The human plays `turns` random legal actions (never ending a Classic game on purpose)."""
    for _ in range(turns):
        drive.until(ready(play))
        if play.app.scene is not play or play.session.is_over:
            return
        actions = [a for a in legal_actions(play.state) if not (isinstance(a, Move) and a.end)]
        play._play(play.session.act(rng.choice(actions), record=True))
    drive.until(ready(play))


def labels(scene):
    return [widget.label for widget in scene.group.widgets]


def test_a_match_in_progress_is_saved_and_resumes_from_the_title(app, tmp_path):
    drive = Driver(app)
    play = play_scene(Setup(Mode.CLASSIC, ("human", "easy"), 3, first=0), seed=7)
    app.push(play)
    play_some(drive, play, 3, random.Random(2))
    match_save.flush()  # saves are written off the frame loop
    saved = json.loads(match_save.save_path(tmp_path, Mode.CLASSIC).read_text())
    assert saved["seed"] == 7 and saved["seats"] == ["human", "easy"]
    assert len(saved["actions"]) == len(play.session.actions) >= 5  # the computer's replies too
    state, match = play.state, play.session.match
    app.pop_to(lambda scene: isinstance(scene, TitleScene))
    app.scene.rebuild()
    assert "Resume classic match" in labels(app.scene)
    index = labels(app.scene).index("Resume classic match")
    app.scene.group.widgets[index].activate()
    drive.frames(2)
    resumed = app.scene
    assert isinstance(resumed, PlayScene) and resumed is not play
    assert resumed.state == state and resumed.session.match.results == match.results
    assert "Match resumed" in resumed.message
    play_some(drive, resumed, 1, random.Random(3))
    assert resumed.state.ply > state.ply


def test_a_duel_resumes_from_the_game_menu_and_is_forgotten_once_over(app, tmp_path):
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "random"), 3, first=0), seed=3)
    app.push(play)
    play_some(drive, play, 2, random.Random(5))
    app.pop()
    menu = ModeSelectScene()
    app.push(menu)
    assert labels(menu)[0] == "Resume duel"
    menu.group.widgets[0].activate()
    play = app.scene
    assert isinstance(play, PlayScene) and play.state.ply >= 4
    play_some(drive, play, 400, random.Random(6))
    assert play.session.is_over
    assert not match_save.save_path(tmp_path, Mode.DUEL).exists()


def test_a_damaged_save_is_set_aside_with_a_toast_and_never_crashes(app, tmp_path):
    path = match_save.save_path(tmp_path, Mode.CLASSIC)
    good = {"format": 1, "mode": "classic", "seats": ["human", "easy"], "size": 3, "first": 0, "seed": 1,
            "actions": ["gate 0,0 1,0", "gate 0,0 1,0"]}  # the same gate twice: not legal
    path.write_text(json.dumps(good))
    app.scene.rebuild()
    index = labels(app.scene).index("Resume classic match")
    app.scene.group.widgets[index].activate()
    assert isinstance(app.scene, TitleScene)
    assert "Resume classic match" not in labels(app.scene)
    assert not path.exists() and path.with_name(path.name + ".corrupt").exists()
    toast = app.toasts[-1].message
    assert "actions[1]" in toast and "not legal" in toast and "corrupt" in toast
    path.write_text("{not json")
    assert match_save.resume(app, Mode.CLASSIC) is None
    assert path.with_name(path.name + ".corrupt.2").exists()


def test_leaving_a_match_asks_and_abandoning_forgets_it(app, tmp_path):
    drive = Driver(app)
    play = play_scene(Setup(Mode.CLASSIC, ("human", "easy"), 3, first=1), seed=4)
    app.push(play)
    play_some(drive, play, 2, random.Random(1))
    path = match_save.save_path(tmp_path, Mode.CLASSIC)
    match_save.flush()
    assert path.exists()
    for choice, kept in (("Leave, resume later", True), ("Abandon the classic match", False)):
        if not isinstance(app.scene, PlayScene):
            app.push(match_save.resume_scene(app, Mode.CLASSIC))
        drive.key(pygame.K_ESCAPE)
        assert isinstance(app.scene, PauseScene)
        app.scene.group.widgets[labels(app.scene).index("Leave the game")].activate()
        dialog = app.scene
        assert isinstance(dialog, Dialog) and labels(dialog)[0] == "Keep playing"
        drive.key(pygame.K_RETURN)  # Enter keeps playing
        assert isinstance(app.scene, PlayScene)
        drive.key(pygame.K_ESCAPE)
        app.scene.group.widgets[labels(app.scene).index("Leave the game")].activate()
        app.scene.group.widgets[labels(app.scene).index(choice)].activate()
        assert isinstance(app.scene, TitleScene) and path.exists() == kept


def test_the_role_swap_keeps_game_one_on_show_in_the_right_words(app, monkeypatch):
    drive = Driver(app)
    play = play_scene(Setup(Mode.CLASSIC, ("human", "easy"), 3, first=0), seed=9)
    app.push(play)
    rng = random.Random(4)
    for _ in range(400):  # bounded: a game that never reaches its interlude fails, not hangs
        if isinstance(app.scene, InterludeScene):
            break
        play_some(drive, play, 1, rng)
    dialog = app.scene
    assert play.session.label(HOARDER) == "You"  # the panels still show game 1's roles
    assert play.session.hoarder_seat == 0 and play.message_time == 0
    words = " ".join(str(line) for line in dialog.lines)
    assert "Game 1 is over: You kept" in words and "In game 2 Computer (easy) is the Hoarder" in words
    assert "and you keep the gates." in words and "keeps" not in words
    assert [row[0] for row in dialog.rows] == ["Game 1", "Game 2"] and dialog.rows[1][2] == "to play"
    drawn = text_tops(monkeypatch)
    dialog.draw(app.surface)
    buttons = dialog.group.widgets[0].rect
    gap = buttons.top - max(y for y in drawn if y < buttons.top)  # the last row of the table to the button
    assert 0 < gap < 60
    drive.key(pygame.K_RETURN)
    assert play.session.label(HOARDER) == "Computer (easy)"


def test_the_match_end_has_the_per_game_table(app):
    drive = Driver(app)
    play = play_scene(Setup(Mode.CLASSIC, ("random", "easy"), 3, first=0), seed=2)
    app.push(play)
    drive.until(lambda: isinstance(app.scene, InterludeScene | ResultScene))
    if isinstance(app.scene, InterludeScene):
        drive.key(pygame.K_RETURN)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    result = app.scene
    match = play.session.match
    assert [row[0] for row in result.rows] == ["Game 1", "Game 2"]
    assert [row[2] for row in result.rows] == [f"{s} coin" + ("" if s == 1 else "s") for s in match.results]
    assert result.heading in ("Match drawn", "Computer (random) wins", "Computer (easy) wins")


def test_starting_a_new_match_over_a_saved_one_asks_first(app, tmp_path):
    from game.client.coinland.setup import SetupScene

    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "easy"), 3, first=0), seed=8)
    app.push(play)
    play_some(drive, play, 1, random.Random(1))
    saved = play.state
    app.pop()
    setup = SetupScene(Mode.DUEL)
    app.push(setup)
    setup.start()
    assert isinstance(app.scene, Dialog) and labels(app.scene)[0] == "Resume the saved duel"
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and app.scene.state == saved


def test_a_pending_save_never_outlives_its_discard(tmp_path):
    session = Setup(Mode.DUEL, ("human", "easy"), 3).session(seed=1)
    path = match_save.save_path(tmp_path, Mode.DUEL)
    for _ in range(30):
        match_save._writer.put(path, match_save.to_text(session))
        match_save.discard(tmp_path, Mode.DUEL)
        match_save.flush()
        assert not path.exists()
    match_save._writer.put(path, match_save.to_text(session))
    match_save.flush()
    assert match_save.load(tmp_path, Mode.DUEL).state == session.state
