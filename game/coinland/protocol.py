"""The Coinland engine protocol: JSON lines on stdin and stdout, like GTP or UCI.

Each request is one JSON object with a "cmd"; each answer is one JSON object, either
{"ok": true, ...} or {"error": "..."}. A bad line never stops the engine: every line is
read as bytes and through `game.safeio` (at most `MAX_LINE` bytes of UTF-8, nesting, number and finiteness
limits), every field is checked for its type and range, and each error is one line in
our words. Thinking time is capped at `MAX_BUDGET` seconds. See docs/ENGINE.md for the
commands and a full example session.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from typing import Any, BinaryIO, TextIO

from game.coinland.actions import Wait, cell_text, parse_action
from game.coinland.ai import AGENTS, choose_action
from game.coinland.harmless import harmless_edges, wait_edge
from game.coinland.match import ClassicMatch
from game.coinland.rules import IllegalAction, apply, is_legal, legal_actions, new_classic, new_duel
from game.coinland.state import Mode, State
from game.coinland.waiting import waiting
from game.hexgrid import MAX_SIZE, MIN_SIZE
from game.safeio import UnsafeInput, describe, need_bool, need_choice, need_int, need_number, one_line, parse_json

Answer = dict[str, Any]
MAX_LINE = 64 * 1024  # bytes in one request; a longer line is skipped unread and answered with an error
MAX_BUDGET = 10.0  # seconds a "go" may think at most
MAX_SEED = 2**63 - 1
MAX_MOVE_TEXT = 100


class ProtocolError(ValueError):
    pass


#: the fields each command reads besides "cmd": any other is refused by name, so a misspelt
#: field ("sise") is an error, never a silently used default
FIELDS: dict[str, frozenset[str]] = {
    "new": frozenset({"mode", "size", "first", "seed", "match", "may_pass"}),
    "play": frozenset({"move"}),
    "go": frozenset({"strength", "budget", "play"}),
    "state": frozenset(), "legal": frozenset(), "harmless": frozenset(), "quit": frozenset(), "help": frozenset(),
}


class EngineSession:
    """One engine conversation: a current game (single game or Classic match) and a seeded rng."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.match: ClassicMatch | None = None
        self.rng = random.Random(0)
        self.commands: dict[str, Callable[[dict[str, Any]], Answer]] = {
            "new": self.new, "play": self.play, "go": self.go, "state": self.show,
            "legal": self.legal, "harmless": self.harmless, "quit": self.quit, "help": self.help,
        }
        self.finished = False

    # --- dispatch ---------------------------------------------------------------------
    def handle_line(self, line: str) -> Answer:
        """Exactly one answer object for any line whatsoever."""
        if len(line) > MAX_LINE:
            return {"error": f"line too long: expected at most {MAX_LINE} bytes"}
        try:
            request = parse_json(line, "line")
        except UnsafeInput as error:
            return {"error": error.reason}
        if not isinstance(request, dict):
            return {"error": "expected a JSON object such as {\"cmd\": \"state\"}"}
        command = request.get("cmd")
        if not isinstance(command, str) or command not in self.commands:
            return {"error": f"cmd: unknown {describe(command, 30)}; expected one of {', '.join(self.commands)}"}
        unknown = sorted(set(request) - {"cmd"} - FIELDS[command])
        if unknown:
            known = ", ".join(sorted(FIELDS[command]))
            expected = f"expected only {known}" if known else "expected no field but cmd"
            return {"error": f"{command}: unknown field {describe(unknown[0], 30)}; {expected}"}
        try:
            return {"ok": True, **self.commands[command](request)}
        except UnsafeInput as error:
            return {"error": f"{error.field}: {error.reason}"}
        except (ProtocolError, IllegalAction, ValueError) as error:
            return {"error": one_line(str(error))}

    # --- commands ---------------------------------------------------------------------
    def new(self, request: dict[str, Any]) -> Answer:
        mode = need_choice(request.get("mode", "classic"), "new", "mode", ("classic", "duel"))
        size = need_int(request.get("size", 4), "new", "size", MIN_SIZE, MAX_SIZE)
        first = need_int(request.get("first", 0), "new", "first", 0, 1)
        seed = need_int(request.get("seed", 0), "new", "seed", 0, MAX_SEED)
        as_match = need_bool(request.get("match", False), "new", "match")
        may_pass = need_bool(request.get("may_pass", False), "new", "may_pass")
        if may_pass and mode != "duel":
            raise ProtocolError("may_pass: the pass house rule is a Duel rule; expected false with mode \"classic\"")
        self.rng = random.Random(seed)
        self.match = None
        if mode == "classic":
            if as_match:
                self.match = ClassicMatch(size=size, first_hoarder=first)
                self.state = self.match.state
            else:
                self.state = new_classic(size)
        else:
            self.state = new_duel(size, first=first, may_pass=may_pass)
        return self.describe()

    def play(self, request: dict[str, Any]) -> Answer:
        text = request.get("move")
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise ProtocolError("move: expected an action text such as \"gate 0,0 1,0\" or \"move 1,-2\"")
        return self._apply(parse_action(text))

    def go(self, request: dict[str, Any]) -> Answer:
        state = self._current()
        strength = need_choice(request.get("strength", "normal"), "go", "strength", AGENTS)
        budget = request.get("budget")
        if budget is not None:
            budget = need_number(budget, "go", "budget", 0.001, MAX_BUDGET)
        play = need_bool(request.get("play", False), "go", "play")
        action = choose_action(state, strength, self.rng, budget)
        if play:
            return {"move": action.text, **self._apply(action)}
        return {"move": action.text}

    def show(self, request: dict[str, Any]) -> Answer:
        if self.state is None:
            raise ProtocolError("no game yet: send {\"cmd\": \"new\", \"mode\": \"classic\"} first")
        return self.describe()

    def legal(self, request: dict[str, Any]) -> Answer:
        state = self._current()
        return {"legal": [a.text for a in legal_actions(state)], "wait": is_legal(state, Wait())}

    def harmless(self, request: dict[str, Any]) -> Answer:
        """The harmless edges (no future move can cross them) and the one `wait` would gate."""
        state = self._current()
        found = wait_edge(state)
        return {"harmless": [_edge_text(e) for e in sorted(harmless_edges(state))],
                "wait_edge": None if found is None else _edge_text(found)}

    def quit(self, request: dict[str, Any]) -> Answer:
        self.finished = True
        return {"bye": True}

    def help(self, request: dict[str, Any]) -> Answer:
        return {"commands": sorted(self.commands), "strengths": list(AGENTS), "max_budget": MAX_BUDGET,
                "max_line": MAX_LINE}

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
        if state.mode is Mode.DUEL:
            out["may_pass"] = state.may_pass
            if state.is_over:
                a, b = state.purses
                out["winner"] = None if a == b else (0 if a > b else 1)
            else:
                found = waiting(state)
                out["waiting"] = {"harmless": found.harmless, "free": found.free,
                                  "first_to_move": found.first_to_move, "every_move_costs": found.every_move_costs}
        return out


