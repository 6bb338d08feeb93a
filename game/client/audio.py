"""Sounds synthesised at start-up (no files): coin clink, fee tick, gate scratch, thud, win.

With no audio device the mixer fails to start and every sound is silently skipped.
"""

from __future__ import annotations

import array
import math
import random

import pygame

RATE = 22050


def _tone(partials: list[tuple[float, float]], seconds: float, decay: float) -> list[float]:
    count = int(RATE * seconds)
    return [
        sum(amp * math.sin(2 * math.pi * freq * i / RATE) for freq, amp in partials) * math.exp(-decay * i / RATE)
        for i in range(count)
    ]


def _noise(seconds: float, decay: float, smooth: float, seed: int = 7) -> list[float]:
    rng = random.Random(seed)
    out, level = [], 0.0
    for i in range(int(RATE * seconds)):
        level += smooth * (rng.uniform(-1, 1) - level)
        out.append(level * math.exp(-decay * i / RATE))
    return out


def _arpeggio() -> list[float]:
    out: list[float] = []
    for note in (523.25, 659.25, 783.99, 1046.5):
        out += _tone([(note, 0.5), (note * 2, 0.15)], 0.12, 9)
    return out + _tone([(1046.5, 0.5), (1568, 0.2)], 0.35, 5)


def recipes() -> dict[str, list[float]]:
    coin = _tone([(2400, 0.45), (3150, 0.25)], 0.18, 28)
    return {
        "coin": coin,
        "coin_high": _tone([(2700, 0.45), (3550, 0.25)], 0.18, 28),
        "fee": _tone([(700, 0.5), (1050, 0.15)], 0.09, 45),
        "gate": _noise(0.22, 14, 0.35),
        "invalid": _tone([(110, 0.7), (165, 0.2)], 0.2, 20),
        "win": _arpeggio(),
        "click": _tone([(1200, 0.3)], 0.04, 80),
    }


class Audio:
    """Plays named sounds at the current volume; silent when there is no audio device."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0.8
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            frequency, _, channels = pygame.mixer.get_init()
        except pygame.error:
            return
        for name, samples in recipes().items():
            self.sounds[name] = self._sound(samples, frequency, channels)

    @staticmethod
    def _sound(samples: list[float], frequency: int, channels: int) -> pygame.mixer.Sound:
        step = RATE / frequency
        count = int(len(samples) / step)
        data = array.array("h")
        for i in range(count):
            value = int(max(-1.0, min(1.0, samples[int(i * step)])) * 30000)
            data.extend([value] * channels)
        return pygame.mixer.Sound(buffer=data.tobytes())

    def play(self, name: str, volume: float = 1.0) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        sound.set_volume(max(0.0, min(1.0, self.volume * volume)))
        sound.play()
