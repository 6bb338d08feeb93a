"""The Finding Satoshi table setup: 2 to 6 seats (a person or a computer strength, a name, a pawn
colour), the difficulty, the advanced rules, the house rules (round limit, offers per turn) and an
optional seed. In watch mode the same screen sets up a table of computers, with the animation speed.

The choices are a mutable draft (`SetupDraft`, setup_memory.py) remembered in the user's data
folder, so "New game" and "Watch the computers" open on the last table, also after a restart.
Whether the draft can start a game is asked of `TableSetup.problems()`, the session's own check:
the reason is shown on screen, never raised.
"""

from __future__ import annotations

import re

import pygame

from game.bitcoin.data import load_data
from game.bitcoin.state import DIFFICULTIES
from game.client import palette as pal
from game.client import text
from game.client.satoshi import setup_memory
from game.client.satoshi.session import (
    COMPUTER_KINDS,
    HUMAN,
    MAX_SEATS,
    MIN_SEATS,
    NAME_LIMIT,
    PAWN_COLOURS,
    SEAT_KINDS,
    TableSession,
)
from game.client.satoshi.setup_memory import SEED_LIMIT, SeatDraft, SetupDraft
from game.client.scenes import LOGICAL, MenuScene, draw_heading, footer
from game.client.settings import SPEED_NAMES
from game.client.text_field import TextField
from game.client.widgets import Button, Choice, Toggle, Widget, panel

__all__ = ["SeatDraft", "SetupDraft", "TableSetupScene"]
ROUND_CHOICES = (20, 30, 40, 60, 80, 100)
OFFER_CHOICES = (0, 1, 2, 3, 5, 10)
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


class Field(TextField):
    """A text field that a click only focuses (Enter still starts the game). The screen opens on
    Start, not in a field: a group that opens it and presses Enter plays the table it sees (in the
    seed box, typing a name went nowhere and digits started someone else's table)."""

    first = False

    def click(self, pos: tuple[float, float]) -> None:
        pass


SEED_LABEL_W = 110  # "Seed" inside its row, where the other options have their names


class SeedField(Field):
    """The seed as a row like its neighbours: "Seed" inside on the left, the digits in a box on the
    right. Its label and its focus ring stay inside its own row (a label above the box was
    squeezed against the Difficulty row, and the ring covered it)."""

    def __init__(self, row: pygame.Rect, submit, value: str, limit: int) -> None:
        self.row = pygame.Rect(row)
        box = pygame.Rect(row.left + SEED_LABEL_W, row.top + 4, row.width - SEED_LABEL_W - 6, row.height - 8)
        super().__init__("", box, submit, value, limit, placeholder="empty: a new table each game")

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        panel(surface, self.row, pal.PANEL_LIGHT if hovered or focused else pal.PANEL, border=pal.PANEL_EDGE)
        text.blit(surface, "Seed", (self.row.left + 22, self.row.centery), "body", pal.GOLD if focused else pal.TEXT,
                  anchor="midleft")
        super().draw(surface, focused, hovered)


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


def rounds_label(rounds: int) -> str:
    return f"{rounds} rounds" + (" (default)" if rounds == setup_memory.RULES.max_rounds else "")


def offers_label(offers: int) -> str:
    name = "none" if offers == 0 else str(offers)
    return name + (" (default)" if offers == setup_memory.RULES.offers_per_turn else "")


