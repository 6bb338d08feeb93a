"""The ideas and tips of Hard and Expert read on the screen as the Easy and Medium ones do (issue
37, the kind of test_progress_help_packs' two checks): each idea is one line of the result panel,
and each tip is read at 17 pixels or more within the tip line. Before, 12 of these 21 ideas
wrapped onto a second line and ten tips shrank below 17 pixels (Counterfeit's and Across the
Board's 270-character hints to the 14-pixel floor)."""

import pytest

from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs


@pytest.fixture
def app(make_app):
    return make_app(ModeSelectScene, think=0.0, animation_speed="instant")


def _hard_and_expert():
    found, _ = load_packs(own=False)
    by_name = {pack.name: pack for pack in found}
    return [*by_name["Hard"].levels, *by_name["Expert"].levels]


def test_every_hard_and_expert_idea_is_one_line_of_the_result_screen(app):
    from game.client import text
    from game.client.coinland.dialog import Dialog
    from game.client.coinland.result import after_colon

    levels = _hard_and_expert()
    assert len(levels) == 21 and levels[0].name == "Copper Bridge" and levels[-1].name == "El Dorado"
    for level in levels:
        lines = text.wrap(f"The idea: {after_colon(level.idea)}", Dialog.width - 70, "body")
        assert len(lines) == 1, (level.name, lines)


def test_every_hard_and_expert_tip_is_read_at_17_pixels_or_more(app):
    from game.client import text
    from game.client.coinland import layout

    width = layout.BOARD.width + 120  # the tip line's width (hud._message)
    for level in _hard_and_expert():
        tip = f"Tip: {level.hint}"
        size = text.fit(tip, width, "small")
        assert size >= 17 and text.width(tip, size) <= width, (level.name, size)
