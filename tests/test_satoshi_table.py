"""The Finding Satoshi table, headless: games played to the end, hidden roles never drawn,
hand-overs exactly when two humans alternate, autosave and its removal, animations that
never hold back a computer's next move nor swallow a click."""

import itertools
import random
from dataclasses import replace

import pygame
import pytest
from client_steps import ANSWER_WAIT

from game.bitcoin import legal_actions
from game.bitcoin.state import GEEK, HIDDEN, SATOSHI
from game.client import text, worker
from game.client.driver import Driver
from game.client.pause import PauseScene
from game.client.satoshi import layout, saves
from game.client.satoshi.handover import DealScene, HandoverScene
from game.client.satoshi.reveal import RevealScene
from game.client.satoshi.session import HUMAN, PAWN_COLOURS, Seat, TableSession, TableSetup, default_setup
from game.client.satoshi.table import TableScene


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant")


def session_for(players: int, humans: int, seed: int, strength: str = "random") -> TableSession:
    return TableSession.start(replace(default_setup(players, humans, strength), seed=seed))




def run_until(drive: Driver, condition, limit: int = 4000) -> None:
    """Frames until `condition()`; while a computer seat thinks in its helper, the next frame waits
    for the answer (as Driver.until does) rather than drawing the same table meanwhile."""
    for _ in range(limit):
        if condition():
            return
        worker.wait_for_answers(ANSWER_WAIT)
        drive.frames(1)
    raise AssertionError("the table did not get there")


def test_all_computer_game_plays_to_the_end_and_reveals(app):
    ended = []
    session = session_for(4, 0, seed=5)
    table = TableScene(session, watch=True, exit_at_end=True, on_end=ended.append)
    app.push(table)
    drive = Driver(app)
    run_until(drive, lambda: not app.running)
    assert session.is_over
    assert ended == [session]  # once
    assert any(isinstance(scene, RevealScene) for scene in app.scenes)
    assert not saves.has_save(app)  # a watched game never saves
    drive.frames(3)
    assert ended == [session]


def test_a_six_player_table_draws_every_seat_in_its_colour(app):
    session = session_for(6, 1, seed=2)
    app.push(TableScene(session))
    Driver(app).frames(5)
    areas = [layout.player_rect(seat, 6) for seat in range(6)]
    assert all(a.bottom <= b.top for a, b in itertools.pairwise(areas))
    assert areas[-1].bottom <= 800
    for seat, area in enumerate(areas):  # the colour strip down the left of each area
        colour = PAWN_COLOURS[session.setup.seats[seat].colour][1]
        assert tuple(app.surface.get_at((area.left + 5, area.centery)))[:3] == colour


def roles_of(session: TableSession) -> list[str]:
    return [p.role for p in session.state.players]


def test_the_table_never_draws_a_hidden_role(app, monkeypatch):
    """Moving the Satoshi card between two hidden computer seats changes no pixel, and no
    text drawn names Satoshi; the lone human sees her own card only."""
    seed = next(s for s in range(200) if roles_of(session_for(4, 1, s))[0] == GEEK)
    session = session_for(4, 1, seed)
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(3)
    drawn: list[str] = []
    real_blit = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, content, *a, **k: (drawn.append(content),
                                                                          real_blit(surface, content, *a, **k))[1])
    table.clock = 1.0
    table.players.forget()
    table.draw(app.surface)
    before = pygame.image.tobytes(app.surface, "RGB")
    assert [line for line in drawn if "Satoshi" in line] == ["Finding Satoshi"]  # the game's title only
    assert any(line == "your role: Bitcoin Geek" for line in drawn)
    seated = table.seated(session.table_view())
    assert seated[0].own_role == GEEK
    assert all(seat.player.role == HIDDEN and not seat.own_role for seat in seated[1:])
    satoshi = roles_of(session).index(SATOSHI)
    other = next(i for i in range(1, 4) if i != satoshi)
    players = list(session.state.players)
    players[satoshi], players[other] = (replace(players[satoshi], role=GEEK), replace(players[other], role=SATOSHI))
    session.state = replace(session.state, players=tuple(players))
    table.players.forget()
    table.draw(app.surface)
    assert pygame.image.tobytes(app.surface, "RGB") == before


