"""What a choice is worth to a player who plays for a winning condition.

The `normal` player picks the move and the job that score best here for the condition it plays
for (policy.py), and the belief over who is Satoshi (belief.py) asks the same scores how likely
each choice is from a player playing for everybody's win (Satoshi always does: she wins only
then) and from one playing for the condition a Geek would read from the table. One model of
play for both, so the belief reads choices the way the players make them.

Conditions: "everyone" (the price will reach the high limit: every tile that lifts it is good),
"bitcoin" (most Bitcoins wins), "fiat" (most dollars wins: the price should stay low).

Satoshi and a Geek differ even when both expect everybody to win: Satoshi's own money never
counts for anything, so she spends it on whatever lifts the price (a paid move onto a price
space, a Bitcoin job over a better paid Fiat job) and wants every lift there is; a Geek who
expects everybody to win still hedges, in case the price falls short: she keeps her money,
values the Bitcoins a Mining space brings, and wants a lift less. The functions take `satoshi`
for the player's own card (the belief asks both ways).
Only public information and the player's own role are read (a view is enough).
"""

from __future__ import annotations

from game.bitcoin.actions import Move, TakeJob
from game.bitcoin.ai.budget import income_value
from game.bitcoin.ai.forecast import limits
from game.bitcoin.choices import landing_does_nothing
from game.bitcoin.jobs import doubled, move_cost
from game.bitcoin.state import State

PRICE_TILES = ("mining", "software", "software_alt", "bitcoin_news")
PRICE_WISH = {"everyone": 0.6, "bitcoin": 0.3, "fiat": -1.0}  # a tile that lifts the price, to a Geek
SATOSHI_WISH = 1.2  # ... and to Satoshi
JOB_LIFT = {"everyone": 8.0, "bitcoin": 3.0, "fiat": -8.0}  # $ a Bitcoin job is worth to a Geek beyond its pay
SATOSHI_LIFT = 16.0  # ... and to Satoshi
FOUNDATION_LIFT = 10.0  # more to Satoshi, as main job: it doubles the Software and News spaces
SATOSHI_PAY = 0.5  # how much of a job's pay counts for Satoshi (enough to live on, nothing to win with)
PACE = 0.4  # per space, for a player who wins if the game ends now (negative for one who would lose)
COST_WEIGHT = 0.02  # per $ of Bitcoin a Geek spends on a move
SATOSHI_COST_WEIGHT = 0.005  # ... and Satoshi, for whom Bitcoins are only a way to move
SAFE_LEAD_COST_WEIGHT = 0.001  # ... and a leader who stays ahead after paying: finishing is what counts


def leading(state: State, me: int, condition: str) -> bool:
    """Whether this player would win (or share) the game if it ended now under `condition`."""
    if condition == "everyone":
        return state.bitcoin >= limits(state)[1]  # while it is still to come, time helps it come
    if condition == "fiat":
        return state.players[me].usd >= max(p.usd for p in state.players)
    mine = state.players[me].btc + state.players[me].savings
    return mine >= max(p.btc + p.savings for p in state.players)


def news_outlook(state: State) -> float:
    """The Bitcoin News card's expected price change: the cards left are public (they are numbered)."""
    cards = state.bitcoin_deck or tuple(state.data.bitcoin_news)
    return sum(state.data.bitcoin_news[c].price for c in cards) / len(cards)


def tile_value(state: State, space: str, me: int, condition: str, satoshi: bool = False) -> float:
    """What landing on `space` is worth to this player, 0 where nothing would happen for her."""
    tile_id = state.tile_at(space)
    if not tile_id or landing_does_nothing(state, me, space):
        return 0.0
    kind, player = state.data.tiles[tile_id].kind, state.players[me]
    value = 0.0
    if kind in PRICE_TILES:
        lift = SATOSHI_WISH if satoshi else PRICE_WISH[condition]
        if kind == "bitcoin_news":
            lift *= max(-1.0, min(1.0, news_outlook(state) / 2))
        value += lift * (2 if doubled(player, kind) else 1)
    if kind == "mining" and condition != "fiat" and not satoshi:
        value += 0.6 * (2 if doubled(player, kind) else 1)
    if kind == "free_bitcoin" and condition != "fiat" and not satoshi:
        value += 0.6
    if kind == "job_opportunity" and not player.jobs:
        value += 1.0
    if kind == "coffee_shop":
        value += 0.2
    return value


