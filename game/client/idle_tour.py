"""Every screen a player can leave alone, posed as she would leave it: the cases of the idle check.

`scripts/bench_idle.py` runs the App's real loop on each case and prints the CPU it costs;
`tests/test_client_idle.py` runs each case frame by frame and counts the frames drawn while
nobody touches anything (a still screen is drawn about once a second, not sixty times).

A case is a name and a function that poses the screen on a fresh App (its own temporary
data folder): it pushes the scenes, plays the moves that lead there, and waits for searches,
animations and workers to finish, so what is measured is the screen at rest. Cases that
animate for real (the title's coin rain) say so with `moving=True`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.driver import Driver

Pose = Callable[[Any, Driver], None]  # (app, drive): push the scenes, wait until the screen is at rest


@dataclass(frozen=True)
class Case:
    name: str
    pose: Pose
    moving: bool = False  # it animates on purpose: the goal is a low cost, not no frames


STEP = 1 / 20  # seconds per frame while posing: animations run on fixed steps, so coarse frames are alike


def _settle(app: Any, drive: Driver, limit: int = 4000) -> None:
    """Frames until every scene is at rest: no animation, no worker, no computer thinking; then
    a few seconds more, so banners, pop-ups and messages run out."""
    for _ in range(limit):
        play = next((s for s in reversed(app.scenes) if hasattr(s, "director")), None)
        busy = play is not None and (play.director.busy or getattr(play, "ai", None) is not None
                                     or getattr(play, "helper", None) is not None)
        if not busy and not any(getattr(s, "busy", False) is True or getattr(s, "loading", False) is True
                                or getattr(s, "proving", False) is True for s in app.scenes):
            break
        app.tick(STEP)
    for _ in range(round(30 / STEP)):  # an example that plays out, stars that bounce: at most 30 s
        if all(scene.still() for scene in app._visible()):
            break
        app.tick(STEP)
    for _ in range(round(5 / STEP)):
        app.tick(STEP)


# --- shared screens -------------------------------------------------------------------------
def _open(name: str, *args: Any, **kwargs: Any) -> Pose:
    def pose(app: Any, drive: Driver) -> None:
        app.open(name, *args, **kwargs)
        _settle(app, drive)
    return pose


def _title_reduced(app: Any, drive: Driver) -> None:
    app.store.settings.reduced_motion = True
    app.open("title")
    _settle(app, drive)


# --- Hoarder & Gatekeeper ---------------------------------------------------------------------
def _puzzle(app: Any, drive: Driver, moves: int = 1) -> Any:
    from game.client.coinland.levels_menu import level_scene
    from game.client.coinland.packs import load_packs
    from game.coinland.rules import hoarder_moves

    packs, _ = load_packs()
    app.open("coinland.modes")
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    for _ in range(moves):
        _settle(app, drive)
        choices = hoarder_moves(play.state)
        if choices:
            drive.click(play.view.centre(choices[0].target))
    _settle(app, drive)
    drive.move(play.view.centre(play.state.pawns[0]))  # the pointer rests on the board
    _settle(app, drive)
    return play


def _puzzle_board(app: Any, drive: Driver) -> None:
    _puzzle(app, drive)


def _puzzle_pause(app: Any, drive: Driver) -> None:
    _puzzle(app, drive)
    drive.key(pygame.K_ESCAPE)
    _settle(app, drive)


def _best_walk_question(app: Any, drive: Driver) -> None:
    _puzzle(app, drive)
    drive.key(pygame.K_s)
    _settle(app, drive)


def _puzzle_result(app: Any, drive: Driver) -> None:
    play = _puzzle(app, drive)
    drive.key(pygame.K_x)
    drive.until(lambda: app.scene is not play)
    _settle(app, drive)


def _match(app: Any, drive: Driver, mode_name: str, seats: tuple[str, str], size: int = 4, seed: int = 5) -> Any:
    from game.client.coinland.sessions import Setup
    from game.client.coinland.setup import play_scene
    from game.coinland.state import Mode

    mode = Mode.CLASSIC if mode_name == "classic" else Mode.DUEL
    app.open("coinland.modes")
    play = play_scene(Setup(mode, seats, size, first=0), seed=seed)
    app.push(play)
    _settle(app, drive)
    return play


def _duel_board(app: Any, drive: Driver) -> None:
    play = _match(app, drive, "duel", ("human", "normal"))
    drive.move(play.view.centre(play.state.pawns[0]))
    _settle(app, drive)


def _classic_board(app: Any, drive: Driver) -> None:
    _match(app, drive, "classic", ("human", "normal"))


def _leave_dialog(app: Any, drive: Driver) -> None:
    play = _match(app, drive, "duel", ("human", "normal"))
    drive.click(play.view.centre(play.state.pawns[0]))
    from game.coinland.rules import hoarder_moves

    drive.click(play.view.centre(hoarder_moves(play.state)[0].target))
    _settle(app, drive)
    drive.key(pygame.K_ESCAPE)
    app.scene.group.widgets[-1].activate()  # Leave the game
    _settle(app, drive)


def _finished(app: Any, drive: Driver, mode_name: str, until: Callable[[Any], bool]) -> None:
    app.store.settings.animation_speed = "instant"
    play = _match(app, drive, mode_name, ("easy", "random"), size=3, seed=2)
    drive.until(lambda: until(app.scene) and app.scene is not play, 20000)
    app.store.settings.animation_speed = "normal"
    _settle(app, drive)


def _interlude(app: Any, drive: Driver) -> None:
    from game.client.coinland.result import InterludeScene

    _finished(app, drive, "classic", lambda scene: isinstance(scene, InterludeScene))


def _duel_result(app: Any, drive: Driver) -> None:
    from game.client.coinland.result import ResultScene

    _finished(app, drive, "duel", lambda scene: isinstance(scene, ResultScene))


def _levels_then(name: str) -> Pose:
    def pose(app: Any, drive: Driver) -> None:
        app.open("coinland.levels")
        levels = app.scene
        {"editor": levels.editor, "endless": levels.endless, "code": levels.shared}[name]()
        _settle(app, drive)
    return pose


# --- reviews ----------------------------------------------------------------------------------
def _record(kind: str) -> Any:
    """A small finished game of `kind` ("puzzle" or "duel") from a fixed seed, kept as a record."""
    from game.coinland.actions import Move, Stop
    from game.coinland.levels import Level
    from game.coinland.rules import apply, hoarder_moves, legal_actions, new_duel
    from game.records import duel_record, puzzle_record

    rng = random.Random(4)
    if kind == "puzzle":
        level = Level(name="Idle walk", size=3, gates=frozenset({((0, 0), (1, 0)), ((-1, 0), (-1, 1))}), par=18)
        state, walk = level.initial_state(), []
        while not state.is_over and len(walk) < 6:
            walk.append(Move(rng.choice(hoarder_moves(state)).target))
            state = apply(state, walk[-1])[0]
        return puzzle_record(level, [*walk, Stop()] if not state.is_over else walk, date="2026-01-02T10:00:00Z")
    start = state = new_duel(2)
    actions = []
    while not state.is_over:
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1])[0]
    return duel_record(start, actions, ["You", "Computer (easy)"], date="2026-01-02T12:00:00Z")


def _review(kind: str) -> Pose:
    def pose(app: Any, drive: Driver) -> None:
        from game.records import replay

        record = _record(kind)
        app.store.settings.animation_speed = "instant"
        if kind == "puzzle":
            app.open("review", record)
        else:
            from game.client.review.match_scene import MatchReviewScene

            app.push(MatchReviewScene(replay(record), depth=1))
        _settle(app, drive, limit=40000)
        app.store.settings.animation_speed = "normal"
    return pose


# --- Finding Satoshi ----------------------------------------------------------------------------
def _satoshi_table(app: Any, drive: Any) -> None:
    from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
    from game.client.satoshi.table import TableScene

    session = TableSession.start(TableSetup((Seat("You", HUMAN, 0), Seat("Hal", "easy", 1), Seat("Wei", "easy", 2)),
                                            seed=7))
    table = TableScene(session)
    app.push(table)
    app.store.settings.animation_speed = "instant"
    drive.until(lambda: table.human_deciding() and not table.director.busy, 20000)
    app.store.settings.animation_speed = "normal"
    _settle(app, drive)


CASES: tuple[Case, ...] = (
    Case("title (falling coins)", _open("title"), moving=True),
    Case("title, reduced motion", _title_reduced),
    Case("game select", _open("game_select")),
    Case("settings", _open("settings")),
    Case("recent games", _open("recent_games")),
    Case("H&G menu", _open("coinland.modes")),
    Case("level list", _open("coinland.levels")),
    Case("how to play (H&G)", _open("coinland.rules")),
    Case("classic setup", lambda app, drive: _open("coinland.setup", _mode("classic"))(app, drive)),
    Case("duel setup", lambda app, drive: _open("coinland.setup", _mode("duel"))(app, drive)),
    Case("puzzle board", _puzzle_board),
    Case("puzzle: pause", _puzzle_pause),
    Case("puzzle: show the best walk?", _best_walk_question),
    Case("puzzle result", _puzzle_result),
    Case("classic board (your gate)", _classic_board),
    Case("classic: roles swap", _interlude),
    Case("duel board (your move)", _duel_board),
    Case("duel: leave?", _leave_dialog),
    Case("duel result", _duel_result),
    Case("level editor", _levels_then("editor")),
    Case("endless setup", _levels_then("endless")),
    Case("enter a code", _levels_then("code")),
    Case("puzzle review", _review("puzzle")),
    Case("duel review", _review("duel")),
    Case("satoshi menu", _open("satoshi.menu")),
    Case("satoshi setup", _open("satoshi.setup")),
    Case("satoshi table, your turn", _satoshi_table),
)


def _mode(name: str) -> Any:
    from game.coinland.state import Mode

    return Mode.CLASSIC if name == "classic" else Mode.DUEL


def pose(app: Any, case: Case) -> Driver:
    """Pose `case` on `app` (fresh, with its own Store): returns the driver used."""
    random.seed(0)
    app.lazy = True  # as the real loop: a still frame is not drawn (posing is cheaper so)
    app.toasts.clear()
    app.store.take_warnings()
    drive = Driver(app)
    case.pose(app, drive)
    app.toasts.clear()
    drive.frames(2)
    return drive
