"""Hoarder & Gatekeeper (Néstor Romeral Andrés): rules engine, level files, solver, computer players.

The public API in one place:

    from game.coinland import new_classic, legal_actions, apply
    state = new_classic(4)
    state, events = apply(state, legal_actions(state)[0])
"""

from game.coinland.actions import Action, Gate, Move, Pass, Stop, parse_action
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

__all__ = [
    "GATEKEEPER", "HOARDER", "Action", "ClassicMatch", "CoinCollected", "EndDeclared", "Event",
    "FeePaid", "GameOver", "Gate", "GateDrawn", "HoarderMove", "IllegalAction", "Level",
    "LevelError", "MatchOver", "Mode", "Move", "NoMovesLeft", "Pass", "Passed", "PawnMoved", "RolesSwapped",
    "State", "StateError", "Stop", "apply", "explain_illegal", "hoarder_moves", "hoarder_score",
    "is_legal", "is_over", "legal_actions", "load_level", "new_classic", "new_duel", "new_puzzle",
    "parse_action", "parse_level_text", "replay", "scores", "winner", "write_level",
]
