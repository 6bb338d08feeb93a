"""The campaign in the window: what a walk is worth, help, pack unlocks and Next (issue #17, items 1, 2, 4)."""

import pygame
import pytest
from client_steps import text_tops, texts_drawn, walk_and_stop

from game.client import text
from game.client.coinland.dialog import Dialog
from game.client.coinland.levels_menu import LevelSelectScene, level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs
from game.client.coinland.play import PlayScene
from game.client.coinland.rating import level_key
from game.client.coinland.result import ResultScene
from game.client.coinland.unlocks import pack_locks, stars_to_open
from game.client.driver import Driver
from game.coinland.campaign import star_marks
from game.coinland.solver import solve


@pytest.fixture
def app(make_app):
    return make_app(ModeSelectScene, think=0.0, animation_speed="instant")


@pytest.fixture
def packs(tmp_path):
    found, _ = load_packs(user_folder=tmp_path / "none")
    return found


def open_level(app, packs, pack_index, index):
    play = level_scene(packs[pack_index], index, packs)
    app.push(play)
    return play


def at_par_to_open(pack) -> int:
    """Levels at par (three stars each) that open the pack after `pack`."""
    return -(-stars_to_open(pack) // 3)


def walk_to_par(drive, play):
    return walk_and_stop(drive, play, solve(play.session.level).moves)


def test_stopping_before_moving_earns_nothing_and_opens_nothing(app, packs):
    drive = Driver(app)
    tutorial = packs[0]
    for index in range(len(tutorial.levels)):
        play = open_level(app, packs, 0, index)
        drive.frames(2)
        drive.key(pygame.K_x)
        drive.until(lambda: isinstance(app.scene, ResultScene))
        result = app.scene
        assert result.heading == "Walk not counted" and result.stars == 0
        assert any("or when you stop holding more than the" in str(line) for line in result.lines)
        assert not any("new best" in str(line) for line in result.lines)
        assert result.group.widgets[0].label == "Try again"  # what Enter does after a walk that did not count
        app.pop()
        app.pop()
        assert app.store.best(level_key(play.session.level)) is None
    assert not pack_locks(packs, app.store.best)[1].open  # six stops did not open Easy


def test_watching_solve_is_an_assisted_walk_without_stars_or_a_best(app, packs):
    drive = Driver(app)
    play = open_level(app, packs, 0, 2)
    drive.frames(2)
    drive.key(pygame.K_s)  # the first help on a level asks, and says help lasts
    assert isinstance(app.scene, Dialog) and "Help lasts" in " ".join(str(line) for line in app.scene.lines)
    drive.key(pygame.K_RETURN)  # Show the best walk
    drive.until(lambda: isinstance(app.scene, ResultScene) or (
        play.helper is None and not play.replay and not play.director.busy and play.state.ply > 0))
    if not isinstance(app.scene, ResultScene):
        drive.key(pygame.K_x)
        drive.until(lambda: isinstance(app.scene, ResultScene))
    result = app.scene
    assert play.state.purses[0] == play.session.level.par
    assert result.heading == "Assisted walk" and result.stars == 0
    assert app.store.best(level_key(play.session.level)) is None
    assert app.store.helped(level_key(play.session.level))  # kept in the progress file


def test_an_assisted_walk_keeps_the_stars_earned_unaided(app, packs):
    drive = Driver(app)
    play = open_level(app, packs, 0, 2)
    level = play.session.level
    app.store.record(level_key(level), level.par - 2)
    drive.frames(2)
    drive.key(pygame.K_h)
    assert isinstance(app.scene, Dialog)  # two stars to keep: the first help asks
    assert "You keep the 2 stars you have earned here." in [line[0] for line in app.scene.lines[1:]]
    drive.key(pygame.K_RETURN)  # Show the hint
    drive.until(lambda: play.helper is None)
    assert play.session.assisted and "now helped" in play.message
    drive.key(pygame.K_u)  # undo cannot take the help back
    assert play.session.assisted
    result = walk_to_par(drive, play)
    assert result.heading == "Assisted walk" and result.stars == 2
    assert app.store.best(level_key(level)) == level.par - 2


def test_solve_after_moving_asks_and_from_here_keeps_the_players_moves(app, packs):
    drive = Driver(app)
    play = open_level(app, packs, 0, 2)
    first = solve(play.session.level).moves[0]
    drive.frames(2)
    drive.click(play.view.centre(first))
    drive.until(lambda: not play.director.busy)
    drive.key(pygame.K_s)
    assert isinstance(app.scene, Dialog)
    labels = [widget.label for widget in app.scene.group.widgets]
    assert labels == ["From here", "From the start", "Cancel"]
    drive.key(pygame.K_RETURN)  # From here
    drive.until(lambda: play.helper is None and not play.replay and not play.director.busy)
    assert play.session.actions[0].to == first and play.session.assisted


def test_solve_from_the_start_says_undo_brings_the_walk_back_and_it_does_still_assisted(app, packs):
    """The player's own walk comes back, but she has seen the best walk: finishing it along
    that line is not an unaided solve (help lasts, issue 34)."""
    drive = Driver(app)
    play = open_level(app, packs, 0, 2)
    walk = solve(play.session.level).moves
    drive.frames(2)
    for cell in walk[:2]:
        drive.click(play.view.centre(cell))
        drive.until(lambda: not play.director.busy)
    mine = play.state
    drive.key(pygame.K_s)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)  # From the start
    drive.until(lambda: play.helper is None and play.replay)
    assert "Undo (U) brings your own walk back" in play.message
    drive.key(pygame.K_u)  # takes over the replay, then undoes step by step
    for _ in range(len(walk) + 2):
        if play.state == mine:
            break
        drive.key(pygame.K_u)
    assert play.state == mine and play.session.assisted  # the player's own walk, assisted now


