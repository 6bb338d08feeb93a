"""Shared test set-up.

The suite runs in parallel (pytest-xdist): each worker runs an arbitrary share of the tests in an
arbitrary order, so no test may lean on what an earlier one left behind.
"""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def _fresh_text_caches() -> None:
    """Forget cached fonts before each test: many tests end with pygame.quit(), which kills every
    font made before it ("Invalid font (font module quit since font created)"), and the game's
    text module would hand a later test one of those dead fonts. The game itself quits only once."""
    text = sys.modules.get("game.client.text")
    if text is not None:
        text.reset()
