"""Hoarder & Gatekeeper (Néstor Romeral Andrés): rules engine, level files, solver, computer players.

The public API in one place:

    from game.coinland import new_classic, legal_actions, apply
    state = new_classic(4)
    state, events = apply(state, legal_actions(state)[0])

The Duel's waiting game (`harmless_edges`, the `Wait` action, `waiting`) and the pass house
rule (`new_duel(may_pass=True)`) are described in docs/ENGINE.md and docs/RULES.md.
"""

from game.coinland.actions import Action, Gate, Move, Pass, Stop, Wait, parse_action
from game.coinland.events import (
    CoinCollected,
    EndDeclared,
    Event,
    FeePaid,
    GameOver,
    GateDrawn,
    NoMovesLeft,
    Passed,
    PawnMoved,
)
from game.coinland.harmless import harmless_edges, wait_edge
from game.coinland.levels import Level, LevelError, load_level, parse_level_text, write_level
from game.coinland.match import ClassicMatch, MatchOver, RolesSwapped
from game.coinland.rules import (
    HoarderMove,
    IllegalAction,
    apply,
    explain_illegal,
    hoarder_moves,
    hoarder_score,
    is_legal,
    is_over,
    legal_actions,
    new_classic,
    new_duel,
    new_puzzle,
    replay,
    scores,
    winner,
)
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State, StateError
from game.coinland.waiting import Waiting, every_move_costs, first_to_move, waiting

__all__ = [
    "GATEKEEPER", "HOARDER", "Action", "ClassicMatch", "CoinCollected", "EndDeclared", "Event",
    "FeePaid", "GameOver", "Gate", "GateDrawn", "HoarderMove", "IllegalAction", "Level",
    "LevelError", "MatchOver", "Mode", "Move", "NoMovesLeft", "Pass", "Passed", "PawnMoved", "RolesSwapped",
    "State", "StateError", "Stop", "Wait", "Waiting", "apply", "every_move_costs", "explain_illegal",
    "first_to_move", "harmless_edges", "hoarder_moves", "hoarder_score", "is_legal", "is_over",
    "legal_actions", "load_level", "new_classic", "new_duel", "new_puzzle", "parse_action",
    "parse_level_text", "replay", "scores", "wait_edge", "waiting", "winner", "write_level",
]