def test_finishing_enough_levels_announces_the_pack_it_opens(app, packs):
    drive = Driver(app)
    tutorial = packs[0]
    for level in tutorial.levels[:at_par_to_open(tutorial) - 1]:
        app.store.record(level_key(level), level.par)
    play = open_level(app, packs, 0, at_par_to_open(tutorial) - 1)
    result = walk_to_par(drive, play)
    assert play.opened == [(packs[1].name, len(packs[1].levels))]
    count = len(packs[1].levels)  # the campaign's Easy pack (10 levels since Long Row left it, issue 37)
    assert count == 10
    assert any(f"New pack open: {packs[1].name}, {count} levels" in str(line) for line in result.lines)
    assert f"New pack open: {packs[1].name}, {count} levels to play!" in result.plates


def test_next_after_a_packs_last_level_leads_to_the_next_pack_when_open(app, packs):
    drive = Driver(app)
    tutorial = packs[0]
    for level in tutorial.levels[:at_par_to_open(tutorial)]:
        app.store.record(level_key(level), level.par)
    last = len(tutorial.levels) - 1
    play = open_level(app, packs, 0, last)
    drive.frames(2)
    level = play.session.level
    for cell in solve(level).moves:  # the best walk until it is worth a star, then stop below par
        drive.click(play.view.centre(cell))
        drive.until(lambda: not play.director.busy)
        if play.state.purses[0] >= star_marks(level.par, level.purse)[0]:
            break
    assert play.state.purses[0] < level.par
    drive.key(pygame.K_x)  # a finished walk worth a star, below par
    drive.until(lambda: isinstance(app.scene, ResultScene))
    one = star_marks(level.par, level.purse)[0]
    assert f"Stars: one star from {one} coins" in " ".join(str(line) for line in app.scene.lines)
    assert app.scene.group.widgets[0].label == f"Next: {packs[1].name} 1"
    drive.key(pygame.K_RETURN)
    drive.frames(2)
    assert isinstance(app.scene, PlayScene) and app.scene.position == (packs[1].name, 0)


