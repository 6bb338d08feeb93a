"""The Duel's waiting game in the window (issue 34 item 3, client side): the Wait button and key,
the board's counters, the pass house rule in the setup and on the rules page; and Enter starts a
game from every row of a setup (item 10).

The numbers are those of docs/ENGINE.md's example on the smallest board: the two Hoarders share a
row with no coin on it, so its two edges are harmless from the start, 12 edges are free, and
player 1 (engine player 0) moves first if both only wait.
"""

from dataclasses import replace

import pygame
import pytest

from game.client.coinland import hud_panels, match_save
from game.client.coinland.play import PlayScene
from game.client.coinland.rules_scene import RulesScene, playable
from game.client.coinland.sessions import Setup
from game.client.coinland.setup import HOUSE_RULE, SetupScene, play_scene
from game.client.driver import Driver
from game.client.title import TitleScene
from game.client.widgets import Choice
from game.coinland import Gate, apply, new_duel
from game.coinland.state import Mode


@pytest.fixture
def app(make_app):
    return make_app(TitleScene, think=0.0, quiet=True, animation_speed="instant")


def two_people(size=2, may_pass=False):
    return play_scene(Setup(Mode.DUEL, ("human", "human"), size, first=0, may_pass=may_pass), seed=1)


def button(play, key):
    return next(b for b in play.group.widgets if getattr(b, "key", "") == key)


def test_w_waits_on_the_rules_harmless_edge_and_the_board_counts_down(app):
    drive = Driver(app)
    play = two_people()
    app.push(play)
    drive.frames(3)
    game = play.waiting_game()
    assert hud_panels.waiting_lines(play, game) == [("Harmless edges", "2"), ("Free edges", "12")]
    assert play.session.label(game.first_to_move) == "Player 1"
    assert button(play, "wait").enabled
    drive.key(pygame.K_w)
    assert play.state.gates[0] == {((-1, 0), (0, 0))}  # the first harmless edge, in player 1's colour
    assert play.state.to_move == 1
    assert hud_panels.waiting_lines(play, play.waiting_game()) == [("Harmless edges", "1"), ("Free edges", "11")]
    drive.frames(3)
    button(play, "wait").activate()  # the button does the same for player 2
    assert play.state.gates[1] == {((0, 0), (1, 0))}
    assert play.waiting_game().harmless == 0
    drive.frames(3)
    assert not button(play, "wait").enabled
    before = play.state
    drive.key(pygame.K_w)
    assert play.state is before and play.message_kind == "error" and "harmless" in play.message


def test_every_move_costs_is_said_once_with_who_pays_first(app):
    drive = Driver(app)
    state = replace(new_duel(2), purses=(2, 2))  # coins to pay with, or no one could move at all
    # each player gates the other's two moves: player 1 (solid) first, then player 2 (striped)
    for gate in (((1, -1), (1, 0)), ((-1, 0), (0, -1)), ((0, 1), (1, 0)), ((-1, 0), (-1, 1))):
        state = apply(state, Gate(gate))[0]
    play = PlayScene(Setup(Mode.DUEL, ("human", "human"), 2).session(1), "Duel")
    play.session.current = state
    app.push(play)
    drive.frames(3)
    game = play.waiting_game()
    assert game.every_move_costs
    assert play.message.startswith("Every move costs now") and "Wait (W)" in play.message
    said = play.message
    play.message_time = 0
    drive.frames(3)
    assert play.message != said or play.message_time == 0  # said once, not every frame


def test_the_pass_house_rule_is_chosen_in_the_duel_setup_and_played(app):
    drive = Driver(app)
    app.push(SetupScene(Mode.DUEL))
    setup = app.scene
    rows = [w for w in setup.group.widgets if isinstance(w, Choice)]
    rule = next(w for w in rows if w.label == HOUSE_RULE)
    assert rule.get() is False  # off by default: the designer's rule
    setup.group.focus = setup.group.widgets.index(rule)
    drive.key(pygame.K_RIGHT)
    assert rule.get() is True
    assert "House rule" in setup.note()
    setup.setup.seats = ("human", "human")
    drive.key(pygame.K_RETURN)  # Enter on the row starts (it does not flip the rule back)
    play = app.scene
    assert isinstance(play, PlayScene) and play.state.may_pass
    drive.frames(3)
    assert button(play, "pass").enabled  # a pass instead of a gate, from the first turn
    drive.key(pygame.K_p)
    assert play.state.passes == 1 and play.state.to_move == 1
    setup_off = play_scene(Setup(Mode.DUEL, ("human", "human"), 3), seed=1)
    app.push(setup_off)
    drive.frames(3)
    assert not button(setup_off, "pass").enabled
    drive.key(pygame.K_p)
    assert setup_off.state.passes == 0 and setup_off.message_kind == "error"


@pytest.mark.parametrize("mode", [Mode.CLASSIC, Mode.DUEL])
def test_enter_starts_from_every_row_of_the_setup(app, mode):
    drive = Driver(app)
    for index in range(5 if mode is Mode.DUEL else 4):
        app.push(SetupScene(mode))
        setup = app.scene
        row = [w for w in setup.group.widgets if isinstance(w, Choice)][index]
        setup.setup.seats = ("human", "human")
        setup.group.focus = setup.group.widgets.index(row)
        drive.key(pygame.K_RIGHT)
        chosen = row.get()
        drive.key(pygame.K_RETURN)
        assert isinstance(app.scene, PlayScene), f"{row.label}: Enter did not start"
        assert row.get() == chosen, f"{row.label}: Enter changed the row"
        app.pop()
        match_save.flush()
        match_save.discard(app.store.folder, mode)  # the next start asks nothing


def test_enter_on_a_computer_strength_starts_against_it(app):
    drive = Driver(app)
    app.push(SetupScene(Mode.DUEL))
    setup = app.scene
    player_two = next(w for w in setup.group.widgets if isinstance(w, Choice) and w.label == "Player 2")
    setup.group.focus = setup.group.widgets.index(player_two)
    for _ in range(len(player_two.options)):  # bounded: every option once at most
        if player_two.get() == "hard":
            break
        drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and app.scene.session.seats[1] == "hard"


def test_the_rules_page_explains_wait_and_the_house_rule_with_a_played_example():
    page = next(p for p in RulesScene().pages if p.title == "Duel: the waiting game")
    assert "Wait (W)" in page.body and "House rule" in page.body and "harmless" in page.body
    assert len(playable(page.start, page.script)) == len(page.script) == 4
