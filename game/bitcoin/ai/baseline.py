"""The baseline computer player: random legal play, sane with money. A yardstick, not a strategy.

An agent is a function `(state, rng) -> Action` choosing among `legal_actions(state)` for
the player who must decide now. The baseline reads only what that player may know (her own
role, public money and board), so it can be given a view as well as a full state.

It moves at random, takes any job that would pay its living costs (the best paid one when
none would) and keeps any job whose pay helps, but it pays its living expenses by selling
just enough Bitcoin, spends BTC on longer moves only when they are cheap and land where
something happens for it (now and then anyway, never more than half its BTC),
takes Job Opportunities it can afford (and a job once it paid the fee), rarely trades, guesses
only when the belief over Satoshi makes the guess worth its risk, and never buys Bitcoin with
the money it needs for Food and Internet.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.bitcoin.actions import (
    ACCEPT,
    DECLINE,
    END,
    SKIP,
    SWAP,
    Action,
    Move,
    TakeJob,
    save,
)
from game.bitcoin.ai.belief import worth_guessing
from game.bitcoin.ai.budget import (
    income_value,
    living_cost,
    may_quit,
    paid_for_opportunity,
    paid_to_come,
    sell_for,
    stuck,
)
from game.bitcoin.ai.values import buys_nothing
from game.bitcoin.bank import buy_actions, exchange_fee, offer_menu
from game.bitcoin.jobs import move_cost
from game.bitcoin.rules import step_actions
from game.bitcoin.state import State

Agent = Callable[[State, random.Random], Action]
CHEAP_MOVE_USD = 10  # the baseline spends BTC worth up to this on a longer move without a second thought


def baseline(state: State, rng: random.Random) -> Action:
    """One decision of the baseline player (see the module doc).

    It builds only the parts of the legal actions it looks at (`step_actions` and the free
    actions of one kind), which keeps a simulated game fast; every choice is one of
    `legal_actions(state)` (the conformance test checks this).
    """
    phase = state.phase
    if phase == "offer":
        return _answer(state, rng)
    actions = step_actions(state)
    if phase == "job":
        return _job(state, [a for a in actions if isinstance(a, TakeJob)], rng)
    free = free_choice(state, rng)
    if free is not None:
        return free
    if phase == "expenses":
        return actions[0]  # pay: the default, the cheaper first when only one of Food and Internet is in reach
    if phase == "fee":
        keep = living_cost(state)
        affordable = state.players[state.turn].usd - state.fee >= keep
        return ACCEPT if ACCEPT in actions and (affordable or paid_to_come(state)) else DECLINE
    if phase == "move":
        return _move(state, actions, rng)
    return _end_step(state, actions, rng)


def _answer(state: State, rng: random.Random) -> Action:
    """Accept gifts; accept trades worth at least as much at the bank price; decline asks mostly."""
    offer = state.offer
    assert offer is not None
    price = state.bitcoin
    gets = offer.give_usd + offer.give_btc * price
    gives = offer.get_usd + offer.get_btc * price
    if gives == 0 or (gets >= gives and rng.random() < 0.8):
        return ACCEPT
    return ACCEPT if rng.random() < 0.1 else DECLINE


def free_choice(state: State, rng: random.Random) -> Action | None:
    """Sell for expenses, then now and then buy, save, trade or guess."""
    me = state.players[state.turn]
    if state.phase == "expenses":
        return sell_for(state, living_cost(state))
    if state.phase == "fee" and me.usd < state.fee:
        return sell_for(state, state.fee + living_cost(state))
    roll = rng.random()
    if roll < 0.15:
        surplus = me.usd - 2 * living_cost(state) - exchange_fee(state, me)
        buys = [a for a in buy_actions(state) if a.btc * state.bitcoin <= surplus // 2]
        if buys:
            return rng.choice(buys)
    elif roll < 0.17:
        offers = offer_menu(state)
        if offers:
            return rng.choice(offers)
    elif roll < 0.175:
        guess = worth_guessing(state, state.turn)  # rarely asked, and only when the belief makes it worth it
        if guess is not None:
            return guess
    if state.phase == "end" and state.options.savings and me.btc >= 10 and rng.random() < 0.3:
        return save(10)
    return None


def _move(state: State, actions: list[Action], rng: random.Random) -> Action:
    """A random path; extra spaces only when they cost little (BTC cheap, or free for a Janitor)."""
    me = state.players[state.turn]
    if SKIP in actions and rng.random() < 0.7:
        return SKIP
    moves = [a for a in actions if isinstance(a, Move)]
    spare = max(0, me.btc // 2)
    splurge = rng.random() < 0.15

    def worth(cost: int) -> bool:
        return cost == 0 or (cost <= spare and (splurge or cost * state.bitcoin <= CHEAP_MOVE_USD))

    budget = [m for m in moves if worth(move_cost(me, state.data, m.spaces)) and not buys_nothing(state, state.turn, m)]
    pick = budget or [m for m in moves if m.spaces == 1]
    sizes = sorted({m.spaces for m in pick})
    size = rng.choice(sizes)
    return rng.choice([m for m in pick if m.spaces == size])


def _end_step(state: State, actions: list[Action], rng: random.Random) -> Action:
    if SKIP in actions and rng.random() < 0.7:
        return SKIP
    quits = may_quit(state)  # never a job taken this turn, nor one whose pay helps
    if state.missed and quits:
        return rng.choice(quits)  # a job that pays nothing: unemployed next turn, she may skip for a new job
    if rng.random() < 0.05 and SWAP in actions:
        return SWAP
    return END


def _job(state: State, options: list[TakeJob], rng: random.Random) -> Action:
    """Any job that would pay for Food and Internet, else the best paid; now and then none."""
    if not options or (rng.random() < 0.15 and not stuck(state) and not paid_for_opportunity(state)):
        return DECLINE  # now and then none: never after paying for the opportunity (its fee, a paid move)
    values = {o: income_value(state, o.jobs) for o in options}
    enough = [o for o in options if values[o] >= living_cost(state)]
    return rng.choice(enough) if enough else max(options, key=lambda o: values[o])
