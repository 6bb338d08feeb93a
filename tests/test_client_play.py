"""Whole games through posted mouse and key events, in every mode, driven frame by frame."""

import random
import threading

import pygame
import pytest

from game.client.coinland import computer
from game.client.coinland.levels_menu import level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs
from game.client.coinland.rating import level_key
from game.client.coinland.result import InterludeScene, ResultScene
from game.client.coinland.setup import Setup, play_scene
from game.client.driver import Driver
from game.client.storage import Store
from game.coinland import Gate, Move, apply, hoarder_moves, legal_actions
from game.coinland.events import CoinCollected, FeePaid, GateDrawn, PawnMoved
from game.coinland.solver import solve
from game.coinland.state import Mode


@pytest.fixture
def app(make_app):
    return make_app(ModeSelectScene, think=0.0, animation_speed="fast")


def puzzle(pack_name=None, index=0):
    packs, _ = load_packs()
    pack = next(p for p in packs if pack_name is None or p.name == pack_name)
    return level_scene(pack, index)


def ready(play):
    return lambda: play.session.is_over or (play.human_turn() and not play.director.busy)


def edge_point(view, gate):
    a, b = view.edge_points(gate)
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def test_a_puzzle_played_by_mouse_reaches_par_and_the_best_is_kept(app, tmp_path):
    drive = Driver(app)
    play = puzzle("Tutorial", 3)
    app.push(play)
    level = play.session.level
    walk = solve(level).moves
    for cell in walk:
        drive.until(ready(play))
        drive.click(play.view.centre(cell))
    drive.until(lambda: play.celebrated)
    if not play.session.is_over:
        drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    assert play.state.purses[0] == level.par
    assert app.scene.stars == 3
    assert Store(tmp_path).progress.best[level_key(level)] == level.par


def cursor_to(drive, play, target):
    """Arrow keys until the keyboard cursor is on `target` (nearest-by-pixels steps)."""
    keys = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
    for _ in range(40):
        if play.cursor == target:
            return
        goal = play.view.centre(target)
        here = play.view.centre(play.cursor)
        dx, dy = goal[0] - here[0], goal[1] - here[1]
        key = (keys[3] if dy > 0 else keys[2]) if abs(dy) > 1 else (keys[1] if dx > 0 else keys[0])
        drive.key(key)
    raise AssertionError(f"the cursor never reached {target}")


def test_a_puzzle_played_with_the_keyboard_alone(app):
    drive = Driver(app)
    play = puzzle("Tutorial", 1)
    app.push(play)
    walk = solve(play.session.level).moves
    for cell in walk:
        drive.until(ready(play))
        cursor_to(drive, play, cell)
        drive.key(pygame.K_RETURN)
    drive.until(ready(play))
    assert play.state.purses[0] == play.session.level.par
    drive.key(pygame.K_TAB)  # to the buttons: Undo is focused
    assert play.group.active and play.group.focused.label.startswith("Undo")
    drive.key(pygame.K_RETURN)
    assert play.state.ply == len(walk) - 1


def test_illegal_input_is_explained_never_silent(app):
    drive = Driver(app)
    play = puzzle("Tutorial", 2)
    app.push(play)
    drive.frames(3)
    state = play.state
    off_line = next(c for c in state.coins if Move(c) not in legal_actions(state))
    drive.click(play.view.centre(off_line))
    assert play.message_kind == "error" and play.message
    assert play.state is state
    drive.key(pygame.K_r)
    assert "Nothing to redo" in play.message
    drive.key(pygame.K_p)  # passing is not a puzzle action
    assert play.message_kind == "error" and play.state is state


def test_a_click_during_an_animation_finishes_it_and_is_used(app):
    drive = Driver(app)
    app.store.settings.animation_speed = "slow"
    play = puzzle("Tutorial", 1)
    app.push(play)
    walk = solve(play.session.level).moves
    drive.frames(2)
    drive.click(play.view.centre(walk[0]), frames=1)
    assert play.director.busy
    drive.click(play.view.centre(walk[1]), frames=1)
    assert play.state.ply == 2
    play.skip()
    assert play.director.shown_purses == list(play.state.purses)


