"""Building Finding Satoshi positions for tests: plain players, chosen tiles, chosen dice."""

from __future__ import annotations

from dataclasses import replace

from game.bitcoin.actions import END, Move
from game.bitcoin.chance import draw
from game.bitcoin.data import load_data
from game.bitcoin.events import MoneyPaid
from game.bitcoin.rules import apply
from game.bitcoin.setup import new_game
from game.bitcoin.state import GEEK, SATOSHI, Player, State

DATA = load_data()
TRACK = DATA.track
START, END_SPACE = TRACK.start, TRACK.end
FIRST_STEP = TRACK.successors[START][0]  # a space one step from Start


COFFEE = next(t.id for t in DATA.tiles.values() if t.kind == "coffee_shop")


def position(players: int = 4, *, turn: int = 0, phase: str = "move", seed: int = 0, satoshi: int | None = None,
             **fields: object) -> State:
    """Every pawn on Start, no money, no jobs; the last player is Satoshi unless told.

    Every track space holds a coffee shop (which does nothing when landed on), so a test
    places exactly the tiles it is about.
    """
    state = new_game(players, seed)
    calm = tuple(COFFEE if tile else "" for tile in state.layout)
    satoshi = players - 1 if satoshi is None else satoshi
    plain = tuple(Player(space=START, role=SATOSHI if i == satoshi else GEEK) for i in range(players))
    values = {"players": plain, "turn": turn, "phase": phase, "first": 0, "round": 1, "banker": -1, "aside": "",
              "food": DATA.rules.food, "internet": DATA.rules.internet, "bitcoin": 0, "layout": calm, **fields}
    return replace(state, **values)


def with_player(state: State, who: int, **changes: object) -> State:
    players = list(state.players)
    players[who] = replace(players[who], **changes)
    return replace(state, players=tuple(players))


def with_tile(state: State, space: str, tile: str) -> State:
    layout = list(state.layout)
    layout[TRACK.index[space]] = tile
    return replace(state, layout=tuple(layout))


def tile_id(kind: str, **attrs: object) -> str:
    """The id of a tile of this kind (and these attributes) in the shipped data."""
    for tile in DATA.tiles.values():
        if tile.kind == kind and all(getattr(tile, k) == v for k, v in attrs.items()):
            return tile.id
    raise LookupError(f"no {kind} tile with {attrs}")


def next_roll(state: State, value: int, sides: int = 6) -> State:
    """The same state with the draw counter moved so that the next die shows `value`."""
    for counter in range(state.draws, state.draws + 10_000):
        if draw(state.seed, counter, sides) == value - 1:
            return replace(state, draws=counter)
    raise AssertionError("no such draw")


def land_on(state: State, tile: str, who: int = 0) -> tuple[State, list]:
    """Player `who` (standing on Start) moves one space onto `tile`."""
    state = with_tile(replace(state, turn=who, phase="move"), FIRST_STEP, tile)
    return apply(state, Move(1, (FIRST_STEP,)))


def begin_turn(state: State, who: int) -> tuple[State, list]:
    """Player `who` starts a turn: the previous player ends hers."""
    before = replace(state, turn=(who - 1) % state.n, phase="end")
    return apply(before, END)


def paid(events: list, who: int, currency: str) -> int:
    """Net money `who` received in these events."""
    total = 0
    for e in events:
        if isinstance(e, MoneyPaid) and e.currency == currency:
            total += e.amount * ((e.payee == who) - (e.payer == who))
    return total


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]
