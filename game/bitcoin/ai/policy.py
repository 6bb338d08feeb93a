"""The `normal` player: the baseline's sane money handling, steered by the live winning condition.

It reads where the price is heading (forecast.py) and plays for the condition that will decide
the game: under "fiat" it keeps dollars and sells Bitcoin it does not need; under "bitcoin" it
buys with its surplus and takes Free Bitcoin and Mining spaces; when everybody is heading for a
win (and always as Satoshi, who wins only then) it walks over the spaces that lift the price.
It hurries to End while it leads the live condition and dawdles while it trails. Offers are
answered by what they are worth under that condition. It sees only its own view.
"""

from __future__ import annotations

import random

from game.bitcoin.actions import ACCEPT, DECLINE, END, SKIP, Action, Guess, Move, Offer, Quit, TakeJob
from game.bitcoin.ai.baseline import baseline
from game.bitcoin.ai.belief import satoshi_odds
from game.bitcoin.ai.budget import income_value, living_cost, sell_for, stuck
from game.bitcoin.ai.endgame import finish, wins_at_end
from game.bitcoin.ai.forecast import limits, live_condition
from game.bitcoin.bank import buy_actions, exchange_fee, guess_actions, offer_menu, sell_actions
from game.bitcoin.jobs import move_cost
from game.bitcoin.rules import step_actions
from game.bitcoin.state import SATOSHI, State

PRICE_TILES = {"mining", "software", "software_alt", "bitcoin_news"}
COIN_TILES = {"free_bitcoin", "mining"}
EASY_THOUGHT = 0.4  # share of easy's decisions made the normal player's way
GUESS_ODDS = 0.55  # a wrong guess loses every Bitcoin, a right one doubles them: guess only when likelier right


def plan(state: State, me: int) -> str:
    """The condition this player plays for: Satoshi always plays for everybody winning."""
    return "everyone" if state.players[me].role == SATOSHI else live_condition(state)


def leading(state: State, me: int, condition: str) -> bool:
    """Whether this player would win (or share) the game if it ended now under `condition`."""
    if condition == "everyone":
        return state.bitcoin >= limits(state)[1]  # while it is still to come, time helps it come
    if condition == "fiat":
        return state.players[me].usd >= max(p.usd for p in state.players)
    mine = state.players[me].btc + state.players[me].savings
    return mine >= max(p.btc + p.savings for p in state.players)


def worth(state: State, condition: str, usd: int, btc: int) -> float:
    """Money as this condition values it: Bitcoin counts more when Bitcoin decides, less under Fiat."""
    price = max(1, state.bitcoin)
    factor = {"bitcoin": 1.6, "fiat": 0.6, "everyone": 1.0}[condition]
    return usd + btc * price * factor


def normal(state: State, rng: random.Random, condition: str | None = None) -> Action:
    """One decision; `condition` overrides the price-trend reading (hard passes its forecast)."""
    me = state.current_player
    assert me is not None
    condition = condition or plan(state, me)
    if state.phase == "offer":
        return answer(state, me, condition)
    free = free_choice(state, me, condition, rng)
    if free is not None:
        return free
    if state.phase == "move":
        return choose_move(state, me, condition, rng)
    if state.phase == "job":
        return choose_job(state, me, condition, rng)
    if state.phase == "end":
        return end_step(state, me, rng)
    return baseline(state, rng)


def answer(state: State, me: int, condition: str) -> Action:
    offer = state.offer
    assert offer is not None
    gets = worth(state, condition, offer.give_usd, offer.give_btc)
    gives = worth(state, condition, offer.get_usd, offer.get_btc)
    return ACCEPT if gets >= gives else DECLINE


def free_choice(state: State, me: int, condition: str, rng: random.Random) -> Action | None:
    """Money moves before the step: sell for expenses, guess, then buy or sell toward the plan."""
    if state.phase in ("expenses", "fee"):
        return sell_for(state, living_cost(state)) if state.phase == "expenses" else None
    if state.phase not in ("move", "end") or state.turn != me:
        return None
    guess = maybe_guess(state, me, condition)
    if guess is not None:
        return guess
    player, fee = state.players[me], exchange_fee(state, state.players[me])
    keep = 2 * (state.food + state.internet) + fee
    trade = propose_trade(state, me, condition, keep)
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


def propose_trade(state: State, me: int, condition: str, keep: int) -> Offer | None:
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
    odds = satoshi_odds(state, me)
    return max(wanted, key=lambda o: (odds.get(o.to, 0.0), -o.to))


def reserve_btc(state: State, me: int) -> int:
    """Bitcoin to keep for moving: the cost of a two-space move."""
    return move_cost(state.players[me], state.data, 2)


def maybe_guess(state: State, me: int, condition: str) -> Guess | None:
    if state.players[me].role == SATOSHI or state.players[me].btc == 0 or condition == "fiat":
        return None
    options = guess_actions(state)
    if not options:
        return None
    odds = satoshi_odds(state, me)
    best = max(options, key=lambda g: odds.get(g.target, 0.0))
    return best if odds.get(best.target, 0.0) > GUESS_ODDS else None


