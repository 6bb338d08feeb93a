"""The title screen: Coinland's name over a slow rain of coins."""

from __future__ import annotations

import math
import random

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.client.coinland.match_save import NAMES, resume_scene, saved_modes
from game.client.satoshi import saves as satoshi_saves
from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.widgets import Widget, column

RAIN_FLOOR = LOGICAL[1] - 52  # coins fall behind this line, above the footer's keys


class TitleScene(MenuScene):
    refocus_first = True  # Resume entries come and go
    top = 380
    frame_rate = 30  # the rain falls a pixel or two a frame: half the frames look the same and cost half

    def build(self) -> list[Widget]:
        items = [("Play", lambda: self.app.open("game_select"))]
        if satoshi_saves.has_save(self.app):
            items.append(("Resume Finding Satoshi", self.resume_satoshi))
        for mode in saved_modes(self.app.store.folder):
            items.append((f"Resume {NAMES[mode].lower()}", self._resume_match(mode)))
        items += [("Settings", lambda: self.app.open("settings")),
                  ("Recent games", self.recent_games),
                  ("Quit", self.app.pop)]
        top = self.top - 34 * max(0, len(items) - 4)  # resume entries move the column up, clear of the footer
        return column(items, LOGICAL[0] // 2, top, primary_first=True)

    def recent_games(self) -> None:
        self.app.open("recent_games")

    def resume(self, result: object) -> None:
        """Back on the title: a Finding Satoshi save may have appeared or gone."""
        self.rebuild()

    def _resume_match(self, mode):
        """Open a saved Hoarder & Gatekeeper match; a damaged save is set aside (toast) and its button goes."""
        def resume_match() -> None:
            scene = resume_scene(self.app, mode)
            if scene is None:
                self.rebuild()
            else:
                self.app.push(scene)
        return resume_match

    def resume_satoshi(self) -> None:
        """Open the saved Finding Satoshi table directly; a corrupt save is set aside (toast) and the button goes."""
        session = satoshi_saves.resume(self.app)
        if session is None:
            self.rebuild()
        else:
            self.app.open("satoshi.table", session)

    def enter(self) -> None:
        super().enter()
        self.clock = 0.0
        rng = random.Random(3)
        self.coins = [(rng.uniform(0, LOGICAL[0]), rng.uniform(0, LOGICAL[1]), rng.uniform(25, 70),
                       rng.uniform(9, 22), rng.uniform(0, 6)) for _ in range(28)]

    def back(self) -> None:
        """Esc on the title first moves the focus to Quit; Esc again (or Enter) quits."""
        quit_index = len(self.group.widgets) - 1
        if self.group.focus == quit_index:
            self.app.pop()
        else:
            self.group.focus = quit_index

    def update(self, dt: float) -> None:
        self.clock += dt

    def still(self) -> bool:
        """With reduced motion nothing moves here, so the App may stop redrawing until input."""
        return self.app.reduced_motion

    def draw(self, surface: pygame.Surface) -> None:
        motion = 0.0 if self.app.reduced_motion else self.clock
        surface.set_clip(pygame.Rect(0, 0, LOGICAL[0], RAIN_FLOOR))  # the footer's line stays clear of coins
        for x, y, speed, radius, phase in self.coins:
            spin = math.cos(motion * 1.5 + phase)
            draw_coin(surface, (x, (y + motion * speed) % (RAIN_FLOOR + 80) - 40), radius, squash=max(0.2, abs(spin)),
                      shadow=False)
        surface.set_clip(None)
        bob = 0 if self.app.reduced_motion else math.sin(self.clock * 2) * 6
        glow = pygame.Rect(0, 0, 760, 170)
        glow.center = (LOGICAL[0] // 2, 200)
        plate = pygame.Surface(glow.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*pal.BACKGROUND, 255), plate.get_rect(), border_radius=40)  # coins pass behind it
        surface.blit(plate, glow)
        text.blit(surface, "COINLAND", (LOGICAL[0] / 2, 180 + bob), "huge", pal.GOLD, anchor="center", shadow=True)
        text.blit(surface, "Hoarder & Gatekeeper  ·  Finding Satoshi", (LOGICAL[0] / 2, 262), "body", pal.TEXT,
                  anchor="center")
        self.group.draw(surface)
        footer(surface, "Arrows or Tab choose  ·  Enter selects  ·  Esc goes back  ·  F11 full screen")
