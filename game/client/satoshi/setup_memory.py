"""The Finding Satoshi setup choices as a draft, and the memory of the last ones in the user's folder.

`SetupDraft` is what the setup screen edits: all six seats are kept (the first `players` sit),
the difficulty, the advanced rules, the house rules and an optional seed. The last draft used to
start a game, and separately the last table of computers watched, are kept in
`satoshi-setup.json` in the user's data folder, so the screen opens on the last table even after
a restart.

The file is outside data: it is read through game.safeio (size cap, nesting and number limits)
and every field is checked for type and range. A file that fails is set aside (numbered
copies, never over an earlier one) and the defaults are used; the caller shows the returned
one-line notice. No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import safeio
from game.bitcoin.state import DIFFICULTIES
from game.client.satoshi.session import (
    COMPUTER_KINDS,
    DEFAULT_NAMES,
    HUMAN,
    MAX_SEATS,
    MIN_SEATS,
    NAME_LIMIT,
    OFFER_RANGE,
    PAWN_COLOURS,
    ROUND_RANGE,
    RULES,
    SEAT_KINDS,
    Seat,
    TableSetup,
)
from game.safeio import UnsafeInput

MEMORY_FILE = "satoshi-setup.json"
MEMORY_LIMIT = 64 * 1024
MEMORY_FORMAT = 1
SEED_LIMIT = 9
MODES = ("play", "watch")


@dataclass
class SeatDraft:
    name: str
    kind: str
    colour: int


def _seats(watch: bool) -> list[SeatDraft]:
    if watch:
        return [SeatDraft(DEFAULT_NAMES[i], "normal", i) for i in range(MAX_SEATS)]
    return [SeatDraft("You" if i == 0 else DEFAULT_NAMES[i], HUMAN if i == 0 else "normal", i)
            for i in range(MAX_SEATS)]


@dataclass
class SetupDraft:
    """What the setup screen shows: all six seats are kept, the first `players` of them sit."""

    players: int = 4
    seats: list[SeatDraft] = field(default_factory=lambda: _seats(False))
    difficulty: str = "normal"
    advanced: bool = False
    seed: str = ""
    max_rounds: int = RULES.max_rounds
    offers_per_turn: int = RULES.offers_per_turn
    phones: bool = False  # Phones as hands: never remembered, so every game opens its server by choice

    @classmethod
    def fresh(cls, watch: bool = False) -> SetupDraft:
        return cls(seats=_seats(watch))

    def table_setup(self) -> TableSetup:
        seats = tuple(Seat(s.name.strip(), s.kind, s.colour) for s in self.seats[: self.players])
        return TableSetup(seats, self.difficulty, self.advanced, int(self.seed) if self.seed else None,
                          self.max_rounds, self.offers_per_turn, self.phones)

    def problems(self) -> list[str]:
        return self.table_setup().problems()

    def set_kind(self, index: int, kind: str) -> None:
        """A seat becomes a person or a computer of some strength."""
        self.seats[index].kind = kind
        self.name_people()

    def name_people(self) -> None:
        """With two or more people at the table, a person still called "You" (a lone player's
        default) gets a name of her own: "You" would be everybody ("Pass the device to you",
        "You pay" for one of two people)."""
        sitting = self.seats[: self.players]
        people = [s for s in sitting if s.kind == HUMAN]
        if len(people) < 2:
            return
        taken = {s.name.strip() for s in sitting}
        for seat in people:
            if seat.name.strip().casefold() == "you":
                seat.name = next((n for n in DEFAULT_NAMES if n not in taken), f"Seat {self.seats.index(seat) + 1}")
                taken.add(seat.name)

    def set_players(self, players: int) -> None:
        """A seat that joins the table takes a colour no sitting seat has."""
        self.players = max(MIN_SEATS, min(MAX_SEATS, players))
        self.name_people()
        for index in range(self.players):
            taken = {s.colour for s in self.seats[:index]}
            if self.seats[index].colour in taken:
                self.seats[index].colour = next(c for c in range(len(PAWN_COLOURS)) if c not in taken)

    def cycle_colour(self, index: int, step: int) -> None:
        """The next pawn colour (forward or back) that no other sitting seat has."""
        taken = {s.colour for i, s in enumerate(self.seats[: self.players]) if i != index}
        colour = self.seats[index].colour
        for _ in range(len(PAWN_COLOURS)):
            colour = (colour + step) % len(PAWN_COLOURS)
            if colour not in taken:
                self.seats[index].colour = colour
                return

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        del out["phones"]  # a network server is chosen for each game, never carried over
        return out


def draft_from(raw: Any, source: str, field_: str, watch: bool) -> SetupDraft:
    """A remembered draft, every field checked; UnsafeInput names the first bad one."""
    table = safeio.need_table(raw, source, field_)
    seats_raw = safeio.need_list(table.get("seats"), source, f"{field_}.seats", MAX_SEATS)
    if len(seats_raw) != MAX_SEATS:
        raise UnsafeInput(source, f"expected {MAX_SEATS} seats, got {len(seats_raw)}", f"{field_}.seats")
    kinds = COMPUTER_KINDS if watch else SEAT_KINDS
    seats = []
    for i, item in enumerate(seats_raw):
        where = f"{field_}.seats[{i}]"
        seat = safeio.need_table(item, source, where)
        seats.append(SeatDraft(safeio.need_text(seat.get("name"), source, f"{where}.name", NAME_LIMIT),
                               safeio.need_choice(seat.get("kind"), source, f"{where}.kind", kinds),
                               safeio.need_int(seat.get("colour"), source, f"{where}.colour", 0,
                                               len(PAWN_COLOURS) - 1)))
    seed = safeio.need_text(table.get("seed", ""), source, f"{field_}.seed", SEED_LIMIT)
    if seed and not (seed.isascii() and seed.isdigit()):
        raise UnsafeInput(source, "expected digits only", f"{field_}.seed")
    draft = SetupDraft(
        players=safeio.need_int(table.get("players"), source, f"{field_}.players", MIN_SEATS, MAX_SEATS),
        seats=seats,
        difficulty=safeio.need_choice(table.get("difficulty"), source, f"{field_}.difficulty", DIFFICULTIES),
        advanced=safeio.need_bool(table.get("advanced"), source, f"{field_}.advanced"),
        seed=seed,
        max_rounds=safeio.need_int(table.get("max_rounds"), source, f"{field_}.max_rounds", *ROUND_RANGE),
        offers_per_turn=safeio.need_int(table.get("offers_per_turn"), source, f"{field_}.offers_per_turn",
                                        *OFFER_RANGE),
    )
    draft.set_players(draft.players)  # two seats with one colour: the later one takes a free colour
    return draft


def load(folder: Path) -> tuple[dict[str, SetupDraft], str]:
    """The remembered drafts by mode (defaults for any missing), and a notice ("" when all went well).

    A file that is not a sound memory is set aside and the defaults are used."""
    drafts = {mode: SetupDraft.fresh(mode == "watch") for mode in MODES}
    path = folder / MEMORY_FILE
    if not path.exists() and not path.is_symlink():
        return drafts, ""
    source = str(path)
    try:
        raw = safeio.need_table(safeio.read_json_file(path, MEMORY_LIMIT, "setup memory"), source, "memory")
        safeio.need_int(raw.get("format"), source, "format", MEMORY_FORMAT, MEMORY_FORMAT)
        for mode in MODES:
            if mode in raw:
                drafts[mode] = draft_from(raw[mode], source, mode, mode == "watch")
    except UnsafeInput as error:
        kept = safeio.set_aside(path)
        reason = str(error).removeprefix(f"{source}: ")  # a toast is short: what was done first, then why
        return {mode: SetupDraft.fresh(mode == "watch") for mode in MODES}, \
            safeio.one_line(f"The last setup was forgotten ({kept}): {reason}")
    return drafts, ""


def save(folder: Path, drafts: dict[str, SetupDraft]) -> str:
    """Remember the drafts; a one-line notice when the disk refuses ("" when saved)."""
    body = {"format": MEMORY_FORMAT, **{mode: drafts[mode].to_dict() for mode in MODES if mode in drafts}}
    try:
        safeio.atomic_write_text(folder / MEMORY_FILE, json.dumps(body, indent=1) + "\n")
    except OSError as error:
        return safeio.one_line(f"Could not remember the setup in {folder / MEMORY_FILE}: {error.strerror or error}")
    return ""
