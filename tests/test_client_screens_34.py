"""Screens and keys of issue 34 (items 11, 12, 14): what a player ran into after a game, in a
walk and in the editor, each checked as the player meets it."""

import pygame
import pytest
from client_steps import texts_drawn

from game.client import text
from game.client.coinland import hud
from game.client.coinland.levels_menu import level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs
from game.client.coinland.result import ResultScene, summary
from game.client.coinland.sessions import Setup
from game.client.coinland.setup import play_scene
from game.client.driver import Driver
from game.client.pause import PauseScene
from game.client.title import TitleScene
from game.coinland import Move, legal_actions
from game.coinland.state import Mode


@pytest.fixture
def app(make_app):
    return make_app(TitleScene, think=0.0, quiet=True, animation_speed="instant")


def finished_duel(app, drive):
    """A two-person Duel on the smallest board, played to its end (moves first, else the first action)."""
    play = play_scene(Setup(Mode.DUEL, ("human", "human"), 2, first=0), seed=1)
    app.push(play)
    drive.frames(2)
    for _ in range(200):
        if play.session.is_over:
            break
        actions = legal_actions(play.state)
        play.perform(next((a for a in actions if isinstance(a, Move)), actions[0]))
        drive.until(lambda: not play.director.busy)
    assert play.session.is_over
    return play


def test_a_two_person_duel_result_names_each_seat_once(app):
    drive = Driver(app)
    play = finished_duel(app, drive)
    rows = summary(play).rows
    assert [row[:2] for row in rows] == [("Player 1", "person"), ("Player 2", "person")]


def test_undo_after_a_finished_duel_does_not_reopen_it(app):
    drive = Driver(app)
    play = finished_duel(app, drive)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    app.pop()  # "Look at the board"
    assert app.scene is play
    drive.key(pygame.K_u)
    assert play.session.is_over and "game is over" in play.message


def test_the_status_line_counts_a_flying_coin_and_says_game_over_only_once_it_lands(app):
    drive = Driver(app)
    play = finished_duel(app, drive)
    left = len(play.state.coins)
    play.director.pending_coins.add(play.state.pawns[0])  # a coin still on its way to a purse
    busy = type(play.director).busy
    try:
        type(play.director).busy = property(lambda _self: True)
        line = hud.status_text(play, play.state)
        assert line.startswith(f"{left + 1} coin") and "game over" not in line
    finally:
        type(play.director).busy = busy
        play.director.pending_coins.clear()
    assert hud.status_text(play, play.state).endswith("game over")


def test_the_pause_heading_stays_under_a_dialog_opened_from_it(app, monkeypatch):
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "human"), 2, first=0), seed=1)
    app.push(play)
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    leave = next(w for w in app.scene.group.widgets if w.label.startswith("Leave"))
    leave.activate()
    assert not isinstance(app.scene, PauseScene)
    drawn = texts_drawn(monkeypatch)
    app.draw()
    assert "Paused" not in drawn


def test_try_again_after_stopping_at_once_does_not_promise_a_walk_back(app):
    drive = Driver(app)
    packs, _ = load_packs()
    play = level_scene(packs[0], 1, packs)
    app.push(play)
    drive.frames(2)
    drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    next(w for w in app.scene.group.widgets if w.label == "Try again").activate()
    drive.frames(2)
    assert "Undo brings" not in play.message and "fresh walk" in play.message


def test_after_hint_then_restart_the_cursor_is_back_at_the_start(app):
    drive = Driver(app)
    packs, _ = load_packs()
    play = level_scene(packs[0], 1, packs)
    app.push(play)
    drive.frames(2)
    drive.key(pygame.K_RIGHT)  # keyboard play: the cursor is shown
    drive.key(pygame.K_h)
    drive.key(pygame.K_RETURN)  # the first help on a level asks: Show the hint
    drive.until(lambda: play.helper is None)
    assert play.hint_cell is not None and play.cursor == play.hint_cell
    drive.key(pygame.K_n)
    assert play.hint_cell is None and play.cursor == play.state.pawns[0]


def test_picking_an_edge_on_the_other_players_turn_does_not_say_enter_draws_it(app):
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "hard"), 3, first=1), seed=1)
    app.push(play)
    drive.frames(1)
    assert not play.human_turn()
    play._pick_edge(0)
    assert "Enter (or the same number) draws this gate" not in play.message


def test_back_to_the_menu_after_a_match_resumed_from_the_title_goes_to_its_menu(app):
    drive = Driver(app)
    finished_duel(app, drive)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    assert isinstance(app.scenes[-3], TitleScene)  # opened from the title, as Resume does
    next(w for w in app.scene.group.widgets if w.label == "Back to the menu").activate()
    assert isinstance(app.scene, ModeSelectScene)