def approach(state: State, move: Move, hurry: bool) -> float:
    """Coming close to End: a pawn one space away must finish next turn (a player with a job has to
    move), so a player who would lose there keeps its distance and one who would win closes in."""
    left = state.data.track.distance[move.path[-1]]
    if left == 0 or left > 3:
        return 0.0
    if hurry:
        return 0.3
    return -1.5 if left == 1 else -0.3


def reserve_btc(state: State, me: int) -> int:
    """Bitcoin to keep for moving: the cost of a two-space move."""
    return move_cost(state.players[me], state.data, 2)


def buys_nothing(state: State, me: int, move: Move) -> bool:
    """A move that costs Bitcoins and lands where nothing happens for the player (End aside)."""
    if move.path[-1] == state.data.track.end or move_cost(state.players[me], state.data, move.spaces) == 0:
        return False
    return tile_value(state, move.path[-1], me, "everyone") <= 0 and tile_value(state, move.path[-1], me, "fiat") <= 0


def safe_lead(state: State, me: int, condition: str, cost: int) -> bool:
    """A leader who still wins if the game ends after she pays `cost` BTC for a move: Bitcoins
    spent count against her only when Bitcoins decide, and then only if they cost her the lead.
    (A runaway leader who crawled a space a turn to save Bitcoins she did not need let games run
    to the round limit: seeds 1806 and 1087 of the audit.)"""
    if not leading(state, me, condition):
        return False
    if condition != "bitcoin":
        return True  # Fiat decides (BTC spent are no dollars lost) or everybody wins now
    mine = state.players[me].btc + state.players[me].savings - cost
    return all(mine > p.btc + p.savings for i, p in enumerate(state.players) if i != me)


def move_score(state: State, me: int, condition: str, move: Move, satoshi: bool = False) -> float:
    """How much this move suits a player playing for `condition`: the tile it lands on, the pace
    (hurry while leading, dawdle while trailing), and the Bitcoins it costs. A paid move must buy
    something: one that lands where nothing happens (or that costs more than the player can
    spare) scores far below every other."""
    player = state.players[me]
    cost = move_cost(player, state.data, move.spaces)
    spare = max(0, player.btc - reserve_btc(state, me) // 2)
    gain = tile_value(state, move.path[-1], me, condition, satoshi)
    if cost > 0 and (cost > spare or gain <= 0):
        return -99.0
    hurry = leading(state, me, condition)
    pace = (PACE if hurry else -PACE) * move.spaces + approach(state, move, hurry)
    weight = SATOSHI_COST_WEIGHT if satoshi else COST_WEIGHT
    if hurry and cost and safe_lead(state, me, condition, cost):
        weight = SAFE_LEAD_COST_WEIGHT
    return gain + pace - weight * cost * state.bitcoin


def job_score(state: State, me: int, condition: str, jobs: tuple[str, ...], satoshi: bool = False) -> float:
    """What holding `jobs` is worth a turn in $: their pay, plus what their Bitcoin jobs do to the
    price for this condition. To Satoshi the pay counts only in part (it keeps her moving) and
    every lift counts more, the Bitcoin Foundation's doubling as main job most."""
    data = state.data
    bitcoin_jobs = sum(not data.jobs[j].is_fiat for j in jobs)
    if not satoshi:
        return income_value(state, jobs) + JOB_LIFT[condition] * bitcoin_jobs
    value = SATOSHI_PAY * income_value(state, jobs) + SATOSHI_LIFT * bitcoin_jobs
    return value + (FOUNDATION_LIFT if jobs and jobs[0] == "bitcoin_foundation" else 0.0)


def option_score(state: State, me: int, condition: str, option: TakeJob | None, satoshi: bool = False) -> float:
    """A Job Opportunity's choice (None: let it pass and keep the jobs held)."""
    return job_score(state, me, condition, state.players[me].jobs if option is None else option.jobs, satoshi)
