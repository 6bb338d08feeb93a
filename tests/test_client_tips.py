"""The level's written hint as the tip when a level opens (issue 37, the campaign attack): shown
at every start it was a free walkthrough, as Hint (H) marks help. Past the first pack it waits
until the player has a walk of her own on the level; the Tutorial and levels outside the
campaign show it at once."""

import pygame
import pytest
from client_steps import walk_and_stop

from game.client.coinland.levels_menu import level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import MY_LEVELS, Pack, load_packs
from game.client.driver import Driver


@pytest.fixture
def app(make_app):
    return make_app(ModeSelectScene, animation_speed="instant", quiet=True)


@pytest.fixture(scope="module")
def packs():
    return load_packs(own=False)[0]


def opened(app, pack, index, packs):
    play = level_scene(pack, index, packs)
    app.push(play)
    Driver(app).frames(2)
    return play


def test_a_tutorial_level_shows_its_tip_at_once(app, packs):
    tutorial = packs[0]
    assert tutorial.name == "Tutorial" and tutorial.levels[0].hint
    play = opened(app, tutorial, 0, packs)
    assert play.message == f"Tip: {tutorial.levels[0].hint}"


def test_a_campaign_level_past_the_tutorial_keeps_its_tip_until_the_player_has_walked_it(app, packs):
    easy = next(pack for pack in packs if pack.name == "Easy")
    level = easy.levels[0]
    assert level.hint
    first = opened(app, easy, 0, packs)
    assert not first.message.startswith("Tip:")  # the puzzle, not its answer
    app.pop()
    assert app.store.record_level(level, level.purse + 1)  # a walk of her own, short of par
    again = opened(app, easy, 0, packs)
    assert again.message == f"Tip: {level.hint}"


def test_a_level_outside_the_campaign_shows_its_authors_tip(app, packs):
    level = next(pack for pack in packs if pack.name == "Hard").levels[0]
    mine = Pack(MY_LEVELS, (level,))
    play = opened(app, mine, 0, [*packs, mine])
    assert play.message == f"Tip: {level.hint}"
    alone = opened(app, Pack("Shared", (level,)), 0, None)  # a level opened on its own (a code, a file)
    assert alone.message == f"Tip: {level.hint}"


def test_a_walk_short_of_a_star_and_a_restart_bring_the_tip_too(app, packs):
    """A walk below one star sets no best, and the player stuck below one needs the tip most."""
    easy = next(pack for pack in packs if pack.name == "Easy")
    index = next(i for i, level in enumerate(easy.levels) if level.name == "Either Or")
    level = easy.levels[index]
    assert level.start == (-1, 2) and level.purse == 5 and level.par == 10
    drive = Driver(app)
    play = opened(app, easy, index, packs)
    assert not play.message.startswith("Tip:")
    walk_and_stop(drive, play, [(0, 1)])  # one free coin, then stop: 6 coins, a star needs 8
    assert app.store.best_of(level) is None
    again = opened(app, easy, index, packs)
    assert again.message == f"Tip: {level.hint}"
    # another level, tried by restarting after a move: the tip comes with the fresh walk
    other = next(i for i, lv in enumerate(easy.levels) if lv.name == "Pocket Watch")
    third = opened(app, easy, other, packs)
    assert not third.message.startswith("Tip:")
    drive.until(lambda: third.human_turn() and not third.director.busy)
    drive.click(third.view.centre((1, -1)))
    drive.until(lambda: third.human_turn() and not third.director.busy)
    drive.key(pygame.K_n)
    assert third.message == f"Tip: {easy.levels[other].hint}"


def test_try_again_after_a_walk_ended_short_of_par_brings_the_waiting_tip(app, packs):
    """Found on Xvfb: the ended walk marked the level tried before Try again restarted it, so the
    restart found the tip no longer waiting and said only 'Back to the start': the player who
    ends a walk short and tries again, the one the tip is for, never saw it on that screen."""
    easy = next(pack for pack in packs if pack.name == "Easy")
    index = next(i for i, level in enumerate(easy.levels) if level.name == "Ring Road")
    level = easy.levels[index]
    assert level.start == (0, -2) and level.purse == 5 and level.par == 16
    drive = Driver(app)
    play = opened(app, easy, index, packs)
    assert not play.message.startswith("Tip:")
    result = walk_and_stop(drive, play, [(-1, -1)])  # the free coin south-west, then stop: 6 of par 16
    assert result.buttons[0][0] == "Try again"
    drive.key(pygame.K_RETURN)  # Enter: Try again, the first button after a walk that does not count
    drive.until(lambda: app.scene is play and play.human_turn() and not play.director.busy)
    assert play.message == f"Tip: {level.hint}"
    walk_and_stop(drive, play, [(-1, -1)])  # told once on this screen: the next try says only the restart
    drive.key(pygame.K_RETURN)
    drive.until(lambda: app.scene is play and play.human_turn() and not play.director.busy)
    assert not play.message.startswith("Tip:")
