"""Sound made in code: coin clinks, fee ticks, gate scratches, a thud, a win arpeggio.

No sound files and no numpy: samples are computed with `math` into `array` buffers, then
handed to `pygame.mixer.Sound`. Computing them takes a few hundred milliseconds of pure
Python, too long for every start, so the buffers are kept in a cache file (`cache`, in the
App's data folder) named after this module's source and the mixer's format: a warm start
reads them back, and any change to the recipes or any damage to the file makes them anew.
Where there is no audio device (or the mixer fails for any reason) the game is silent,
never broken: `play` simply does nothing.
"""

from __future__ import annotations

import array
import functools
import hashlib
import math
import random
import re
import sys
from pathlib import Path

import pygame

from game.safeio import (
    KIB,
    UnsafeInput,
    atomic_write_bytes,
    list_files,
    make_folder,
    read_bytes,
    read_prefix,
    remove_own,
)

RATE = 22050
COMBO_STEPS = 6  # the clink rises a little with each coin of a combo, up to this many steps
CACHE_LIMIT = 4096 * KIB  # the cache holds about 620 KiB at 44.1 kHz stereo 16-bit


def tone(partials: list[tuple[float, float]], seconds: float, decay: float, attack: float = 0.002) -> list[float]:
    """Sine partials (frequency, amplitude) with an exponential decay and a click-free attack."""
    count = int(RATE * seconds)
    two_pi = 2 * math.pi / RATE
    out = []
    for i in range(count):
        envelope = math.exp(-decay * i / RATE) * min(1.0, i / (attack * RATE))
        out.append(envelope * sum(amp * math.sin(two_pi * freq * i) for freq, amp in partials))
    return out


def noise(seconds: float, decay: float, smooth: float, seed: int = 7) -> list[float]:
    """Low-passed white noise (a one-pole filter), decaying: a scratch."""
    rng = random.Random(seed)
    out, level = [], 0.0
    for i in range(int(RATE * seconds)):
        level += smooth * (rng.uniform(-1, 1) - level)
        swell = min(1.0, i / (0.02 * RATE))
        out.append(level * swell * math.exp(-decay * i / RATE) * 1.6)
    return out


def arpeggio(notes: tuple[float, ...] = (523.25, 659.25, 783.99, 1046.5)) -> list[float]:
    out: list[float] = []
    for note in notes:
        out += tone([(note, 0.45), (note * 2, 0.12), (note * 3, 0.05)], 0.11, 8)
    return out + tone([(notes[-1], 0.45), (notes[-1] * 1.5, 0.2), (notes[-1] * 2, 0.1)], 0.5, 4.5)


def coin(step: int) -> list[float]:
    """Two partials between 2 and 3 kHz, fast decay; `step` raises the pitch by a semitone each."""
    ratio = 2 ** (step / 12)
    return tone([(2100 * ratio, 0.42), (2870 * ratio, 0.26)], 0.2, 26)


@functools.cache
def recipes() -> dict[str, list[float]]:
    """Every sound's samples at RATE, computed once per process."""
    sounds = {f"coin{k}": coin(k) for k in range(COMBO_STEPS)}
    sounds.update({
        "fee": tone([(620, 0.5), (930, 0.14)], 0.09, 48),
        "gate": noise(0.22, 15, 0.32),
        "invalid": tone([(98, 0.8), (147, 0.25)], 0.22, 18, attack=0.006),
        "win": arpeggio(),
        "click": tone([(1500, 0.25)], 0.035, 90),
        "swap": arpeggio((392.0, 523.25, 659.25)),
    })
    return sounds


@functools.cache
def buffers(frequency: int, size: int, channels: int) -> dict[str, bytes]:
    return {name: to_buffer(samples, frequency, size, channels) for name, samples in recipes().items()}


CACHE_MAGIC = b"coinland sounds 1\n"
CACHE_NAME = re.compile(r"^sounds-[0-9a-f]{16}\.pcm$")  # only files of this name and magic are ever deleted
SOURCE_LIMIT = 256 * KIB


def cache_path(folder: Path, frequency: int, size: int, channels: int) -> Path:
    """The cache file for this mixer format and these recipes (the name changes with this module's source)."""
    digest = hashlib.sha256(_source() + f"|{frequency}|{size}|{channels}".encode()).hexdigest()
    return folder / f"sounds-{digest[:16]}.pcm"


@functools.cache
def _source() -> bytes:
    """This module's own text: the cache's name changes whenever a recipe does."""
    return read_bytes(Path(__file__), SOURCE_LIMIT, "module source")


def pack(sounds: dict[str, bytes]) -> bytes:
    """A header line, one "name length" line per sound, an empty line, then the samples in that order."""
    index = b"".join(f"{name} {len(data)}\n".encode() for name, data in sounds.items())
    return CACHE_MAGIC + index + b"\n" + b"".join(sounds.values())


