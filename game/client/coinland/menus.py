"""Hoarder & Gatekeeper's own menus: the mode select and the pause items of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import palette as pal
from game.client import text
from game.client.pause import PauseScene
from game.client.scenes import LOGICAL, MenuScene, Scene, footer
from game.client.widgets import Widget, column
from game.coinland.state import Mode

if TYPE_CHECKING:
    from game.client.coinland.play import PlayScene


class ModeSelectScene(MenuScene):
    heading = "Hoarder & Gatekeeper"
    subtitle = "a game by Néstor Romeral Andrés"
    top = 230

    def build(self) -> list[Widget]:
        from game.client.coinland.levels_menu import LevelSelectScene
        from game.client.coinland.rules_scene import RulesScene
        from game.client.coinland.setup import SetupScene

        items = [("Puzzle", lambda: self.app.push(LevelSelectScene())),
                 ("Classic match", lambda: self.app.push(SetupScene(Mode.CLASSIC))),
                 ("Duel", lambda: self.app.push(SetupScene(Mode.DUEL))),
                 ("How to play", lambda: self.app.push(RulesScene())),
                 ("Back", self.back)]
        return column(items, LOGICAL[0] // 2, self.top, width=400, primary_first=True)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        notes = {0: "Collect the most coins on a fixed board of gates",
                 1: "Hoarder against Gatekeeper, two games, roles swapped",
                 2: "Both hoard, both gate: the richer player wins",
                 3: "The rules, with animated examples"}
        note = notes.get(self.group.focus)
        if note:
            text.blit(surface, note, (LOGICAL[0] / 2, 610), "body", pal.TEXT_DIM, anchor="center")
        footer(surface, "Up / Down to choose  ·  Enter to open  ·  Esc to go back")


def pause_scene(play: PlayScene) -> Scene:
    from game.client.coinland.rules_scene import RulesScene
    from game.client.settings_menu import SettingsScene

    mode = play.state.mode
    items = []
    if play.puzzle:
        items.append(("Restart level", lambda: (play.app.pop(), play.restart())))
    items += [("How to play", lambda: play.app.push(RulesScene(start=mode))),
              ("Settings", lambda: play.app.push(SettingsScene())),
              ("Leave the game", lambda: (play.app.pop(), play.app.pop()))]
    note = {Mode.PUZZLE: "Puzzle", Mode.CLASSIC: "Classic match", Mode.DUEL: "Duel"}[mode]
    return PauseScene(items, note)
