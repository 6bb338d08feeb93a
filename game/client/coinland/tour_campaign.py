"""The screenshot tour's campaign and match scenes (game/client/tour.py calls `campaign_tour`):
a stop that does not count, the Solve question, an assisted result, a pack opening, a locked
pack, leaving a match, Resume on the title and the resumed match."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame


def campaign_tour(app, drive, shot: Callable[..., None]) -> None:
    from game.client.coinland.levels_menu import LevelSelectScene, level_scene
    from game.client.coinland.match_save import resume_scene
    from game.client.coinland.menus import ModeSelectScene
    from game.client.coinland.packs import load_packs
    from game.client.coinland.rating import level_key
    from game.client.coinland.result import ResultScene
    from game.client.coinland.setup import Setup, play_scene
    from game.client.coinland.unlocks import stars_to_open
    from game.client.title import TitleScene
    from game.coinland.rules import legal_actions
    from game.coinland.solver import solve
    from game.coinland.state import Mode

    packs, _ = load_packs()
    tutorial = packs[0]
    app.pop_to(lambda s: isinstance(s, ModeSelectScene))
    speed = app.store.settings.animation_speed

    play = level_scene(tutorial, 0, packs)
    app.push(play)
    drive.frames(5)
    drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    shot("puzzle-stop-not-counted", 30)
    app.pop_to(lambda s: isinstance(s, ModeSelectScene))

    play = level_scene(tutorial, 2, packs)
    app.push(play)
    walk = solve(play.session.level).moves
    drive.frames(5)
    drive.click(play.view.centre(walk[0]))
    drive.until(lambda: not play.director.busy)
    drive.key(pygame.K_s)
    shot("puzzle-solve-question", 10)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    app.store.settings.animation_speed = "instant"
    drive.until(lambda: play.helper is None and not play.replay and not play.director.busy)
    if not play.session.is_over:
        drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    app.store.settings.animation_speed = speed
    shot("puzzle-assisted-result", 30)
    app.pop_to(lambda s: isinstance(s, ModeSelectScene))

    at_par = -(-stars_to_open(tutorial) // 3)  # levels at par (three stars each) that open the next pack
    # the last level that opens the pack is one the player took no help on (Solve above marked level 3)
    last = next(i for i in range(at_par - 1, len(tutorial.levels))
                if not app.store.helped(level_key(tutorial.levels[i])))
    for level in [level for i, level in enumerate(tutorial.levels) if i != last][:at_par - 1]:
        app.store.record(level_key(level), level.par)
    play = level_scene(tutorial, last, packs)
    app.push(play)
    app.store.settings.animation_speed = "instant"
    for cell in solve(play.session.level).moves:
        drive.until(lambda: play.human_turn() and not play.director.busy)
        drive.click(play.view.centre(cell))
    drive.until(lambda: play.session.is_over or (play.human_turn() and not play.director.busy))
    if not play.session.is_over:
        drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    app.store.settings.animation_speed = speed
    shot("pack-opened-result", 40)
    app.pop_to(lambda s: isinstance(s, ModeSelectScene))

    select = LevelSelectScene()
    app.push(select)
    select.pack_index = 2
    select.rebuild()
    shot("level-select-locked-pack", 5)
    app.pop()

    match = play_scene(Setup(Mode.CLASSIC, ("human", "easy"), 4, first=0), seed=11)
    app.push(match)
    rng = random.Random(5)
    app.store.settings.animation_speed = "instant"
    for _ in range(4):
        drive.until(lambda: match.human_turn() and not match.director.busy)
        actions = legal_actions(match.state)
        match.perform(rng.choice([a for a in actions if not getattr(a, "end", False)]))
    drive.until(lambda: match.human_turn() and not match.director.busy)
    app.store.settings.animation_speed = speed
    drive.key(pygame.K_ESCAPE)
    leave = next(i for i, w in enumerate(app.scene.group.widgets) if w.label == "Leave the game")
    app.scene.group.widgets[leave].activate()
    shot("classic-leave-question", 10)
    app.scene.group.widgets[1].activate()  # leave, resume later
    app.pop_to(lambda s: isinstance(s, TitleScene))
    app.scene.rebuild()
    shot("title-resume-match", 20)
    resumed = resume_scene(app, Mode.CLASSIC)
    if resumed is not None:
        app.push(resumed)
        shot("classic-resumed", 30)
        app.pop()
