"""Golden legal-action counts for fixed positions, kept in tests/data/coinland_golden.toml."""

import tomllib
from pathlib import Path

import pytest

from game.coinland import Gate, apply, legal_actions, new_classic, new_duel, new_puzzle

POSITIONS = tomllib.loads((Path(__file__).parent / "data" / "coinland_golden.toml").read_text())["position"]


def build(spec: dict):
    size = spec["size"]
    gates = [tuple(tuple(c) for c in g) for g in spec.get("gates", [])]
    if spec["setup"] == "puzzle":
        return new_puzzle(size, tuple(spec.get("start", (0, 0))), gates, purse=spec.get("purse", 0))
    state = new_classic(size) if spec["setup"] == "classic" else new_duel(size)
    for gate in gates:
        state, _ = apply(state, Gate(gate))
    return state


@pytest.mark.parametrize("spec", POSITIONS, ids=[p["name"][:40] for p in POSITIONS])
def test_golden_action_counts(spec):
    assert len(legal_actions(build(spec))) == spec["actions"]
