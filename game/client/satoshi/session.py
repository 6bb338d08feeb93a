"""A Finding Satoshi game at the table: who sits where, the engine state, every action taken.

The session is the only thing that changes the game: scenes read `state` (or a view of it)
and hand chosen actions to `apply`, which asks the rules engine. It holds no pygame, so
tests, the watch command and saves use it directly.

A game is its setup plus its seed plus its actions: `save` writes exactly that (atomically)
and `load` replays it through the engine, so a resumed game is the same game. A save also
records the version of the rules data it was played on: one from other data is refused
(`OtherDataError`), never replayed on new numbers. Every field is read through game.safeio and
checked for type and range; a save that fails is refused with one line naming the file, the
field and what was expected, never half-loaded.

Hidden roles (docs/PRIVACY.md): the shared table is drawn from `public_view`, in which no role
card is face up until a guess reveals it or the game ends. When two or more people share the
screen (`shared_screen`), the decisions are built from the public view as well, so nothing a
person is offered or told depends on her own card; her card is shown from `view_for` only at
the deal and while she holds it up. A lone person's own card sits in her own area.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from game import ranges, safeio
from game.bitcoin import IllegalAction, apply, explain_illegal, load_data, parse_action, start_game, view_for
from game.bitcoin.actions import Action
from game.bitcoin.events import Event
from game.bitcoin.state import DIFFICULTIES, HIDDEN, State
from game.safeio import UnsafeInput, atomic_write_text, describe, one_line

HUMAN = "human"
COMPUTER_KINDS = ranges.SEAT_KINDS[1:]
SEAT_KINDS = ranges.SEAT_KINDS
MIN_SEATS, MAX_SEATS = ranges.SATOSHI_SEATS
SAVE_FORMAT = 2  # 2: records the rules data version, the house rules, when and the round
SAVE_FILE = "satoshi-save.json"  # the one save of earlier versions (still listed and resumable if its data fits)
SAVE_LIMIT = 1024 * 1024  # bytes: a long 6-seat game saves about 100 KB
MAX_ACTIONS = 50_000
ACTION_LIMIT = 120  # characters of one action text ("offer 2 100usd 10btc for 0usd 0btc" is 35)
MAX_SEED = ranges.SEED[1]
NAME_LIMIT = ranges.SEAT_NAME_CHARS
RULES = load_data().rules
ROUND_RANGE = ranges.ROUNDS  # the round limit a table may choose (house rule; shared with records, game.ranges)
OFFER_RANGE = ranges.OFFERS  # offers per turn a table may choose (house rule)
DEFAULT_NAMES = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")
#: the pawn colours (the rules: blue, green, purple, red, white, yellow), as RGB, each named as it looks
#: on screen: the rules' red is drawn in a colour-blind-safe vermilion that reads as orange
PAWN_COLOURS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("blue", (0, 114, 178)), ("green", (0, 158, 115)), ("purple", (146, 92, 204)),
    ("orange", (213, 94, 0)), ("white", (236, 236, 236)), ("yellow", (240, 228, 66)),
)


class SaveError(ValueError):
    """A saved game that cannot be resumed; the message is one line naming file, field and expectation."""


class OtherDataError(SaveError):
    """A sound save made with other rules data: refused (never replayed on new numbers), not damaged."""


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
    max_rounds: int = RULES.max_rounds  # house rule: the game ends after this many rounds
    offers_per_turn: int = RULES.offers_per_turn  # house rule: proposals per turn
    phones: bool = False  # "Phones as hands" (issue 36): each person's hand on her own phone (game/phones/)

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
        if not ROUND_RANGE[0] <= self.max_rounds <= ROUND_RANGE[1]:
            out.append(f"max_rounds: expected {ROUND_RANGE[0]} to {ROUND_RANGE[1]}, got {self.max_rounds!r}")
        if not OFFER_RANGE[0] <= self.offers_per_turn <= OFFER_RANGE[1]:
            out.append(f"offers_per_turn: expected {OFFER_RANGE[0]} to {OFFER_RANGE[1]}, got {self.offers_per_turn!r}")
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
    dealt: bool = False  # every person has been shown her card at the start (handover.DealScene)
    saved_as: Path | None = None  # this game's own save file, once it has one (client/satoshi/saves.py)
    on_screen: set[int] = field(default_factory=set)  # phone seats the big screen took over (with hand-overs)

    @classmethod
    def start(cls, setup: TableSetup) -> TableSession:
        problems = setup.problems()
        if problems:
            raise ValueError(problems[0])
        seed = random.randrange(2**31) if setup.seed is None else setup.seed
        state, events = start_game(len(setup.seats), seed, setup.difficulty, setup.advanced,
                                   max_rounds=setup.max_rounds, offers_per_turn=setup.offers_per_turn)
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
    def shared_screen(self) -> bool:
        """Two or more people take turns at this screen, or phones hold the hands (then the screen is
        everyone's): nothing on it may depend on a hidden role."""
        return len(self.humans) > 1 or self.setup.phones

    def on_phone(self, seat: int | None) -> bool:
        """This person decides on her own phone (Phones as hands), not at the screen."""
        return seat is not None and self.setup.phones and self.setup.seats[seat].human and seat not in self.on_screen

    @property
    def screen_humans(self) -> list[int]:
        """The people who decide at this screen (with hand-overs when it is shared)."""
        return [i for i in self.humans if not self.on_phone(i)]

    @property
    def deal_due(self) -> bool:
        """The game has just started and the people sharing the screen have not yet seen their cards
        (on a phone the card is under its own cover)."""
        return (self.shared_screen and bool(self.screen_humans) and not self.dealt and not self.actions
                and not self.is_over)

    @property
    def needs_handover(self) -> bool:
        """A "pass the device" screen is due: the screen is shared and another person at it must decide."""
        return (self.shared_screen and self.human_to_move and not self.on_phone(self.to_move)
                and self.shown_to != self.to_move)

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
        """The view whose legal actions a human picks from now (the same legal actions as the state).

        On a shared screen it is the public view, so the choices, their words and their stakes
        are the same whichever card the person holds (the guess never says "you hold the Satoshi
        card yourself" where others can read it); a lone person decides from her own view."""
        seat = self.to_move
        if seat is None:
            return self.state
        if self.shared_screen:
            return replace(public_view(self.state), viewer=seat)
        return view_for(self.state, seat)

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
    @property
    def round(self) -> int:
        return self.state.round

    def to_dict(self, saved: str = "") -> dict[str, Any]:
        """The save: setup, seed, actions, the rules data it was played on, and a summary for the list."""
        return {
            "format": SAVE_FORMAT,
            "data": self.state.data.version,
            "saved": saved,
            "round": self.state.round,
            "seed": self.seed,
            "difficulty": self.setup.difficulty,
            "advanced": self.setup.advanced,
            "max_rounds": self.setup.max_rounds,
            "offers_per_turn": self.setup.offers_per_turn,
            "phones": self.setup.phones,
            "seats": [asdict(seat) for seat in self.setup.seats],
            "actions": [action.text for action in self.actions],
        }

    def save(self, path: Path, saved: str = "") -> None:
        """Write the game atomically (a temporary file renamed over the old save)."""
        atomic_write_text(path, json.dumps(self.to_dict(saved), indent=1) + "\n")

    @classmethod
    def from_dict(cls, raw: Any, source: str = SAVE_FILE) -> TableSession:
        """Rebuild a game by replaying its actions from its seed; SaveError names what is wrong."""
        info = read_save(raw, source)
        here = load_data().version
        if not info.data:
            raise OtherDataError(f"{source}: saved by an earlier version that did not record its rules data, "
                                 "so it cannot be replayed safely on today's numbers")
        if info.data != here:
            raise OtherDataError(f"{source}: made with other rules data (version {info.data}, this game has "
                                 f"{here}), so it cannot be replayed on today's numbers")
        session = cls.start(replace(info.setup, seed=info.seed))
        for index, line in enumerate(info.actions):
            try:
                session.apply(parse_action(line))
            except ValueError as error:  # IllegalAction is a ValueError too
                raise SaveError(f"{source}: actions[{index}]: expected a legal action, got {describe(line)} "
                                f"({one_line(str(error), 80)})") from None
        return session

    @classmethod
    def load(cls, path: Path) -> TableSession:
        return cls.from_dict(read_save_file(path), str(path))


@dataclass(frozen=True)
class SaveInfo:
    """A save's checked fields, read without replaying it (the list of games in progress shows them)."""

    setup: TableSetup
    seed: int
    actions: tuple[str, ...]
    data: str  # the rules data version it was made with ("" for saves from before they recorded it)
    saved: str  # when, as ISO text ("" when unknown)
    round: int


def read_save_file(path: Path) -> Any:
    """The raw JSON of a save, read through safeio (size cap, nesting and number limits)."""
    try:
        return safeio.read_json_file(path, SAVE_LIMIT, "saved game")
    except UnsafeInput as error:
        if not Path(path).exists():
            raise SaveError(f"{path}: no saved game") from None
        raise SaveError(str(error)) from None


def read_save(raw: Any, source: str) -> SaveInfo:
    """Every field of a save checked for type and range; SaveError (one line) names the first bad one."""
    try:
        return _read_save(raw, source)
    except UnsafeInput as error:
        raise SaveError(str(error)) from None


def _read_save(raw: Any, source: str) -> SaveInfo:
    table = safeio.need_table(raw, source, "save")
    fmt = table.get("format")
    if fmt not in (1, SAVE_FORMAT) or isinstance(fmt, bool):
        raise SaveError(f"{source}: format: expected 1 or {SAVE_FORMAT}, got {describe(fmt)}")
    data = safeio.need_text(table.get("data", ""), source, "data", 64) if fmt > 1 else ""
    saved = safeio.need_text(table.get("saved", ""), source, "saved", 40)
    seed = safeio.need_int(table.get("seed"), source, "seed", 0, MAX_SEED)
    seats_raw = safeio.need_list(table.get("seats"), source, "seats", MAX_SEATS)
    seats = []
    for i, item in enumerate(seats_raw):
        seat = safeio.need_table(item, source, f"seats[{i}]")
        seats.append(Seat(name=safeio.need_text(seat.get("name"), source, f"seats[{i}].name", NAME_LIMIT, False),
                          kind=safeio.need_choice(seat.get("kind"), source, f"seats[{i}].kind", SEAT_KINDS),
                          colour=safeio.need_int(seat.get("colour"), source, f"seats[{i}].colour", 0,
                                                 len(PAWN_COLOURS) - 1)))
    setup = TableSetup(
        tuple(seats),
        difficulty=safeio.need_choice(table.get("difficulty"), source, "difficulty", DIFFICULTIES),
        advanced=safeio.need_bool(table.get("advanced", False), source, "advanced"),
        max_rounds=safeio.need_int(table.get("max_rounds", RULES.max_rounds), source, "max_rounds", *ROUND_RANGE),
        offers_per_turn=safeio.need_int(table.get("offers_per_turn", RULES.offers_per_turn), source,
                                        "offers_per_turn", *OFFER_RANGE),
        phones=safeio.need_bool(table.get("phones", False), source, "phones"),
    )
    problems = setup.problems()
    if problems:
        raise SaveError(f"{source}: {problems[0]}")
    actions = safeio.need_list(table.get("actions"), source, "actions", MAX_ACTIONS)
    texts = tuple(safeio.need_text(a, source, f"actions[{i}]", ACTION_LIMIT) for i, a in enumerate(actions))
    played = safeio.need_int(table.get("round", 0), source, "round", 0, ROUND_RANGE[1])
    return SaveInfo(setup, seed, texts, data, saved, played)
