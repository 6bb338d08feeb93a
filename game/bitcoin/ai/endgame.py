"""The finisher's choice: the player whose pawn reaches End ends the game at once, at today's price.

So the winning condition is known exactly when End is within reach: a player who can win there
first turns its money into the currency that counts (every Bitcoin into dollars under the low
limit, every spare dollar into Bitcoin between the limits), then steps onto End; one who would
lose keeps off End. Satoshi steps on End only when the price has reached the high limit.
Only public money and the player's own role are read (a view is enough).
"""

from __future__ import annotations

from game.bitcoin.actions import Action, Move, buy
from game.bitcoin.ai.forecast import limits
from game.bitcoin.bank import buy_actions, could_hold, exchange_fee, sell_actions
from game.bitcoin.jobs import move_cost
from game.bitcoin.moves import end_routes, paths
from game.bitcoin.rules import apply
from game.bitcoin.state import SATOSHI, State


def end_moves(state: State, moves: list[Move]) -> list[Move]:
    end = state.data.track.end
    return [m for m in moves if m.path[-1] == end]


def condition_now(state: State) -> str:
    low, high = limits(state)
    return "everyone" if state.bitcoin >= high else "bitcoin" if state.bitcoin >= low else "fiat"


def rivals(state: State, me: int) -> list[int]:
    """Players who could beat me alone: everyone else but a revealed Satoshi."""
    return [i for i, p in enumerate(state.players) if i != me and not (p.revealed and p.role == SATOSHI)]


def best_after_conversion(state: State, me: int, condition: str, spend_btc: int) -> int:
    """My score under `condition` once every convertible coin is converted (and the move paid)."""
    player, fee, price = state.players[me], exchange_fee(state, state.players[me]), state.bitcoin
    if condition == "fiat":
        btc = player.btc - spend_btc
        return player.usd + (btc * price - fee if btc > 0 and btc * price > fee else 0)
    extra = (player.usd - fee) // price if price > 0 and player.usd > fee else 0
    return player.btc - spend_btc + player.savings + extra


def wins_at_end(state: State, me: int, move: Move) -> bool:
    """Whether ending the game now with `move` (after converting) wins for me."""
    return wins_ending(state, me, move_cost(state.players[me], state.data, move.spaces))


def wins_ending(state: State, me: int, cost: int) -> bool:
    """Whether ending the game now, paying `cost` BTC for the way to End (after converting), wins for me."""
    condition = condition_now(state)
    if condition == "everyone":
        return True
    if state.players[me].role == SATOSHI:
        return False
    mine = best_after_conversion(state, me, condition, cost)
    others = [state.players[i].usd if condition == "fiat" else state.players[i].btc + state.players[i].savings
              for i in rivals(state, me)]
    return mine > max(others, default=-1)


def conversion(state: State, me: int, condition: str, keep_btc: int) -> Action | None:
    """The exchange that turns my money into the currency `condition` counts (None when done)."""
    player = state.players[me]
    if condition == "fiat":
        sells = [a for a in sell_actions(state) if a.btc <= player.btc - keep_btc]
        if sells and sells[-1].btc * state.bitcoin > exchange_fee(state, player):
            return sells[-1]
    elif condition == "bitcoin":
        buys = buy_actions(state)
        if buys:
            return buys[-1]
    return None


def finish(state: State, me: int, moves: list[Move]) -> tuple[Action | None, bool]:
    """(what to do now, whether End may be entered) for the player choosing a move.

    The action is a conversion before a winning finish, or the finishing move itself; None
    leaves the move to the caller, who must keep off End when the flag is False."""
    finishing = end_moves(state, moves)
    if not finishing:
        return jump_to_finish(state, me) or buy_to_finish(state, me), True
    move = min(finishing, key=lambda m: move_cost(state.players[me], state.data, m.spaces))
    if not wins_at_end(state, me, move):
        return None, False
    exchange = conversion(state, me, condition_now(state), move_cost(state.players[me], state.data, move.spaces))
    return exchange or move, True


def jump_to_finish(state: State, me: int) -> Move | None:
    """The first move of the cheapest way to End through a Jump that I can pay for and that wins
    for me (the conversion, if any, comes before the last move, as for a direct finish)."""
    if state.phase != "move":
        return None
    btc = state.players[me].btc
    routes = [r for r in end_routes(state, me) if len(r[1]) > 1 and r[0] <= btc]
    if not routes or not wins_ending(state, me, routes[0][0]):
        return None
    return routes[0][1][0]


def buy_to_finish(state: State, me: int) -> Action | None:
    """The Bitcoins for a winning finish the player's dollars can buy, or None.

    Chapter 6 counts what a player could buy at the bank as being able to end the game (trading
    stops then), so a player who wins at End buys the missing coins and steps on next decision."""
    player, end = state.players[me], state.data.track.end
    if state.phase != "move" or state.bitcoin <= 0 or state.data.track.distance[player.space] > 3 + state.n - 1:
        return None  # out of reach even with every other pawn giving a bonus space
    costs = [(move_cost(player, state.data, spaces), Move(spaces, path)) for spaces in (1, 2, 3)
             for path in paths(state, me, spaces) if path[-1] == end]
    if not costs:
        return None
    cost, move = min(costs, key=lambda c: c[0])
    if cost <= player.btc or not could_hold(state, player, cost, 0):
        return None
    purchase = buy(cost - player.btc)
    after, _ = apply(state, purchase)
    return purchase if wins_at_end(after, me, move) else None
