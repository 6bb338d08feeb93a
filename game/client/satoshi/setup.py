"""The Finding Satoshi table setup: 2 to 6 seats (a person or a computer strength, a name, a pawn
colour), the difficulty, the advanced rules and an optional seed.

The choices are a mutable draft (`SetupDraft`) kept while the App runs, so "New game" opens on
the last table. Whether the draft can start a game is asked of `TableSetup.problems()`, the
session's own check: the reason is shown on screen, never raised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.bitcoin.data import load_data
from game.bitcoin.state import DIFFICULTIES
from game.client import palette as pal
from game.client import text
from game.client.satoshi.session import (
    DEFAULT_NAMES,
    HUMAN,
    MAX_SEATS,
    MIN_SEATS,
    PAWN_COLOURS,
    SEAT_KINDS,
    Seat,
    TableSession,
    TableSetup,
)
from game.client.scenes import LOGICAL, MenuScene, draw_heading, footer
from game.client.text_field import TextField
from game.client.widgets import Button, Choice, Toggle, Widget, panel

NAME_LIMIT = 14
SEED_LIMIT = 9
DIFFICULTY_NAMES = {"normal": "Normal", "hard": "Hard", "very_hard": "Very hard"}


def difficulty_note(key: str) -> str:
    """The winning limits this difficulty sets, read from the rules data."""
    rules = load_data().rules
    extra = rules.difficulty.get(key, 0)
    low, high = rules.fiat_below + extra, rules.everyone_at + extra
    return (f"{DIFFICULTY_NAMES.get(key, key)}: under {low}$ the most $ wins, from {low}$ the most BTC, "
            f"from {high}$ everybody wins (Satoshi too).")


def friendly(problem: str) -> str:
    """`seats[1].name: ...` as a player reads it: `Seat 2 name: ...`."""
    return re.sub(r"seats\[(\d+)\]\.(\w+)", lambda m: f"Seat {int(m.group(1)) + 1} {m.group(2)}", problem)


@dataclass
class SeatDraft:
    name: str
    kind: str
    colour: int


@dataclass
class SetupDraft:
    """What the setup screen shows: all six seats are kept, the first `players` of them sit."""

    players: int = 4
    seats: list[SeatDraft] = field(default_factory=lambda: [
        SeatDraft("You" if i == 0 else DEFAULT_NAMES[i], HUMAN if i == 0 else "normal", i) for i in range(MAX_SEATS)])
    difficulty: str = "normal"
    advanced: bool = False
    seed: str = ""

    def table_setup(self) -> TableSetup:
        seats = tuple(Seat(s.name.strip(), s.kind, s.colour) for s in self.seats[: self.players])
        return TableSetup(seats, self.difficulty, self.advanced, int(self.seed) if self.seed else None)

    def problems(self) -> list[str]:
        return self.table_setup().problems()

    def set_players(self, players: int) -> None:
        """A seat that joins the table takes a colour no sitting seat has."""
        self.players = max(MIN_SEATS, min(MAX_SEATS, players))
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


_remembered = SetupDraft()


class Field(TextField):
    """A text field that a click only focuses (Enter still starts the game)."""

    def click(self, pos: tuple[float, float]) -> None:
        pass


def kind_name(kind: str) -> str:
    return "Human" if kind == HUMAN else f"Computer: {kind}"


class ColourChoice(Choice):
    """A seat's pawn colour: a swatch and its name; Left/Right skip colours other seats have."""

    def __init__(self, draft: SetupDraft, index: int, rect: pygame.Rect) -> None:
        options = [(i, name.capitalize()) for i, (name, _) in enumerate(PAWN_COLOURS)]
        super().__init__("", options, lambda: draft.seats[index].colour, lambda v: None, rect)
        self.draft, self.seat = draft, index

    def adjust(self, step: int) -> bool:
        self.draft.cycle_colour(self.seat, step)
        return True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        super().draw(surface, focused, hovered)
        rgb = PAWN_COLOURS[self.get()][1]
        centre = (self.rect.left + 26, self.rect.centery)
        pygame.draw.circle(surface, pal.SHADOW, (centre[0] + 1, centre[1] + 2), 13)
        pygame.draw.circle(surface, rgb, centre, 13)
        pygame.draw.circle(surface, pal.TEXT_DARK, centre, 13, 2)


