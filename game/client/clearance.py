"""Overlay panels that never cut the words of the screen below.

An overlay (a result, a role swap, a question) draws its panel over the dimmed scene below it.
Where the panel's edge crosses a line of that scene's text, the dimmed letters show cut in two
beside the border: the top pixels of a title peeking over a dialog read as a glitch. So a panel
is placed where each text of the scenes below lies either wholly under it or wholly clear of it:
`texts_under` finds those texts (each scene below drawn once on a scratch surface while
game.client.text records where every line lands) and `place` picks the panel's top nearest the
one wanted that cuts none. The logical surface is the same 1280x800 at every window size (the
window scales it), so a place found here holds at every size. Where no place is clear (a
panel taller than the gaps between the words below, or words all over the screen), the overlay
hides the screen below behind the bare table instead (`veil`): nothing is left to be cut. The
overlays that fill the whole screen with their own rows and panels (Finding Satoshi's reveal,
the phone seats' codes) always hide it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.client import focus, text
from game.client.window import LOGICAL

if TYPE_CHECKING:
    from game.client.stage import Scene, Stage

MARGIN = 10  # the least room left between a panel and the window's top or bottom edge
GAP = 4  # a panel's edge keeps this far off a text it does not cover (its border and shadow)


def texts_under(app: Stage, overlay: Scene) -> list[pygame.Rect]:
    """Where the scenes drawn under `overlay` put their words, as the stage would draw them now."""
    stack = app.scenes[:app.scenes.index(overlay)] if overlay in app.scenes else list(app.scenes)
    first = len(stack) - 1
    while first > 0 and stack[first].overlay:
        first -= 1
    scratch = pygame.Surface(LOGICAL)
    with text.recording() as rects, focus.covered():
        for scene in stack[max(first, 0):]:
            scene.draw(scratch)
    return rects


def cuts(panel: pygame.Rect, words: pygame.Rect) -> bool:
    """Does the panel's edge (with its border, `GAP`) cross `words`: part under it, part not?"""
    outer = panel.inflate(2 * GAP, 2 * GAP)
    return outer.colliderect(words) and not panel.contains(words)


def place(size: tuple[int, int], texts: Sequence[pygame.Rect], top: int | None = None) -> pygame.Rect | None:
    """A panel of `size`, centred across the screen, at the top nearest `top` (default: centred
    down the screen too) that cuts none of `texts`; None when every top cuts one."""
    width, height = size
    lowest, highest = MARGIN, LOGICAL[1] - MARGIN - height
    if highest < lowest:
        return None
    wanted = (LOGICAL[1] - height) // 2 if top is None else top
    tops = {min(max(wanted, lowest), highest)}
    for words in texts:
        tops.update((words.bottom + GAP + 1, words.top - GAP - 1 - height))
    left = (LOGICAL[0] - width) // 2
    for candidate in sorted((t for t in tops if lowest <= t <= highest), key=lambda t: (abs(t - wanted), t)):
        panel = pygame.Rect(left, candidate, width, height)
        if not any(cuts(panel, words) for words in texts):
            return panel
    return None


def first_place(sizes: Sequence[tuple[int, int]], texts: Sequence[pygame.Rect]) -> tuple[pygame.Rect, bool]:
    """The first of `sizes` that finds a place clear of `texts` (`place`), placed, and True;
    failing all, the first size centred, and False (the overlay then hides what is below)."""
    for size in sizes:
        found = place(size, texts)
        if found is not None:
            return found, True
    width, height = sizes[0]
    return pygame.Rect((LOGICAL[0] - width) // 2, (LOGICAL[1] - height) // 2, width, height), False


def veil(surface: pygame.Surface, backdrop: pygame.Surface, clear: bool, alpha: int) -> None:
    """Dim the screen below an overlay (`alpha`, as scenes.shade does) when its panel cuts none
    of its words; else cover it with the bare table (`backdrop`), so no cut word shows."""
    if clear:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, alpha))
        surface.blit(shade, (0, 0))
    else:
        surface.blit(backdrop, (0, 0))
