"""Finished games of every kind, built through the engines, for the record and review tests
(named like a test module so it stays with them; it holds no tests itself)."""

import random

from game.bitcoin import apply as satoshi_apply
from game.bitcoin.agents import AGENTS
from game.bitcoin.setup import new_game
from game.client.satoshi.session import Seat
from game.coinland.actions import Move, Stop, parse_action
from game.coinland.ai import make_agent
from game.coinland.levels import load_level
from game.coinland.match import ClassicMatch
from game.coinland.rules import apply, hoarder_moves, new_duel
from game.records import classic_record, duel_record, puzzle_record, satoshi_record

LEVEL = "levels/3-medium/11-border-post.toml"


def puzzle_game(seed=1):
    level = load_level(LEVEL)
    state, actions, rng = level.initial_state(), [], random.Random(seed)
    while not state.is_over and len(actions) < 10:
        action = Move(rng.choice(hoarder_moves(state)).target)
        actions.append(action)
        state = apply(state, action)[0]
    if not state.is_over:
        actions.append(Stop())
        state = apply(state, Stop())[0]
    return puzzle_record(level, actions), state


def classic_game(seed=2, size=3):
    match, actions, rng = ClassicMatch(size=size), [], random.Random(seed)
    while not match.is_over:
        action = make_agent("normal").choose(match.state, rng)
        actions.append(action)
        match = match.apply(action)[0]
    return classic_record(size, 0, actions, ["You", "Computer (normal)"]), match


def duel_game(seed=3, size=3):
    start = state = new_duel(size, first=1)
    actions, rng = [], random.Random(seed)
    while not state.is_over:
        action = make_agent("easy").choose(state, rng)
        actions.append(action)
        state = apply(state, action)[0]
    return duel_record(start, actions, ["Ada", "Computer (easy)"]), state


def satoshi_game(seed=5, players=3):
    seats = [Seat("You", "human", 0), Seat("Hal", "normal", 1), Seat("Wei", "normal", 2)][:players]
    state, actions, rng = new_game(players, seed), [], random.Random(seed)
    while not state.is_over:
        action = AGENTS["baseline"](state, rng)
        actions.append(action)
        state = satoshi_apply(state, action)[0]
    return satoshi_record(seats, "normal", False, seed, actions), state


def blunder_match():
    """Classic, size 3: after the first gate the Hoarder takes one coin and declares the end."""
    match = ClassicMatch(size=3)
    actions = [parse_action("gate 2,-2 2,-1")]
    match = match.apply(actions[0])[0]
    actions.append(Move((1, 0), end=True))
    match = match.apply(actions[1])[0]
    rng = random.Random(0)
    while not match.is_over:
        action = make_agent("normal").choose(match.state, rng)
        actions.append(action)
        match = match.apply(action)[0]
    return classic_record(3, 0, actions, ["You", "Computer (normal)"])