def test_puzzle_undo_is_unlimited_and_redo_replays(app):
    drive = Driver(app)
    play = puzzle("Tutorial", 1)
    app.push(play)
    walk = solve(play.session.level).moves[:4]
    for cell in walk:
        drive.until(ready(play))
        drive.click(play.view.centre(cell))
    for expected in (3, 2, 1, 0):
        drive.key(pygame.K_u)
        assert play.state.ply == expected
    for expected in (1, 2):
        drive.key(pygame.K_r)
        assert play.state.ply == expected
    drive.key(pygame.K_n)  # restart, undoable
    assert play.state.ply == 0
    drive.key(pygame.K_u)
    assert play.state.ply == 2


def test_hint_marks_a_move_the_solver_likes_and_solve_replays_the_best_walk(app):
    drive = Driver(app)
    play = puzzle("Tutorial", 2)
    app.push(play)
    drive.key(pygame.K_h)
    drive.key(pygame.K_RETURN)  # the first help on a level asks: Show the hint
    drive.until(lambda: play.helper is None)
    best = solve(play.state)
    assert play.hint_cell in [m.target for m in hoarder_moves(play.state)]
    follow = solve(apply(play.state, Move(play.hint_cell))[0])
    assert follow.score == best.score  # the hinted move keeps the best score reachable
    app.store.settings.animation_speed = "instant"
    drive.key(pygame.K_s)
    drive.until(lambda: play.helper is None)
    drive.until(lambda: not play.replay and not play.director.busy)
    assert play.state.purses[0] == best.score


def test_a_classic_match_against_the_computer_by_mouse_with_the_role_swap(app):
    drive = Driver(app)
    play = play_scene(Setup(Mode.CLASSIC, ("human", "easy"), 3), seed=4)
    app.store.settings.animation_speed = "instant"
    app.push(play)
    rng = random.Random(1)
    swapped = False
    for _ in range(200):
        drive.until(lambda: play.session.is_over or isinstance(app.scene, InterludeScene) or (
            play.human_turn() and not play.director.busy))
        if isinstance(app.scene, InterludeScene):
            swapped = True
            assert play.board_state().is_over  # game 1's last board stays on show
            drive.key(pygame.K_RETURN)
            assert app.scene is play and play.state.ply == 0
            continue
        if play.session.is_over:
            break
        action = rng.choice([a for a in legal_actions(play.state) if not (isinstance(a, Move) and a.end)])
        if isinstance(action, Gate):
            drive.click(edge_point(play.view, action.edge))
        else:
            drive.click(play.view.centre(action.to))
    drive.until(lambda: isinstance(app.scene, ResultScene))
    match = play.session.match
    assert swapped and match.is_over and len(match.results) == 2
    assert "win" in app.scene.heading or "drawn" in app.scene.heading


def test_a_duel_between_two_humans_by_keyboard_and_mouse(app):
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "human"), 3), seed=2)
    app.store.settings.animation_speed = "instant"
    app.push(play)
    rng = random.Random(3)
    for turn in range(300):
        drive.until(ready(play))
        if play.session.is_over:
            break
        actions = legal_actions(play.state)
        action = rng.choice(actions)
        if isinstance(action, Gate) and turn % 2:
            a, b = action.edge
            cursor_to(drive, play, a)
            direction = (b[0] - a[0], b[1] - a[1])
            from game.hexgrid import DIRECTIONS

            digit = pygame.K_1 + DIRECTIONS.index(direction)
            drive.key(digit)
            drive.key(digit)
        elif isinstance(action, Gate):
            drive.click(edge_point(play.view, action.edge))
        elif isinstance(action, Move):
            drive.click(play.view.centre(action.to))
        else:
            drive.key(pygame.K_p)
        assert play.state.ply == turn + 1, f"{action} was not played"
    assert play.session.is_over
    drive.until(lambda: isinstance(app.scene, ResultScene))
    why = {"all_collected": "Every coin has been collected.", "both_passed": "Both players passed in succession.",
           "no_moves_left": "Neither Hoarder can reach a coin any more."}
    assert app.scene.lines[0] == why[play.state.ended]  # the result says why the duel ended


