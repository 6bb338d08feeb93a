"""The `normal` player: the baseline's sane money handling, steered by the live winning condition.

It reads where the price is heading (forecast.py) and plays for the condition that will decide
the game: under "fiat" it keeps dollars and sells Bitcoin it does not need; under "bitcoin" it
buys with its surplus and takes Free Bitcoin and Mining spaces; when everybody is heading for a
win (and always as Satoshi, who wins only then) it walks over the spaces that lift the price.
It hurries to End while it leads the live condition and dawdles while it trails. Moves and jobs
are scored by values.py, which the belief over Satoshi reads too. It pays for a longer move only
when the move lands where something happens for it, keeps any job whose pay helps (and never
quits a job it took this turn), and guesses Satoshi only when its belief (belief.py) makes the
guess likelier right than wrong by a margin. Offers are answered by what they are worth under
its condition. It sees only its own view.
"""

from __future__ import annotations

import random

from game.bitcoin.actions import ACCEPT, DECLINE, END, SKIP, Action, Guess, Move, Offer, Quit, TakeJob
from game.bitcoin.ai.baseline import baseline
from game.bitcoin.ai.belief import satoshi_odds, worth_guessing
from game.bitcoin.ai.budget import fee_paid, fresh_jobs, living_cost, may_quit, paid_for_opportunity, sell_for
from game.bitcoin.ai.endgame import finish, wins_at_end
from game.bitcoin.ai.forecast import live_condition
from game.bitcoin.ai.values import buys_nothing, move_score, option_score, reserve_btc
from game.bitcoin.bank import buy_actions, exchange_fee, offer_menu, sell_actions
from game.bitcoin.jobs import job_options
from game.bitcoin.rules import step_actions
from game.bitcoin.state import SATOSHI, State

EASY_THOUGHT = 0.4  # share of easy's decisions made the normal player's way


def plan(state: State, me: int) -> str:
    """The condition this player plays for: Satoshi always plays for everybody winning."""
    return "everyone" if state.players[me].role == SATOSHI else live_condition(state)


def worth(state: State, condition: str, usd: int, btc: int) -> float:
    """Money as this condition values it: Bitcoin counts more when Bitcoin decides, less under Fiat."""
    price = max(1, state.bitcoin)
    factor = {"bitcoin": 1.6, "fiat": 0.6, "everyone": 1.0}[condition]
    return usd + btc * price * factor


def normal(state: State, rng: random.Random, condition: str | None = None, wonder: bool = True) -> Action:
    """One decision; `condition` overrides the price-trend reading (hard passes its forecast).

    `wonder` False leaves out everything that asks who Satoshi is (guesses, and whom to offer a
    trade): hard's imagined futures, where the cards are dealt by the imagination anyway."""
    me = state.current_player
    assert me is not None
    condition = condition or plan(state, me)
    if state.phase == "offer":
        return answer(state, me, condition)
    free = free_choice(state, me, condition, rng, wonder)
    if free is not None:
        return free
    if state.phase == "move":
        return choose_move(state, me, condition, rng)
    if state.phase == "job":
        return choose_job(state, me, condition, rng)
    if state.phase == "end":
        return end_step(state, me, rng)
    if state.phase == "fee":
        return choose_fee(state, me, condition)
    return baseline(state, rng)


def answer(state: State, me: int, condition: str) -> Action:
    offer = state.offer
    assert offer is not None
    gets = worth(state, condition, offer.give_usd, offer.give_btc)
    gives = worth(state, condition, offer.get_usd, offer.get_btc)
    return ACCEPT if gets >= gives else DECLINE


def free_choice(state: State, me: int, condition: str, rng: random.Random, wonder: bool = True) -> Action | None:
    """Money moves before the step: sell for expenses, guess, then buy or sell toward the plan."""
    if state.phase in ("expenses", "fee"):
        return sell_for(state, living_cost(state)) if state.phase == "expenses" else None
    if state.phase not in ("move", "end") or state.turn != me:
        return None
    guess = maybe_guess(state, me) if wonder else None
    if guess is not None:
        return guess
    player, fee = state.players[me], exchange_fee(state, state.players[me])
    keep = 2 * (state.food + state.internet) + fee
    trade = propose_trade(state, me, condition, keep, wonder)
    if trade is not None:
        return trade
    if condition in ("bitcoin", "everyone") and state.phase == "end" and state.bitcoin > 0:
        affordable = [a for a in buy_actions(state) if a.btc * state.bitcoin + keep <= player.usd]
        if affordable and (condition == "bitcoin" or rng.random() < 0.3):
            return affordable[-1]
    if condition == "fiat" and state.phase == "end" and player.btc and state.bitcoin * player.btc > fee + 5:
        sells = sell_actions(state)
        spare = [a for a in sells if a.btc <= player.btc - reserve_btc(state, me)]
        if spare:
            return spare[-1]
    return None


def propose_trade(state: State, me: int, condition: str, keep: int, wonder: bool = True) -> Offer | None:
    """Once a turn, before going to the bank: swap one Bitcoin for its price with another player,
    which saves the bank's fee. Asked of whoever is likeliest Satoshi, since she plays for the
    price and not for either currency, and so is the likeliest to agree."""
    if state.phase != "end" or state.offers or condition not in ("bitcoin", "fiat") or state.bitcoin <= 0:
        return None
    player, price = state.players[me], state.bitcoin
    if condition == "bitcoin" and player.usd < price + keep:
        return None
    if condition == "fiat" and player.btc <= reserve_btc(state, me):
        return None
    wanted = [o for o in offer_menu(state)
              if (o.give_usd, o.get_btc, o.give_btc, o.get_usd) == ((price, 1, 0, 0) if condition == "bitcoin"
                                                                     else (0, 0, 1, price))]
    if not wanted:
        return None
    odds = satoshi_odds(state, me) if wonder else {}
    return max(wanted, key=lambda o: (odds.get(o.to, 0.0), -o.to))


