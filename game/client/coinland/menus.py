"""Hoarder & Gatekeeper's own menus: the mode select and the pause items of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland import match_save
from game.client.coinland.dialog import Dialog
from game.client.coinland.match_save import NAMES, resume_scene, saved_modes, worth_saving
from game.client.pause import PauseScene
from game.client.scenes import LOGICAL, MenuScene, Scene, footer
from game.client.widgets import Widget, column
from game.coinland.state import Mode

if TYPE_CHECKING:
    from game.client.coinland.play_core import PlayCore


class ModeSelectScene(MenuScene):
    refocus_first = True  # Resume entries come and go
    heading = "Hoarder & Gatekeeper"
    subtitle = "a game by Néstor Romeral Andrés"
    top = 230

    def build(self) -> list[Widget]:
        self.resumable = saved_modes(self.app.store.folder)
        items = [(f"Resume {NAMES[mode].lower()}", self._resumer(mode)) for mode in self.resumable]
        items += [("Puzzle", lambda: self.app.open("coinland.levels")),
                  ("Classic match", lambda: self.app.open("coinland.setup", Mode.CLASSIC)),
                  ("Duel", lambda: self.app.open("coinland.setup", Mode.DUEL)),
                  ("How to play", lambda: self.app.open("coinland.rules")),
                  ("Back", self.back)]
        top = self.top - 34 * len(self.resumable)
        return column(items, LOGICAL[0] // 2, top, width=400, height=50 if self.resumable else 54,
                      primary_first=True)

    def _resumer(self, mode: Mode):
        def resume_match() -> None:
            scene = resume_scene(self.app, mode)
            if scene is None:
                self.rebuild()
            else:
                self.app.push(scene)
        return resume_match

    def resume(self, result: object) -> None:
        """Back on the menu: a match may have been saved, finished or abandoned meanwhile."""
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        notes = {0: "Collect the most coins on a fixed board of gates",
                 1: "Hoarder against Gatekeeper, two games, roles swapped",
                 2: "Both hoard, both gate: the richer player wins",
                 3: "The rules, with animated examples"}
        shift = len(getattr(self, "resumable", []))
        note = ("Carry on where you left off" if self.group.focus < shift
                else notes.get(self.group.focus - shift))
        if note:
            text.blit(surface, note, (LOGICAL[0] / 2, 610), "body", pal.TEXT_DIM, anchor="center")
        footer(surface, "Up / Down to choose  ·  Enter to open  ·  Esc to go back")


def pause_scene(play: PlayCore) -> Scene:
    """The pause menu over a game (opened by name, "coinland.pause", from the play scene)."""
    mode = play.state.mode
    items = []
    if play.puzzle:
        items.append(("Restart level", lambda: (play.app.pop(), play.restart())))
    items += [("How to play", lambda: play.app.open("coinland.rules", start=mode)),
              ("Settings", lambda: play.app.open("settings")),
              ("Leave the game", lambda: leave(play))]
    note = {Mode.PUZZLE: "Puzzle", Mode.CLASSIC: "Classic match", Mode.DUEL: "Duel"}[mode]
    return PauseScene(items, note)


def leave(play: PlayCore) -> None:
    """Leave from the pause menu; a match in progress asks first (keep it for Resume, or abandon it)."""
    app = play.app
    if play.puzzle or play.session.is_over or not worth_saving(play.session):
        app.pop()
        app.pop()
        return
    app.push(leave_dialog(play))


def leave_dialog(play: PlayCore) -> Scene:
    app, mode = play.app, play.state.mode
    name = NAMES[mode].lower()

    def keep() -> None:
        match_save.autosave(app, play.session)
        for _ in range(3):  # this dialog, the pause menu, the game
            app.pop()

    def abandon() -> None:
        match_save.discard(app.store.folder, mode)
        for _ in range(3):
            app.pop()

    def stay() -> None:
        app.pop()
        app.pop()

    return Dialog(f"Leave the {name}?", [
        f"The {name} is saved: Resume it later from the title or the game menu.",
        (f"Abandoning it ends the {name} for good.", pal.TEXT_DIM)],
        [("Keep playing", stay), ("Leave, resume later", keep), (f"Abandon the {name}", abandon)])
