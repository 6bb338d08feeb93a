"""The Finding Satoshi table session: seats, hidden roles, hand-overs, saving and resuming."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.bitcoin import IllegalAction, legal_actions, parse_action
from game.bitcoin.state import HIDDEN, SATOSHI
from game.client.satoshi.computer import decide
from game.client.satoshi.session import (
    HUMAN,
    SaveError,
    Seat,
    TableSession,
    TableSetup,
    default_setup,
    public_view,
)


def play(session: TableSession, steps: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over:
            return
        session.apply(rng.choice(legal_actions(session.state)))


def test_setup_problems_name_the_field():
    seats = (Seat("A", HUMAN, 0), Seat("B", "genius", 0))
    problems = TableSetup(seats, difficulty="easy").problems()
    assert any(p.startswith("seats[1].kind") for p in problems)
    assert any("different pawn colour" in p for p in problems)
    assert any(p.startswith("difficulty") for p in problems)
    assert TableSetup((Seat("A"),)).problems()[0].startswith("seats: expected 2 to 6")
    with pytest.raises(ValueError):
        TableSession.start(TableSetup((Seat("A"),)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_public_view_never_shows_a_hidden_role(players):
    session = TableSession.start(replace(default_setup(players, humans=players), seed=players))
    for step in range(300):
        if session.is_over:
            break
        table = session.table_view()
        for player, shown in zip(session.state.players, table.players, strict=True):
            assert shown.role == (player.role if player.revealed else HIDDEN)
        assert table.aside in ("", HIDDEN) and table.seed == -1
        session.apply(random.Random(step).choice(legal_actions(session.state)))
    if session.is_over:
        assert public_view(session.state) == session.state  # every card is turned over at the end


def test_own_view_shows_only_own_role():
    session = TableSession.start(replace(default_setup(4, humans=4), seed=11))
    for seat in range(4):
        view = session.view_for(seat)
        assert view.players[seat].role == session.state.players[seat].role
        assert all(p.role == HIDDEN for i, p in enumerate(view.players) if i != seat)


def test_handover_only_between_different_humans():
    solo = TableSession.start(replace(default_setup(4, humans=1), seed=5))
    duo = TableSession.start(replace(default_setup(4, humans=2), seed=5))
    assert not solo.needs_handover
    handovers = 0
    for step in range(400):
        if duo.is_over:
            break
        if duo.needs_handover:
            handovers += 1
            duo.handed_over()
            assert not duo.needs_handover
        if duo.human_to_move:
            assert duo.shown_to == duo.to_move
        duo.apply(random.Random(step).choice(legal_actions(duo.state)))
    assert handovers >= 2


def test_illegal_action_is_refused_with_the_reason():
    session = TableSession.start(replace(default_setup(3), seed=2))
    before = session.state
    with pytest.raises(IllegalAction):
        session.apply(parse_action("guess 9"))
    assert session.state == before and not session.actions


def test_save_and_resume_is_the_same_game(tmp_path):
    session = TableSession.start(replace(default_setup(5, humans=2, strength="easy"), seed=99, advanced=True))
    play(session, 120, seed=3)
    path = tmp_path / "save.json"
    session.save(path)
    again = TableSession.load(path)
    assert again.state == session.state
    assert again.setup == replace(session.setup, seed=99) and again.names == session.names
    assert [a.text for a in again.actions] == [a.text for a in session.actions]
    play(session, 50, seed=4)
    play(again, 50, seed=4)
    assert again.state == session.state  # the resumed game goes on exactly as the original


def test_computer_games_replay_from_seed_and_moves():
    def game() -> TableSession:
        session = TableSession.start(replace(default_setup(4, humans=0, strength="normal"), seed=21))
        while not session.is_over:
            session.apply(decide(session.state, "normal", session.ai_rng()))
        return session

    first, second = game(), game()
    assert first.state == second.state and first.state.outcome is not None
    assert first.state.outcome.satoshi == next(i for i, p in enumerate(first.state.players) if p.role == SATOSHI)


@pytest.mark.parametrize(("change", "field"), [
    (lambda d, me: d.update(format=7), "format"),
    (lambda d, me: d.update(seed="x"), "seed"),
    (lambda d, me: d.update(seats=[{"name": "A"}]), "seats"),
    (lambda d, me: d["seats"][1].update(kind="wizard"), "seats[1].kind"),
    (lambda d, me: d.update(difficulty="silly"), "difficulty"),
    (lambda d, me: d.update(actions="move"), "actions"),
    (lambda d, me: d["actions"].append(f"guess {me}"), "actions["),  # guessing oneself is never legal
    (lambda d, me: d["actions"].insert(0, "fly away"), "actions[0]"),
])
def test_broken_save_is_refused_in_one_line(tmp_path, change, field):
    session = TableSession.start(replace(default_setup(3), seed=8))
    play(session, 10)
    raw = session.to_dict()
    change(raw, session.state.turn)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError) as error:
        TableSession.load(path)
    message = str(error.value)
    assert "\n" not in message and str(path) in message and field in message


def test_unreadable_save_is_refused(tmp_path):
    path = tmp_path / "save.json"
    path.write_bytes(b"\x00\xff{not json")
    with pytest.raises(SaveError, match="not UTF-8"):
        TableSession.load(path)
    with pytest.raises(SaveError, match="no saved game"):
        TableSession.load(tmp_path / "missing.json")


# --- house rules, data version, hostile saves (issues 15 and 16) ---------------------------------------
def test_house_rules_are_chosen_at_setup_and_kept_in_the_save(tmp_path):
    from game.bitcoin.data import load_data

    rules = load_data().rules
    assert TableSetup((Seat("A"), Seat("B", colour=1))).max_rounds == rules.max_rounds
    session = TableSession.start(replace(default_setup(3), seed=5, max_rounds=30, offers_per_turn=1))
    assert (session.state.options.max_rounds, session.state.options.offers_per_turn) == (30, 1)
    play(session, 30)
    path = tmp_path / "save.json"
    session.save(path)
    again = TableSession.load(path)
    assert again.state == session.state and again.setup.max_rounds == 30 and again.setup.offers_per_turn == 1
    assert TableSetup((Seat("A"), Seat("B", colour=1)), max_rounds=0).problems()[0].startswith("max_rounds")


def test_a_save_records_its_rules_data_and_other_data_is_refused_not_replayed(tmp_path):
    from game.bitcoin.data import load_data
    from game.client.satoshi.session import OtherDataError

    session = TableSession.start(replace(default_setup(3), seed=8))
    play(session, 10)
    raw = session.to_dict()
    assert raw["data"] == load_data().version and len(raw["data"]) == 16
    path = tmp_path / "old.json"
    path.write_text(json.dumps({**raw, "data": "0123456789abcdef"}))
    with pytest.raises(OtherDataError, match="other rules data"):
        TableSession.load(path)
    path.write_text(json.dumps({**{k: v for k, v in raw.items() if k != "data"}, "format": 1}))
    with pytest.raises(OtherDataError, match="did not record its rules data"):
        TableSession.load(path)


def hostile_saves(tmp_path, raw: dict) -> dict[str, object]:
    """The hostile files of issue 15, each built from a sound save `raw`: name -> path."""
    files = {
        "nested": "[" * 100_000 + "]" * 100_000,
        "seed": json.dumps(raw)[:-1] + ', "seed": ' + "9" * 5000 + "}",
        "nul name": json.dumps({**raw, "seats": [{**raw["seats"][0], "name": "A\x00B"}, *raw["seats"][1:]]}),
        "surrogate": json.dumps(raw).replace(json.dumps(raw["seats"][0]["name"]), '"\\ud800"', 1),
        "long action": json.dumps({**raw, "actions": [*raw["actions"], "x" * 1_000_000]}),
    }
    out = {}
    for name, body in files.items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(body, encoding="utf-8")
        out[name] = path
    return out


def test_hostile_saves_are_refused_in_one_short_line(tmp_path):
    session = TableSession.start(replace(default_setup(3), seed=8))
    play(session, 10)
    for name, path in hostile_saves(tmp_path, session.to_dict()).items():
        with pytest.raises(SaveError) as error:
            TableSession.load(path)
        message = str(error.value)
        assert "\n" not in message and len(message) <= 300, name


def test_the_purple_pawn_is_purple():
    from game.client.satoshi.session import PAWN_COLOURS

    red, green, blue = dict(PAWN_COLOURS)["purple"]
    assert blue > red > green and blue - green > 80  # blue-violet, not the old pink (204, 121, 167)


def test_a_game_under_a_house_round_limit_is_recorded_and_replays():
    """The house rules are part of a game: its record keeps them, so the review replays the same game."""
    from game.records import replay, satoshi_record

    session = TableSession.start(replace(default_setup(3, humans=0, strength="easy"), seed=4, max_rounds=5))
    while not session.is_over:
        session.apply(decide(session.state, "easy", session.ai_rng()))
    assert session.state.outcome.reason == "round limit" and session.state.round == 5
    setup = session.setup
    record = satoshi_record(setup.seats, setup.difficulty, setup.advanced, session.seed, session.actions,
                            max_rounds=setup.max_rounds, offers_per_turn=setup.offers_per_turn)
    assert replay(record).final == session.state
