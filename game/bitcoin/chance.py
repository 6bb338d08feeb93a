"""The one source of chance: die rolls, card draws and shuffles, from (seed, draw counter).

Each draw mixes the game's seed with the number of draws made so far (SplitMix64), so the
generator has no state beyond two integers kept in the game state: states clone and
serialise for free, a game replays exactly from its seed and actions, and an AI can sample
other futures from a copy of a state by giving it another seed (`reseed`).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def draw(seed: int, counter: int, n: int) -> int:
    """A number in range(n), determined by (seed, counter)."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xD1B54A32D192ED03) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def shuffled(seed: int, counter: int, items: list) -> tuple[list, int]:
    """Fisher-Yates with draws from `counter` on: (the shuffled copy, the next counter)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draw(seed, counter, i + 1)
        counter += 1
        out[i], out[j] = out[j], out[i]
    return out, counter
