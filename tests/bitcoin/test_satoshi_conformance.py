"""Conformance over many seeded games for 2-6 players, checked at every step.

At each step: the state equals its clone and its JSON round trip; the action played is one of
`legal_actions`; in the first games of each kind also every listed action is legal, its text
reads back, and the deciding player's view offers the same actions; prices and money never
go below zero; and every dollar and bitcoin that moved is accounted for by an event.

The default run plays 525 games: 400 with the baseline and 125 with a uniformly random player
(all legal actions, offers and guesses included; its games often stall, so they stop at a
30-round limit, which tests that ending too). COINLAND_LONG=1 plays 6,000.
"""

from __future__ import annotations

import os
import random

import pytest

from game.bitcoin.actions import FREE_ACTIONS, Action, parse_action
from game.bitcoin.agents import baseline
from game.bitcoin.events import BitcoinsSaved, MoneyPaid
from game.bitcoin.rules import apply, explain_illegal, legal_actions
from game.bitcoin.setup import start_game
from game.bitcoin.state import State
from game.bitcoin.view import view_for

LONG = os.environ.get("COINLAND_LONG") == "1"
GAMES = {"baseline": 1000 if LONG else 80, "random": 200 if LONG else 25}  # per player count


def random_player(state: State, rng: random.Random) -> Action:
    """Uniform over legal actions, but after a few free actions in a step it moves the game on."""
    actions = legal_actions(state)
    steps = [a for a in actions if not isinstance(a, FREE_ACTIONS)]
    if steps and rng.random() < 0.75:
        return rng.choice(steps)
    return rng.choice(actions)


def check_accounting(before: State, after: State, events: list) -> None:
    usd = [0] * before.n
    btc = [0] * before.n
    saved = [0] * before.n
    for e in events:
        if isinstance(e, MoneyPaid):
            assert e.amount > 0 and e.currency in ("usd", "btc")
            flows = usd if e.currency == "usd" else btc
            if e.payer >= 0:
                flows[e.payer] -= e.amount
            if e.payee >= 0:
                flows[e.payee] += e.amount
        elif isinstance(e, BitcoinsSaved):
            btc[e.player] -= e.btc
            saved[e.player] += e.btc
    for i, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
        assert b.usd - a.usd == usd[i], f"player {i}: $ moved without an event"
        assert b.btc - a.btc == btc[i], f"player {i}: BTC moved without an event"
        assert b.savings - a.savings == saved[i]


def check_state(state: State) -> None:
    assert state.clone() == state and hash(state.clone()) == hash(state)
    assert State.from_json(state.to_json()) == state
    assert min(state.bitcoin, state.food, state.internet) >= 0
    assert all(min(p.usd, p.btc, p.savings) >= 0 for p in state.players)


def play_checked(players: int, seed: int, agent, advanced: bool, check_every_action: bool,
                 max_rounds: int | None = None) -> State:
    state, _ = start_game(players, seed, advanced=advanced, max_rounds=max_rounds)
    rng = random.Random(seed)
    steps = 0
    while state.phase != "over":
        check_state(state)
        actions = legal_actions(state)
        assert actions, "a player who must decide always has an action"
        if check_every_action:
            view = view_for(state, state.current_player)
            assert legal_actions(view) == actions  # hidden cards never change what is legal
            assert State.from_json(view.to_json()) == view
            for listed in actions:
                assert explain_illegal(state, listed) is None, listed.text
                assert parse_action(listed.text) == listed
        action = agent(state, rng)
        assert action in actions
        after, events = apply(state, action)
        check_accounting(state, after, events)
        state = after
        steps += 1
        assert steps < 20_000
    check_state(state)
    assert state.outcome is not None and state.outcome.winners
    return state


@pytest.mark.parametrize("players", range(2, 7))
def test_conformance_baseline(players):
    for k in range(GAMES["baseline"]):
        play_checked(players, 1000 * players + k, baseline, advanced=k % 2 == 1, check_every_action=k < 3)


@pytest.mark.parametrize("players", range(2, 7))
def test_conformance_random_player(players):
    for k in range(GAMES["random"]):
        play_checked(players, 1000 * players + k, random_player, advanced=k % 2 == 1, check_every_action=k < 3,
                     max_rounds=30)