class TableSetupScene(MenuScene):
    heading = "New game of Finding Satoshi"
    top = 122
    row_height, row_gap = 52, 8
    seats_top = 280

    def __init__(self) -> None:
        self.draft = _remembered
        self.problem = ""
        self.fields: list[TextField] = []

    def build(self) -> list[Widget]:
        d = self.draft
        half, left, right = 540, 80, LOGICAL[0] - 80 - 540
        players = [(n, f"{n} players") for n in range(MIN_SEATS, MAX_SEATS + 1)]
        difficulties = [(key, DIFFICULTY_NAMES.get(key, key)) for key in DIFFICULTIES]
        self.seed_field = Field("Seed (empty: a new table each game)", pygame.Rect(right, self.top + 70, half, 46),
                                    self.start, d.seed, SEED_LIMIT, placeholder="random")
        widgets: list[Widget] = [
            Choice("Players", players, lambda: d.players, self._players, pygame.Rect(left, self.top, half, 46)),
            Choice("Difficulty", difficulties, lambda: d.difficulty, self._difficulty,
                   pygame.Rect(right, self.top, half, 46)),
            Toggle("Advanced rules: inflation, savings", lambda: d.advanced, self._advanced,
                   pygame.Rect(left, self.top + 70, half, 46)),
            self.seed_field,
        ]
        self.fields = [self.seed_field]
        for index in range(d.players):
            widgets += self._seat_row(index)
        buttons_top = self.seats_top + MAX_SEATS * (self.row_height + self.row_gap) + 6
        widgets += [Button("Start", self.start, pygame.Rect(LOGICAL[0] // 2 - 250, buttons_top, 240, 52), primary=True),
                    Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 10, buttons_top, 240, 52))]
        return widgets

    def _seat_row(self, index: int) -> list[Widget]:
        seat = self.draft.seats[index]
        top = self.seats_top + index * (self.row_height + self.row_gap)
        name = Field("", pygame.Rect(190, top + 4, 300, self.row_height - 8), self.start, seat.name, NAME_LIMIT,
                         placeholder="a name")
        self.fields.append(name)
        kinds = [(kind, kind_name(kind)) for kind in SEAT_KINDS]
        return [name,
                Choice("", kinds, lambda: seat.kind, lambda v: setattr(seat, "kind", v),
                       pygame.Rect(510, top, 400, self.row_height)),
                ColourChoice(self.draft, index, pygame.Rect(930, top, 270, self.row_height))]

    # --- changes -----------------------------------------------------------------------
    def _players(self, players: int) -> None:
        self._keep_typing()
        self.draft.set_players(players)
        self.rebuild()

    def _difficulty(self, value: str) -> None:
        self.draft.difficulty = value

    def _advanced(self, value: bool) -> None:
        self.draft.advanced = value

    def _keep_typing(self) -> None:
        """Copy what the text fields hold into the draft (before a rebuild makes new fields)."""
        if not self.fields:
            return
        self.draft.seed = self.seed_field.value
        for index, name in enumerate(self.fields[1:]):
            self.draft.seats[index].name = name.value

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()

    def exit(self) -> None:
        self._keep_typing()
        pygame.key.stop_text_input()

    def start(self) -> None:
        self._keep_typing()
        problems = self.draft.problems()
        if problems:
            self.problem = "Cannot start yet: " + "; ".join(friendly(p) for p in problems)
            self.app.audio.play("invalid")
            return
        from game.client.satoshi.menu import table_scene

        session = TableSession.start(self.draft.table_setup())
        # a table of computers only is watched: nothing to save, nobody to hand the device to
        self.app.replace(table_scene(session, watch=not session.humans))

    # --- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        focused = self.group.focused
        typing = isinstance(focused, TextField) and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if typing and self._type(focused, event):  # type: ignore[arg-type]
            return
        if event.type == pygame.TEXTINPUT:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and isinstance(focused, TextField):
            return
        super().handle(event)

    def _type(self, field_: TextField, event: pygame.event.Event) -> bool:
        """Typing into a name or the seed; the seed takes digits only. True when the key was used."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if field_ is self.seed_field and event.type == pygame.TEXTINPUT:
            digits = "".join(ch for ch in event.text if ch.isdigit())
            if not digits:
                self.app.audio.play("invalid")
                return True
            event = pygame.event.Event(pygame.TEXTINPUT, text=digits)
        used = field_.type(event)
        if used:
            self.problem = ""
            self._keep_typing()
        return used

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_heading(surface, self.heading, "", y=50)
        text.blit(surface, difficulty_note(self.draft.difficulty), (LOGICAL[0] / 2, 96), "small",
                  pal.TEXT_DIM, anchor="center")
        header_y = self.seats_top - 14
        for label, x in (("Seat", 80), ("Name", 194), ("Human or computer", 514), ("Pawn colour", 934)):
            text.blit(surface, label, (x, header_y), "small", pal.TEXT_DIM, anchor="midleft")
        for index in range(MAX_SEATS):
            top = self.seats_top + index * (self.row_height + self.row_gap)
            badge = pygame.Rect(80, top, 96, self.row_height)
            sitting = index < self.draft.players
            panel(surface, badge, pal.PANEL if sitting else pal.SUNKEN, radius=10)
            ink = pal.TEXT if sitting else pal.mix(pal.TEXT_DIM, pal.BACKGROUND, 0.5)
            text.blit(surface, f"Seat {index + 1}", badge.center, "body", ink, anchor="center")
            if not sitting:
                text.blit(surface, "empty chair", (194, badge.centery), "small", ink, anchor="midleft")
        self.group.draw(surface)
        if self.problem:
            for index, line in enumerate(text.wrap(self.problem, 1100, "small")[:2]):
                text.blit(surface, line, (LOGICAL[0] / 2, 718 + index * 22), "small", pal.BAD, anchor="center")
        footer(surface, "Tab / Up / Down move  ·  Left / Right change  ·  type a name  ·  Enter starts  ·  Esc back")