class TableSetupScene(MenuScene):
    top = 112
    row_height, row_gap = 46, 6
    option_height, option_step = 42, 58
    seats_top = 352

    def __init__(self, watch: bool = False) -> None:
        self.watch = watch
        self.heading = "Watch the computers" if watch else "New game of Finding Satoshi"
        self.mode = "watch" if watch else "play"
        self.drafts: dict[str, SetupDraft] = {}
        self.draft = SetupDraft.fresh(watch)
        self.problem = ""
        self.fields: list[TextField] = []

    def build(self) -> list[Widget]:
        d = self.draft
        half, left, right = 540, 80, LOGICAL[0] - 80 - 540

        def at(column: int, row: int) -> pygame.Rect:
            return pygame.Rect(left if column == 0 else right, self.top + row * self.option_step, half,
                               self.option_height)

        players = [(n, f"{n} players") for n in range(MIN_SEATS, MAX_SEATS + 1)]
        difficulties = [(key, DIFFICULTY_NAMES.get(key, key)) for key in DIFFICULTIES]
        rounds = sorted({*ROUND_CHOICES, d.max_rounds})
        offers = sorted({*OFFER_CHOICES, d.offers_per_turn})
        self.seed_field = SeedField(at(1, 1), self.start, d.seed, SEED_LIMIT)
        widgets: list[Widget] = [
            Choice("Players", players, lambda: d.players, self._players, at(0, 0)),
            Choice("Difficulty", difficulties, lambda: d.difficulty, self._difficulty, at(1, 0)),
            Toggle("Advanced rules: inflation, savings", lambda: d.advanced, self._advanced, at(0, 1)),
            self.seed_field,
            Choice("Round limit", [(n, rounds_label(n)) for n in rounds], lambda: d.max_rounds,
                   lambda v: setattr(d, "max_rounds", v), at(0, 2),
                   hint="Not in the printed rules: no game can stall forever"),
            Choice("Offers per turn", [(n, offers_label(n)) for n in offers], lambda: d.offers_per_turn,
                   lambda v: setattr(d, "offers_per_turn", v), at(1, 2),
                   hint="Not in the printed rules: proposals of gifts or trades a player may make in one turn"),
        ]
        if not self.watch:
            widgets.append(Toggle("Phones as hands", lambda: d.phones, lambda v: setattr(d, "phones", v), at(0, 3),
                                  hint="Each person sees her role and decides on her own phone: the game opens a "
                                       "small server on this network for this game only (docs/PHONES.md)"))
        if self.watch:
            settings = self.app.store.settings
            speeds = [(name, name.capitalize()) for name in SPEED_NAMES]
            widgets.append(Choice("Animation speed", speeds, lambda: settings.animation_speed, self._speed,
                                  at(0, 3)))
        self.fields = [self.seed_field]
        for index in range(d.players):
            widgets += self._seat_row(index)
        buttons_top = self.seats_top + MAX_SEATS * (self.row_height + self.row_gap) + 6
        start = "Watch" if self.watch else "Start"
        widgets += [Button(start, self.start, pygame.Rect(LOGICAL[0] // 2 - 250, buttons_top, 240, 48), primary=True),
                    Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 10, buttons_top, 240, 48))]
        return widgets

    def _seat_row(self, index: int) -> list[Widget]:
        seat = self.draft.seats[index]
        top = self.seats_top + index * (self.row_height + self.row_gap)
        name = Field("", pygame.Rect(190, top + 3, 300, self.row_height - 6), self.start, seat.name, NAME_LIMIT,
                     placeholder="a name")
        self.fields.append(name)
        kinds = [(kind, kind_name(kind)) for kind in (COMPUTER_KINDS if self.watch else SEAT_KINDS)]
        return [name,
                Choice("", kinds, lambda: seat.kind, lambda v: self._kind(index, v),
                       pygame.Rect(510, top, 400, self.row_height)),
                ColourChoice(self.draft, index, pygame.Rect(930, top, 270, self.row_height))]

    def submit(self):
        """Enter on any choice starts, as the footer says (Left/Right change it)."""
        return self.start

    # --- changes -----------------------------------------------------------------------
    def _players(self, players: int) -> None:
        self._keep_typing()
        self.draft.set_players(players)
        self.rebuild()

    def _difficulty(self, value: str) -> None:
        self.draft.difficulty = value

    def _advanced(self, value: bool) -> None:
        self.draft.advanced = value

    def _kind(self, index: int, kind: str) -> None:
        """A seat's person or computer; a second person may rename a "You" (SetupDraft.name_people)."""
        self._keep_typing()
        self.draft.set_kind(index, kind)
        for seat, field_ in zip(self.draft.seats, self.fields[1:], strict=False):
            if field_.value != seat.name:
                field_.value = seat.name

    def _speed(self, name: str) -> None:
        self.app.store.settings.animation_speed = name

    def _keep_typing(self) -> None:
        """Copy what the text fields hold into the draft (before a rebuild makes new fields)."""
        if not self.fields:
            return
        self.draft.seed = self.seed_field.value
        for index, name in enumerate(self.fields[1:]):
            self.draft.seats[index].name = name.value

    def enter(self) -> None:
        self.drafts, notice = setup_memory.load(self.app.store.folder)
        if notice:
            self.app.toast(notice, 8.0)
        self.draft = self.drafts[self.mode]
        self.draft.name_people()
        super().enter()
        pygame.key.start_text_input()

    def exit(self) -> None:
        self._keep_typing()
        self._remember()
        pygame.key.stop_text_input()

    def _remember(self) -> None:
        self.drafts[self.mode] = self.draft
        notice = setup_memory.save(self.app.store.folder, self.drafts)
        if notice:
            self.app.notice_once("satoshi-setup-memory", notice)
        if self.watch:
            self.app.store.save()  # the animation speed is a setting

    def start(self) -> None:
        self._keep_typing()
        problems = self.draft.problems()
        if problems:
            self.problem = "Cannot start yet: " + "; ".join(friendly(p) for p in problems)
            self.app.audio.play("invalid")
            return
        setup = self.draft.table_setup()
        if not self.watch:
            # a seed deals the same role cards again, and the table remembers who held Satoshi:
            # it plays once, and the next game opens on a fresh table (type it again to replay)
            self.draft.seed = self.seed_field.value = ""
        self._remember()
        session = TableSession.start(setup)
        # a table of computers only is watched: nothing to save, nobody to hand the device to
        self.app.switch("satoshi.table", session, watch=self.watch or not session.humans)

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
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            return False  # one-line fields: Up / Down / Tab move to the next choice
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
        text.blit(surface, difficulty_note(self.draft.difficulty), (LOGICAL[0] / 2, 92), "small",
                  pal.TEXT_DIM, anchor="center")
        header_y = self.seats_top - 12
        who = "Computer strength" if self.watch else "Human or computer"
        for label, x in (("Seat", 80), ("Name", 194), (who, 514), ("Pawn colour", 934)):
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
                text.blit(surface, line, (LOGICAL[0] / 2, 734 + index * 20), "small", pal.BAD, anchor="center")
        elif not self.watch:
            note = ("The round limit and offers per turn are house rules, not in the printed rules: "
                    "the rules pages say why.")
            text.blit(surface, note, (LOGICAL[0] / 2, 740), "small", pal.TEXT_DIM, anchor="center")
        footer(surface, "Tab / Up / Down move  ·  Left / Right change  ·  type a name  ·  Enter starts  ·  Esc back")
