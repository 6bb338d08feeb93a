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
    with pytest.raises(SaveError, match="expected a JSON saved game"):
        TableSession.load(path)
    with pytest.raises(SaveError, match="no saved game"):
        TableSession.load(tmp_path / "missing.json")
