"""The one climb every puzzle-board search uses (game/coinland/board_climb.py) and the boards the
searches start from (game/coinland/board_templates.py): the climb never keeps a board scored
below the current one (less its slack), its mutation keeps its limits, a seed gives the same
climb, pruning tries each change as it says, and every search refuses a bad level file in one line."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from pathlib import Path

import pytest
from script_module import load_script

from game.coinland.board_climb import Mutation, Point, Slack, climb, gates_of, prune
from game.coinland.board_templates import bands_board, hoard_board, moat_gates
from game.coinland.levels import Level
from game.hexgrid import board, distance

BARE = Level("bare", 3, (0, 0), 0, frozenset(), frozenset())


def _by_gates(level: Level, _floor) -> Point:
    """A toy judge: more gates score higher, and the key says so."""
    return Point(level, len(level.gates), (len(level.gates),))


def test_a_climb_never_keeps_a_board_scored_below_the_current_one() -> None:
    kept: list[tuple] = []
    end = climb(_by_gates(BARE, None), random.Random(1), 200, _by_gates, Mutation(gate=1.0),
                moved=lambda _step, point: kept.append(point.key))
    assert kept and all(a <= b for a, b in itertools.pairwise(kept))
    assert end.key == kept[-1] and end.key[0] > 10  # it climbed: a bare board has no gate


def test_the_same_seed_climbs_the_same_way_and_done_stops_it() -> None:
    runs = [climb(_by_gates(BARE, None), random.Random("s"), 60, _by_gates, Mutation(), Slack(by=(3,)))
            for _ in range(2)]
    assert runs[0].level == runs[1].level
    steps: list[int] = []
    climb(_by_gates(BARE, None), random.Random("s"), 500, _by_gates, Mutation(gate=1.0),
          moved=lambda step, _point: steps.append(step), done=lambda point: point.key[0] >= 3)
    assert len(steps) == 3  # one gate a kept step (a toggle that takes a gate away scores lower)


def test_slack_draws_only_when_it_may_lower_the_floor() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    assert Slack().floor(rng, (1, -4.0)) == (1, -4.0) and rng.getstate() == state  # nothing to lower
    assert Slack(by=(0, 2.0), below=3).floor(rng, (3, -4.0)) == (3, -4.0) and rng.getstate() == state
    floors = {Slack(by=(0, 2.0), below=3).floor(rng, (2, -4.0)) for _ in range(200)}
    assert floors == {(2, -4.0), (2, -6.0)}  # lowered now and then, only in the parts `by` names


def test_a_mutation_takes_no_coin_past_its_limit_and_never_the_start() -> None:
    rng = random.Random(3)
    mutate = Mutation(gate=0.0, coin=1.0, max_empty=4)
    level = BARE
    for _ in range(300):
        level = mutate(level, rng)
        assert len(level.empty) <= 4 and level.start not in level.empty
    assert len(level.empty) >= 2  # coins were taken, and put back


def test_a_moved_start_lands_on_a_coin_and_its_old_cell_is_left_empty() -> None:
    rng = random.Random(4)
    level = replace(BARE, empty=frozenset({(1, 0)}))
    moved = Mutation(gate=0.0, coin=0.0, start=1.0, single=1.0)(level, rng)
    assert moved.start != (0, 0) and moved.start in level.initial_state().coins
    assert moved.empty == {(1, 0), (0, 0)}


def _gates(*cells) -> frozenset:
    return frozenset(tuple(sorted(((0, 0), c))) for c in cells)


def test_prune_once_tries_each_change_one_time_and_again_asks_anew() -> None:
    level = replace(BARE, gates=_gates((1, 0), (0, 1), (1, -1)))
    order = sorted(level.gates)

    def keep(_point: Point, other: Level) -> Point | None:
        # a gate may go only once every gate after it in order has gone
        gone = set(level.gates - other.gates)
        last = max(order.index(g) for g in gone)
        return Point(other, None, ()) if all(g in gone for g in order[last:]) else None

    once = prune(Point(level, None, ()), gates_of, keep, again=False)
    assert once.level.gates == frozenset(order[:2])  # only the last gate could go on one pass
    assert prune(Point(level, None, ()), gates_of, keep).level.gates == frozenset()


def _moats(size: int) -> list[set]:
    """Every moat a size-5 sketch can draw: the ring three from a corner, two rows across."""
    cells = board(size).cells
    corners = [c for c in cells if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) == size - 1 and 0 in (*c, sum(c))]
    rings = [{c for c in cells if distance(c, corner) == 3} for corner in corners]
    rows = [{c for c in cells if (c[0], c[1], -c[0] - c[1])[axis] in (a, b)}
            for axis in range(3) for a in range(-3, 4) for b in range(a + 2, 4)]
    return rings + rows


@pytest.mark.parametrize("sketch", [hoard_board, bands_board])
def test_a_size_five_sketch_walls_its_moat_on_both_sides(sketch) -> None:
    """Every line over the moat crosses two gates: a greedy player never crosses it."""
    for seed in range(4):
        level = sketch(random.Random(seed))
        walled = [m for m in _moats(5) if m <= level.empty and moat_gates(5, m) <= level.gates]
        assert walled and level.start not in walled[0], seed
        assert all(len(m) >= 6 for m in walled)


@pytest.mark.parametrize(("script", "args", "option"), [
    ("lucky_search", ["--start", "{missing}"], "--start"),
    ("vault_search", ["--from", "{missing}"], "--from"),
    ("vault_search", ["--start", "{broken}"], "--start"),
    ("vault_search", ["--strip", "{broken}"], "--strip"),
    ("expert_search", ["{missing}"], "LEVEL"),
])
def test_every_search_refuses_a_bad_level_file_in_one_line(script, args, option, tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("size = 9\n")
    paths = {"{missing}": str(tmp_path / "nope.toml"), "{broken}": str(broken)}
    assert load_script(script).main([paths.get(a, a) for a in args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{script}: {option}: ") and err.count("\n") == 1
    assert ("nope.toml" in err) or ("broken.toml" in err)
