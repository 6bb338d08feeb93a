"""The API: action texts, serialisation, clones, views and determinisation, replay, events."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from satoshi_helpers import position, with_player

from game.bitcoin import (
    IllegalAction,
    State,
    StateError,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    parse_action,
    replay,
    start_game,
)
from game.bitcoin.actions import Buy, Guess, Move, Offer, Quit, Save, TakeJob
from game.bitcoin.agents import baseline
from game.bitcoin.state import HIDDEN, SATOSHI
from game.bitcoin.view import complete, determinize, hidden_cards, reseed, view_for


def play(players: int, seed: int, limit: int = 100_000):
    state, events = start_game(players, seed)
    rng, actions = random.Random(seed), []
    while not is_over(state) and len(actions) < limit:
        action = baseline(state, rng)
        actions.append(action)
        state, caused = apply(state, action)
        events += caused
    return state, actions, events


# --- action texts ----------------------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    Move(3, ("1,0", "1,1", "2,1")), TakeJob("miner", ("banker", "miner")), TakeJob("miner", ("miner",)),
    Quit("web_service_provider"), Buy(12), Save(10), Guess(3), Offer(2, 5, 1, 0, 0), Offer(1, 0, 0, 7, 2),
])
def test_action_text_round_trips(action):
    assert parse_action(action.text) == action
    assert parse_action("  " + action.text.upper() + " ") == action


def test_every_legal_action_text_round_trips():
    _state, actions, _ = play(5, 3)
    for action in actions:
        assert parse_action(action.text) == action


@pytest.mark.parametrize("text", ["", "fly", "move 4 1,0", "buy", "offer 1 5usd", "take -> miner"])
def test_bad_action_text_is_refused_with_the_forms(text):
    with pytest.raises(ValueError, match="expected"):
        parse_action(text)


# --- values -------------------------------------------------------------------------------------------
def test_states_are_values():
    state = new_game(4, 9)
    assert state.clone() == state and hash(state.clone()) == hash(state)
    assert new_game(4, 9) == state and new_game(4, 10) != state
    assert {state: 1}[new_game(4, 9)] == 1


def test_serialisation_round_trips_through_a_whole_game():
    state, _events = start_game(3, 4)
    rng = random.Random(4)
    while not is_over(state):
        assert State.from_json(state.to_json()) == state
        assert State.from_dict(state.to_dict()) == state
        state, _ = apply(state, baseline(state, rng))
    assert State.from_json(state.to_json()) == state and state.outcome is not None


@pytest.mark.parametrize("text", ["{}", "[1]", "not json", '{"options": {"players": 9}}'])
def test_broken_state_text_is_refused(text):
    with pytest.raises(StateError, match="not a Finding Satoshi state"):
        State.from_json(text)


def test_negative_money_in_a_state_is_refused():
    raw = new_game(3, 1).to_dict()
    raw["players"][0]["usd"] = -1
    with pytest.raises(StateError):
        State.from_dict(raw)


def test_apply_never_changes_its_input():
    state = new_game(4, 2)
    before = state.to_json()
    for action in legal_actions(state)[:10]:
        apply(state, action)
    assert state.to_json() == before


def test_illegal_action_is_refused_with_a_reason():
    state = new_game(4, 2)
    with pytest.raises(IllegalAction, match="move 3"):
        apply(state, Move(3, ("x",)))


# --- replay -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_replay_from_seed_and_actions_is_exact(players, seed):
    final, actions, events = play(players, seed)
    start, setup = start_game(players, seed)
    again, replayed = replay(start, actions)
    assert again == final and replayed == events[len(setup):]
    texts = [a.text for a in actions]
    assert replay(new_game(players, seed), [parse_action(t) for t in texts])[0] == final


def test_another_seed_gives_another_game():
    assert play(4, 1)[0] != play(4, 2)[0]


# --- who decides ----------------------------------------------------------------------------------------
def test_current_player_is_the_offers_addressee():
    state = with_player(position(phase="end"), 0, usd=5)
    assert current_player(state) == 0
    state, _ = apply(state, Offer(3, give_usd=5))
    assert current_player(state) == 3
    assert current_player(play(3, 1)[0]) is None


# --- views ------------------------------------------------------------------------------------------------
def test_view_hides_other_roles_and_the_seed():
    state = new_game(5, 7)
    for who in range(5):
        view = view_for(state, who)
        assert view.players[who].role == state.players[who].role
        assert all(p.role == HIDDEN for i, p in enumerate(view.players) if i != who)
        assert view.seed == -1 and view.viewer == who
        assert legal_actions(view) == legal_actions(state)
        assert ('"satoshi"' in view.to_json()) == (state.players[who].role == SATOSHI)


def test_view_of_a_two_player_game_hides_the_card_set_aside():
    state = new_game(2, 3)
    view = view_for(state, 0)
    assert view.aside == HIDDEN and sorted(hidden_cards(view)) == sorted(
        [state.players[1].role, state.aside])


def test_view_shows_revealed_cards_and_everything_at_the_end():
    state = replace(with_player(position(phase="end", satoshi=2), 0, btc=1))
    state, _ = apply(state, Guess(2))
    assert view_for(state, 1).players[2].role == SATOSHI
    final = play(4, 5)[0]
    assert view_for(final, 0).players == final.players


def test_determinize_is_consistent_with_the_view():
    state = new_game(6, 8)
    view = view_for(state, 2)
    rng = random.Random(0)
    seen_satoshi = set()
    for _ in range(60):
        full = determinize(view, rng)
        roles = [p.role for p in full.players]
        assert roles[2] == state.players[2].role and roles.count(SATOSHI) == 1 and full.seed >= 0
        assert replace(full, players=view.players, seed=-1, viewer=2) == view
        seen_satoshi.add(roles.index(SATOSHI))
        apply(full, legal_actions(full)[0])  # a full state can be played on
    assert len(seen_satoshi) == (5 if state.players[2].role != SATOSHI else 1)


def test_complete_refuses_an_impossible_assignment():
    state = new_game(3, 1)
    view = view_for(state, 0)
    with pytest.raises(ValueError, match="unseen"):
        complete(view, [SATOSHI, SATOSHI], seed=1)


def test_chance_in_a_view_needs_a_full_state():
    state = with_player(position(phase="end", satoshi=2), 0, btc=1)
    view = view_for(state, 0)
    with pytest.raises(ValueError, match="determinize"):
        apply(view, Guess(2))


def test_reseed_changes_the_future_not_the_present():
    state = new_game(4, 3)
    other = reseed(state, 99)
    assert other.players == state.players and other.seed != state.seed


# --- events ------------------------------------------------------------------------------------------------
def test_every_event_describes_itself_in_a_sentence():
    kinds = {}
    for seed in range(6):
        _, _, events = play(2 + seed % 5, seed)
        for e in events:
            kinds.setdefault(type(e).__name__, e)
    for name, event in kinds.items():
        text = event.describe()
        assert text[0].isupper() and text.endswith((".", ")", '"')) and "_" not in text.split("(")[0], (name, text)
    assert {"GameStarted", "TurnStarted", "MoneyPaid", "PawnMoved", "GameOver", "LivingExpenses"} <= set(kinds)
