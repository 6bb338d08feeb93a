"""The `hard` player: near the end of the game, tries each real choice in many possible futures.

Far from End the game is long and its futures too varied to tell choices apart, so hard plays
the normal player's way there. Once the nearest pawn is within `ENDGAME_DISTANCE` spaces of
End, each decision's candidates (the normal choice, every destination and length of move, the
end-of-turn steps, all-in exchanges into Bitcoin or dollars) are tried in the same sampled
futures: the player's own view with the hidden role cards dealt as its belief over Satoshi
has them (`deal`), a fresh chance seed, and the normal player at every seat. A choice scores its share of the
wins plus a little for the margin under the condition that decided (payoff), so the live
winning condition comes out of the futures themselves; Satoshi scores only everybody's win,
so a hard Satoshi plays for the price. A winning finish (endgame.py) is taken without search.
"""

from __future__ import annotations

import random
import time

from game.bitcoin.actions import END, Action, Decline, Move, Quit
from game.bitcoin.ai.belief import satoshi_odds
from game.bitcoin.ai.budget import fee_paid, may_quit
from game.bitcoin.ai.endgame import finish
from game.bitcoin.ai.policy import normal
from game.bitcoin.ai.values import buys_nothing
from game.bitcoin.bank import buy_actions, sell_actions
from game.bitcoin.rules import apply, step_actions
from game.bitcoin.state import GEEK, HIDDEN, SATOSHI, State
from game.bitcoin.view import complete, determinize, hidden_cards

MAX_CANDIDATES = 5
PLAYOUT_ACTIONS = 3000  # a safety stop; games end long before (round limit)
FIAT_SCALE = 60.0  # $ ahead of the best rival that counts as a clear lead under the low limit
BTC_SCALE = 6.0  # BTC ahead that counts as a clear lead between the limits
MARGIN_WEIGHT = 0.3
ENDGAME_DISTANCE = 10  # spaces from End of the nearest pawn at which hard starts searching


def money_moves(view: State) -> list[Action]:
    """All-in exchanges: every spare dollar into Bitcoin, or every Bitcoin into dollars."""
    out: list[Action] = []
    buys, sells = buy_actions(view), sell_actions(view)
    if buys:
        out.append(buys[-1])
    if sells:
        out.append(sells[-1])
    return out


def candidates(view: State, me: int, rng: random.Random) -> list[Action]:
    """The distinct choices worth searching: a path per destination and length (keeping off End
    unless it wins there, and never a paid one to a space where nothing happens), the job offers,
    the turn's end steps (quitting only a job normal would give up, or normal's own stall), and
    all-in exchanges beside the normal player's own choice (always tried first). Empty when the
    choice is forced or exact (a winning finish is never gambled on)."""
    phase = view.phase
    if phase not in ("move", "end", "job"):
        return []
    steps = step_actions(view)
    first = normal(view, rng)
    if phase == "job":
        if fee_paid(view):
            steps = [a for a in steps if not isinstance(a, Decline)]  # the fee is paid: a job it is
        return list(dict.fromkeys([first, *steps]))[:MAX_CANDIDATES]
    if phase == "end":
        allowed = may_quit(view)  # a job taken this turn, or one whose pay helps, is not given up on a whim
        steps = [a for a in steps if not isinstance(a, Quit) or a in allowed]
        return list(dict.fromkeys([first, END, *steps, *money_moves(view)]))
    moves = [a for a in steps if isinstance(a, Move)]
    now, may_end = finish(view, me, moves)
    if now is not None:
        return []
    best: dict[tuple[int, str], Move] = {}
    for move in moves:
        if buys_nothing(view, me, move):
            continue  # paying to land where nothing happens is never the better choice
        if may_end or move.path[-1] != view.data.track.end:
            best.setdefault((move.spaces, move.path[-1]), move)
    others = [a for a in steps if not isinstance(a, Move)]
    return list(dict.fromkeys([first, *sorted(best.values(), key=lambda m: m.spaces), *others,
                               *money_moves(view)]))


def endgame(view: State) -> bool:
    """Close enough to the end that futures are short and the choices decide the game."""
    return min(view.data.track.distance[p.space] for p in view.players) <= ENDGAME_DISTANCE


def playout(state: State, rng: random.Random) -> State:
    """The game played out by the normal player at every seat (each from its own seat, but with
    the cards of this imagined deal: cheap, and close to how the table really plays)."""
    for _ in range(PLAYOUT_ACTIONS):
        if state.phase == "over":
            break
        state, _ = apply(state, normal(state, rng, wonder=False))
    return state


def deal(view: State, me: int, rng: random.Random) -> State:
    """A full state consistent with the view, the Satoshi card dealt as my belief has it (so a
    guess is judged by what I believe, not by a blind deal) and the other hidden cards Geeks."""
    odds = satoshi_odds(view, me)
    if not odds or SATOSHI not in hidden_cards(view):
        return determinize(view, rng)
    hidden = [i for i, p in enumerate(view.players) if p.role == HIDDEN]
    pick, roll = None, rng.random()
    for i in hidden:
        roll -= odds.get(i, 0.0)
        if roll < 0:
            pick = i
            break
    roles = [SATOSHI if i == pick else GEEK for i in hidden]
    aside = (SATOSHI if pick is None else GEEK) if view.aside == HIDDEN else None
    if pick is None and aside is None:
        roles[-1] = SATOSHI  # rounding left the roll past the last hidden player
    return complete(view, roles, rng.getrandbits(63), aside)


def payoff(state: State, me: int) -> float:
    """My share of the win, plus a little for how close I came under the deciding condition
    (a smoother signal than win or lose, so fewer futures tell choices apart)."""
    result = state.outcome
    if result is None:
        return 0.0
    share = 1.0 / len(result.winners) if me in result.winners else 0.0
    players = state.players
    rivals = [i for i, p in enumerate(players) if i != me and p.role != SATOSHI]
    if result.condition == "everyone" or players[me].role == SATOSHI or not rivals:
        return share
    if result.condition == "fiat":
        margin = (players[me].usd - max(players[i].usd for i in rivals)) / FIAT_SCALE
    else:
        held = [p.btc + p.savings for p in players]
        margin = (held[me] - max(held[i] for i in rivals)) / BTC_SCALE
    return share + MARGIN_WEIGHT * max(-1.0, min(1.0, margin))


def hard(view: State, rng: random.Random, budget: float, playouts: int | None = None) -> Action:
    """The best-scoring choice after `budget` seconds of futures, or exactly `playouts` futures per
    choice when given (the same answer on any machine: replays, tests).

    Every choice is tried in the same imagined futures (the same deal of the hidden cards, the
    same dice and the same choices by the others' policy), so the comparison is between the
    choices, not between lucky and unlucky futures."""
    me = view.current_player
    assert me is not None
    if not endgame(view):
        return normal(view, rng)
    options = candidates(view, me, rng)
    if len(options) < 2:
        return normal(view, rng)
    deadline = time.perf_counter() + budget - min(0.03, budget / 10)  # room for the last future to finish
    totals = [0.0] * len(options)
    rounds = 0
    while True:
        if playouts is not None:
            if rounds >= playouts:
                break
        elif rounds >= 2 and time.perf_counter() >= deadline:
            break
        world = deal(view, me, rng)
        seed = rng.getrandbits(32)
        for k, option in enumerate(options):
            after, _ = apply(world, option)
            totals[k] += payoff(playout(after, random.Random(seed)), me)
        rounds += 1
    return options[max(range(len(options)), key=lambda k: (totals[k], -k))]