def _edge_text(e: Any) -> str:
    """An edge as the two cells of a `gate` action: "Q1,R1 Q2,R2"."""
    return f"{cell_text(e[0])} {cell_text(e[1])}"


def serve(stdin: BinaryIO | TextIO, stdout: BinaryIO | TextIO) -> int:
    """Answer requests line by line until "quit" or the end of input.

    Lines are read as bytes (from `stdin.buffer` when there is one), so no locale decides what
    a request may hold: an invalid UTF-8 byte is an error answer and the engine goes on. Answers
    are ASCII JSON (non-ASCII escaped), so no locale can refuse to write one either.
    """
    session = EngineSession()
    reader = getattr(stdin, "buffer", stdin)
    writer = getattr(stdout, "buffer", stdout)
    while (line := _read_line(reader)) is not None:
        if isinstance(line, _BadLine):
            answer: Answer = {"error": line.reason}
        elif line.strip():
            answer = session.handle_line(line)
        else:
            continue
        _write(writer, json.dumps(answer, ensure_ascii=True) + "\n")
        if session.finished:
            break
    return 0


class _BadLine:
    """A line that is no text: answered with `reason`, never parsed."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _write(stream: BinaryIO | TextIO, text: str) -> None:
    if isinstance(stream, io.TextIOBase):
        stream.write(text)
    else:
        stream.write(text.encode("ascii"))  # type: ignore[arg-type]
    stream.flush()


def _read_line(stream: BinaryIO | TextIO) -> str | _BadLine | None:
    """One request line as text; a line over MAX_LINE bytes is consumed in pieces, never held whole,
    and a line that is not UTF-8 comes back as a _BadLine naming the first bad byte."""
    line = stream.readline(MAX_LINE + 1)
    if not line:
        return None
    newline = b"\n" if isinstance(line, bytes) else "\n"
    if len(line) > MAX_LINE and not line.endswith(newline):  # type: ignore[arg-type]
        while (rest := stream.readline(MAX_LINE)) and not rest.endswith(newline):  # type: ignore[arg-type]
            pass
        return _BadLine(f"line too long: expected at most {MAX_LINE} bytes")
    if isinstance(line, str):
        return line
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as error:
        return _BadLine(f"line: expected UTF-8 text, got the byte 0x{line[error.start]:02x} at byte {error.start + 1}")
