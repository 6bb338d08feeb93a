"""Finding Satoshi (The Bitcoin Board Game, rules v2.1 by Channing Jones): a pure rules engine.

    from game.bitcoin import new_game, legal_actions, apply, is_over, outcome
    state = new_game(players=4, seed=7)
    while not is_over(state):
        state, events = apply(state, legal_actions(state)[0])

The printed material (track, tiles, cards, tables) is data in assets/bitcoin/ (see data.py);
docs/finding-satoshi-data.md lists every value and every ruling.
"""

from game.bitcoin.actions import (
    Accept,
    Action,
    Buy,
    Decline,
    EndTurn,
    Guess,
    Move,
    Offer,
    Pay,
    Quit,
    Save,
    Sell,
    Skip,
    Swap,
    TakeJob,
    parse_action,
)
from game.bitcoin.data import DataError, GameData, load_data, read_data
from game.bitcoin.events import Event
from game.bitcoin.rules import (
    IllegalAction,
    apply,
    current_player,
    explain_illegal,
    is_legal,
    is_over,
    legal_actions,
    outcome,
    replay,
    scores,
    step_actions,
)
from game.bitcoin.setup import SetupError, new_game, start_game
from game.bitcoin.state import Options, Outcome, Player, State, StateError
from game.bitcoin.view import complete, determinize, reseed, view_for

__all__ = [
    "Accept", "Action", "Buy", "DataError", "Decline", "EndTurn", "Event", "GameData", "Guess",
    "IllegalAction", "Move", "Offer", "Options", "Outcome", "Pay", "Player", "Quit", "Save", "Sell",
    "SetupError", "Skip", "State", "StateError", "Swap", "TakeJob", "apply", "complete",
    "current_player", "determinize", "explain_illegal", "is_legal", "is_over", "legal_actions",
    "load_data", "new_game", "outcome", "parse_action", "read_data", "replay", "reseed", "scores",
    "start_game", "step_actions", "view_for",
]
