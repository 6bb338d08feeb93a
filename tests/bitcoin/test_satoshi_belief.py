"""The belief over who holds the Satoshi card (issue 33): built from public actions only, and
the guess it allows.

Chapter 5.4: a right guess doubles the guesser's Bitcoins, a wrong one loses them all, so a
guess is worth it only when the guesser believes it more than even.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from satoshi_helpers import position, with_player

from game.bitcoin.actions import Decline, Guess, TakeJob
from game.bitcoin.ai import choose_action
from game.bitcoin.ai.belief import GUESS_ODDS, evidence_so_far, satoshi_odds, top_suspect
from game.bitcoin.ai.policy import maybe_guess
from game.bitcoin.history import History
from game.bitcoin.rules import apply
from game.bitcoin.setup import new_game
from game.bitcoin.state import GEEK, HIDDEN, SATOSHI, State
from game.bitcoin.view import view_for


def played(seed: int, rounds: int) -> tuple[State, list]:
    """A four-player game of normal computers to the start of `rounds`+1, stopping before any guess."""
    state, actions = new_game(4, seed), []
    rng = random.Random(seed)
    while state.phase != "over" and state.round <= rounds:
        action = choose_action(state, "normal", rng)
        if isinstance(action, Guess):
            break
        state, _ = apply(state, action)
        actions.append(action)
    return state, actions


def dealt(state: State, roles: list[str]) -> State:
    return replace(state, players=tuple(replace(p, role=r) for p, r in zip(state.players, roles, strict=True)))


def test_the_record_holds_every_action_and_shows_no_face_down_card():
    state, actions = played(seed=1002, rounds=6)
    record = state.history
    assert len(record) == len(actions)
    assert [n.action for n in record.nodes()][::-1] == actions
    for node in record.nodes():
        position = node.public_position()
        assert position.seed == -1 and position.viewer == node.actor
        assert all(p.role == HIDDEN for p in position.players if not p.revealed)


def test_the_belief_reads_only_public_actions():
    """The same actions by a table dealt another way give every observer the same belief and the
    same choices: nothing hidden is read, not even from the record of earlier positions."""
    start = new_game(4, 1003)
    roles = [p.role for p in start.players]
    holder = roles.index(SATOSHI)
    observer = (holder + 1) % 4
    other = next(i for i in range(4) if i not in (holder, observer))
    swapped = roles.copy()
    swapped[holder], swapped[other] = GEEK, SATOSHI
    state, actions = played(seed=1003, rounds=10)
    twin = dealt(start, swapped)
    for action in actions:
        twin, _ = apply(twin, action)
    assert twin == dealt(state, swapped)  # same table, the card elsewhere
    assert satoshi_odds(state, observer) == satoshi_odds(twin, observer)
    assert evidence_so_far(state.history, 4) == evidence_so_far(twin.history, 4)


def test_choosing_the_bitcoin_foundation_over_a_fiat_job_raises_suspicion():
    """The rules text: the Bitcoin Foundation job is very useful for the Satoshi player."""
    table = with_player(position(phase="job", turn=1, bitcoin=20, round=8), 1, usd=30)
    foundation, _ = apply(table, TakeJob("bitcoin_foundation", ("bitcoin_foundation",)))
    banker, _ = apply(table, TakeJob("banker", ("banker",)))
    raised = satoshi_odds(foundation, 0)
    assert raised[1] > raised[2] == pytest.approx(raised[3])
    lowered = satoshi_odds(banker, 0)
    assert lowered[1] < lowered[2]
    assert satoshi_odds(apply(table, Decline())[0], 0)[1] < raised[1]


def test_a_guess_clears_the_guesser():
    table = with_player(position(phase="end", turn=1, satoshi=3), 1, btc=2)
    after, _ = apply(table, Guess(2))  # wrong: player 2 is a Geek, face up now
    odds = satoshi_odds(after, 0)
    assert 2 not in odds and odds[1] < odds[3]


def test_two_players_leave_room_for_the_card_set_aside():
    state = new_game(2, 4)
    me = next(i for i, p in enumerate(state.players) if p.role != SATOSHI)
    odds = satoshi_odds(state, me)
    assert sum(odds.values()) == pytest.approx(0.5)  # the other player or the card set aside


def test_no_guess_without_evidence_however_the_table_looks():
    """A table with one rich Bitcoin-job holder but no actions seen yet: the belief is even
    (each of three others one in three), so nobody guesses. (The old belief guessed here.)"""
    table = with_player(position(phase="end", turn=0, bitcoin=30), 0, btc=6)
    table = with_player(table, 2, jobs=("miner", "bitcoin_foundation"), btc=20)
    odds = satoshi_odds(table, 0)
    assert odds == pytest.approx({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})
    assert maybe_guess(table, 0) is None
    assert not isinstance(choose_action(table, "normal", random.Random(1)), Guess)
    assert not isinstance(choose_action(table, "hard", random.Random(1), playouts=2), Guess)


def _suspected(times: int) -> State:
    """Player 3 took the Bitcoin Foundation over the Banker job `times` times (jobs given back between)."""
    table = with_player(position(phase="job", turn=3, bitcoin=20, round=8), 0, btc=4)
    record = None
    for _ in range(times):
        record = History(record, replace(table, history=None), TakeJob("bitcoin_foundation", ("bitcoin_foundation",)))
    return replace(table, phase="end", turn=0, history=record)


def test_a_guess_only_when_the_belief_makes_it_worth_its_risk():
    weak, strong = _suspected(1), _suspected(6)
    assert top_suspect(weak, 0)[1] < GUESS_ODDS and maybe_guess(weak, 0) is None
    suspect, belief = top_suspect(strong, 0)
    assert suspect == 3 and belief >= GUESS_ODDS > 0.5
    assert maybe_guess(strong, 0) == Guess(3)
    assert maybe_guess(with_player(strong, 0, btc=0), 0) is None  # nothing to double
    assert maybe_guess(strong, 3) is None or strong.players[3].role != SATOSHI


def test_the_record_pickles_flat_for_a_helper_process():
    import pickle

    state, _ = played(seed=1004, rounds=12)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and len(copy.history) == len(state.history)
    assert satoshi_odds(copy, 0) == satoshi_odds(state, 0)
    assert not math.isnan(sum(evidence_so_far(copy.history, 4)))
    assert view_for(copy, 1).history is copy.history
