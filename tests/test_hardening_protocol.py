"""Issue 15: every engine line gets one answer in our words, and the engine keeps running."""

from __future__ import annotations

import io
import json

import pytest

from game.coinland.protocol import MAX_BUDGET, MAX_LINE, EngineSession, serve

HOSTILE = [
    '{"cmd":"state"}',
    '{"cmd":"legal"}',
    '{"cmd":["new"]}',
    '{"cmd":{"a":1}}',
    '{"cmd":null}',
    '{"cmd":"new","first":true}',
    '{"cmd":"new","match":"yes"}',
    '{"cmd":"new","seed":[1,2]}',
    '{"cmd":"new","seed":-1}',
    '{"cmd":"new","size":' + "9" * 5000 + "}",
    '{"cmd":"new","mode":["duel"]}',
    '{"cmd":"go","budget":true}',
    '{"cmd":"go","budget":1e9}',
    '{"cmd":"go","budget":Infinity}',
    '{"cmd":"go","budget":NaN}',
    '{"cmd":"go","budget":1e999}',
    '{"cmd":"go","strength":["hard"]}',
    '{"cmd":"go","play":"yes"}',
    '{"cmd":"play","move":7}',
    '{"cmd":"play","move":"' + "m" * 5000 + '"}',
    "[" * 100_000,
    '{"cmd":' + "[" * 5000 + "]" * 5000 + "}",
    '"just a string"',
    "\udcff",
]


@pytest.mark.parametrize("line", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_lines_get_one_error_in_our_words(line):
    session = EngineSession()
    answer = session.handle_line(line)
    assert set(answer) == {"error"}, answer
    message = answer["error"]
    assert "\n" not in message and len(message) <= 200
    for python_words in ("Traceback", "TypeError", "unhashable", "object of type", "Exceeds the limit"):
        assert python_words not in message
    assert session.handle_line('{"cmd":"new","mode":"duel","size":3}')["ok"]  # still serving


def test_state_before_new_says_what_to_do():
    assert "no game yet" in EngineSession().handle_line('{"cmd":"state"}')["error"]


def test_budget_is_capped_and_documented_in_help():
    session = EngineSession()
    assert session.handle_line('{"cmd":"help"}')["max_budget"] == MAX_BUDGET
    session.handle_line('{"cmd":"new","mode":"duel","size":3}')
    too_long = session.handle_line(json.dumps({"cmd": "go", "strength": "hard", "budget": MAX_BUDGET * 2}))
    assert "budget" in too_long["error"]


def test_the_sparring_agent_is_reachable_through_the_protocol():
    session = EngineSession()
    session.handle_line('{"cmd":"new","mode":"classic","size":3}')
    answer = session.handle_line('{"cmd":"go","strength":"greedy","play":true}')
    assert answer["ok"] and answer["move"]


def test_an_overlong_line_is_refused_without_being_held_whole_and_the_next_line_answered():
    stdin = io.StringIO('{"cmd":"x","pad":"' + "a" * (MAX_LINE * 5) + '"}\n{"cmd":"help"}\n{"cmd":"quit"}\n')
    stdout = io.StringIO()
    assert serve(stdin, stdout) == 0
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert "too long" in answers[0]["error"]
    assert answers[1]["ok"] and answers[2]["bye"]


def test_an_empty_agents_list_is_refused_not_replaced_by_the_default(capsys):
    from game.cli import main

    assert main(["tournament", "--agents", ""]) == 2
    assert main(["tournament", "--game", "satoshi", "--agents", ""]) == 2
    assert "--agents" in capsys.readouterr().err


@pytest.mark.parametrize(("line", "field"), [
    ('{"cmd": "new", "sise": 8}', "sise"),
    ('{"cmd": "new", "size": 3, "state": {"coins": []}}', "state"),
    ('{"cmd": "play", "move": "move 1,0", "mvoe": "x"}', "mvoe"),
    ('{"cmd": "go", "strenght": "hard"}', "strenght"),
    ('{"cmd": "state", "verbose": true}', "verbose"),
])
def test_a_field_the_command_does_not_read_is_refused_by_name(line, field):
    """A misspelt field must not silently fall back to its default (a size-4 game for "sise": 8)."""
    session = EngineSession()
    answer = session.handle_line(line)
    assert "ok" not in answer and f"'{field}'" in answer["error"], answer
    assert session.state is None or line.startswith('{"cmd": "play"')  # nothing started by a refused new
