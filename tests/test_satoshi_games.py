"""Whole Finding Satoshi games in the real client, headless: humans play only through posted input.

Human seats are driven like a player at the keyboard and mouse: Enter on the focused choice of
the decision panel, a click on its first usable row, arrows to move the focus when a choice
leads nowhere. Computer seats think as in play. Asserted: the game reaches its end, the hand-over
screen appears exactly when another human must decide (never with one human), and a game saved
mid-way and resumed (from the menu or `saves.resume`) is the same game and plays on to its end.
"""

import random
import time

import pygame
import pytest
from client_steps import ANSWER_WAIT

from game.client import worker
from game.client.driver import Driver
from game.client.satoshi import computer, saves
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.handover import DealScene, HandoverScene
from game.client.satoshi.menu import SatoshiMenuScene
from game.client.satoshi.panel_widgets import Row
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.client.satoshi.table import TableScene
from game.client.title import TitleScene

#: frames without any progress after which a test gives up (a stuck table, not a slow one)
STUCK = 600
PATIENCE = 60.0  # and seconds without progress: a helper process on a loaded machine is slow


@pytest.fixture
def app(make_app):
    return make_app(TitleScene, think=0.0, fresh_warnings=True, animation_speed="instant")


def table_setup(kinds, seed):
    names = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")
    return TableSetup(tuple(Seat(names[i], kind, i) for i, kind in enumerate(kinds)), seed=seed)


