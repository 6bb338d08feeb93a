"""Finding Satoshi replay: every role face up, and the moments that decided the game.

A replayed record (`game.records.replay`) already has every board and every event; this
module picks out what a player wants to find again: the Bitcoin price crossing one of the
winning limits of the game's difficulty (below the low limit the Fiat money wins, at the
high one everybody does), every guess of who Satoshi is, and the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.bitcoin import events as ev
from game.bitcoin.state import State
from game.wording import says


@dataclass(frozen=True)
class Moment:
    step: int  # the board after this many actions shows it
    kind: str  # "limit", "guess", "end"
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "kind": self.kind, "text": self.text}


def limits(state: State) -> tuple[int, int]:
    """The two winning limits of the game's difficulty: (Fiat below, everyone at)."""
    rules = state.data.rules
    offset = rules.difficulty[state.options.difficulty]
    return rules.fiat_below + offset, rules.everyone_at + offset


def _name(player: int, names: Sequence[str]) -> str:
    return names[player] if 0 <= player < len(names) else f"Player {player + 1}"


def moments(start: State, events: Sequence[Sequence[Any]], names: Sequence[str]) -> list[Moment]:
    """The decisive moments, in order; `events[i]` are the events of action i."""
    low, high = limits(start)
    out: list[Moment] = []
    for index, caused in enumerate(events):
        step = index + 1
        for event in caused:
            if isinstance(event, ev.PriceChanged) and event.item == "bitcoin":
                out.extend(_crossings(step, event.old, event.new, low, high))
            elif isinstance(event, ev.GuessMade):
                who, whom = _name(event.player, names), _name(event.target, names)
                verdict = "right" if event.correct else "wrong"
                out.append(Moment(step, "guess", f"{says(who, 'guesses', f'{whom} is Satoshi')}: {verdict}."))
            elif isinstance(event, ev.GameOver):
                out.append(Moment(step, "end", _end_text(event, names)))
    return out


def _crossings(step: int, old: int, new: int, low: int, high: int) -> list[Moment]:
    out = []
    if old >= low > new:
        out.append(Moment(step, "limit", f"Bitcoin falls to ${new}, under ${low}: Fiat money would win now."))
    if old < low <= new:
        out.append(Moment(step, "limit", f"Bitcoin rises to ${new} (${low} or more): Bitcoins would win now."))
    if old < high <= new:
        out.append(Moment(step, "limit", f"Bitcoin reaches ${new} (${high} or more): everybody would win now."))
    if old >= high > new:
        out.append(Moment(step, "limit", f"Bitcoin drops to ${new}, under ${high} again."))
    return out


def _end_text(event: ev.GameOver, names: Sequence[str]) -> str:
    winners = [_name(w, names) for w in event.winners]
    rule = {"fiat": "the most Fiat money", "bitcoin": "the most Bitcoins", "everyone": "everybody wins"}
    who = ", ".join(winners) if winners else "nobody"
    who_verb = says(winners[0], "wins") if len(winners) == 1 else f"{who} win"
    why = "a pawn reached End" if event.reason == "end" else "the round limit was reached"
    return f"Game over at ${event.price} ({why}; {rule.get(event.condition, event.condition)}): {who_verb}."


def roles_text(final: State, names: Sequence[str]) -> list[str]:
    """Who was who, for the face-up replay."""
    out = []
    for i, player in enumerate(final.players):
        role = "Satoshi" if player.role == "satoshi" else "a Bitcoin Geek"
        out.append(f"{_name(i, names)}: {role}")
    return out
