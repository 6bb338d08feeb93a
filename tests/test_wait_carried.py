"""Wait and the pass house rule travel through every door (issue #34 item 3): the engine
protocol, game records and the Duel save."""

from __future__ import annotations

import json

from game.client.coinland import match_save
from game.client.coinland.sessions import DuelSession
from game.coinland import Pass, Wait, apply, legal_actions, new_duel
from game.coinland.protocol import EngineSession
from game.records import duel_record, parse_record, replay
from game.safeio import UnsafeInput


def ask(session: EngineSession, **request) -> dict:
    return session.handle_line(json.dumps(request))


def test_the_protocol_starts_a_duel_under_the_house_rule_and_lets_a_player_pass():
    engine = EngineSession()
    answer = ask(engine, cmd="new", mode="duel", size=3, may_pass=True)
    assert answer["may_pass"] is True and answer["state"]["may_pass"] is True
    assert "pass" in ask(engine, cmd="legal")["legal"]
    answer = ask(engine, cmd="play", move="pass")
    assert answer["ok"] and answer["state"]["passes"] == 1
    answer = ask(engine, cmd="play", move="pass")
    assert answer["is_over"] and answer["state"]["ended"] == "both_passed"


def test_the_protocol_refuses_the_house_rule_outside_a_duel_and_a_non_boolean():
    engine = EngineSession()
    assert "Duel rule" in ask(engine, cmd="new", mode="classic", may_pass=True)["error"]
    assert ask(engine, cmd="new", mode="duel", may_pass=1)["error"].startswith("may_pass:")


def test_the_protocol_reports_the_waiting_game_and_plays_wait():
    engine = EngineSession()
    answer = ask(engine, cmd="new", mode="duel", size=2)
    assert answer["may_pass"] is False
    assert answer["waiting"] == {"harmless": 2, "free": 12, "first_to_move": 0, "every_move_costs": False}
    harmless = ask(engine, cmd="harmless")
    # Size 2: the Hoarders on (-1,0) and (1,0) share a row with no coin on it
    assert harmless["harmless"] == ["-1,0 0,0", "0,0 1,0"] and harmless["wait_edge"] == "-1,0 0,0"
    assert ask(engine, cmd="legal")["wait"] is True
    answer = ask(engine, cmd="play", move="wait")
    assert answer["events"] == ["player 0 draws a gate on (-1, 0)-(0, 0)"]
    assert answer["waiting"]["harmless"] == 1 and answer["waiting"]["free"] == 11
    assert "harmless" in ask(engine, cmd="help")["commands"]


def test_a_record_keeps_the_house_rule_and_replays_under_it():
    start = new_duel(3, may_pass=True)
    once, _ = apply(start, Pass())
    twice, _ = apply(once, Pass())
    record = duel_record(start, [Pass(), Pass()], ["You", "Computer"])
    assert record.setup["may_pass"] is True
    again = parse_record(record.to_json(), "test")
    assert replay(again).final == twice


def test_a_record_of_a_wait_replays():
    start = new_duel(2)
    after, _ = apply(start, Wait())
    actions = [Wait()]
    state = after
    while not state.is_over:  # play it out: first legal action each time
        action = legal_actions(state)[0]
        actions.append(action)
        state, _ = apply(state, action)
    record = duel_record(start, actions, ["A", "B"])
    assert "may_pass" not in record.setup and record.actions[0] == "wait"
    assert replay(parse_record(record.to_json(), "test")).final == state


def test_a_record_with_a_house_rule_that_is_not_true_or_false_is_refused():
    record = duel_record(new_duel(2, may_pass=True), [Pass(), Pass()], ["A", "B"])
    data = json.loads(record.to_json())
    data["setup"]["may_pass"] = "yes"
    try:
        parse_record(json.dumps(data), "bad.json")
    except ValueError as error:
        assert "setup.may_pass" in str(error)
    else:
        raise AssertionError("a record with may_pass 'yes' was read")


def test_a_duel_save_keeps_the_house_rule():
    session = DuelSession(seats=("human", "human"), size=3, may_pass=True)
    session.act(Pass())
    text = match_save.to_text(session)
    assert json.loads(text)["may_pass"] is True
    back = match_save.from_data(json.loads(text), "save.json")
    assert back.state.may_pass and back.state.passes == 1
    plain = DuelSession(seats=("human", "human"), size=3)
    assert "may_pass" not in json.loads(match_save.to_text(plain))


def test_a_classic_save_claiming_the_house_rule_is_refused():
    data = {"format": match_save.FORMAT, "mode": "classic", "seats": ["human", "human"], "size": 3,
            "first": 0, "seed": 0, "actions": [], "may_pass": True}
    try:
        match_save.from_data(data, "save.json")
    except UnsafeInput as error:
        assert error.field == "may_pass"
    else:
        raise AssertionError("a Classic save with the Duel house rule was read")
