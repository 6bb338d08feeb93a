"""Recent games: every kept record, newest first, and any exported record file opened by path.

The folder is read in a Worker: each record is read through safeio, validated and replayed
through its rules, and the list shows the ones that fail as unreadable, with the reason,
instead of hiding them (or crashing on them). A file dropped on the window opens too.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import palette as pal
from game.client import text
from game.client.review.common import nice_date
from game.client.review.keep import folder_of
from game.client.scenes import LOGICAL, MenuScene, draw_heading, footer
from game.client.text_field import TextField
from game.client.widgets import Button, Widget, panel
from game.client.worker import Worker
from game.records import Entry, Record, RecordError, load, recent
from game.safeio import one_line, show_name
from game.wording import listing, plural

LIST = pygame.Rect(110, 150, 1060, 500)
ROW = 50
KIND_NAMES = {"puzzle": "Puzzle", "classic": "Classic", "duel": "Duel", "satoshi": "Finding Satoshi"}


def summary(record: Record) -> str:
    """One line: what was played and how it ended."""
    result, names = record.result, list(record.players)
    if record.kind == "puzzle":
        name = str(record.setup.get("level", {}).get("name", "a level"))
        par = record.setup.get("level", {}).get("par")
        kept = plural(int(result.get("score", 0)), "coin")
        return f"{name}: {kept}" + (f" (par {par})" if par is not None else "")
    if record.kind in ("classic", "duel"):
        scores = result.get("hoarder_scores" if record.kind == "classic" else "purses", [0, 0])
        names += ["Seat 1", "Seat 2"][len(names):]
        return f"{names[0]} {scores[0]} - {scores[1]} {names[1]}"
    winners = [names[w] for w in result.get("winners", []) if 0 <= w < len(names)]
    if len(names) > 1 and sorted(winners) == sorted(names):
        won = "everybody won"  # not the names twice over
    else:
        won = f"{listing(winners)} won" if winners else "no winner"
    return f"{listing(names)}: {won} at ${result.get('price', '?')}"


def entry_line(entry: Entry) -> tuple[str, str]:
    """(left, right) text of a row."""
    if entry.record is None:
        problem = entry.problem.removeprefix(f"{show_name(entry.path)}: ")
        return f"Unreadable: {show_name(entry.path.name, 60)}", problem
    record = entry.record
    kind = KIND_NAMES.get(record.kind, record.kind) + (" (watched)" if record.watched else "")
    return f"{kind}  ·  {nice_date(record.date)}", summary(record)


class RecentGamesScene(MenuScene):
    """The list; Enter (or a click) opens a review; O opens a file by path."""

    heading = "Recent games"

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.entries: list[Entry] = []
        self.selected = 0
        self.scroll = 0
        self.worker: Worker | None = None
        self.loading = True

    def build(self) -> list[Widget]:
        y = LOGICAL[1] - 104
        return [Button("Open review", self.open_selected, pygame.Rect(LOGICAL[0] // 2 - 400, y, 250, 50),
                       primary=True),
                Button("Open a file", self.open_file, pygame.Rect(LOGICAL[0] // 2 - 125, y, 250, 50)),
                Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 150, y, 250, 50))]

    def enter(self) -> None:
        super().enter()
        if self.folder is None:
            self.folder = folder_of(self.app)
        self.reload()

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    def reload(self) -> None:
        self.loading = True
        self.worker = Worker(recent, self.folder, True, name="coinland-records")

    def looks(self) -> object:
        return super().looks(), self.loading, len(self.entries)

    def update(self, dt: float) -> None:
        worker = self.worker
        if worker is None or not worker.done:
            return
        self.worker, self.loading = None, False
        if worker.error is not None:
            self.app.toast(one_line(f"Could not read {self.folder}: {worker.error}"))
            return
        self.entries = list(worker.result)
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    # --- opening ---------------------------------------------------------------------------
    def open_selected(self) -> None:
        if not self.entries:
            self.app.audio.play("invalid")
            return
        entry = self.entries[self.selected]
        if entry.record is None:
            self.app.audio.play("invalid")
            self.app.toast(one_line(f"This record cannot be shown: {entry.problem}"))
            return
        self.open_record(entry.record)

    def open_record(self, record: Record) -> None:
        from game.client.review import review_scene

        try:
            scene = review_scene(record)
        except (RecordError, ValueError) as error:
            self.app.audio.play("invalid")
            self.app.toast(one_line(f"This record cannot be shown: {error}"))
            return
        self.app.push(scene)

    def open_path(self, path: str) -> bool:
        """Open an exported record file; a bad one is a toast naming the file and field."""
        try:
            record = load(path.strip())
        except RecordError as error:
            self.app.audio.play("invalid")
            self.app.toast(one_line(str(error)))
            return False
        self.open_record(record)
        return True

    def open_file(self) -> None:
        self.app.push(OpenFileScene(self))

    # --- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.open_path(str(event.file))
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}[event.key]
                self.select(self.selected + step)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.group.active:
                self.open_selected()
                return
            if event.key == pygame.K_o:
                self.open_file()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll_by(-1 if event.button == 4 else 1)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and LIST.collidepoint(event.pos):
            index = self.scroll + int((event.pos[1] - LIST.top) // ROW)
            if 0 <= index < len(self.entries):
                if index == self.selected:
                    self.open_selected()
                else:
                    self.select(index)
            return
        super().handle(event)

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.group.active = False
        self.selected = max(0, min(len(self.entries) - 1, index))
        rows = LIST.height // ROW
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + rows:
            self.scroll = self.selected - rows + 1

    def scroll_by(self, step: int) -> None:
        rows = LIST.height // ROW
        self.scroll = max(0, min(max(0, len(self.entries) - rows), self.scroll + step))

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        count = len(self.entries)
        unreadable = sum(1 for e in self.entries if e.record is None)
        sub = ("Reading the records…" if self.loading else
               f"{plural(count - unreadable, 'game')} to review" +
               (f", {plural(unreadable, 'record')} unreadable" if unreadable else "") + " (the last 200 are kept)")
        draw_heading(surface, self.heading, sub, y=70)
        panel(surface, LIST, pal.PANEL, radius=14, border=pal.PANEL_EDGE)
        if not self.entries and not self.loading:
            message = "No game kept yet: finish a puzzle walk or a game and it appears here."
            text.blit(surface, message, LIST.center, text.fit(message, LIST.width - 40, "body"), pal.TEXT_DIM,
                      anchor="center")
        rows = LIST.height // ROW
        for slot, entry in enumerate(self.entries[self.scroll:self.scroll + rows]):
            index = self.scroll + slot
            row = pygame.Rect(LIST.left + 8, LIST.top + 4 + slot * ROW, LIST.width - 16, ROW - 6)
            if index == self.selected:
                pygame.draw.rect(surface, pal.PANEL_LIGHT, row, border_radius=10)
                if not self.group.active:
                    pygame.draw.rect(surface, pal.FOCUS, row, 2, border_radius=10)
            left, right = entry_line(entry)
            colour = pal.BAD if entry.record is None else pal.TEXT
            text.blit(surface, left, (row.left + 14, row.centery), text.fit(left, 400, "small"), colour,
                      anchor="midleft")
            text.blit(surface, right, (row.left + 430, row.centery), text.fit(right, row.width - 444, "small", 12),
                      pal.TEXT_DIM if entry.record is None else pal.TEXT, anchor="midleft")
        if count > rows:
            text.blit(surface, f"{self.scroll + 1}-{min(count, self.scroll + rows)} of {count}",
                      (LIST.right, LIST.bottom + 8), "tiny", pal.TEXT_DIM, anchor="topright")
        self.group.draw(surface)
        footer(surface, "Up/Down choose  ·  Enter opens  ·  O opens a file (or drop one here)  ·  Esc goes back")


class OpenFileScene(MenuScene):
    """Type or paste the path of an exported record."""

    heading = "Open a game record"

    def __init__(self, owner: RecentGamesScene) -> None:
        self.owner = owner
        self.field = TextField("Record file", pygame.Rect(LOGICAL[0] // 2 - 430, 300, 860, 56), self.open,
                               placeholder="/path/to/coinland-record.json")

    def build(self) -> list[Widget]:
        return [self.field,
                Button("Open", self.open, pygame.Rect(LOGICAL[0] // 2 - 260, 420, 240, 54), primary=True),
                Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 + 20, 420, 240, 54))]

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def open(self) -> None:
        if not self.field.value.strip():
            self.app.audio.play("invalid")
            return
        path = self.field.value
        self.app.pop()
        self.owner.open_path(path)

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.focused is self.field and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.field.type(event):
                return
        if event.type == pygame.TEXTINPUT:
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_heading(surface, self.heading, "Paste the path of a record someone exported (Ctrl+V).")
        self.group.draw(surface)
        footer(surface, "Enter opens  ·  Tab to the buttons  ·  Esc goes back")


__all__ = ["OpenFileScene", "RecentGamesScene", "entry_line", "summary"]
