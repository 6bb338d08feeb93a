"""The Coinland engine protocol: JSON lines on stdin and stdout, like GTP or UCI.

Each request is one JSON object with a "cmd"; each answer is one JSON object, either
{"ok": true, ...} or {"error": "..."}. A bad line never stops the engine. See
docs/ENGINE.md for the commands and a full example session.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, TextIO

from game.coinland.actions import parse_action
from game.coinland.ai import STRENGTHS, choose_action
from game.coinland.match import ClassicMatch
from game.coinland.rules import IllegalAction, apply, legal_actions, new_classic, new_duel
from game.coinland.state import Mode, State
from game.hexgrid import MAX_SIZE, MIN_SIZE

Answer = dict[str, Any]


class ProtocolError(ValueError):
    pass


class EngineSession:
    """One engine conversation: a current game (single game or Classic match) and a seeded rng."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.match: ClassicMatch | None = None
        self.rng = random.Random(0)
        self.commands: dict[str, Callable[[dict[str, Any]], Answer]] = {
            "new": self.new, "play": self.play, "go": self.go, "state": self.show,
            "legal": self.legal, "quit": self.quit, "help": self.help,
        }
        self.finished = False

    # --- dispatch ---------------------------------------------------------------------
    def handle_line(self, line: str) -> Answer:
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            return {"error": f"not JSON: {error.msg} at column {error.colno}"}
        if not isinstance(request, dict):
            return {"error": "expected a JSON object such as {\"cmd\": \"state\"}"}
        command = request.get("cmd")
        if command not in self.commands:
            return {"error": f"unknown cmd {command!r}; expected one of {', '.join(self.commands)}"}
        try:
            return {"ok": True, **self.commands[command](request)}
        except (ProtocolError, IllegalAction, ValueError, TypeError) as error:
            return {"error": str(error)}

    # --- commands ---------------------------------------------------------------------
    def new(self, request: dict[str, Any]) -> Answer:
        mode = request.get("mode", "classic")
        size = request.get("size", 4)
        if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
            raise ProtocolError(f"size: expected an integer from {MIN_SIZE} to {MAX_SIZE}")
        first = request.get("first", 0)
        if first not in (0, 1):
            raise ProtocolError("first: expected 0 or 1")
        self.rng = random.Random(request.get("seed", 0))
        self.match = None
        if mode == "classic":
            if request.get("match", False):
                self.match = ClassicMatch(size=size, first_hoarder=first)
                self.state = self.match.state
            else:
                self.state = new_classic(size)
        elif mode == "duel":
            self.state = new_duel(size, first=first)
        else:
            raise ProtocolError("mode: expected \"classic\" or \"duel\"")
        return self.describe()

    def play(self, request: dict[str, Any]) -> Answer:
        text = request.get("move")
        if not isinstance(text, str):
            raise ProtocolError("move: expected an action text such as \"gate 0,0 1,0\" or \"move 1,-2\"")
        return self._apply(parse_action(text))

    def go(self, request: dict[str, Any]) -> Answer:
        state = self._current()
        strength = request.get("strength", "normal")
        if strength not in STRENGTHS:
            raise ProtocolError(f"strength: expected one of {', '.join(STRENGTHS)}")
        budget = request.get("budget")
        if budget is not None and (not isinstance(budget, int | float) or budget <= 0):
            raise ProtocolError("budget: expected a positive number of seconds")
        action = choose_action(state, strength, self.rng, budget)
        if request.get("play", False):
            return {"move": action.text, **self._apply(action)}
        return {"move": action.text}

    def show(self, request: dict[str, Any]) -> Answer:
        return self.describe()

    def legal(self, request: dict[str, Any]) -> Answer:
        return {"legal": [a.text for a in legal_actions(self._current())]}

    def quit(self, request: dict[str, Any]) -> Answer:
        self.finished = True
        return {"bye": True}

    def help(self, request: dict[str, Any]) -> Answer:
        return {"commands": sorted(self.commands), "strengths": list(STRENGTHS)}

    # --- helpers ----------------------------------------------------------------------
    def _current(self) -> State:
        if self.state is None:
            raise ProtocolError("no game yet: send {\"cmd\": \"new\", \"mode\": \"classic\"} first")
        if self.state.is_over and not (self.match and not self.match.is_over):
            raise ProtocolError("the game is over; send \"new\" to start another")
        return self.state

    def _apply(self, action) -> Answer:
        state = self._current()
        events: list[Any]
        if self.match is not None:
            self.match, events = self.match.apply(action)
            self.state = self.match.state
        else:
            self.state, events = apply(state, action)
        return {"events": [e.describe() for e in events], **self.describe()}

    def describe(self) -> Answer:
        state = self.state
        assert state is not None
        out: Answer = {
            "mode": state.mode.value,
            "to_move": state.current_player,
            "is_over": state.is_over if self.match is None else self.match.is_over,
            "purses": list(state.purses),
            "coins_left": len(state.coins),
            "state": state.to_dict(),
        }
        if state.mode is Mode.CLASSIC:
            out["role_to_move"] = None if state.is_over else ("hoarder" if state.to_move == 0 else "gatekeeper")
        if self.match is not None:
            out["match"] = {"game": self.match.game_index + 1, "hoarder_seat": self.match.hoarder_seat(),
                            "seat_to_move": self.match.current_seat, "results": list(self.match.results),
                            "winner": self.match.winner}
        if state.mode is Mode.DUEL and state.is_over:
            a, b = state.purses
            out["winner"] = None if a == b else (0 if a > b else 1)
        return out


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer requests line by line until "quit" or the end of input."""
    session = EngineSession()
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(session.handle_line(line)) + "\n")
        stdout.flush()
        if session.finished:
            break
    return 0