def test_a_menu_rebuilt_without_the_focused_item_focuses_the_first(app):
    title = app.scene
    title.group.focus = 0
    labels = [w.label for w in title.group.widgets]
    original = title.build
    title.build = lambda: [w for w in original() if w.label != labels[0]]  # the focused item goes
    title.rebuild()
    assert title.group.focus == 0
    title.build = original
    title.rebuild()
    title.group.focus = 2
    title.rebuild()
    assert title.group.widgets[title.group.focus].label == labels[2]


def test_the_editors_right_click_says_what_it_did(app):
    from game.client.coinland.editor import EditorScene

    editor = EditorScene()
    app.push(editor)
    cell = next(c for c in editor.view.hexes if c != editor.draft.start)
    editor.act_on_cell(cell, "coin")
    assert editor.message == "Coin taken away: that cell starts empty." and editor.message_kind != "error"


def test_a_locked_pack_tab_keeps_the_focus_by_click_and_by_arrow(app):
    from game.client.coinland.levels_menu import LevelSelectScene

    drive = Driver(app)
    select = LevelSelectScene()
    app.push(select)
    drive.frames(2)
    assert not select.locks[2].open
    select.group.widgets[2].activate()  # a click on the locked Medium tab
    assert select.pack_index == 2 and select.group.focus == 2
    select.group.widgets[1].activate()
    assert select.pack_index == 1 and select.group.focus == 1
    drive.key(pygame.K_RIGHT)  # Right onto the next locked tab
    assert select.pack_index == 2 and select.group.focus == 2


def test_how_to_play_says_that_hint_and_solve_cost_stars_and_what_a_star_needs():
    from game.client.coinland.rules_scene import pages

    puzzle = next(page for page in pages() if page.title == "Puzzle")
    words = puzzle.body
    assert "Help lasts" in words and "earns no more" in words and "half of par's gain" in words


def test_leaving_full_screen_gives_back_the_window_size_the_player_had(app):
    drive = Driver(app)
    app.window = pygame.display.set_mode((1000, 640), pygame.RESIZABLE)  # the player resized it
    drive.key(pygame.K_F11)
    assert app.fullscreen
    drive.key(pygame.K_F11)
    assert not app.fullscreen and app.window.get_size() == (1000, 640)


def test_the_title_rain_leaves_the_footer_line_and_the_name_plate_clean(app):
    """Issue 34 item 13: coins showed as grey smudges through the name plate and over the footer."""
    from game.client import palette as pal
    from game.client.title import RAIN_FLOOR

    title = app.scene
    for clock in (0.0, 3.3, 7.7, 12.1):  # coins everywhere along their fall
        title.clock = clock
        app.surface.fill(pal.BACKGROUND)
        title.draw(app.surface)
        band = app.surface.subsurface(pygame.Rect(0, RAIN_FLOOR, 1280, 800 - RAIN_FLOOR))
        golden = sum(1 for x in range(0, 1280, 3) for y in range(0, band.get_height(), 3)
                     if band.get_at((x, y))[0] > 200 > band.get_at((x, y))[2] + 60)
        assert golden == 0, clock
        inside = app.surface.get_at((640 - 330, 200))  # inside the plate, away from the name
        assert inside[:3] == pal.BACKGROUND[:3], clock


@pytest.mark.parametrize("kind", ["puzzle", "duel"])
def test_a_review_whose_search_stopped_says_why_inside_its_panel(app, monkeypatch, kind):
    from test_records_games import blunder_match, puzzle_game

    from game.client.review.match_scene import MatchReviewScene
    from game.client.review.puzzle_scene import PuzzleReviewScene
    from game.records import replay

    shown = replay(puzzle_game()[0] if kind == "puzzle" else blunder_match())
    scene = PuzzleReviewScene(shown) if kind == "puzzle" else MatchReviewScene(shown, depth=1)
    app.push(scene)
    scene.exit()  # no search: the failure is posed
    scene.failed = "The search stopped: unreadable job: " + "a very long reason " * 12
    drawn = []
    original = text.blit

    def spy(surface, content, pos, *args, **kwargs):
        drawn.append(original(surface, content, pos, *args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(text, "blit", spy)
    app.draw()
    panel = scene.draw_side(app.surface)
    assert drawn and all(rect.right <= panel.right + 2 for rect in drawn if rect.left >= panel.left), \
        [rect for rect in drawn if rect.right > panel.right + 2]


def test_replaying_the_walk_solve_just_showed_earns_no_stars(app):
    """Solve, Restart, then the same moves by hand: the line was shown, so the walk stays
    assisted (issue 34 item 1: seeing the best walk marks the level's next walks)."""
    drive = Driver(app)
    packs, _ = load_packs()
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    drive.key(pygame.K_s)
    drive.key(pygame.K_RETURN)  # the first help on a level asks: Show the best walk
    drive.until(lambda: play.helper is None and not play.replay and not play.director.busy)
    shown = list(play.session.actions)
    assert shown, "Solve played no walk"
    drive.key(pygame.K_n)
    assert play.puzzle.assisted and "stays assisted" in play.message
    for action in shown:
        play.perform(action)
        drive.until(lambda: not play.director.busy)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    assert not play.verdict.counts and play.verdict.assisted