def test_against_the_computer_undo_takes_back_only_your_last_move(app):
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "easy"), 3, first=0), seed=5)
    app.push(play)
    for _ in range(2):
        drive.until(ready(play))
        move = next(a for a in legal_actions(play.state) if isinstance(a, Move))
        drive.click(play.view.centre(move.to))
    drive.until(ready(play))
    assert play.state.ply == 4
    drive.key(pygame.K_u)
    assert play.state.ply == 2 and play.state.to_move == 0
    drive.key(pygame.K_u)
    assert play.state.ply == 2 and "only your last move" in play.message
    drive.key(pygame.K_r)
    assert play.state.ply == 4


def test_the_computer_thinks_off_the_frame_loop_with_an_indicator(app, monkeypatch):
    gate = threading.Event()

    def slow_ai(state, strength, rng, budget):
        gate.wait(10)
        return legal_actions(state)[0]

    monkeypatch.setattr(computer, "ai_chooser", lambda: slow_ai)
    from game.client import worker

    monkeypatch.setattr(worker, "IN_PROCESS", False)  # the slow stand-in and its gate live in this process
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("easy", "human"), 3, first=0), seed=5)
    app.push(play)
    drive.frames(60)
    assert play.ai is not None and not play.ai.done  # still thinking, frames went on
    from game.client.coinland import hud

    assert "to play" in hud.turn_text(play)
    drive.click(play.view.centre(play.state.pawns[1]))
    assert "thinking" in play.message
    gate.set()
    drive.until(lambda: play.state.ply == 1)


def test_without_the_ai_module_the_computer_plays_random_legal_moves(app, monkeypatch):
    monkeypatch.setattr(computer, "ai_chooser", lambda: None)
    from game.client import worker

    monkeypatch.setattr(worker, "IN_PROCESS", False)  # a helper process would import the real AI module
    drive = Driver(app)
    play = play_scene(Setup(Mode.CLASSIC, ("random", "hard"), 3), seed=8)
    app.store.settings.animation_speed = "instant"
    app.push(play)
    drive.until(lambda: play.session.is_over or isinstance(app.scene, InterludeScene))
    assert play.state.ply > 0 or play.board_state().is_over


def test_instant_speed_and_reduced_motion_show_the_same_events_without_tweens(app):
    drive = Driver(app)
    app.store.settings.animation_speed = "instant"
    app.store.settings.reduced_motion = True
    play = puzzle("Tutorial", 2)
    app.push(play)
    drive.frames(2)
    target = solve(play.session.level).moves[0]
    events = []
    original = play.director.play
    play.director.play = lambda evs: (events.extend(evs), original(evs))
    drive.click(play.view.centre(target), frames=1)
    assert any(isinstance(e, PawnMoved) for e in events) and any(isinstance(e, CoinCollected) for e in events)
    assert not play.director.busy and not play.director.physics.coins
    assert play.director.shown_purses == list(play.state.purses)


def test_fee_and_gate_events_animate_and_tick_the_purses(app):
    drive = Driver(app)
    play = play_scene(Setup(Mode.DUEL, ("human", "human"), 3, first=0), seed=1)
    app.push(play)
    drive.frames(2)
    seen = []
    original = play.director.play
    play.director.play = lambda evs: (seen.extend(evs), original(evs))
    steps = [edge_point(play.view, ((1, -1), (2, -1))),  # player 1 gates a doorway of player 2
             play.view.centre((2, -1)),  # player 2 collects a coin
             play.view.centre((-1, 0)),  # player 1 collects a coin
             play.view.centre((1, -1))]  # player 2 crosses player 1's gate: pays 1 to player 1
    for where in steps:
        drive.until(ready(play))
        drive.click(where)
    drive.until(ready(play))
    assert play.state.ply == 4
    assert any(isinstance(e, GateDrawn) and e.player == 0 for e in seen)
    fees = [e for e in seen if isinstance(e, FeePaid)]
    assert len(fees) == 1 and (fees[0].payer, fees[0].payee, fees[0].amount) == (1, 0, 1)
    assert play.state.purses == (2, 1)
    assert play.director.shown_purses == [2, 1]
