"""Item 14 of issue 17: letters sit at even distances ("Set tings", "Sa toshi" came from font hinting)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.client import text

WORDS = ("Settings", "Satoshi", "buttons", "Hoarder & Gatekeeper")


def true_width(word: str, px: int) -> float:
    """The width the font's own (unhinted) proportions give, measured eight times larger."""
    return pygame.font.Font(None, px * 8).size(word)[0] / 8


@pytest.mark.parametrize("size", ["tiny", "small", "body", "heading"])
def test_text_keeps_the_fonts_true_proportions_at_every_size(size):
    pygame.font.init()
    text.reset()
    for word in WORDS:
        drawn = text.render(word, size)
        # Hinting at small sizes made these 2-8 pixels wider, with the extra pixels bunched between letters.
        true = true_width(word, text.pixels(size))
        assert abs(drawn.get_width() - true) <= max(1.5, true * 0.015), (word, size, drawn.get_width(), true)
        assert text.width(word, size) == drawn.get_width()


def test_empty_text_has_no_width_and_a_normal_height():
    pygame.font.init()
    text.reset()
    assert text.width("", "body") == 0
    assert text.render("", "body").get_height() == pygame.font.Font(None, text.pixels("body")).get_height()