def play_humans(app, session: TableSession, actions: int, seed: int = 0) -> list[tuple[str, int]]:
    """Drive the table, playing every human decision at random; the log of hand-overs and human moves."""
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    rng = random.Random(seed)
    log: list[tuple[str, int]] = []
    for _ in range(actions * 20):
        if session.is_over or sum(kind == "act" for kind, _ in log) >= actions:
            break
        top = app.scene
        if isinstance(top, DealScene):
            log.append(("deal", session.humans[-1]))
            session.dealt, session.shown_to = True, session.humans[-1]  # what its last "Done" does
            app.pop()
        elif isinstance(top, HandoverScene):
            log.append(("handover", top.seat))
            session.handed_over()  # what its confirm button does
            app.pop()
        elif top is table and table.human_deciding() and not table.director.busy:
            seat = session.to_move
            log.append(("act", seat))
            assert table.act(rng.choice(legal_actions(session.state)))
        worker.wait_for_answers(ANSWER_WAIT)  # a computer seat thinking: its answer, not idle frames
        drive.frames(1)
    return log


def test_hand_over_is_pushed_exactly_when_two_humans_alternate(app):
    seats = (Seat("Ann", HUMAN, 0), Seat("Bob", HUMAN, 1), Seat("Cy", "random", 2))
    session = TableSession.start(TableSetup(seats, seed=11))
    log = play_humans(app, session, 60)
    shown = None
    handovers = 0
    assert log[0] == ("deal", 1)  # the deal comes first: each person sees her card once
    for kind, seat in log:
        if kind == "deal":
            shown = seat
        elif kind == "handover":
            assert seat != shown  # only when another human takes the device
            shown, handovers = seat, handovers + 1
        else:
            assert seat == shown  # no human ever decides on a screen handed to another
    assert handovers >= 3


def test_no_hand_over_with_a_single_human(app):
    log = play_humans(app, session_for(3, 1, seed=4), 40)
    assert sum(kind == "act" for kind, _ in log) >= 10
    assert not any(kind in ("handover", "deal") for kind, _ in log)


def test_autosave_after_a_human_action_and_removed_at_the_end(app):
    session = session_for(2, 1, seed=9)
    assert not saves.has_save(app)
    play_humans(app, session, 1)
    assert saves.has_save(app)
    assert TableSession.load(saves.save_path(app)).actions == session.actions
    play_humans(app, session, 10_000)
    run_until(Driver(app), lambda: any(isinstance(s, RevealScene) for s in app.scenes))
    assert session.is_over and not saves.has_save(app)


def test_a_computer_acts_only_once_the_animations_have_played(app):
    app.store.settings.animation_speed = "fast"
    app.store.settings.reduced_motion = True
    session = session_for(3, 0, seed=3)
    table = TableScene(session, watch=True)
    app.push(table)
    acted = []
    real_act = table.act

    def act(action):
        acted.append(table.director.busy)
        return real_act(action)

    table.act = act
    drive = Driver(app)
    run_until(drive, lambda: len(acted) >= 12, limit=6000)
    assert not any(acted)
    run_until(drive, lambda: table.director.busy)
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1))
    assert not table.director.busy  # a click completes the running animation at once


def test_escape_pauses_with_the_table_items_and_save_and_quit_keeps_the_game(app):
    session = session_for(3, 1, seed=6)
    app.push(TableScene(session))
    drive = Driver(app)
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    labels = [label for label, _ in pause.items]
    assert labels == ["Rules", "Look at my role card", "Save and quit to menu", "Quit game"]
    dict(pause.items)["Save and quit to menu"]()
    assert saves.has_save(app)
    assert not any(isinstance(s, TableScene) for s in app.scenes)
