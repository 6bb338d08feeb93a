"""Issue 32 item 3: every strength plays on every size the program accepts (2 to 8), Classic and Duel.

`{"cmd":"new","size":8}` then `{"cmd":"go","strength":"hard"}` answered "byte must be in range(0, 256)":
a gap table of `hard`'s search held gap numbers in bytes, and a full size-7 board has 342 gaps,
size 8 has 462. The same search serves the engine, the tournament, the client and review, so
each is checked here on every size, with small node budgets to stay fast.
"""

from __future__ import annotations

import json
import random

import pytest

from game.cli import main
from game.coinland.ai import AGENTS, make_agent
from game.coinland.ai.gaps import OUTSIDE, gap_of, gaps
from game.coinland.ai.geometry import geometry
from game.coinland.protocol import EngineSession
from game.coinland.rules import apply, duel_starts, hoarder_moves, new_classic, new_duel
from game.coinland.state import GATEKEEPER, Mode, State
from game.hexgrid import MAX_SIZE, MIN_SIZE, board

SIZES = range(MIN_SIZE, MAX_SIZE + 1)
NODES = 150  # hard's nodes a move: enough to run every part of its search, quick on any size
OPENING_PLIES = 3  # from the full board: where the gap tables are largest


def test_the_program_accepts_sizes_2_to_8():
    assert (MIN_SIZE, MAX_SIZE) == (2, 8)


@pytest.mark.parametrize("size", SIZES)
def test_every_gap_of_a_full_board_has_its_own_number(size):
    geo = geometry(size)
    everything = (1 << len(board(size).cells)) - 1
    owners = gap_of(geo, everything)
    assert len(gaps(geo, everything)) == len(geo.edges)  # on a full board each edge is a gap of its own
    assert sorted(owners) == list(range(len(geo.edges))) and OUTSIDE not in owners


def _agent(strength: str):
    return make_agent(strength, None, NODES if strength == "hard" else None)


def _sparse(mode: Mode, size: int) -> State:
    """A short game on the whole board: coins on the six corners and the middle of each side."""
    reach = size - 1
    corners = [(reach, 0), (-reach, 0), (0, reach), (0, -reach), (reach, -reach), (-reach, reach)]
    sides = [(reach, -(reach // 2)), (-reach, reach // 2), (reach // 2, reach // 2 - reach)]
    if mode is Mode.CLASSIC:
        coins = frozenset(corners + sides) - {(0, 0)}
        return State(Mode.CLASSIC, size, coins, (frozenset(), frozenset()), ((0, 0),), (0, 0), GATEKEEPER)
    # A Duel lasts until neither Hoarder can move: most edges start gated, half each, and gates
    # come off (last drawn first) until a Hoarder can move, so the rules would not have ended it
    # already (a state the rules never reach made the Duel proof fail: no legal action).
    starts = duel_starts(size)
    coins = frozenset(corners + sides + [(0, 0)]) - set(starts)
    edges = sorted(board(size).edges)
    random.Random(size).shuffle(edges)
    kept = len(edges) * 9 // 10
    while True:
        gates = (frozenset(edges[:kept:2]), frozenset(edges[1:kept:2]))
        state = State(Mode.DUEL, size, coins, gates, starts, (0, 0), 0)
        if hoarder_moves(state, 0) or hoarder_moves(state, 1):
            return state
        kept -= 1


MODES_AND_SIZES = [(size, mode) for mode in (Mode.CLASSIC, Mode.DUEL) for size in SIZES]


@pytest.mark.parametrize(("size", "mode"), MODES_AND_SIZES)
def test_every_strength_opens_on_the_full_board_and_ends_a_short_game(size, mode):
    for strength in AGENTS:
        agent, rng = _agent(strength), random.Random(size)
        state = new_classic(size) if mode is Mode.CLASSIC else new_duel(size)
        for _ in range(OPENING_PLIES):
            if not state.is_over:  # a random Hoarder may declare the end at once
                state = apply(state, agent.choose(state, rng))[0]
        state = _sparse(mode, size)
        for _ in range(1000):
            if state.is_over:
                break
            state = apply(state, agent.choose(state, rng))[0]
        assert state.is_over, (strength, size, mode)


@pytest.mark.parametrize("size", SIZES)
def test_the_engine_lets_every_strength_move_on_every_size(size):
    session = EngineSession()
    for mode in ("classic", "duel"):
        assert "ok" in session.handle_line(json.dumps({"cmd": "new", "mode": mode, "size": size}))
        for strength in AGENTS:
            answer = session.handle_line(json.dumps({"cmd": "go", "strength": strength, "budget": 0.05}))
            assert answer.get("ok") and answer["move"], (mode, size, strength, answer)


def test_a_tournament_on_size_8_plays_hard(capsys):
    assert main(["tournament", "--size", "8", "--agents", "random,hard", "--nodes", "60", "--games", "1",
                 "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("classic, size 8, 1 matches per pairing") and "hard vs random" in out


@pytest.mark.parametrize("size", [7, 8])
def test_review_values_a_move_on_the_large_boards(size):
    """The review's search (hard's, at a fixed depth) on a full size-7 and size-8 Classic board, where
    it overflowed; nine edges in ten already gated keep its play-outs short."""
    from game.review.match import review_move

    edges = sorted(board(size).edges)
    random.Random(size).shuffle(edges)
    full = new_classic(size)
    state = State(Mode.CLASSIC, size, full.coins, (frozenset(), frozenset(edges[: len(edges) * 9 // 10])),
                  full.pawns, (0, 0), GATEKEEPER)
    action = _agent("easy").choose(state, random.Random(1))
    evaluation = review_move(1, state, action, depth=1, node_limit=NODES)
    assert evaluation.action == action.text and evaluation.best


def test_the_client_offers_sizes_the_engine_accepts():
    """The client's setup offers 3..6 (docs/COMMANDS.md says so); each is a size every strength plays."""
    from game.cli.watch import SIZES as WATCH_SIZES
    from game.client.coinland.setup import SIZES as CLIENT_SIZES

    assert set(CLIENT_SIZES) <= set(SIZES) and WATCH_SIZES == CLIENT_SIZES


@pytest.mark.parametrize("size", SIZES)
def test_the_clients_computer_uses_the_ai_on_every_size_a_match_save_holds(monkeypatch, size):
    """The window's computer player falls back to random moves when the AI raises, so `hard` on a
    resumed size-7 or size-8 match (saves take sizes 2..8) silently played at random; never again."""
    from game.client.coinland import computer

    def fallback(state, rng):
        raise AssertionError(f"the AI failed on size {state.size}: the client fell back to random moves")

    monkeypatch.setattr(computer, "random_action", fallback)
    for state in (new_classic(size), new_duel(size)):
        for strength in ("random", "easy", "normal", "hard"):
            action = computer.choose(state, strength, random.Random(size), 0.05)
            assert action.text
