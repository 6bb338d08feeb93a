"""Phones as hands at the table (issue 36, items 1-5), headless: the table starts the game's server,
shows the seats' codes, plays what the phones send, never shows a role, lets the big screen take
a seat over, resumes a saved game with new addresses, and stops the server when it closes.

Real WebSocket phones on 127.0.0.1 (the settings' address), every wait bounded, servers stopped
in `finally`.
"""

import json
import time
from dataclasses import replace

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from game.client.driver import Driver
from game.client.satoshi.handover import DealScene, HandoverScene
from game.client.satoshi.phone_table import PhoneSeatsScene
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.client.satoshi.table import TableScene

WAIT = 5.0


@pytest.fixture
def app(make_app):
    application = make_app(animation_speed="instant", phone_address="127.0.0.1")
    yield application
    for scene in list(application.scenes):  # before make_app quits pygame
        if isinstance(scene, TableScene) and scene.phones is not None:
            scene.phones.stop()


def phone_setup(seed: int = 11, computer: bool = True) -> TableSetup:
    """Two phone seats and (unless `computer` is False) a computer."""
    seats = (Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1), Seat("Nick", "random", 2))[:3 if computer else 2]
    return TableSetup(seats, seed=seed, max_rounds=5, phones=True)


def leaves(nodes: list[dict]) -> list[dict]:
    out = []
    for node in nodes:
        out += [node] if node["kind"] == "leaf" else leaves(node["items"]) if node["kind"] == "menu" else []
    return out


class Phone:
    """A scripted phone: a real WebSocket client with bounded waits."""

    def __init__(self, table: TableScene, seat: int, device: str) -> None:
        url = table.phones.server.url(seat).replace("http://", "ws://").replace("/s/", "/ws/")
        self.ws = connect(url, open_timeout=WAIT, close_timeout=1).__enter__()
        self.ws.send(json.dumps({"type": "hello", "device": device}))
        self.seen: list[dict] = []

    def latest(self, test, drive: Driver, limit: float = WAIT) -> dict:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                message = json.loads(self.ws.recv(timeout=0.02))
                self.seen.append(message)
                if test(message):
                    return message
            except TimeoutError:
                drive.frames(1)
        raise AssertionError("the phone waited in vain")


def test_the_table_plays_what_the_phones_send_and_shows_no_role(app):
    session = TableSession.start(phone_setup(computer=False))  # (the computer's helper process is slow to start)
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(2)
    assert isinstance(app.scene, PhoneSeatsScene) and set(app.scene.codes) == {0, 1}
    assert not session.deal_due and not any(isinstance(s, DealScene) for s in app.scenes)  # cards are on phones
    app.pop()
    phones = {seat: Phone(table, seat, f"table-test-phone-{seat}") for seat in (0, 1)}
    try:
        played = 0
        while not session.is_over and played < 8:
            seat = session.to_move
            assert not any(isinstance(s, HandoverScene) for s in app.scenes)  # no hand-over for phone seats
            if seat not in phones:
                drive.frames(3)
                continue
            mine = phones[seat].latest(lambda m, seat=seat: m["type"] == "hand" and m["to_move"] == seat
                                       and m["version"] == len(session.actions), drive)
            main = leaves(mine["choices"]["main"])
            before = len(session.actions)
            phones[seat].ws.send(json.dumps({"type": "act", "version": mine["version"], "action": main[-1]["action"]}))
            deadline = time.monotonic() + WAIT
            while len(session.actions) == before:
                assert time.monotonic() < deadline
                drive.frames(1)
            assert session.actions[before].text == main[-1]["action"]
            played += 1
        assert played == 8
        # what the big screen draws never depends on a hidden role: the panel and the table are public
        assert table.own_seat() is None
        assert all(p.role == "?" for p in session.table_view().players if not p.revealed)
        assert table.panel.view.players[0].role in ("?",) or table.panel.view.players[0].revealed
    finally:
        for phone in phones.values():
            phone.ws.close()
    server = table.phones.server
    app.pop()  # leaving the table stops its server
    assert server.finished.wait(WAIT) and not server.running


def test_a_gone_phone_is_waited_for_then_its_seat_is_taken_over_at_the_screen(app):
    session = TableSession.start(phone_setup(seed=12))
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(2)
    app.pop()  # the codes
    seat = session.to_move
    while seat not in (0, 1):
        drive.frames(3)
        seat = session.to_move
    assert table.phones.waiting_line() == f"Waiting for {session.names[seat]}'s phone · Esc: play here"
    drive.frames(2)
    assert table.panel.status == table.phones.waiting_line()  # said on the screen, where the choices are
    drive.frames(5)
    assert session.to_move == seat  # the table waits for her
    table.phones.take_over(seat)
    assert not session.on_phone(seat)
    deadline = time.monotonic() + WAIT  # the server's thread hears it at once; its status follows
    while table.phones.server.status()[seat] != "screen":
        assert time.monotonic() < deadline
        time.sleep(0.01)
    drive.frames(2)
    # now a hand-over (or, before the first move, the deal of her card), as at a shared screen
    assert any(isinstance(s, HandoverScene | DealScene) for s in app.scenes)
    with pytest.raises(InvalidStatus):  # her old address opens nothing any more
        Phone(table, seat, "late-phone-device-1").ws.recv(timeout=WAIT)


