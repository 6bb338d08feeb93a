"""`python -m game review`: a puzzle walk by level file or code, a kept record, and bad input."""

import json

import pytest
from test_records_games import blunder_match, classic_game, puzzle_game, satoshi_game

from game.cli import main
from game.coinland.levels import load_level
from game.coinland.sharecode import encode
from game.records import keep

TOLL = "levels/1-tutorial/03-the-toll.toml"  # par 18


def run(capsys, *args):
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_walk_prints_each_move_with_the_best_before_and_after_and_its_loss(capsys):
    code, out, err = run(capsys, TOLL, "--walk", "1,0 stop")
    assert code == 0 and not err
    lines = out.splitlines()
    assert "Best possible: 18" in lines[1] and "Kept: 1 coin." in lines[1]
    assert "move 1,0" in lines[2] and "18 -> 18" in lines[2] and "cost" not in lines[2]
    assert "stop" in lines[3] and "cost 17 coins" in lines[3]
    assert lines[-1] == "Lost on the way: 17 coins."


def test_the_json_form_and_the_level_code_give_the_same_review(capsys):
    code, out, _ = run(capsys, TOLL, "--walk", "1,0 stop", "--json")
    from_file = json.loads(out)
    code2, out2, _ = run(capsys, encode(load_level(TOLL)), "--walk", "1,0 stop", "--json")
    from_code = json.loads(out2)
    assert code == code2 == 0
    assert from_file["moves"] == from_code["moves"]
    assert [m["loss"] for m in from_file["moves"]] == [0, 17] and from_file["total_loss"] == 17
    assert from_file["best"]["score"] == 18 and from_file["best"]["proved"]


def test_a_kept_classic_record_is_reviewed_with_its_blunder(capsys, tmp_path):
    path = keep(blunder_match(), tmp_path)
    code, out, err = run(capsys, "--record", str(path), "--json", "--depth", "2")
    assert code == 0 and not err
    review = json.loads(out)
    assert review["kind"] == "classic" and review["moves"][1]["label"] == "blunder"
    assert review["mistakes"][0] == 2  # the costliest
    code, out, _ = run(capsys, "--record", str(path), "--depth", "2")
    lines = out.splitlines()
    at = next(i for i, x in enumerate(lines) if x.strip().startswith("2. "))
    line, verdict = lines[at], lines[at + 1]
    assert code == 0 and "Game 1" in out and "Game 2" in out and "move 1,0 end" in line
    assert "the Hoarder 1 cell right, then declare the end" in line  # words a player finds on the board
    assert verdict.strip().startswith("blunder: it cost You about") and "better: " in verdict
    assert "give or take 0" not in out  # a noise that rounds to nothing is not said


def test_a_satoshi_record_prints_roles_and_decisive_moments(capsys, tmp_path):
    record, _ = satoshi_game()
    path = keep(record, tmp_path)
    code, out, _ = run(capsys, "--record", str(path), "--json")
    found = json.loads(out)
    assert code == 0 and found["actions"] == len(record.actions)
    assert found["moments"][-1]["kind"] == "end" and found["moments"][-1]["step"] == len(record.actions)
    assert sum("Satoshi" in line for line in found["roles"]) == 1


def test_a_puzzle_record_reviews_like_its_walk(capsys, tmp_path):
    record, _ = classic_game()
    keep(record, tmp_path)
    puzzle, state = puzzle_game()
    path = keep(puzzle, tmp_path)
    code, out, _ = run(capsys, "--record", str(path), "--json")
    review = json.loads(out)
    assert code == 0 and review["score"] == state.purses[0]
    assert review["total_loss"] == review["best"]["score"] - review["score"]


@pytest.mark.parametrize(("args", "needle", "status"), [
    ((TOLL, "--walk", "1,0 9,9"), "--walk: move 2", 1),  # the walk does not fit the level: data
    ((TOLL, "--walk", "1,0 north"), "--walk: word 2", 2),  # not a walk at all: usage
    (("missing.toml", "--walk", "1,0"), "missing.toml", 1),
    (("CL1-AAAAA-AAAAA", "--walk", "1,0"), "LEVEL", 1),
    ((TOLL,), "--walk", 2),
    ((), "LEVEL", 2),
    (("--record", "nowhere.json"), "nowhere.json", 1),
    ((TOLL, "--walk", "1,0", "--time-limit", "0"), "--time-limit", 2),
    ((TOLL, "--walk", "1,0", "--time-limit", "nan"), "--time-limit", 2),
    ((TOLL, "--walk", "1,0", "--time-limit", "inf"), "--time-limit", 2),
    (("--record", "x.json", "--depth", "0"), "--depth", 2),
    (("--record", "x.json", TOLL), "--record", 2),
])
def test_bad_input_is_one_line_naming_what_is_wrong_and_exits_non_zero(capsys, args, needle, status):
    """Usage errors exit 2 and bad data 1, each one line `coinland review: ...` (issue 35 item 6)."""
    code, out, err = run(capsys, *args)
    assert code == status and not out
    assert err.startswith("coinland review: ") and needle in err and len(err.strip().splitlines()) == 1


def test_a_damaged_record_names_its_field(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"app": "coinland-record", "format": 1, "kind": "duel", "players": "x"}', encoding="utf-8")
    code, _, err = run(capsys, "--record", str(path))
    assert code == 1 and "players" in err and str(path) in err


def test_help_describes_both_forms(capsys):
    assert main(["review", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--walk" in out and "--record" in out and "--json" in out
