"""A centred panel line that wraps is set in even lines: no word left alone on the last one.

Played on Xvfb (issue 37): a level's idea a word too long for the result panel left 'corner.' or
'end.' alone on a second line. Rewording ideas to fit fixed those levels, not the kind: the panel
now balances every line it wraps (text.balanced_wrap), for every level, hint or message."""

import pygame
import pytest

from game import LEVELS
from game.client import text
from game.client.coinland.dialog import Dialog
from game.client.coinland.result import after_colon
from game.coinland.levels import load_levels

WIDTH = Dialog.width - 70  # the panel's text width (dialog.py)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    text.reset()


def widths(lines: list[str]) -> list[int]:
    return [text.width(line, "body") for line in lines]


@pytest.mark.parametrize("words", [
    "The idea: pay two to enter the chain at an end, not one for the corner of the board.",
    "A " + "long " * 40 + "end.",
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen corner.",
])
def test_a_balanced_paragraph_keeps_its_line_count_and_width_and_evens_its_lines(words):
    greedy, even = text.wrap(words, WIDTH, "body"), text.balanced_wrap(words, WIDTH, "body")
    assert len(even) == len(greedy) > 1
    assert " ".join(even) == " ".join(greedy) == words  # every word, in order
    assert max(widths(even)) <= WIDTH
    assert min(widths(even)) >= min(widths(greedy))  # the short last line only grows
    assert max(widths(even)) - min(widths(even)) <= max(widths(greedy)) - min(widths(greedy))


def test_a_line_that_fits_and_a_word_too_wide_for_any_line_are_left_as_they_are():
    assert text.balanced_wrap("Par!", WIDTH, "body") == ["Par!"]
    wide = "W" * 200
    assert text.balanced_wrap(f"a {wide} b", WIDTH, "body") == text.wrap(f"a {wide} b", WIDTH, "body")
    assert text.balanced_wrap("one\ntwo", WIDTH, "body") == ["one", "two"]


def test_no_shipped_idea_or_hint_leaves_a_word_alone_on_a_result_panel_line():
    """Every level of every pack: its idea as the result panel shows it, and its hint, set in a
    panel; a wrapped line of one word would be the widow the players saw."""
    levels, problems = load_levels(LEVELS)
    assert not problems and len(levels) >= 50
    for level in levels:
        for words in (f"The idea: {after_colon(level.idea)}", level.hint):
            lines = [line for line, _ in Dialog("", [words]).wrapped()]
            if len(lines) > 1:
                assert all(" " in line for line in lines), (level.name, lines)
