"""Item 14 of issue 17: letters sit at even distances ("Set tings", "Sa toshi" came from font hinting)."""

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
        if text.pixels(size) >= text.EVEN_FROM:  # large type closes the font's widest gaps (below): never wider
            assert true * 0.88 <= drawn.get_width() <= true + 1.5, (word, size, drawn.get_width(), true)
        else:
            assert abs(drawn.get_width() - true) <= max(1.5, true * 0.015), (word, size, drawn.get_width(), true)
        assert text.width(word, size) == drawn.get_width()


def ink_gaps(surface: pygame.Surface) -> list[int]:
    """The runs of empty columns between inked ones (letters' gaps; a word space is one too)."""
    columns = [any(surface.get_at((x, y)).a > 90 for y in range(surface.get_height()))
               for x in range(surface.get_width())]
    gaps, run, inked = [], 0, False
    for filled in columns:
        if filled:
            if inked and run:
                gaps.append(run)
            inked, run = True, 0
        else:
            run += 1
    return gaps


@pytest.mark.parametrize("size", ["heading", "title"])
@pytest.mark.parametrize("word", ["Level", "complete", "Hoarder"])
def test_large_headings_have_no_wide_gap_between_letters(size, word):
    """Issue 34 item 13: "Leve l", "comple te" (FreeSans Bold's wide "l" side, at any size)."""
    pygame.font.init()
    text.reset()
    gaps = ink_gaps(text.render(word, size, (255, 255, 255)))
    widest = text.pixels(size) * text.WIDEST_GAP + 2  # the rule, plus antialiasing at either edge
    assert gaps and max(gaps) <= widest, (word, size, gaps)


def test_empty_text_has_no_width_and_a_normal_height():
    pygame.font.init()
    text.reset()
    assert text.width("", "body") == 0
    assert text.render("", "body").get_height() == pygame.font.Font(None, text.pixels("body")).get_height()
