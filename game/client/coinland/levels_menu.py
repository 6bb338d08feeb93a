"""Puzzle level select: packs as tabs, each level's name, size, par, your best and its stars."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.hud_panels import star
from game.client.coinland.packs import MY_LEVELS, Pack, load_packs, user_levels
from game.client.coinland.rating import MAX_STARS, level_key
from game.client.coinland.sessions import PuzzleSession
from game.client.coinland.unlocks import (
    PackLock,
    level_stars,
    next_in_campaign,
    open_names,
    pack_locks,
    pack_progress,
)
from game.client.focus import FocusGroup
from game.client.scenes import LOGICAL, MenuScene, Scene, draw_heading, footer
from game.client.widgets import Button, Widget, focus_ring, panel
from game.coinland.levels import Level
from game.wording import plural

ROWS = 7
ROW_TOP, ROW_HEIGHT, ROW_GAP = 236, 54, 8
LIST_LEFT, LIST_WIDTH = 190, 900
COLUMNS = {"number": LIST_LEFT + 34, "name": LIST_LEFT + 74, "size": LIST_LEFT + 560, "par": LIST_LEFT + 650,
           "best": LIST_LEFT + 730, "stars": LIST_LEFT + 810}


class LevelRow(Button):
    """One level: number, name, size, par, your best and its stars."""

    def __init__(self, scene: LevelSelectScene, index: int, level: Level, rect: pygame.Rect) -> None:
        super().__init__(level.name, lambda: scene.play(index), rect)
        self.scene, self.index, self.level = scene, index, level

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        live = focused or hovered
        panel(surface, self.rect, pal.PANEL_LIGHT if live else pal.PANEL, radius=10, border=pal.PANEL_EDGE)
        y = self.rect.centery
        store = self.scene.app.store
        best = store.best(level_key(self.level))
        helped = store.helped(level_key(self.level))  # help lasts: the level keeps the stars it had
        text.blit(surface, str(self.index + 1), (COLUMNS["number"], y), "body", pal.TEXT_DIM, anchor="center")
        text.blit(surface, self.level.name, (COLUMNS["name"], y), text.fit(self.level.name, 380 if helped else 460,
                                                                            "body"), anchor="midleft")
        if helped:
            text.blit(surface, "helped", (COLUMNS["size"] - 40, y), "small", pal.TEXT_DIM, anchor="midright")
        text.blit(surface, str(self.level.size), (COLUMNS["size"], y), "body", pal.TEXT_DIM, anchor="center")
        text.blit(surface, "?" if self.level.par is None else str(self.level.par), (COLUMNS["par"], y), "body",
                  pal.GOLD, anchor="center")
        text.blit(surface, "-" if best is None else str(best), (COLUMNS["best"], y), "body", anchor="center")
        earned = level_stars(self.level, best)
        for k in range(MAX_STARS):
            star(surface, (COLUMNS["stars"] + k * 30, y), 12, k < earned)
        if focused:
            focus_ring(surface, self.rect, 10)


class LevelSelectScene(MenuScene):
    heading = "Puzzles"

    def __init__(self) -> None:
        self.pack_index = 0
        self.first = 0

    def enter(self) -> None:
        self.packs, problems = load_packs(user_folder=user_levels(self.app.store))
        if not any(pack.name == MY_LEVELS for pack in self.packs):
            self.packs.append(Pack(MY_LEVELS, ()))  # always a tab, so players find where their levels go
        store = self.app.store
        self.locks = pack_locks(self.packs, store.best, store.opened)
        store.note_opened(open_names(self.packs, self.locks))  # the rule opened them: recorded, they stay open
        self.pack_index = min(self.pack_index, max(0, len(self.packs) - 1))
        for problem in problems[:3]:
            self.app.notice_once(f"level:{problem.file}", f"Skipped a broken level: {problem}")
        if len(problems) > 3:
            self.app.notice_once("level:more", f"... and {plural(len(problems) - 3, 'more broken level file')}")
        self.group = FocusGroup(self.build(), feedback=self.app.audio.play)
        self._focus_first_row()

    def resume(self, result: object) -> None:
        """Back from a level or the editor: progress may have opened a pack, or a level been saved.
        After Next led into another pack, the list shows that pack with the last level played."""
        focus = self.group.focus
        self.enter()
        self.group.focus = min(focus, len(self.group.widgets) - 1)
        names = [pack.name for pack in self.packs]
        if isinstance(result, tuple) and len(result) == 3 and result[0] == "played" and result[1] in names:
            self.pack_index = names.index(result[1])
            self.first = max(0, min(self.first, result[2]), result[2] - ROWS + 1)
            self.group = FocusGroup(self.build(), feedback=self.app.audio.play)
            for i, widget in enumerate(self.group.widgets):
                if isinstance(widget, LevelRow) and widget.index == result[2]:
                    self.group.focus = i

    @property
    def pack(self) -> Pack | None:
        return self.packs[self.pack_index] if self.packs else None

    @property
    def lock(self) -> PackLock:
        return self.locks[self.pack_index] if self.packs else PackLock(True)

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        tab_width = min(200, (LOGICAL[0] - 100) // max(1, len(self.packs)) - 12)
        left = LOGICAL[0] // 2 - (len(self.packs) * (tab_width + 12) - 12) // 2
        for index, pack in enumerate(self.packs):
            rect = pygame.Rect(left + index * (tab_width + 12), 150, tab_width, 44)
            label = f"{pack.name} ({len(pack.levels)})" if self.locks[index].open else f"{pack.name} (locked)"
            tab = Button(label, self._select_pack(index), rect, size="small", current=index == self.pack_index)
            widgets.append(tab)
        self.tab_count = len(widgets)
        if self.pack is not None and self.lock.open:
            for offset, level in enumerate(self.pack.levels[self.first:self.first + ROWS]):
                index = self.first + offset
                rect = pygame.Rect(LIST_LEFT, ROW_TOP + offset * (ROW_HEIGHT + ROW_GAP), LIST_WIDTH, ROW_HEIGHT)
                widgets.append(LevelRow(self, index, level, rect))
        extras = [("Puzzle of the day", self.daily), ("Endless", self.endless), ("Enter code", self.shared),
                  ("Level editor", self.editor), ("Back", self.back)]
        width, gap = 200, 14
        left = LOGICAL[0] // 2 - (len(extras) * (width + gap) - gap) // 2
        for index, (label, action) in enumerate(extras):
            widgets.append(Button(label, action, pygame.Rect(left + index * (width + gap), 690, width, 50),
                                  size="small"))
        return widgets

    def daily(self) -> None:
        from game.client.coinland.extra_puzzles import daily_scene

        self.app.push(daily_scene())

    def endless(self) -> None:
        from game.client.coinland.extra_puzzles import EndlessScene

        self.app.push(EndlessScene())

    def shared(self) -> None:
        from game.client.coinland.extra_puzzles import CodeScene

        self.app.push(CodeScene(on_import=self.import_level))

    def editor(self, level: Level | None = None) -> None:
        from game.client.coinland.editor import EditorScene

        self.app.push(EditorScene(level))

    def level_actions(self, index: int) -> None:
        from game.client.coinland.level_actions import LevelActionsScene

        assert self.pack is not None
        level = self.pack.levels[index]
        self.app.push(LevelActionsScene(level, lambda: self.play(index), lambda: self.share(level),
                                        lambda: self.editor(level), self.pack.name == MY_LEVELS))

    def share(self, level: Level) -> None:
        from game.client.coinland.share_dialog import ShareScene

        self.app.push(ShareScene(level))

    def import_level(self, level: Level) -> None:
        """Copy a shared level into My levels (its par proved there when saved from the editor)."""
        from game.client.coinland.editor import EditorScene

        self.app.pop()
        self.app.push(EditorScene(level))
        self.app.toast("Imported into the editor: check it, then Save to add it to My levels.")

    def _select_pack(self, index: int):
        def select() -> None:
            self.pack_index, self.first = index, 0
            self.group = FocusGroup(self.build(), feedback=self.app.audio.play)
            self._focus_first_row()
        return select

    def _focus_first_row(self) -> None:
        """The first level of the pack on show; a locked or empty pack has none, so its own tab
        keeps the focus (never another tab: one tab looks chosen)."""
        rows = [i for i, w in enumerate(self.group.widgets) if isinstance(w, LevelRow)]
        self.group.focus = rows[0] if rows else min(self.pack_index, self.tab_count - 1)

    def _rows_focus(self) -> int | None:
        widget = self.group.focused
        return widget.index if isinstance(widget, LevelRow) else None

    def scroll(self, step: int) -> None:
        """Move the focus `step` levels, scrolling the list to keep it in view."""
        if self.pack is None:
            return
        current = self._rows_focus()
        target = max(0, min(len(self.pack.levels) - 1, (current if current is not None else -1) + step))
        self.first = max(0, min(target, max(self.first, target - ROWS + 1)))
        self.group = FocusGroup(self.build(), feedback=self.app.audio.play)
        for i, widget in enumerate(self.group.widgets):
            if isinstance(widget, LevelRow) and widget.index == target:
                self.group.focus = i

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            index = self._rows_focus()
            if event.key == pygame.K_e and index is not None and self.pack:
                self.editor(self.pack.levels[index])
                return
            if event.key == pygame.K_c and index is not None and self.pack:
                self.share(self.pack.levels[index])
                return
            if self.group.focus < self.tab_count and event.key in (pygame.K_DOWN, pygame.K_UP):
                if event.key == pygame.K_DOWN:
                    self.group.focus = self.tab_count  # the first row (or Back when the pack is empty)
                else:
                    self.group.focus = len(self.group.widgets) - 1
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.packs) > 1:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self._select_pack((self.pack_index + step) % len(self.packs))()
                return
            if index is not None and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: ROWS, pygame.K_PAGEUP: -ROWS}[event.key]
                if event.key == pygame.K_UP and index == 0:
                    self.group.focus = self.pack_index
                    return
                if event.key == pygame.K_DOWN and self.pack and index == len(self.pack.levels) - 1:
                    self.group.focus = len(self.group.widgets) - 1
                    return
                self.scroll(step)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            row = self.group.at(event.pos)
            widget = self.group.widgets[row] if row is not None else None
            if isinstance(widget, LevelRow):
                self.group.focus = row
                self.level_actions(widget.index)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        super().handle(event)

    def still(self) -> bool:
        """Nothing here animates: the picture changes only with input (see Scene.still)."""
        return True

    def play(self, index: int) -> None:
        assert self.pack is not None
        self.app.push(level_scene(self.pack, index, self.packs))

    def draw(self, surface: pygame.Surface) -> None:
        draw_heading(surface, self.heading, y=84)
        listed = self.pack is not None and bool(self.pack.levels) and self.lock.open
        for name, x in COLUMNS.items() if listed else ():
            if name in ("number",):
                continue
            label = {"name": "level", "stars": "rating"}.get(name, name)
            anchor = "midleft" if name == "name" else "center"
            x = x + 30 if name == "stars" else x
            text.blit(surface, label, (x, ROW_TOP - 16), "small", pal.TEXT_DIM, anchor=anchor)
        if not self.packs:
            text.blit(surface, "No puzzle levels found in levels/.", (LOGICAL[0] / 2, 360), "body", anchor="center")
        elif self.pack is not None and not self.pack.levels:
            text.blit(surface, "No levels of your own yet", (LOGICAL[0] / 2, 380), "heading", pal.TEXT_DIM,
                      anchor="center")
            text.blit(surface, "Make one in the Level editor, or add a friend's with Enter code.",
                      (LOGICAL[0] / 2, 430), "body", anchor="center")
        elif not self.lock.open:
            text.blit(surface, f"{self.pack.name if self.pack else ''} is locked", (LOGICAL[0] / 2, 380), "heading",
                      pal.TEXT_DIM, anchor="center")
            text.blit(surface, self.lock.reason, (LOGICAL[0] / 2, 430), "body", anchor="center")
        self.group.draw(surface)
        if listed and self.pack is not None and len(self.pack.levels) > ROWS:
            shown = f"{self.first + 1}-{min(len(self.pack.levels), self.first + ROWS)} of {len(self.pack.levels)}"
            text.blit(surface, shown, (LIST_LEFT + LIST_WIDTH, 676), "small", pal.TEXT_DIM, anchor="midright")
        store = self.app.store
        progress = pack_progress(self.packs, self.pack, store.best, store.opened) if listed and self.pack else ""
        if progress:
            size = text.fit(progress, LIST_WIDTH - 140, "small")
            text.blit(surface, progress, (LIST_LEFT, 676), size, pal.GOLD_LIGHT, anchor="midleft")
        footer(surface, "Up / Down choose  ·  Left / Right pack  ·  Enter plays  ·  C share code  ·  E edit  ·  "
                        "right click: more  ·  Esc back")


def level_scene(pack: Pack, index: int, packs: Sequence[Pack] | None = None) -> Scene:
    """The play scene for level `index` of `pack`, knowing the campaign around it: which
    level Next leads to (decided when the walk ends, as it may just have opened a pack)
    and which packs a finished walk may open."""
    from game.client.coinland.play import PlayScene

    campaign = list(packs) if packs else [pack]
    level = pack.levels[index]
    session = PuzzleSession(level=level, key=level_key(level))
    play = PlayScene(session, f"{pack.name} {index + 1}: {level.name}")
    play.packs = campaign

    def next_level() -> Scene | None:
        where = next_in_campaign(campaign, pack, index, play.app.store.best, play.app.store.opened)
        return None if where is None else level_scene(where[0], where[1], campaign)

    play.next_level = next_level
    play.position = (pack.name, index)
    play.result = ("played", pack.name, index)
    return play
