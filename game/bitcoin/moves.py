"""Pawn movement on the Track Board (chapter 5.1, step 3).

A move buys 1, 2 or 3 spaces with BTC. The pawn steps up or right, one space at a time, and
may turn after each space. Entering a space another pawn stands on gives one more space, so a
move never ends on an occupied space (Start can never be entered). End stops the pawn.

Ruling: a move must use every space it bought; a pawn that would reach End with spaces to
spare buys the smaller move instead (it always exists and costs no more), so every path to End
is listed once, at its cheapest.

A move that ends on a Jump tile is followed at once by another move (chapter 5.2), so End can
be reached this turn through Jumps too: `end_routes` lists every such way with what it costs.
"""

from __future__ import annotations

from functools import lru_cache

from game.bitcoin.actions import Move
from game.bitcoin.jobs import move_cost
from game.bitcoin.printed import GameData
from game.bitcoin.state import State


def occupied(state: State, who: int) -> frozenset[str]:
    """Spaces other pawns stand on, which give a bonus space and cannot be stopped on."""
    track = state.data.track
    return frozenset(p.space for i, p in enumerate(state.players)
                     if i != who and p.space not in (track.start, track.end))


def paths(state: State, who: int, spaces: int, start: str | None = None) -> list[tuple[str, ...]]:
    """Every path a pawn can take with `spaces` bought, each ending where it stops (from its
    own space, or from `start`: where a Jump will have put it)."""
    track, taken = state.data.track, occupied(state, who)
    succ, end, out = track.successors, track.end, []

    def walk(here: str, left: int, path: tuple[str, ...]) -> None:
        for nxt in succ[here]:
            rest = left - 1 + (nxt in taken)
            step = (*path, nxt)
            if nxt == end:
                if rest == 0:
                    out.append(step)
            elif rest == 0:
                out.append(step)
            else:
                walk(nxt, rest, step)

    walk(start or state.players[who].space, spaces, ())
    return out


def end_routes(state: State, who: int) -> list[tuple[int, tuple[Move, ...]]]:
    """Every way the pawn can reach End this turn from where it stands: (BTC for all its moves,
    the moves), a single move or moves chained through Jump tiles, cheapest first.

    Only the player's own pawn moves during her turn, so the occupied spaces stay the same;
    the Bitcoins for every move of a route are counted together (she may exchange at the bank
    between them, at a price a Jump does not change)."""
    track, player = state.data.track, state.players[who]
    jumps = jump_spaces(state.layout, state.data)
    reach = 3 + state.n - 1  # the farthest one move can go: 3 spaces and a bonus for every other pawn
    out: list[tuple[int, tuple[Move, ...]]] = []

    def search(here: str, spent: int, before: tuple[Move, ...]) -> None:
        ahead = sum(track.distance[j] < track.distance[here] for j in jumps)
        if track.distance[here] > (ahead + 1) * reach:
            return  # too far even if every Jump ahead were on the way
        for spaces in (1, 2, 3):
            cost = spent + move_cost(player, state.data, spaces)
            for path in paths(state, who, spaces, here):
                route = (*before, Move(spaces, path))
                if path[-1] == track.end:
                    out.append((cost, route))
                elif path[-1] in jumps:
                    search(path[-1], cost, route)

    search(player.space, 0, ())
    return sorted(out, key=lambda r: (r[0], len(r[1])))


@lru_cache(maxsize=64)
def jump_spaces(layout: tuple[str, ...], data: GameData) -> frozenset[str]:
    """The spaces holding a Jump tile in this layout (a game's layout never changes)."""
    return frozenset(space.id for space, tile in zip(data.track.spaces, layout, strict=True)
                     if tile and data.tiles[tile].kind == "jump")


def legal_moves(state: State) -> list[Move]:
    """Every move the player to move can afford, cheapest purchases first."""
    who = state.turn
    player = state.players[who]
    return [Move(spaces, path) for spaces in (1, 2, 3)
            if move_cost(player, state.data, spaces) <= player.btc
            for path in paths(state, who, spaces)]


def check_move(state: State, move: Move) -> str | None:
    """Why a move is not legal now, or None when it is."""
    who, data = state.turn, state.data
    player = state.players[who]
    if move.spaces not in (1, 2, 3):
        return "a move buys 1, 2 or 3 spaces"
    cost = move_cost(player, data, move.spaces)
    if cost > player.btc:
        return f"moving {move.spaces} spaces costs {cost} BTC and player {who} has {player.btc}"
    if move.path not in paths(state, who, move.spaces):
        return (f"{' -> '.join(move.path) or 'an empty path'} is not a way to move {move.spaces} spaces "
                "up or right from here (occupied spaces give one more space and cannot be stopped on)")
    return None

