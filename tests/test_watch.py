"""`python -m game watch`: the real client plays an all-computer game to its end and prints one line."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    return tmp_path


def watch(capsys, *args):
    status = main(["watch", *args])
    out, err = capsys.readouterr()
    return status, out.strip().splitlines(), err.strip().splitlines()


def test_watch_classic_plays_the_match_to_its_end_and_prints_the_winner(capsys):
    status, out, err = watch(capsys, "classic", "--size", "3", "--agents", "random,easy", "--seed", "4",
                             "--speed", "instant", "--exit-at-end")
    assert status == 0, err
    assert len(out) == 1
    line = out[0]
    assert line.startswith("Classic: ")
    assert " wins the match " in line or "draw" in line
    first, second = (int(n) for n in line.rsplit(" ", 1)[1].split("-"))
    assert first >= second


def test_watch_duel_prints_winner_or_draw_with_the_score(capsys):
    status, out, _ = watch(capsys, "duel", "--size", "3", "--agents", "easy", "--seed", "1", "--speed", "instant",
                           "--exit-at-end")
    assert status == 0
    assert len(out) == 1 and out[0].startswith("Duel: ")
    # both seats play at the same strength: the line tells them apart
    assert "draw" in out[0] or "Computer 1 (easy)" in out[0] or "Computer 2 (easy)" in out[0]


def test_watch_same_seed_same_result(capsys):
    args = ("duel", "--size", "3", "--agents", "random", "--seed", "9", "--speed", "instant", "--exit-at-end")
    assert watch(capsys, *args)[1] == watch(capsys, *args)[1]


def test_speed_is_for_this_run_only(capsys, data_dir):
    from game.client.storage import Store

    store = Store(data_dir)
    store.settings.animation_speed = "slow"
    store.save()
    status, _, _ = watch(capsys, "duel", "--size", "3", "--agents", "random", "--seed", "2", "--speed", "instant",
                         "--exit-at-end")
    assert status == 0
    assert Store(data_dir).settings.animation_speed == "slow"


@pytest.mark.parametrize(("players", "agents"), [
    (2, "easy,normal"), (4, "easy"), (6, "normal,easy,easy,normal,easy,easy"),
])
def test_watch_satoshi_plays_to_the_end_and_prints_winners_and_price(capsys, players, agents):
    status, out, err = watch(capsys, "satoshi", "--players", str(players), "--agents", agents, "--seed", str(players),
                             "--speed", "instant", "--exit-at-end")
    assert status == 0, err
    assert len(out) == 1, out
    line = out[0]
    assert line.startswith("Finding Satoshi: ") and "; price $" in line and " condition, " in line
    assert ("Satoshi was " in line) != ("set aside" in line)
    names = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")[:players]
    assert "everyone wins" in line or any(f"{name} (" in line.split(";")[0] for name in names)


def test_watch_satoshi_line_matches_the_game_it_played(capsys):
    """The printed line is the engine's outcome of that very game (same seed, same computers)."""
    from game.client.satoshi.computer import decide
    from game.client.satoshi.session import DEFAULT_NAMES, Seat, TableSession, TableSetup
    from game.client.satoshi.watch_line import result_line

    status, out, _ = watch(capsys, "satoshi", "--players", "3", "--agents", "easy", "--seed", "17", "--speed",
                           "instant", "--exit-at-end")
    assert status == 0
    session = TableSession.start(TableSetup(tuple(Seat(DEFAULT_NAMES[i], "easy", i) for i in range(3)), seed=17))
    while not session.is_over:
        session.apply(decide(session.state, "easy", session.ai_rng()))
    assert out == [result_line(session)]


def test_watch_runs_as_a_command_headless():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "watch", "duel", "--size", "3", "--agents", "random,easy",
                           "--seed", "3", "--speed", "instant", "--exit-at-end"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Duel: ") and len(done.stdout.strip().splitlines()) == 1


