"""The engine protocol through a real subprocess: a full game, errors that keep it running."""

import json
import subprocess
import sys


def converse(lines: list[str]) -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "game", "engine"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_a_whole_duel_against_the_engine_and_errors_in_between():
    lines = ['{"cmd": "new", "mode": "duel", "size": 3, "seed": 4}', "{oops", '{"cmd": "dance"}',
             '{"cmd": "play", "move": "move 9,9"}', '{"cmd": "play"}']
    lines += ['{"cmd": "go", "strength": "easy", "play": true}'] * 80
    lines += ['{"cmd": "state"}', '{"cmd": "quit"}', '{"cmd": "state"}']
    answers = converse(lines)
    assert answers[0]["ok"] and answers[0]["mode"] == "duel"
    assert all("error" in a for a in answers[1:5])
    assert answers[-1] == {"ok": True, "bye": True}, "the engine stops at quit"
    played = [a for a in answers[5:-2] if a.get("ok")]
    assert played and all("move" in a and "events" in a for a in played)
    assert answers[-2]["is_over"] is True
    assert any("game is over" in a.get("error", "") for a in answers[5:-2])


def test_a_classic_match_swaps_roles():
    lines = ['{"cmd": "new", "mode": "classic", "size": 2, "match": true}']
    lines += ['{"cmd": "go", "strength": "normal", "play": true}'] * 60 + ['{"cmd": "quit"}']
    answers = [a for a in converse(lines) if a.get("ok") and "match" in a]
    games = {a["match"]["game"] for a in answers}
    assert games == {1, 2}
    assert answers[-1]["is_over"] and len(answers[-1]["match"]["results"]) == 2