def maybe_guess(state: State, me: int) -> Guess | None:
    """A guess only when the belief makes it worth its risk (belief.worth_guessing)."""
    return worth_guessing(state, me)


def choose_move(state: State, me: int, condition: str, rng: random.Random) -> Action:
    """The path whose landing suits the plan (values.move_score); longer moves only when they buy
    something and while leading, keeping off End while it would lose there."""
    actions = step_actions(state)
    moves = [a for a in actions if isinstance(a, Move)]
    if not moves:
        return baseline(state, rng)
    now, may_end = finish(state, me, moves)
    if now is not None:
        return now
    if not may_end:
        moves = [m for m in moves if m.path[-1] != state.data.track.end] or moves
    if SKIP in actions and not state.players[me].jobs:
        return SKIP
    sensible = [m for m in moves if not buys_nothing(state, me, m)] or moves
    satoshi = state.players[me].role == SATOSHI
    return max(sensible, key=lambda m: move_score(state, me, condition, m, satoshi) + rng.random() * 0.05)


def end_step(state: State, me: int, rng: random.Random) -> Action:
    """End the turn, or stall: one space from End a player with a job must finish next turn, so
    one who would lose there (at today's price) and can live on its dollars quits a job it did
    not take this turn and, unemployed at its next move, skips it (chapter 4.3: the skip belongs
    to a player unemployed at step 3, so quitting never opens it the same turn). A missed move
    gives up only a job that pays nothing (budget.may_quit); any job whose pay helps is kept."""
    actions = step_actions(state)
    fresh = fresh_jobs(state)
    quits = [a for a in actions if isinstance(a, Quit) and a.job not in fresh]
    player = state.players[me]
    if quits and state.data.track.distance[player.space] == 1 and player.usd >= 3 * living_cost(state):
        step = Move(1, (state.data.track.end,))
        if not wins_at_end(state, me, step):
            return quits[-1]
    if SKIP in actions:
        return SKIP
    useless = may_quit(state)
    if state.missed and useless:
        return rng.choice(useless)
    return END


def easy(state: State, rng: random.Random) -> Action:
    """The normal player's choice now and then, else the baseline's: purposeful, beatable."""
    return normal(state, rng) if rng.random() < EASY_THOUGHT else baseline(state, rng)


def uniform(state: State, rng: random.Random) -> Action:
    """The `random` player: uniform over the legal steps, with a free action now and then.

    Uniform, but not self-destructive about what a table would not forgive: it moves rather
    than skipping while it has a job, quits only a job that pays nothing (never one taken this
    turn), never pays for a move that lands where nothing happens for it, and takes a job from a
    Job Opportunity it paid for (the fee, or the Bitcoins of the move there)."""
    from game.bitcoin.rules import legal_actions

    if state.phase == "expenses":
        return baseline(state, rng)
    steps = step_actions(state)
    moves = [a for a in steps if isinstance(a, Move) and not buys_nothing(state, state.turn, a)]
    if moves and rng.random() < 0.9:
        return rng.choice(moves)
    if state.phase == "end":
        allowed = may_quit(state)
        steps = [a for a in steps if not isinstance(a, Quit) or a in allowed]
    # a Job Opportunity paid for (its fee, or Bitcoins for the move there) is taken, its fee paid
    paid = state.phase in ("fee", "job") and paid_for_opportunity(state)
    if paid:
        steps = [a for a in steps if a != DECLINE] or steps
    steps = [a for a in steps if not isinstance(a, Move) or a in moves]
    if steps and rng.random() < 0.85:
        return rng.choice(steps)
    free = [a for a in legal_actions(state) if not isinstance(a, (Move, Quit)) and not (paid and a == DECLINE)]
    return rng.choice(free or steps)


def choose_fee(state: State, me: int, condition: str) -> Action:
    """Pay a Job Opportunity's fee only for a job it would take (the fee buys nothing otherwise)
    and only from money it does not need for Food and Internet (selling Bitcoin for it first)."""
    satoshi = state.players[me].role == SATOSHI
    player, keep = state.players[me], living_cost(state)
    options = job_options(state.players, state.data, me)
    held = option_score(state, me, condition, None, satoshi)
    if not any(not player.jobs or option_score(state, me, condition, o, satoshi) > held for o in options):
        return DECLINE
    if player.usd < state.fee + keep:
        sale = sell_for(state, state.fee + keep)
        if sale is not None:
            return sale
    return ACCEPT if player.usd - state.fee >= keep else DECLINE


def choose_job(state: State, me: int, condition: str, rng: random.Random) -> Action:
    """The job worth most for the plan (values.job_score: its pay, plus what Bitcoin jobs do to the
    price for this condition); none when the jobs held are worth as much."""
    options = [a for a in step_actions(state) if isinstance(a, TakeJob)]
    if not options:
        return DECLINE
    satoshi = state.players[me].role == SATOSHI
    best = max(options, key=lambda o: option_score(state, me, condition, o, satoshi) + rng.random() * 0.1)
    if state.players[me].jobs and not fee_paid(state) and (option_score(state, me, condition, best, satoshi)
                                                            <= option_score(state, me, condition, None, satoshi)):
        return DECLINE
    return best
