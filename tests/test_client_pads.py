"""Game controllers (issue 34 item 15), with synthetic SDL controller events: menus and the board
work with a controller as with the keyboard, each seat of a two-person game has its own
controller, one that disconnects pauses the game and says so, and the key hints name the buttons."""

import pygame
import pytest

from game.client import pads, text
from game.client.coinland import hud_panels
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.sessions import Setup
from game.client.coinland.setup import play_scene
from game.client.driver import Driver
from game.client.pause import PauseScene
from game.client.scenes import footer
from game.client.title import TitleScene
from game.coinland.state import Mode


@pytest.fixture
def app(make_app):
    yield make_app(TitleScene, think=0.0, quiet=True, animation_speed="instant")
    pads.keyboard_used()  # before make_app quits pygame


def press(app, button, pad=1):
    app.dispatch(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button))


def stick(app, axis, value, pad=1):
    app.dispatch(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis, value=value))


def test_a_controller_walks_the_menus_as_the_keyboard_does(app):
    title = app.scene
    assert title.group.focus == 0
    press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert title.group.focus == 1
    press(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    press(app, pygame.CONTROLLER_BUTTON_A)  # Play
    press(app, pygame.CONTROLLER_BUTTON_A)  # Hoarder & Gatekeeper
    assert isinstance(app.scene, ModeSelectScene)
    press(app, pygame.CONTROLLER_BUTTON_B)
    assert not isinstance(app.scene, ModeSelectScene)


def test_the_stick_moves_once_per_lean(app):
    title = app.scene
    stick(app, pygame.CONTROLLER_AXIS_LEFTY, 30000)
    stick(app, pygame.CONTROLLER_AXIS_LEFTY, 32000)  # still leaning: no second step
    assert title.group.focus == 1
    stick(app, pygame.CONTROLLER_AXIS_LEFTY, 2000)  # back to the middle
    stick(app, pygame.CONTROLLER_AXIS_LEFTY, 25000)
    assert title.group.focus == 2
    stick(app, pygame.CONTROLLER_AXIS_RIGHTY, 32000)  # the right stick does nothing
    assert title.group.focus == 2


def duel_for_two(app):
    play = play_scene(Setup(Mode.DUEL, ("human", "human"), 3, first=0), seed=1)
    app.push(play)
    Driver(app).frames(2)
    return play


def gate(app, play, pad):
    """X picks a side of the cursor's cell, A draws the gate there."""
    for _ in range(6):  # the next side with no gate yet
        press(app, pygame.CONTROLLER_BUTTON_X, pad=pad)
        if play.key_edge not in play.state.all_gates:
            break
    assert play.key_edge is not None
    press(app, pygame.CONTROLLER_BUTTON_A, pad=pad)
    Driver(app).until(lambda: not play.director.busy)


def test_two_controllers_each_play_their_own_seat(app):
    play = duel_for_two(app)
    press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pad=10)  # controller 1 (seat 1) is seen first
    press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pad=20)  # controller 2
    assert play.session.seat_to_move == 0
    ply = play.state.ply
    press(app, pygame.CONTROLLER_BUTTON_X, pad=20)  # the other seat's controller picks a side for a gate
    assert play.key_edge is None and "Controller 2 plays Player 2" in play.message
    gate(app, play, pad=10)  # the seat on turn draws it
    assert play.state.ply == ply + 1 and play.session.seat_to_move == 1


def test_one_controller_plays_every_seat(app):
    play = duel_for_two(app)
    ply = play.state.ply
    gate(app, play, pad=10)
    gate(app, play, pad=10)
    assert play.state.ply == ply + 2


def test_a_controller_that_disconnects_pauses_the_game_and_says_so(app):
    play = duel_for_two(app)
    press(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT, pad=10)
    press(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT, pad=20)
    app.dispatch(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=20))
    assert isinstance(app.scene, PauseScene) and app.scenes[-2] is play
    assert any(t.message == "Controller 2 disconnected." for t in app.toasts)
    app.dispatch(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))  # never seen: nothing
    assert len([t for t in app.toasts if "disconnected" in t.message]) == 1


def test_hints_name_the_buttons_while_a_controller_is_in_use(app, monkeypatch):
    play = duel_for_two(app)
    drawn = []
    monkeypatch.setattr(text, "blit", lambda s, content, *a, **k: drawn.append(content) or pygame.Rect(0, 0, 1, 1))
    press(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert "A  act there" in hud_panels.help_lines(play) and "Y  undo / redo" in hud_panels.help_lines(play)
    footer(app.surface, "Arrows or Tab choose  ·  Enter selects  ·  Esc goes back")
    assert drawn[-1] == "D-pad or RB choose  ·  A selects  ·  B goes back"
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert "Enter  act there" in hud_panels.help_lines(play)


def test_a_controller_plugged_back_in_plays_its_seat_again(app):
    pads_ = app.pads
    press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, pad=10)
    press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, pad=20)
    app.dispatch(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=10))
    assert pads_.seat_of(2) is None  # one controller left: it plays every seat
    press(app, pygame.CONTROLLER_BUTTON_DPAD_UP, pad=30)  # controller 1 comes back with a new id
    assert pads_.player(30) == 1 and pads_.player(20) == 2
    assert pads_.seat_of(1) == 0 and pads_.seat_of(2) == 1
