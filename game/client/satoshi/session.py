"""A Finding Satoshi game at the table: who sits where, the engine state, every action taken.

The session is the only thing that changes the game: scenes read `state` (or a view of it)
and hand chosen actions to `apply`, which asks the rules engine. It holds no pygame, so
tests, the watch command and saves use it directly.

A game is its setup plus its seed plus its actions: `save` writes exactly that (atomically)
and `load` replays it through the engine, so a resumed game is the same game, and a save
that no longer replays is refused with one line naming the file, the field and what was
expected, never half-loaded.

Hidden roles: the shared table is drawn from `public_view`, in which no role card is face up
until a guess reveals it or the game ends. A human's own card is shown from `view_for` on the
hand-over screen (or in her own panel when she is the only human at the table).
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from game.bitcoin import IllegalAction, apply, explain_illegal, parse_action, start_game, view_for
from game.bitcoin.actions import Action
from game.bitcoin.events import Event
from game.bitcoin.state import DIFFICULTIES, HIDDEN, State
from game.coinland.levels import atomic_write_text

HUMAN = "human"
COMPUTER_KINDS = ("random", "easy", "normal", "hard")
SEAT_KINDS = (HUMAN, *COMPUTER_KINDS)
MIN_SEATS, MAX_SEATS = 2, 6
SAVE_FORMAT = 1
SAVE_FILE = "satoshi-save.json"
DEFAULT_NAMES = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")
#: the pawn colours of the rules (blue, green, purple, red, white, yellow), as RGB
PAWN_COLOURS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("blue", (0, 114, 178)), ("green", (0, 158, 115)), ("purple", (146, 92, 204)),
    ("red", (213, 94, 0)), ("white", (236, 236, 236)), ("yellow", (240, 228, 66)),
)


class SaveError(ValueError):
    """A saved game that cannot be resumed; the message is one line naming file, field and expectation."""


@dataclass(frozen=True)
class Seat:
    """One chair at the table: a name, human or a computer strength, and a pawn colour (index)."""

    name: str
    kind: str = HUMAN
    colour: int = 0

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True)
class TableSetup:
    """What the setup screen chooses; `seed` None draws one when the game starts."""

    seats: tuple[Seat, ...]
    difficulty: str = "normal"
    advanced: bool = False
    seed: int | None = None

    def problems(self) -> list[str]:
        """Why this setup cannot start a game (empty when it can)."""
        out = []
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            out.append(f"seats: expected {MIN_SEATS} to {MAX_SEATS}, got {len(self.seats)}")
        for i, seat in enumerate(self.seats):
            if seat.kind not in SEAT_KINDS:
                out.append(f"seats[{i}].kind: expected one of {', '.join(SEAT_KINDS)}, got {seat.kind!r}")
            if not seat.name.strip():
                out.append(f"seats[{i}].name: expected a name")
            if not 0 <= seat.colour < len(PAWN_COLOURS):
                out.append(f"seats[{i}].colour: expected 0 to {len(PAWN_COLOURS) - 1}, got {seat.colour!r}")
        if len({s.colour for s in self.seats}) != len(self.seats):
            out.append("seats: expected a different pawn colour for every seat")
        if self.difficulty not in DIFFICULTIES:
            out.append(f"difficulty: expected one of {', '.join(DIFFICULTIES)}, got {self.difficulty!r}")
        return out


def default_setup(players: int = 4, humans: int = 1, strength: str = "normal") -> TableSetup:
    """`humans` people first, then computers of `strength`; colours and names in seat order."""
    seats = tuple(Seat(DEFAULT_NAMES[i] if i >= humans or humans > 1 else "You",
                       HUMAN if i < humans else strength, i) for i in range(players))
    return TableSetup(seats)


def public_view(state: State) -> State:
    """The table everyone can see: every role card face down unless revealed (or the game is over)."""
    if state.phase == "over":
        return state
    players = tuple(p if p.revealed else replace(p, role=HIDDEN) for p in state.players)
    aside = HIDDEN if state.aside else ""
    return replace(state, players=players, aside=aside, seed=-1, viewer=-1)


@dataclass
class TableSession:
    """The game in progress. `apply` is the only way its state changes."""

    setup: TableSetup
    seed: int
    state: State
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)  # every event since setup, for the log
    shown_to: int | None = None  # the human seat that was last handed the device

    @classmethod
    def start(cls, setup: TableSetup) -> TableSession:
        problems = setup.problems()
        if problems:
            raise ValueError(problems[0])
        seed = random.randrange(2**31) if setup.seed is None else setup.seed
        state, events = start_game(len(setup.seats), seed, setup.difficulty, setup.advanced)
        return cls(setup=setup, seed=seed, state=state, events=list(events))

    # --- who decides -------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.setup.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.setup.seats) if seat.human]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (the addressee of an offer, else the player whose turn it is)."""
        return self.state.current_player

    @property
    def human_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.setup.seats[seat].human

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and not self.setup.seats[seat].human

    @property
    def needs_handover(self) -> bool:
        """A "pass the device" screen is due: several humans share the screen and another one must decide."""
        return len(self.humans) > 1 and self.human_to_move and self.shown_to != self.to_move

    def handed_over(self) -> None:
        """The human to move has taken the device (the hand-over screen was dismissed)."""
        self.shown_to = self.to_move

    def view_for(self, seat: int) -> State:
        """What one seat may know (its own role card included)."""
        return view_for(self.state, seat)

    def table_view(self) -> State:
        """What the shared screen shows: no hidden role, ever, until the game ends."""
        return public_view(self.state)

    def decision_view(self) -> State:
        """The view whose legal actions a human picks from now (her own view: same legal actions)."""
        seat = self.to_move
        return self.state if seat is None else view_for(self.state, seat)

    # --- acting ------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play `action` for the seat to move; IllegalAction (with the engine's reason) if it is not legal."""
        reason = explain_illegal(self.state, action)
        if reason is not None:
            raise IllegalAction(f"{action.text}: {reason}")
        self.state, caused = apply(self.state, action)
        self.actions.append(action)
        self.events.extend(caused)
        return caused

    def ai_rng(self) -> random.Random:
        """The computer's generator for the next decision: fixed by the game's seed and its length,
        so a game of computers with fixed work replays exactly."""
        return random.Random(self.seed * 1_000_003 + len(self.actions))

    # --- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "seed": self.seed,
            "difficulty": self.setup.difficulty,
            "advanced": self.setup.advanced,
            "seats": [asdict(seat) for seat in self.setup.seats],
            "actions": [action.text for action in self.actions],
        }

    def save(self, path: Path) -> None:
        """Write the game atomically (a temporary file renamed over the old save)."""
        atomic_write_text(path, json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def from_dict(cls, raw: Any, source: str = SAVE_FILE) -> TableSession:
        """Rebuild a game by replaying its actions from its seed; SaveError names what is wrong."""
        setup, seed, texts = _read_save(raw, source)
        session = cls.start(replace(setup, seed=seed))
        for index, line in enumerate(texts):
            try:
                session.apply(parse_action(line))
            except ValueError as error:  # IllegalAction is a ValueError too
                raise SaveError(f"{source}: actions[{index}]: expected a legal action, got {line!r} "
                                f"({str(error).splitlines()[0]})") from None
        return session

    @classmethod
    def load(cls, path: Path) -> TableSession:
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SaveError(f"{path}: no saved game") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise SaveError(f"{path}: expected a JSON saved game ({error})") from None
        return cls.from_dict(raw, str(path))


def _read_save(raw: Any, source: str) -> tuple[TableSetup, int, list[str]]:
    if not isinstance(raw, dict):
        raise SaveError(f"{source}: expected a JSON object, got {type(raw).__name__}")
    if raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"{source}: format: expected {SAVE_FORMAT}, got {raw.get('format')!r}")
    seed = raw.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError(f"{source}: seed: expected a whole number of 0 or more, got {seed!r}")
    seats = raw.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise SaveError(f"{source}: seats: expected a list of seats")
    try:
        built = tuple(Seat(name=str(s["name"]), kind=str(s["kind"]), colour=int(s["colour"])) for s in seats)
    except (KeyError, TypeError, ValueError) as error:
        raise SaveError(f"{source}: seats: expected name, kind and colour for every seat ({error})") from None
    setup = TableSetup(built, difficulty=str(raw.get("difficulty")), advanced=raw.get("advanced") is True)
    problems = setup.problems()
    if problems:
        raise SaveError(f"{source}: {problems[0]}")
    actions = raw.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError(f"{source}: actions: expected a list of action texts")
    return setup, seed, actions
