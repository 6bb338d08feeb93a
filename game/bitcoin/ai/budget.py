"""A player's budget, as every computer player reads it: what living costs, what her jobs pay,
the sale that covers what she is short, and which jobs she may sensibly give up.

Shared by the baseline (baseline.py) and the strengths (policy.py), below both, so neither
borrows the other's private helpers. Reads only the deciding player's own view.
"""

from __future__ import annotations

from dataclasses import replace

from game.bitcoin.actions import Accept, Action, Move, Quit, TakeJob
from game.bitcoin.bank import exchange_fee, sell_actions
from game.bitcoin.choices import income_with
from game.bitcoin.history import this_turn
from game.bitcoin.jobs import bitcoin_income, fiat_income, move_cost
from game.bitcoin.state import State


def living_cost(state: State) -> int:
    """Food and Internet at today's prices: what a turn costs a player who pays for both."""
    return state.food + state.internet


def income_value(state: State, jobs: tuple[str, ...]) -> int:
    """What these jobs would pay the player to move each turn, in $ at today's Bitcoin price
    (a Bitcoin income counts what selling it would bring after the fee)."""
    data, who = state.data, state.turn
    me = replace(state.players[who], jobs=jobs)
    players = (*state.players[:who], me, *state.players[who + 1:])
    usd = fiat_income(me, data)
    btc = sum(bitcoin_income(players, data, who, j) for j in jobs if not data.jobs[j].is_fiat)
    return usd + max(0, btc * state.bitcoin - exchange_fee(state, me))


def stuck(state: State) -> bool:
    """Her jobs (at today's price, after the fee) cannot buy Food and Internet this turn."""
    me = state.players[state.turn]
    return me.usd + income_value(state, me.jobs) < living_cost(state)


def sell_for(state: State, need: int) -> Action | None:
    """The smallest sale that brings the player's $ up to `need` (or the largest that helps)."""
    me = state.players[state.turn]
    if me.usd >= need:
        return None
    sells = sell_actions(state)
    if not sells:
        return None
    fee = exchange_fee(state, me)
    for sale in sells:
        if me.usd + sale.btc * state.bitcoin - fee >= need:
            return sale
    best = sells[-1]
    return best if me.usd + best.btc * state.bitcoin - fee > me.usd and me.usd < living_cost(state) else None


def job_pays(state: State, job: str) -> bool:
    """Whether the job the player holds pays her anything at the start of a turn ($ or BTC, as
    collected: a secondary job's limit counted). A job whose pay helps is kept."""
    currency_amount = income_with(state, state.turn, state.players[state.turn].jobs).get(job)
    return currency_amount is not None and currency_amount[1] > 0


def fresh_jobs(state: State) -> set[str]:
    """The jobs the player whose turn it is took this turn: never quit at once (a person keeps a
    job she just took, and would not have taken one she meant to quit)."""
    return {a.job for _, a in this_turn(state) if isinstance(a, TakeJob)}


def fee_paid(state: State) -> bool:
    """Whether the player paid a Job Opportunity fee this turn: then she takes a job (paying for
    an opportunity and letting it pass buys nothing)."""
    return any(phase == "fee" and isinstance(a, Accept) for phase, a in this_turn(state))


def paid_to_come(state: State) -> bool:
    """Whether the move that brought the player where she stands this turn cost Bitcoins."""
    moves = [a for _, a in this_turn(state) if isinstance(a, Move)]
    return bool(moves) and move_cost(state.players[state.turn], state.data, moves[-1].spaces) > 0


def paid_for_opportunity(state: State) -> bool:
    """Whether the player paid for the Job Opportunity in front of her: its fee, or the Bitcoins of
    the move that brought her here. Then she takes a job (letting it pass bought nothing), and
    having paid to come she pays its fee too when she can (the audit's random player paid 1 BTC
    to reach a Job Opportunity and then refused its fee)."""
    return fee_paid(state) or paid_to_come(state)


def may_quit(state: State) -> list[Quit]:
    """The jobs a player may sensibly give up at the end of her turn: not one taken this turn,
    and only one that pays her nothing (unemployed, she may skip a move for a better one)."""
    fresh = fresh_jobs(state)
    return [Quit(job) for job in state.players[state.turn].jobs if job not in fresh and not job_pays(state, job)]