class Player:
    """Plays the human seats through the screen and counts the hand-over screens it met."""

    def __init__(self, app, seed):
        self.app = app
        self.drive = Driver(app)
        self.rng = random.Random(seed)
        self.handovers: list[int] = []  # the seat each hand-over screen was for, in order
        self.decisions = 0  # human decisions made through the panel
        self._last = None  # the hand-over screen met last (kept alive, so it is never mistaken for a new one)

    def table(self):
        return next((s for s in reversed(self.app.scenes) if isinstance(s, TableScene)), None)

    def panel(self, table) -> DecisionPanel:
        return next(v for v in vars(table).values() if isinstance(v, DecisionPanel))

    def play(self, session: TableSession, stop=lambda session: False) -> None:
        """Run frames and answer for the humans until the game is over (or `stop(session)`)."""
        idle, last, since = 0, (len(session.actions), len(self.handovers)), time.monotonic()
        while not session.is_over and not stop(session):
            scene = self.app.scene
            if isinstance(scene, DealScene):
                self.deal()
            elif isinstance(scene, HandoverScene):
                self.take_device(scene)
            elif session.human_to_move and isinstance(scene, TableScene) and not session.needs_handover:
                self.decide(session, scene)
            else:
                worker.wait_for_answers(ANSWER_WAIT)  # a computer seat thinking: its answer, not idle frames
                self.drive.frames(1)
            now = (len(session.actions), len(self.handovers))
            if now != last:
                idle, since = 0, time.monotonic()
            idle += 1
            last = now
            if idle >= STUCK:  # a computer seat thinks in a helper process: slow under load, not stuck
                assert time.monotonic() - since < PATIENCE, (
                    f"no progress for {idle} frames and {PATIENCE:.0f} s: {type(scene).__name__}, "
                    f"{session.state.phase}")
                time.sleep(0.005)
        self.drive.frames(3)  # the table notices the end on its next update

    def take_device(self, scene: HandoverScene) -> None:
        if scene is not self._last:
            self._last = scene
            self.handovers.append(scene.seat)
        self.drive.key(pygame.K_RETURN)  # "I am NAME: play my turn"

    def deal(self) -> None:
        """Each person in turn: "I am NAME", hold the card up (R) and let go, "Done"."""
        self.drive.key(pygame.K_RETURN)
        self.drive.key(pygame.K_r)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_r, mod=0, unicode=""))
        self.drive.key(pygame.K_RETURN)

    def decide(self, session: TableSession, table) -> None:
        """One human decision, as a person would make it: mostly Enter, sometimes a click or arrows."""
        before = len(session.actions)
        self.decisions += 1
        panel = self.panel(table)
        for attempt in range(40):
            if len(session.actions) != before or session.is_over or not isinstance(self.app.scene, TableScene):
                return
            roll = self.rng.random()
            if attempt >= 6 and attempt % 6 == 0:
                for _ in range(4):
                    self.drive.key(pygame.K_BACKSPACE, frames=1)  # back to the top of the tree
                for _ in range(attempt // 6):
                    self.drive.key(pygame.K_DOWN, frames=1)
            elif roll < 0.25 and self.click_first_row(panel):
                continue
            self.drive.key(pygame.K_RETURN)
        raise AssertionError(f"the panel gave no action: {panel.decision.heading!r}")

    def click_first_row(self, panel: DecisionPanel) -> bool:
        rows = [w for w, _ in panel.rows if isinstance(w, Row) and w.enabled and not w.muted]
        if not rows:
            return False
        self.drive.click(rows[0].rect.center)
        return True


def expected_handovers(session: TableSession, resumed_at: tuple[int, ...] = ()) -> list[int]:
    """Replay the game: a hand-over is due whenever the human to decide is not the one holding the
    device (the last person dealt holds it after the deal at the start, nobody right after a
    resume). None with a single human."""
    if len(session.humans) < 2:
        return []
    replay = TableSession.start(table_setup([s.kind for s in session.setup.seats], session.seed))
    holder, out = session.humans[-1], []
    for index, action in enumerate([*session.actions, None]):
        if index in resumed_at:
            holder = None
        if replay.human_to_move and replay.to_move != holder:
            out.append(replay.to_move)
            holder = replay.to_move
        if action is not None:
            replay.apply(action)
    return out


@pytest.mark.parametrize(("kinds", "seed"), [
    ((HUMAN, "easy"), 3),
    ((HUMAN, "easy", "normal", "random"), 5),
    (("easy", HUMAN, "normal", "easy", "hard", "random"), 8),
])
def test_one_human_plays_a_whole_game_without_hand_over(app, kinds, seed, monkeypatch):
    monkeypatch.setattr(computer, "BUDGETS", {**computer.BUDGETS, "hard": 0.05})
    session = TableSession.start(table_setup(kinds, seed))
    app.push(TableScene(session))
    player = Player(app, seed)
    player.play(session)
    assert session.is_over and session.state.outcome is not None
    assert player.handovers == []
    assert player.decisions > 0
    assert not saves.has_save(app)  # the finished game's save is gone


@pytest.mark.parametrize(("kinds", "seed"), [
    ((HUMAN, HUMAN), 4),
    ((HUMAN, "easy", HUMAN, "normal"), 6),
    (("easy", HUMAN, "random", HUMAN, "easy", "normal"), 9),
])
def test_two_humans_get_a_hand_over_exactly_when_the_decider_changes(app, kinds, seed):
    session = TableSession.start(table_setup(kinds, seed))
    app.push(TableScene(session))
    player = Player(app, seed)
    player.play(session)
    assert session.is_over
    expected = expected_handovers(session)
    assert expected, "two humans always pass the device at least once"
    assert player.handovers == expected


def test_saved_mid_game_resumes_from_the_menu_as_the_same_game(app):
    kinds = (HUMAN, "easy", HUMAN, "random")
    session = TableSession.start(table_setup(kinds, 12))
    app.push(SatoshiMenuScene())
    app.push(TableScene(session))
    player = Player(app, 12)
    player.play(session, stop=lambda s: len(s.actions) >= 40 and not s.human_to_move)
    assert not session.is_over
    played = len(session.actions)
    assert saves.has_save(app)
    saved = TableSession.load(saves.save_path(app))
    assert saved.actions == session.actions and saved.state == session.state

    # leave the table (as Esc -> quit would) and pick "Resume last game" on the menu
    while not isinstance(app.scene, SatoshiMenuScene):
        app.pop()
    menu = app.scene
    menu.rebuild()
    labels = [label for label, _ in menu.items]
    assert "Resume last game" in labels
    player.drive.key(pygame.K_DOWN)
    player.drive.key(pygame.K_RETURN)
    table = player.table()
    assert table is not None and table.session is not session
    resumed = table.session
    # the same game: the same actions (a game replays from its seed and its actions); a computer seat
    # may already have moved on in the resumed game during the key presses, so states are compared
    # only when it has not
    assert resumed.actions[:played] == session.actions[:played]
    if len(resumed.actions) == played:
        assert resumed.state == session.state
    player.play(resumed)
    assert resumed.is_over
    assert player.handovers == expected_handovers(resumed, resumed_at=(played,))


def test_resume_through_saves_continues_the_same_game(app):
    session = TableSession.start(table_setup((HUMAN, "normal", "easy"), 21))
    app.push(TableScene(session))
    player = Player(app, 21)
    player.play(session, stop=lambda s: len(s.actions) >= 30)
    app.pop()
    resumed = saves.resume(app)
    assert resumed is not None
    assert resumed.state == session.state and resumed.actions == session.actions
    assert resumed.view_for(0) == session.view_for(0)
    app.push(TableScene(resumed))
    player.play(resumed)
    assert resumed.is_over and not saves.has_save(app)