def unpack(raw: bytes, source: str) -> dict[str, bytes]:
    """The sounds in a cache file; UnsafeInput when it is not exactly every sound of this version."""
    head, _, body = raw.partition(b"\n\n")
    lines = head.split(b"\n")
    if not raw.startswith(CACHE_MAGIC) or len(lines) != len(recipe_names()) + 1:
        raise UnsafeInput(source, "expected a sound cache of this version")
    sounds, offset = {}, 0
    for line in lines[1:]:
        name, _, length = line.decode("ascii", "replace").partition(" ")
        if name not in recipe_names() or name in sounds or not length.isdigit() or len(length) > 9:
            raise UnsafeInput(source, f"expected a sound name and a length, got {line[:40]!r}")
        sounds[name] = body[offset:offset + int(length)]
        offset += int(length)
    if offset != len(body):
        raise UnsafeInput(source, f"expected {offset} bytes of samples, got {len(body)}")
    return sounds


def cached_buffers(frequency: int, size: int, channels: int, folder: Path | None) -> dict[str, bytes]:
    """`buffers`, read from the cache in `folder` when it is sound, else computed and kept there."""
    if folder is None:
        return buffers(frequency, size, channels)
    path = cache_path(folder, frequency, size, channels)
    try:
        return unpack(read_bytes(path, CACHE_LIMIT, "sound cache"), str(path))
    except (UnsafeInput, OSError):
        pass  # not there yet, or damaged: make the sounds again and rewrite the cache
    made = buffers(frequency, size, channels)
    try:
        make_folder(folder)
        _drop_old_caches(folder, path)
        atomic_write_bytes(path, pack(made))  # whole or not at all: never a partial cache, even on a full disk
    except OSError:
        pass  # a read-only data folder, a full disk, a link: the sounds are simply made at every start
    return made


def _drop_old_caches(folder: Path, keep: Path) -> None:
    """Caches of earlier versions or other mixers: only files of our name that start with our magic."""
    for found in list_files(folder, CACHE_NAME, 64).files:
        if found.path != keep:
            remove_own(found.path, CACHE_NAME, holds=lambda p: read_prefix(p, len(CACHE_MAGIC)) == CACHE_MAGIC)


def recipe_names() -> tuple[str, ...]:
    """The sounds' names, without computing any of them."""
    return (*(f"coin{k}" for k in range(COMBO_STEPS)), "fee", "gate", "invalid", "win", "click", "swap")


def to_buffer(samples: list[float], frequency: int, size: int, channels: int) -> bytes:
    """Resample to the mixer's rate and write its sample format (16-bit, 8-bit or 32-bit float)."""
    step = RATE / frequency
    count = int(len(samples) / step)
    if size == 32:
        data = array.array("f")
        scale = 0.9
    elif abs(size) == 8:
        data = array.array("b" if size < 0 else "B")
        scale = 120
    else:
        data = array.array("h" if size < 0 else "H")
        scale = 29000
    offset = 128 if size == 8 else (32768 if size == 16 else 0)
    for i in range(count):
        value = max(-1.0, min(1.0, samples[int(i * step)])) * scale
        sample = value if size == 32 else int(value) + offset
        data.extend([sample] * channels)
    if size in (-16, 16) and sys.byteorder == "big":  # pragma: no cover - SDL wants native order
        data.byteswap()
    return data.tobytes()


class Audio:
    """Named sounds at the current volume; silent when there is no audio device."""

    def __init__(self, master: float = 0.8, effects: float = 0.8, cache: Path | None = None) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.master, self.effects = master, effects
        self.error = ""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(RATE, -16, 1, 512)
                pygame.mixer.init()
            frequency, size, channels = pygame.mixer.get_init()
            for name, data in cached_buffers(frequency, size, channels, cache).items():
                self.sounds[name] = pygame.mixer.Sound(buffer=data)
        except (pygame.error, TypeError, ValueError, OSError) as error:  # no device, odd format: stay silent
            self.sounds.clear()
            self.error = str(error) or type(error).__name__

    @property
    def available(self) -> bool:
        return bool(self.sounds)

    @property
    def volume(self) -> float:
        return max(0.0, min(1.0, self.master * self.effects))

    def set_volumes(self, master: float, effects: float) -> None:
        self.master, self.effects = master, effects

    def play(self, name: str, volume: float = 1.0, combo: int = 0) -> None:
        """Play a sound; `combo` picks a higher clink for coins collected in a row."""
        if name == "coin":
            name = f"coin{max(0, min(COMBO_STEPS - 1, combo))}"
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, self.volume * volume)))
            sound.play()
        except pygame.error:  # pragma: no cover - a device lost mid-game: go quiet
            self.sounds.clear()
