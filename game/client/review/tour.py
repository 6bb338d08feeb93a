"""The review screens in the screenshot tour (game/client/tour.py calls `review_tour`).

Games are played here by the engines' computer players from fixed seeds and kept as
records in the tour's data folder, beside one damaged file, so every picture is the same
from run to run and the Recent games list shows an unreadable record as such.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame


def sample_records() -> dict[str, Any]:
    """One finished game of each kind, from fixed seeds."""
    from game.bitcoin import apply as satoshi_apply
    from game.bitcoin.agents import AGENTS
    from game.bitcoin.setup import new_game
    from game.client.satoshi.session import Seat
    from game.coinland.actions import Move, Stop
    from game.coinland.ai import make_agent
    from game.coinland.levels import Level
    from game.coinland.match import ClassicMatch
    from game.coinland.rules import apply, hoarder_moves, new_duel
    from game.coinland.solver import solve
    from game.records import classic_record, duel_record, puzzle_record, satoshi_record

    level = Level(name="Tour walk", size=3, gates=frozenset({((0, 0), (1, 0)), ((0, 1), (1, 0)), ((-1, 0), (-1, 1)),
                                                            ((1, -1), (2, -1)), ((-2, 1), (-1, 1))}))
    level = Level(name=level.name, size=3, gates=level.gates, par=solve(level).score)
    state, walk, rng = level.initial_state(), [], random.Random(4)
    while not state.is_over and len(walk) < 9:
        action = Move(rng.choice(hoarder_moves(state)).target)
        walk.append(action)
        state = apply(state, action)[0]
    if not state.is_over:
        walk.append(Stop())
    match, actions = ClassicMatch(size=3), []
    while not match.is_over:
        action = make_agent("easy" if match.state.to_move == 0 else "normal").choose(match.state, rng)
        actions.append(action)
        match = match.apply(action)[0]
    start = duel = new_duel(3)
    duel_actions = []
    while not duel.is_over:
        action = make_agent("easy" if duel.to_move == 0 else "normal").choose(duel, rng)
        duel_actions.append(action)
        duel = apply(duel, action)[0]
    seats = [Seat("You", "human", 0), Seat("Hal", "normal", 1), Seat("Wei", "normal", 2), Seat("Ada", "hard", 3)]
    table, moves = new_game(4, 11), []
    while not table.is_over:
        action = AGENTS["normal"](table, rng)
        moves.append(action)
        table = satoshi_apply(table, action)[0]
    return {
        "puzzle": puzzle_record(level, walk, date="2026-01-02T10:00:00Z"),
        "classic": classic_record(3, 0, actions, ["You", "Computer (normal)"], date="2026-01-02T11:00:00Z"),
        "duel": duel_record(start, duel_actions, ["You", "Computer (normal)"], date="2026-01-02T12:00:00Z"),
        "satoshi": satoshi_record(seats, "normal", False, 11, moves, date="2026-01-02T13:00:00Z"),
    }


def review_tour(app: Any, drive: Any, shot: Callable[..., None]) -> None:
    from game.client.review.keep import folder_of
    from game.client.review.match_scene import MatchReviewScene
    from game.client.review.recent_scene import RecentGamesScene
    from game.client.review.satoshi_scene import SatoshiReplayScene
    from game.records import keep, replay
    from game.safeio import atomic_write_text

    records = sample_records()
    folder = folder_of(app)
    for record in records.values():
        keep(record, folder)
    atomic_write_text(folder / "20000101-000000-000000-duel.json",
                      '{"app": "coinland-record", "format": 1, "kind": "duel", "players": ["A", "B"]}')
    app.store.settings.animation_speed = "instant"
    recent = RecentGamesScene()
    app.push(recent)
    drive.until(lambda: not recent.loading)
    shot("review-recent-games", 5)
    index = next(i for i, e in enumerate(recent.entries) if e.record is not None and e.record.kind == "puzzle")
    recent.select(index)
    recent.open_selected()
    puzzle = app.scene
    drive.until(lambda: not puzzle.proving)
    costly = next((m for m in range(1, puzzle.count + 1) if puzzle.loss(m)), 1)
    puzzle.go(costly)
    from game.coinland.level_key import level_key

    if puzzle.level.par is not None:  # the best line shows once the level is solved at par
        app.store.record(level_key(puzzle.level), puzzle.level.par)
    drive.key(pygame.K_b)
    shot("review-puzzle", 5)
    drive.key(pygame.K_s)
    shot("review-puzzle-share", 5)
    app.pop()
    app.pop()
    for kind in ("classic", "duel"):
        scene = MatchReviewScene(replay(records[kind]), depth=2)
        app.push(scene)
        drive.until(lambda scene=scene: not scene.busy, 20000)
        scene.worst()
        shot(f"review-{kind}", 5)
        app.pop()
    satoshi = SatoshiReplayScene(replay(records["satoshi"]))
    app.push(satoshi)
    drive.key(pygame.K_HOME)
    drive.key(pygame.K_m)
    drive.key(pygame.K_m)
    shot("review-satoshi-replay", 5)
    app.pop()
    app.pop()
    app.store.settings.animation_speed = "normal"
