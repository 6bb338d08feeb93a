"""What a phone is sent: its own seat's hand, built from the engine's view for that seat only.

`hand_message(state, seat, names, describe)` starts from `view_for(state, seat)` (every other
unrevealed role reads "?", the seed reads -1) and copies out a fixed list of fields: no field of
the state is passed on unless it is named here, so nothing new in the state can leak by itself.
The seed, the chance draws, the card set aside (until the game is over) and the history never
leave. The choices come from `describe(view, names)`, the table's own words (the client hands
in its decision tree as plain data, game/client/satoshi/phone_choices.py); `plain_choices` is
the fallback: the engine's step actions in their text form.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.bitcoin import step_actions, view_for
from game.bitcoin.state import HIDDEN, SATOSHI, State

#: (the deciding seat's own view, the seat names) -> the choices as plain JSON data
Describe = Callable[[State, Sequence[str]], dict[str, Any]]


def plain_choices(view: State, names: Sequence[str]) -> dict[str, Any]:
    """The engine's step actions as one list of leaves (when no table words are handed in)."""
    who = view.current_player
    heading = f"{names[who]}: {view.phase}" if who is not None else "The game is over."
    leaves = [{"kind": "leaf", "label": a.text, "action": a.text} for a in step_actions(view)]
    return {"heading": heading, "main": leaves, "tools": []}


def _role(role: str) -> str | None:
    return None if role == HIDDEN else role


def _player(view: State, index: int, names: Sequence[str]) -> dict[str, Any]:
    p = view.players[index]
    jobs = [{"id": job, "name": view.data.jobs[job].name} for job in p.jobs]
    return {"seat": index, "name": names[index], "space": p.space, "usd": p.usd, "btc": p.btc,
            "savings": p.savings, "jobs": jobs, "role": _role(p.role), "revealed": p.revealed,
            "guessed": p.guessed}


def limits(view: State) -> tuple[int, int]:
    """The two winning limits at this game's difficulty (chapter 6.1), as the role card prints them."""
    if view.outcome is not None:
        return view.outcome.limits
    rules = view.data.rules
    offset = rules.difficulty[view.options.difficulty]
    return rules.fiat_below + offset, rules.everyone_at + offset


def card(role: str, view: State) -> dict[str, Any]:
    """The seat's own role card, with its rule in the table's words (role_card.py)."""
    low, high = limits(view)
    if role == SATOSHI:
        return {"name": "Satoshi", "rule": ["You win only if everybody wins:",
                                            f"lift the Bitcoin price to ${high} or more."]}
    return {"name": "Bitcoin Geek", "rule": [f"Under ${low}: the most Fiat money wins.",
                                             f"${low} to ${high - 1}: the most Bitcoins win.",
                                             f"${high} or more: everybody wins."]}


def _outcome(view: State, names: Sequence[str]) -> dict[str, Any] | None:
    out = view.outcome
    if out is None:
        return None
    return {"winners": [names[i] for i in out.winners], "condition": out.condition, "price": out.price,
            "reason": out.reason, "satoshi": names[out.satoshi] if out.satoshi >= 0 else None}


def hand_message(state: State, seat: int, names: Sequence[str], describe: Describe | None = None,
                 version: int = 0) -> dict[str, Any]:
    """The whole hand of `seat` now; `version` counts the actions so far (an action names it)."""
    view = view_for(state, seat)
    who = view.current_player
    mine = who == seat
    choices = (describe or plain_choices)(view, names) if mine else None
    return {
        "type": "hand",
        "version": version,
        "seat": seat,
        "names": list(names),
        "round": view.round,
        "phase": view.phase,
        "turn": view.turn,
        "to_move": who,
        "prices": {"food": view.food, "internet": view.internet, "bitcoin": view.bitcoin},
        "you": {**_player(view, seat, names), "card": card(view.players[seat].role, view)},
        "players": [_player(view, i, names) for i in range(view.n)],
        "choices": choices,
        "outcome": _outcome(view, names),
        "aside": _role(view.aside) if view.is_over and view.aside else None,
    }