def test_a_saved_phone_game_resumes_with_phones_and_new_addresses(app, tmp_path):
    session = TableSession.start(phone_setup(seed=13))
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(2)
    old = table.phones.server.url(0)
    app.pop()
    path = tmp_path / "phones-save.json"
    session.save(path)
    app.pop()
    resumed = TableSession.load(path)
    assert resumed.setup.phones and resumed.on_phone(0) and resumed.on_phone(1) and not resumed.on_phone(2)
    again = TableScene(resumed)
    app.push(again)
    drive.frames(2)
    assert isinstance(app.scene, PhoneSeatsScene)  # the addresses are shown again
    assert again.phones.server.url(0) != old


def test_phones_off_by_default_and_saves_without_phones_still_load():
    assert TableSetup((Seat("A"), Seat("B", colour=1))).phones is False
    session = TableSession.start(TableSetup((Seat("A"), Seat("B", colour=1)), seed=3))
    raw = session.to_dict()
    del raw["phones"]
    assert TableSession.from_dict(raw).setup.phones is False
    raw["phones"] = "yes"
    with pytest.raises(ValueError, match="phones"):
        TableSession.from_dict(raw)
    assert replace(session.setup, phones=True).problems() == []


@pytest.mark.parametrize("field, value", [
    ("phone_address", "example.com"), ("phone_address", "999.1.1.1"), ("phone_address", 7), ("phone_address", "x" * 99),
    ("phone_port", 80), ("phone_port", 70000), ("phone_port", "8080"), ("phone_port", True), ("phone_port", -1),
])
def test_the_settings_phone_address_and_port_are_checked_like_outside_input(field, value):
    from game.client.settings import Settings

    settings, problems = Settings.from_dict({field: value, "phone_port": 8765} if field != "phone_port"
                                            else {field: value})
    assert getattr(settings, field) == ("" if field == "phone_address" else 0)
    assert len(problems) == 1 and problems[0].startswith(f"settings.json: {field}: expected ")


def test_good_phone_settings_are_kept():
    from game.client.settings import Settings

    settings, problems = Settings.from_dict({"phone_address": "192.168.1.20", "phone_port": 8765})
    assert (settings.phone_address, settings.phone_port, problems) == ("192.168.1.20", 8765, [])


def test_the_big_screen_never_offers_a_phone_seat_her_private_choices():
    from game.bitcoin import apply, legal_actions, step_actions, view_for
    from game.bitcoin.actions import Offer
    from game.client.satoshi.decision_nodes import Note, walk
    from game.client.satoshi.decisions import build
    from game.client.satoshi.phone_choices import screen_decision

    session = TableSession.start(phone_setup(seed=14))
    state = session.state
    while state.phase not in ("move", "end") or not any(isinstance(a, Offer) for a in legal_actions(state)):
        state, _ = apply(state, step_actions(state)[0])
    names = session.names
    mover = state.current_player
    shown = screen_decision(build(view_for(state, mover), names), names)
    assert [n for n in shown.tools if n.label == "Guess"] == [next(n for n in shown.tools if n.label == "Guess")]
    assert isinstance(next(n for n in shown.tools if n.label == "Guess"), Note)
    assert not any(getattr(n, "action", None) is not None and n.action.text.startswith("guess")
                   for n in walk(shown.tools))
    offer = next(a for a in legal_actions(state) if isinstance(a, Offer))
    asked, _ = apply(state, offer)
    answer = screen_decision(build(view_for(asked, asked.current_player), names), names)
    assert [type(n) for n in answer.main] == [Note] and answer.tools == ()
    assert "answers this offer on her phone" in answer.main[0].detail


def test_the_codes_close_by_themselves_once_every_phone_has_opened_its_seat(app):
    session = TableSession.start(phone_setup(seed=15))
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(2)
    assert isinstance(app.scene, PhoneSeatsScene)
    phones = [Phone(table, seat, f"codes-test-phone-{seat}") for seat in (0, 1)]
    try:
        deadline = time.monotonic() + WAIT
        while isinstance(app.scene, PhoneSeatsScene):
            assert time.monotonic() < deadline
            drive.frames(1)
            time.sleep(0.01)
        assert app.scene is table
    finally:
        for phone in phones:
            phone.ws.close()