def tile_value(state: State, space: str, me: int, condition: str) -> float:
    tile = state.tile_at(space)
    if not tile:
        return 0.0
    kind = state.data.tiles[tile].kind
    value = 0.0
    if kind in PRICE_TILES:
        value += {"everyone": 1.0, "bitcoin": 0.3, "fiat": -1.0}[condition]
    if kind in COIN_TILES and condition != "fiat":
        value += 0.6
    if kind == "job_opportunity" and not state.players[me].jobs:
        value += 1.0
    return value


def choose_move(state: State, me: int, condition: str, rng: random.Random) -> Action:
    """The path whose spaces suit the plan; longer moves while leading (if they cost little)."""
    actions = step_actions(state)
    moves = [a for a in actions if isinstance(a, Move)]
    if not moves:
        return baseline(state, rng)
    now, may_end = finish(state, me, moves)
    if now is not None:
        return now
    if not may_end:
        moves = [m for m in moves if m.path[-1] != state.data.track.end] or moves
    player = state.players[me]
    hurry = leading(state, me, condition)
    spare = max(0, player.btc - reserve_btc(state, me) // 2)

    def score(move: Move) -> float:
        cost = move_cost(player, state.data, move.spaces)
        if cost > spare and cost > 0:
            return -99.0
        gain = sum(tile_value(state, space, me, condition) for space in move.path[-1:])
        pace = (0.4 if hurry else -0.4) * move.spaces + approach(state, move, hurry)
        return gain + pace - 0.02 * cost * state.bitcoin + rng.random() * 0.05

    if SKIP in actions and not player.jobs:
        return SKIP
    return max(moves, key=score)


def end_step(state: State, me: int, rng: random.Random) -> Action:
    """End the turn, or stall: one space from End a player with a job must finish next turn, so
    one who would lose there (at today's price) and can live on its dollars quits its jobs now and,
    unemployed at its next move, skips it (chapter 4.3: the skip belongs to a player unemployed at
    step 3, so quitting never opens it the same turn). Jobs that cannot feed the player are quit
    as the baseline does."""
    actions = step_actions(state)
    quits = [a for a in actions if isinstance(a, Quit)]
    player = state.players[me]
    if quits and state.data.track.distance[player.space] == 1 and player.usd >= 3 * living_cost(state):
        step = Move(1, (state.data.track.end,))
        if not wins_at_end(state, me, step):
            return quits[-1]
    if SKIP in actions:
        return SKIP
    if state.missed and quits and stuck(state):
        return rng.choice(quits)
    return END


def approach(state: State, move: Move, hurry: bool) -> float:
    """Coming close to End: a pawn one space away must finish next turn (a player with a job has to
    move), so a player who would lose there keeps its distance and one who would win closes in."""
    left = state.data.track.distance[move.path[-1]]
    if left == 0 or left > 3:
        return 0.0
    if hurry:
        return 0.3
    return -1.5 if left == 1 else -0.3


def easy(state: State, rng: random.Random) -> Action:
    """The normal player's choice now and then, else the baseline's: purposeful, beatable."""
    return normal(state, rng) if rng.random() < EASY_THOUGHT else baseline(state, rng)


def uniform(state: State, rng: random.Random) -> Action:
    """The `random` player: uniform over the legal steps, with a free action now and then.

    Uniform, but not self-destructive about the two steps that stall a game: it moves rather
    than skipping while it has a job, and quits a job only when the job cannot feed it."""
    from game.bitcoin.rules import legal_actions

    if state.phase == "expenses":
        return baseline(state, rng)
    steps = step_actions(state)
    moves = [a for a in steps if isinstance(a, Move)]
    if moves and rng.random() < 0.9:
        return rng.choice(moves)
    if state.phase == "end":
        steps = [a for a in steps if not isinstance(a, Quit) or stuck(state)]
    if steps and rng.random() < 0.85:
        return rng.choice(steps)
    return rng.choice(legal_actions(state))


def choose_job(state: State, me: int, condition: str, rng: random.Random) -> Action:
    """The job that pays best in the currency that counts; Bitcoin jobs (which lift the price)
    count extra for a player heading for everybody's win and less for one who wants it low."""
    options = [a for a in step_actions(state) if isinstance(a, TakeJob)]
    if not options:
        return DECLINE
    data = state.data
    lift = {"everyone": 12.0, "bitcoin": 3.0, "fiat": -8.0}[condition]

    def score(option: TakeJob) -> float:
        bitcoin_jobs = sum(not data.jobs[j].is_fiat for j in option.jobs)
        return income_value(state, option.jobs) + lift * bitcoin_jobs + rng.random() * 0.1

    best = max(options, key=score)
    mine = income_value(state, state.players[me].jobs)
    if state.players[me].jobs and score(best) <= mine + lift * sum(
            not data.jobs[j].is_fiat for j in state.players[me].jobs):
        return DECLINE
    return best
