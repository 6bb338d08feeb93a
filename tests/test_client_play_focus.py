"""Issue 17, items 7 and 9: shortcuts whatever has the focus; Classic's E on the Hoarder's turn only,
and the Gatekeeper sees where the Hoarder can go."""

import pygame
import pytest

from game.client import palette as pal
from game.client.coinland import hud
from game.client.coinland.levels_menu import level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs
from game.client.coinland.setup import Setup, play_scene
from game.client.driver import Driver
from game.coinland import hoarder_moves
from game.coinland.state import HOARDER, Mode


@pytest.fixture
def app(make_app):
    return make_app(ModeSelectScene, think=0.0, animation_speed="instant")


def button(play, key: str):
    return next(b for b in play.group.widgets if getattr(b, "key", "") == key)


def ready(play):
    return lambda: play.session.is_over or (play.human_turn() and not play.director.busy)


def test_letter_shortcuts_work_after_a_toolbar_button_was_clicked(app):
    drive = Driver(app)
    packs, _ = load_packs()
    play = level_scene(packs[0], 0)
    app.push(play)
    drive.until(ready(play))
    first = hoarder_moves(play.state)[0]
    drive.click(play.view.centre(first.target))
    drive.until(ready(play))
    drive.click(button(play, "undo").rect.center)  # the focus is on the toolbar now
    assert play.group.active and play.state.ply == 0
    drive.key(pygame.K_r)
    assert play.state.ply == 1  # R redid the move without a click on the board first
    drive.key(pygame.K_u)
    assert play.state.ply == 0


def classic_gatekeeper_turn(app, drive):
    play = play_scene(Setup(Mode.CLASSIC, ("human", "human"), 3), seed=4)
    app.push(play)
    drive.until(ready(play))
    drive.frames(2)
    assert play.state.to_move != HOARDER and not play.state.is_over  # Classic opens with a gate
    return play


def test_classic_e_is_offered_and_taken_only_on_the_hoarders_turn(app):
    drive = Driver(app)
    play = classic_gatekeeper_turn(app, drive)
    end = button(play, "end")
    assert not end.enabled and "on" not in end.label and "off" not in end.label
    drive.key(pygame.K_e)
    assert not play.declare_end and play.message_kind == "error" and "Hoarder" in play.message
    gate = next(g for g in play.view.hexes.edges if g not in play.state.all_gates)
    a, b = play.view.edge_points(gate)
    drive.click(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    drive.until(ready(play))
    drive.frames(2)
    assert play.state.to_move == HOARDER
    assert button(play, "end").enabled
    drive.key(pygame.K_e)
    assert play.declare_end and button(play, "end").label == "End: on (E)"


def test_the_gatekeeper_sees_the_hoarders_cost_badges(app):
    drive = Driver(app)
    play = classic_gatekeeper_turn(app, drive)
    moves = hoarder_moves(play.state, HOARDER)
    assert moves and hud.reach(play) == moves
    drive.frames(2)
    frame = app.surface
    view = play.view
    for move in moves:
        x, y = view.centre(move.target)
        centre = (round(x + view.hex * 0.42), round(y - view.hex * 0.5))
        colour = pal.GREEN if move.fee == 0 else pal.ORANGE
        near = [frame.get_at((centre[0] + dx, centre[1] + dy))[:3] for dx in range(-14, 15) for dy in range(-8, 9)]
        assert colour in near, move.target


def test_in_a_puzzle_the_edge_keys_explain_that_gates_are_fixed(app):
    drive = Driver(app)
    packs, _ = load_packs()
    play = level_scene(packs[0], 0)
    app.push(play)
    drive.until(ready(play))
    drive.key(pygame.K_1)
    assert play.key_edge is None and play.message_kind == "error" and "fixed" in play.message
    drive.key(pygame.K_g)
    assert play.key_edge is None
