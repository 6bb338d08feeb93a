"""Facts a table needs to word a choice honestly, asked of the engine instead of guessed.

The client never re-implements a rule, yet it must know (a) when two moves are the same
choice, so it asks "Which way?" only when the way matters, (b) whether a guess can still be
right for the viewer, so it never promises a doubling that cannot happen, (c) which job
doubles a tile's effect, so the log can say why, and (d) whether landing on a tile would do
anything for the player now, so a card says "Mining is at GPU: nothing happens" (and no
computer pays to land where nothing happens). Each answer is derived from the rule that
decides it (turn.py applies a move by its destination and cost, bank.py rights a guess only
at the Satoshi card, jobs.py doubles effects, tiles.py applies a landing).
"""

from __future__ import annotations

from dataclasses import replace

from game.bitcoin.actions import Move
from game.bitcoin.jobs import any_job_open, bitcoin_income, doubled, is_fiat, secondary_limit
from game.bitcoin.state import HIDDEN, SATOSHI, State
from game.bitcoin.view import hidden_cards

# The jobs that double each kind of tile, in the order jobs.doubled tries them.
_DOUBLERS = {"software": ("programmer", "student", "bitcoin_foundation"),
             "software_alt": ("programmer", "student", "bitcoin_foundation"),
             "bitcoin_news": ("journalist", "bitcoin_foundation"), "mining": ("miner", "mining_pool_operator")}


def same_move(a: Move, b: Move) -> bool:
    """True when the two moves end in the same position: turn.py applies a move by the spaces
    bought (its cost) and the space it ends on; the path between only animates the pawn (no
    tile passed has an effect, and the bonus spaces follow from the same start and end)."""
    return a.spaces == b.spaces and a.path[-1:] == b.path[-1:]


def distinct_moves(moves: list[Move]) -> list[Move]:
    """One move per different outcome, the first met of each (in the order given)."""
    out: list[Move] = []
    for move in moves:
        if not any(same_move(move, kept) for kept in out):
            out.append(move)
    return out


def guess_can_be_right(view: State, target: int) -> bool:
    """Whether, as far as the viewer of `view` knows, a guess at `target` could be right.

    bank.py rights a guess only when the target holds the Satoshi card. So it cannot be right
    when the target's card is face up and not Satoshi, when Satoshi's card is already face up
    elsewhere, or when the viewer holds it herself (Satoshi guessing is always wrong). In a full
    state (no viewer) the roles are known and the answer is exact."""
    role = view.players[target].role
    if role != HIDDEN:
        return role == SATOSHI
    return SATOSHI in hidden_cards(view)


def satoshi_may_be_aside(view: State) -> bool:
    """Two players: the third card lies face down, so Satoshi may not be in play at all."""
    return bool(view.aside) and view.aside == HIDDEN and SATOSHI in hidden_cards(view)


def doubler(view: State, player: int, kind: str) -> str:
    """The id of the job that doubles `kind` tiles for `player` now, or "" (never doubled)."""
    me = view.players[player]
    if not doubled(me, kind):
        return ""
    held = [job for job in _DOUBLERS.get(kind, ()) if job in me.jobs]
    return held[0] if held else ""


def income_with(view: State, player: int, jobs: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """What each of `jobs` would pay `player` at the start of a turn if she held exactly these
    jobs at today's table: {job: ("usd" or "btc", amount)}, as jobs.collect_income pays it."""
    players = list(view.players)
    players[player] = replace(players[player], jobs=jobs)
    me, data, out = players[player], view.data, {}
    for job in jobs:
        if is_fiat(data, job):
            out[job] = ("usd", data.jobs[job].usd)
            continue
        btc = bitcoin_income(players, data, player, job)
        limit = secondary_limit(me, data) if me.secondary == job else None
        out[job] = ("btc", btc if limit is None else min(btc, limit))
    return out


def landing_does_nothing(view: State, player: int, space: str) -> str:
    """Why landing on `space` now would do nothing for `player`, in the words tiles.py logs
    ("Mining is already at GPU"), or "" when something happens there (a price moves, a card is
    drawn, a die is rolled, money or a job is offered, a Jump moves on, End ends the game).

    A coffee shop does nothing on landing but gives free Internet at the start of the next
    turn, so it counts as doing something unless her Internet is free anyway (a Student)."""
    tile_id = view.tile_at(space)
    if not tile_id:
        return ""
    tile, data, me = view.data.tiles[tile_id], view.data, view.players[player]
    if tile.kind == "mining" and data.mining_index(tile.level) <= view.mining:
        return f"Mining is already at {data.mining[view.mining].level}"
    if tile.kind == "software" and data.software_index(tile.version) <= view.software:
        return f"Software is already at {data.software[view.software].version}"
    if tile.kind == "free_bitcoin" and me.had_btc:
        return "Free Bitcoin is only for a player who never had any"
    if tile.kind == "job_opportunity" and not any_job_open(view.players, data, player):
        return "no job card that is not in play fits the job limits"
    if tile.kind == "coffee_shop" and "student" in me.jobs:
        return "a Student's Internet is free anyway"
    return ""