@pytest.mark.parametrize(("args", "says"), [
    (["chess"], "GAME: expected one of satoshi, classic, duel, got 'chess'"),
    (["duel", "--agents", "easy,brilliant"], "--agents: expected random, easy, normal, hard, got 'brilliant'"),
    (["duel", "--agents", "easy,easy,hard"], "--agents: expected one strength or 2"),
    (["satoshi", "--players", "4", "--agents", "easy,hard"], "--agents: expected one strength or 4"),
    (["satoshi", "--players", "7"], "--players: expected a whole number from 2 to 6, got '7'"),
    (["satoshi", "--players", "two"], "--players: expected a whole number from 2 to 6"),
    (["satoshi", "--size", "4"], "--size: expected only for classic and duel"),
    (["classic", "--players", "3"], "--players: expected none, classic is always two players"),
    (["duel", "--size", "9"], "--size: expected a whole number from 3 to 6, got '9'"),
    (["duel", "--seed", "-1"], "--seed: expected a whole number from 0 to 9223372036854775807, got '-1'"),
    (["duel", "--seed", "1e3"], "--seed: expected a whole number"),
    (["duel", "--speed", "warp"], "--speed: expected one of slow, normal, fast, instant, got 'warp'"),
    (["satoshi", "--difficulty", "silly"], "--difficulty: expected one of normal, hard, very-hard"),
    (["duel", "--frobnicate"], "--frobnicate: expected an option of 'coinland watch --help', got an unknown"),
    ([], "GAME: expected a value, got none"),
])
def test_bad_arguments_give_one_line_and_status_two(capsys, args, says):
    status = main(["watch", *args])
    assert status == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("coinland watch: ") and says in lines[0], lines[0]


def test_without_exit_at_end_the_result_screen_stays(data_dir):
    """The watch scenes report the end once and keep the App running on their result screens."""
    import pygame

    from game.cli.watch import make_app
    from game.client.coinland.result import ResultScene
    from game.client.coinland.setup import Setup
    from game.client.coinland.watch import WatchScene, result_line
    from game.client.driver import Driver
    from game.client.satoshi.reveal import RevealScene
    from game.client.satoshi.session import DEFAULT_NAMES, Seat, TableSession, TableSetup
    from game.client.satoshi.table import TableScene
    from game.client.title import TitleScene
    from game.coinland.state import Mode

    app = make_app("instant")
    try:
        drive = Driver(app)
        lines = []
        app.push(TitleScene())
        duel = WatchScene(Setup(Mode.DUEL, ("random", "easy"), 3).session(6), "Duel",
                          on_end=lambda scene: lines.append(result_line(scene)))
        app.push(duel)
        drive.until(lambda: isinstance(app.scene, ResultScene), limit=3000)
        drive.frames(120)
        assert app.running and isinstance(app.scene, ResultScene) and len(lines) == 1
        app.pop()
        app.pop()

        seats = tuple(Seat(DEFAULT_NAMES[i], "easy", i) for i in range(2))
        table = TableScene(TableSession.start(TableSetup(seats, seed=5)), watch=True,
                           on_end=lambda session: lines.append("satoshi"))
        app.push(table)
        drive.until(lambda: isinstance(app.scene, RevealScene), limit=6000)
        drive.frames(120)
        assert app.running and isinstance(app.scene, RevealScene) and lines[1:] == ["satoshi"]
    finally:
        pygame.quit()


def test_window_closed_before_the_end_says_so(capsys, monkeypatch):
    from game.cli import watch as watch_module
    from game.client.scenes import Scene

    class ClosesAtOnce(Scene):
        def update(self, dt):
            self.app.running = False  # as if the player closed the window

    monkeypatch.setattr(watch_module, "_scene", lambda plan, finished: ClosesAtOnce())
    status, out, err = watch(capsys, "duel", "--seed", "1", "--exit-at-end")
    assert status == 1 and out == []
    assert err == ["coinland watch: the window was closed before the game ended"]


def test_watch_satoshi_takes_the_house_rules_and_advanced_rules(capsys):
    """A short round limit ends the watched game at that round; bad values are one line."""
    status, out, err = watch(capsys, "satoshi", "--players", "3", "--agents", "easy", "--seed", "4", "--rounds", "5",
                             "--offers", "0", "--advanced", "--speed", "instant", "--exit-at-end")
    assert status == 0, err
    assert "5 rounds" in out[0], out
    for args, says in ((["satoshi", "--rounds", "2"], "--rounds: expected a whole number from 5 to 200, got '2'"),
                       (["satoshi", "--offers", "many"], "--offers: expected a whole number from 0 to 20"),
                       (["duel", "--rounds", "9"], "only for satoshi")):
        assert main(["watch", *args]) == 2
        assert says in capsys.readouterr().err
