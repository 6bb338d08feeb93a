"""Gaps: two gates in one gap play the same, so hard's Classic search tries one and keys by their count."""

import random
from dataclasses import replace

from game.coinland import ClassicMatch, new_classic
from game.coinland.ai import choose_action
from game.coinland.ai.endgame import Endgame
from game.coinland.ai.gaps import OUTSIDE, class_key, gap_of, one_per_gap
from game.coinland.ai.players import HARD, HardPlayer
from game.coinland.ai.position import GATE, Pos
from game.coinland.ai.search import Searcher
from game.coinland.state import GATEKEEPER
from game.hexgrid import edge


def lone_coin() -> Pos:
    """The Hoarder at (-3, 0) and one coin at (1, 0) on the q axis: four edges between them, one gap."""
    state = replace(new_classic(4), coins=frozenset({(1, 0)}), pawns=((-3, 0),), to_move=GATEKEEPER)
    return Pos.from_state(state)


def edge_number(pos: Pos, a: tuple[int, int], b: tuple[int, int]) -> int:
    return pos.geo.edge_index[edge(a, b)]


def test_one_gate_per_gap_and_none_outside_every_gap():
    pos = lone_coin()
    between = [edge_number(pos, (q, 0), (q + 1, 0)) for q in range(-3, 1)]
    beyond = edge_number(pos, (1, 0), (2, 0))  # past the last coin: never crossed again
    assert one_per_gap(pos, [between[2], beyond, between[0], between[3]]) == [between[2]]
    owner = gap_of(pos.geo, pos.coins | (1 << pos.pawns[0]))
    assert {e for e, index in enumerate(owner) if index != OUTSIDE} == set(between)


def test_gating_either_edge_of_a_gap_gives_one_key_and_one_proven_value():
    pos = lone_coin()
    near, far = edge_number(pos, (-3, 0), (-2, 0)), edge_number(pos, (0, 0), (1, 0))
    a, b = pos.apply(GATE + near), pos.apply(GATE + far)
    assert a.key() != b.key()
    assert class_key(a) == class_key(b)
    assert Endgame().value(a) == Endgame().value(b) == 0  # one gate to cross and an empty purse: stuck


def middle_games(count: int, seed: int) -> list[Pos]:
    """Classic positions with the Gatekeeper to move, 14 to 24 coins left, from seeded games."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        match = ClassicMatch(size=4, first_hoarder=rng.randrange(2))
        while not match.is_over and not match.results:
            state = match.state
            if state.to_move == GATEKEEPER and 14 <= len(state.coins) <= 24 and rng.random() < 0.2:
                found.append(Pos.from_state(state))
            match, _ = match.apply(choose_action(state, rng.choice(["greedy", "normal"]), rng))
    return found[:count]


def test_one_gate_per_gap_searches_to_the_same_value_in_fewer_nodes():
    every_edge = replace(HARD, endgame_coins=0, max_depth=3, gap_gates=False)
    per_gap = replace(every_edge, gap_gates=True)
    nodes = [0, 0]
    for pos in middle_games(6, 3):
        values = []
        for index, settings in enumerate((every_edge, per_gap)):
            result = Searcher(settings).run(pos, HardPlayer(settings).root_codes(pos))
            nodes[index] += result.nodes
            values.append(round(result.value, 9))
        assert values[0] == values[1]
    assert nodes[1] < nodes[0]
