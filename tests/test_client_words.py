"""Issue 17, item 13: counts on screen read "1 coin", "1 gate" (game/wording.py), never "1 coins"."""

import pytest

from game.client.coinland import hud
from game.client.coinland.editor import EditorScene
from game.client.coinland.extra_puzzles import puzzle_scene
from game.client.driver import Driver
from game.client.title import TitleScene
from game.coinland.levels import Level
from game.hexgrid import board, edge


@pytest.fixture
def app(make_app):
    return make_app(TitleScene)


def one_coin_level(coins: int) -> Level:
    cells = [c for c in board(3).cells if c != (0, 0)]
    return Level(name="Counting", size=3, empty=frozenset(cells[coins:]), gates=frozenset({edge((0, 0), (1, 0))}))


@pytest.mark.parametrize(("coins", "words"), [(1, "1 coin left"), (2, "2 coins left")])
def test_the_play_header_counts_coins_in_words(app, coins, words):
    play = puzzle_scene(one_coin_level(coins), "Counting")
    app.push(play)
    Driver(app).frames(2)
    assert hud.status_text(play, play.state).startswith(words + " ")


def test_the_editor_counts_one_coin_and_one_gate_in_the_singular(app):
    editor = EditorScene(one_coin_level(1))
    app.push(editor)
    Driver(app).frames(2)
    assert editor.counts_text().startswith("1 coin  ·  1 gate  ·  ")
    editor.toggle_gate(edge((0, 0), (0, 1)))
    assert "2 gates" in editor.counts_text()