def test_next_after_the_last_level_of_a_pack_still_locked_goes_to_an_unfinished_level(app, packs):
    drive = Driver(app)
    last = len(packs[0].levels) - 1
    play = open_level(app, packs, 0, last)
    result = walk_to_par(drive, play)
    assert result.group.widgets[0].label == "Next without a star: level 1"


def test_a_locked_pack_shows_what_opens_it_and_no_empty_list(app, monkeypatch):
    drawn = texts_drawn(monkeypatch)
    select = LevelSelectScene()
    app.push(select)
    select.pack_index = 1
    select.rebuild()
    drawn.clear()
    app.draw()
    assert not select.lock.open
    assert any(line.startswith("Earn 9 more stars in Tutorial") for line in drawn)
    assert not {"par", "best", "rating", "level"} & set(drawn)
    assert not any(" of 12" in line for line in drawn)


def test_after_a_hint_restart_begins_an_assisted_walk_and_undo_brings_the_helped_one_back(app, packs):
    """A hint lasts like Solve: one hint per step over a few walks would spell out the best walk."""
    drive = Driver(app)
    play = open_level(app, packs, 0, 2)
    drive.frames(2)
    drive.key(pygame.K_h)
    drive.key(pygame.K_RETURN)  # Show the hint
    drive.until(lambda: play.helper is None)
    drive.click(play.view.centre(play.hint_cell))
    drive.until(lambda: not play.director.busy)
    assert play.session.assisted
    drive.key(pygame.K_n)
    assert play.state.ply == 0 and play.session.assisted
    drive.key(pygame.K_u)  # the helped walk comes back with its mark
    assert play.state.ply == 1 and play.session.assisted


def test_the_result_dialog_has_no_empty_gap_above_its_buttons(app, packs, monkeypatch):
    drive = Driver(app)
    play = open_level(app, packs, 0, 0)
    result = walk_to_par(drive, play)
    drawn = text_tops(monkeypatch)
    result.draw(app.surface)
    first = result.group.widgets[0].rect
    last_line = max(y for y in drawn if y < first.top)
    assert first.top - last_line < 130, first.top - last_line  # the stars (64 px) and their margins, nothing more
    assert result.rect().bottom - result.group.widgets[-1].rect.bottom <= 40


def test_a_coin_then_stop_earns_no_star_no_best_and_the_result_says_what_a_star_needs(app, packs):
    """Issue 34 item 2: 1 to 3 coins and X earned a star, "A new best" and opened packs."""
    drive = Driver(app)
    play = open_level(app, packs, 0, 1)  # Leapfrog: par 12 from an empty purse
    level = play.session.level
    drive.frames(2)
    free = next(cell for cell in solve(level).moves)
    drive.click(play.view.centre(free))
    drive.until(lambda: not play.director.busy)
    assert 0 < play.state.purses[0] < 6
    drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    result = app.scene
    assert result.heading == "No star yet" and result.stars == 0
    said = [str(line) for line in result.lines]
    assert any("A star needs 6 coins" in line for line in said)
    assert any("Stars in Tutorial: 0 of 18 · 9 more stars open Easy" in line for line in said)
    assert not any("new best" in line for line in said)
    assert app.store.best(level_key(level)) is None


def test_the_level_list_counts_the_packs_stars_and_what_they_open(app, packs, monkeypatch):
    drawn = []
    original = text.blit
    monkeypatch.setattr(text, "blit", lambda s, content, *a, **k: (drawn.append(content),
                                                                  original(s, content, *a, **k))[1])
    tutorial = packs[0]
    app.store.record(level_key(tutorial.levels[0]), tutorial.levels[0].par)
    app.store.record(level_key(tutorial.levels[1]), 3)  # an old best below a star: kept, worth nothing
    select = LevelSelectScene()
    app.push(select)
    drawn.clear()
    app.draw()
    assert "Stars in Tutorial: 3 of 18 · 6 more stars open Easy" in drawn
