"""Game records: every kind round-trips through its file and replays to the same final state;
the folder keeps the newest records; a damaged or foreign record is listed as unreadable."""

import json
import os

import pytest
from test_records_games import LEVEL, classic_game, duel_game, puzzle_game, satoshi_game

from game.coinland.levels import load_level
from game.records import (
    RecordError,
    keep,
    load,
    open_record,
    prune,
    puzzle_record,
    recent,
    record_files,
    replay,
)

GAMES = {"puzzle": puzzle_game, "classic": classic_game, "duel": duel_game, "satoshi": satoshi_game}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_kind_round_trips_through_its_file_and_replays_to_the_same_final_state(kind, tmp_path):
    record, final = GAMES[kind]()
    path = keep(record, tmp_path)
    assert path.parent == tmp_path and path.suffix == ".json"
    read = load(path)
    assert read.to_dict() == record.to_dict()
    assert read.kind == kind and read.actions == record.actions and read.date == record.date
    shown = open_record(path)
    assert shown.final == final
    assert len(shown) == len(record.actions) == len(shown.before) == len(shown.after)
    assert shown.board(len(shown)).is_over


def test_records_say_how_each_game_ended():
    record, state = puzzle_game()
    assert record.result["score"] == state.purses[0]
    record, match = classic_game()
    assert record.result == {"hoarder_scores": list(match.hoarder_scores), "winner": match.winner}
    record, state = duel_game()
    assert record.result["purses"] == list(state.purses)
    record, state = satoshi_game()
    assert record.result["winners"] == list(state.outcome.winners)
    assert record.result["price"] == state.outcome.price


def test_a_classic_replay_knows_which_game_each_move_belongs_to_and_shows_game_one_finished():
    record, match = classic_game()
    shown = replay(record)
    switch = shown.game_of.index(1)
    assert set(shown.game_of[:switch]) == {0} and set(shown.game_of[switch:]) == {1}
    assert shown.after[switch - 1].is_over  # game 1's final board, not game 2's fresh one
    assert shown.after[switch - 1].purses[0] == match.results[0]
    assert not shown.before[switch].gates[1] and shown.before[switch].ply == 0


def test_an_unfinished_game_is_not_a_record():
    level = load_level(LEVEL)
    with pytest.raises(RecordError, match="finished"):
        puzzle_record(level, [])


def test_the_folder_keeps_only_the_newest_records(tmp_path):
    record, _ = puzzle_game()
    paths = [keep(record, tmp_path, limit=3) for _ in range(5)]
    kept = record_files(tmp_path)
    assert kept == sorted(paths[-3:])
    assert prune(tmp_path, 1) == 2 and record_files(tmp_path) == [paths[-1]]


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_damaged_and_foreign_records_are_listed_as_unreadable_and_never_crash(tmp_path):
    good, _ = puzzle_game()
    keep(good, tmp_path)
    data = good.to_dict()
    write(tmp_path, "20000101-000000-000000-junk.json", "{not json")
    write(tmp_path, "20000101-000000-000001-half.json", good.to_json()[:200])
    wrong_move = dict(data, actions=["move 9,9", *data["actions"][1:]])
    write(tmp_path, "20000101-000000-000002-move.json", json.dumps(wrong_move))
    wrong_result = dict(data, result={"score": 999, "ended": "stopped"})
    write(tmp_path, "20000101-000000-000003-result.json", json.dumps(wrong_result))
    write(tmp_path, "20000101-000000-000004-other.json", json.dumps({"app": "something else"}))
    satoshi, _ = satoshi_game()
    foreign = dict(satoshi.to_dict(), seed=satoshi.seed + 1)  # the same actions under another deal
    write(tmp_path, "20000101-000000-000005-seed.json", json.dumps(foreign))
    (tmp_path / "20000101-000000-000006-folder.json").mkdir()
    entries = recent(tmp_path, check=True)
    assert len(entries) == 8
    readable = [e for e in entries if e.readable]
    assert [e.record.to_dict() for e in readable] == [good.to_dict()]
    problems = {e.path.name.split("-")[-1]: e.problem for e in entries if not e.readable}
    assert "not valid JSON" in problems["junk.json"]
    assert "not valid JSON" in problems["half.json"]
    assert "actions[0]" in problems["move.json"] and "move 9,9" in problems["move.json"]
    assert "result" in problems["result.json"]
    assert "app" in problems["other.json"]
    assert "actions[" in problems["seed.json"] or "result" in problems["seed.json"]
    assert "folder" in problems["folder.json"]
    assert all("\n" not in p for p in problems.values())


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "w", encoding="utf-8") as out:
        out.write(" " * (2 * 1024 * 1024))
    with pytest.raises(RecordError, match="bytes"):
        load(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_like_a_record_does_not_hang_the_list(tmp_path):
    os.mkfifo(tmp_path / "20000101-000000-000000-pipe.json")
    entries = recent(tmp_path, check=True)
    assert len(entries) == 1 and not entries[0].readable and "pipe" in entries[0].problem


def test_a_record_whose_level_is_invalid_names_the_field(tmp_path):
    good, _ = puzzle_game()
    data = good.to_dict()
    data["setup"] = {"level": dict(data["setup"]["level"], size=99)}
    path = write(tmp_path, "x.json", json.dumps(data))
    with pytest.raises(RecordError, match="size"):
        open_record(path)
