"""The title screen: Coinland's name over a slow shower of coins."""

from __future__ import annotations

import math
import random

import pygame

from game.client import palette as pal
from game.client.app import LOGICAL, Scene
from game.client.board_view import BoardView
from game.client.widgets import Menu


class TitleScene(Scene):
    def enter(self) -> None:
        from game.client.scenes.menus import GameSelectScene, RulesScene, SettingsScene

        items = [("Play", lambda: self.app.push(GameSelectScene())),
                 ("Rules", lambda: self.app.push(RulesScene())),
                 ("Settings", lambda: self.app.push(SettingsScene())),
                 ("Quit", self.app.pop)]
        self.menu = Menu.column(items, LOGICAL[0] // 2, 360)
        self.clock = 0.0
        rng = random.Random(3)
        self.coins = [(rng.uniform(0, LOGICAL[0]), rng.uniform(0, LOGICAL[1]), rng.uniform(30, 90)) for _ in range(24)]
        self.view = BoardView(4, pygame.Rect(0, 0, 300, 300))

    def update(self, dt: float) -> None:
        self.clock += dt

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        motion = 0.0 if self.app.store.settings.reduced_motion else self.clock
        for x, y, speed in self.coins:
            self.view.draw_coin(surface, (x, (y + motion * speed) % (LOGICAL[1] + 60) - 30), 0.5)
        bob = 0 if self.app.store.settings.reduced_motion else math.sin(self.clock * 2) * 6
        pal.blit_text(surface, "COINLAND", (LOGICAL[0] / 2, 170 + bob), 120, pal.GOLD, anchor="center")
        pal.blit_text(surface, "Hoarder & Gatekeeper  ·  Finding Satoshi", (LOGICAL[0] / 2, 255), "body",
                      pal.TEXT_DIM, anchor="center")
        self.menu.draw(surface)
        pal.blit_text(surface, "Arrows / Tab to choose, Enter to select, Esc to go back, F11 fullscreen",
                      (LOGICAL[0] / 2, LOGICAL[1] - 30), "small", pal.TEXT_DIM, anchor="center")
