"""Settings: volumes, animation speed (with "instant"), reduced motion, full screen, and where
Finding Satoshi's phones connect (Phones as hands: an address of this machine and a port).

Changes apply at once (a clink confirms the volume) and are saved when the screen closes.
"""

from __future__ import annotations

import pygame

from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.settings import SPEED_NAMES
from game.client.widgets import Button, Choice, Slider, Toggle, Widget
from game.phones.address import candidates

PORTS = (0, 8000, 8080, 8765, 9000)


class SettingsScene(MenuScene):
    heading = "Settings"
    top = 150

    def build(self) -> list[Widget]:
        s = self.app.store.settings
        width, height, gap = 640, 58, 16
        left = (LOGICAL[0] - width) // 2

        def rect(index: int) -> pygame.Rect:
            return pygame.Rect(left, self.top + index * (height + gap), width, height)

        speeds = [(name, name.capitalize()) for name in SPEED_NAMES]
        return [
            Slider("Master volume", lambda: s.master_volume, self._set_master, rect(0)),
            Slider("Effects volume", lambda: s.effects_volume, self._set_effects, rect(1)),
            Choice("Animation speed", speeds, lambda: s.animation_speed, self._set_speed, rect(2)),
            Toggle("Reduced motion", lambda: s.reduced_motion, self._set_motion, rect(3)),
            Toggle("Full screen (F11)", lambda: self.app.fullscreen, lambda _on: self.app.toggle_fullscreen(),
                   rect(4)),
            Choice("Phones connect to", self._addresses(), lambda: s.phone_address,
                   lambda v: setattr(s, "phone_address", v), rect(5),
                   hint="Finding Satoshi, Phones as hands: this machine's address on the table's network"),
            Choice("Phone port", [(p, "Any free port" if p == 0 else str(p)) for p in sorted({*PORTS, s.phone_port})],
                   lambda: s.phone_port, lambda v: setattr(s, "phone_port", v), rect(6)),
            Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 - 120, self.top + 7 * (height + gap) + 10, 240, 54)),
        ]

    def _addresses(self) -> list[tuple[str, str]]:
        """Automatic, this machine's interfaces (listed, no traffic sent) and the one chosen before."""
        chosen = self.app.store.settings.phone_address
        listed = candidates()
        options = [("", f"Automatic ({listed[0] if listed else 'this machine only'})")]
        options += [(a, a) for a in listed]
        if chosen and chosen not in listed:
            options.append((chosen, f"{chosen} (not found now)"))
        return options

    def _set_master(self, value: float) -> None:
        self.app.store.settings.master_volume = value
        self.app.apply_volumes()
        self.app.audio.play("coin")

    def _set_effects(self, value: float) -> None:
        self.app.store.settings.effects_volume = value
        self.app.apply_volumes()
        self.app.audio.play("coin", combo=2)

    def _set_speed(self, name: str) -> None:
        self.app.store.settings.animation_speed = name

    def _set_motion(self, on: bool) -> None:
        self.app.store.settings.reduced_motion = on

    def back(self) -> None:
        self.app.store.save()
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        footer(surface, "Up / Down to choose  ·  Left / Right to change  ·  Esc saves and goes back")
