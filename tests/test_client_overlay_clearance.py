"""An overlay's panel never cuts a line of the screen below it (game.client.clearance).

The Puzzle result of Expert 01 (then Loop Line) stood 756 pixels tall, centred, so its top border ran
through the dimmed level title above it: the title's top pixels showed over the border. The same
cut could happen wherever a panel's edge crosses words: any dialog long enough over the play
screen, a level's actions over the level list's rows, a share code over the level list's tabs or
the editor's fields, a role card or a question over the table's log. Each case here draws the screen below
on its own while recording where every text lands (game.client.text.blit), draws the overlay
while recording the panels it lays (game.client.widgets.panel), and checks that every text lies
wholly under the overlay's panel or wholly clear of it, border and shadow included; where no
such place exists, the overlay shows the bare table instead of the screen below.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import pygame
import pytest

from game.bitcoin.ai import choose_action
from game.client import text, widgets
from game.client.coinland.dialog import Dialog
from game.client.coinland.editor import EditorScene
from game.client.coinland.level_actions import LevelActionsScene
from game.client.coinland.levels_menu import LevelSelectScene, level_scene
from game.client.coinland.packs import Pack, load_packs
from game.client.coinland.share_dialog import ShareScene
from game.client.driver import Driver
from game.client.satoshi.handover import RoleCardScene
from game.client.satoshi.reveal import RevealScene
from game.client.satoshi.saves_scene import ConfirmScene
from game.client.satoshi.session import TableSession, default_setup
from game.client.satoshi.table import TableScene
from game.client.scenes import LOGICAL, Scene
from game.coinland.levels import Level
from game.coinland.rules import Move
from game.coinland.solver import solve

EDGE = 4  # a panel's border and shadow reach this far past its rect


@pytest.fixture
def app(make_app):
    return make_app(quiet=True, animation_speed="instant", think=0.0)


@pytest.fixture(scope="module")
def packs():
    return load_packs(own=False)[0]


def words_under(app, overlay, monkeypatch) -> list[tuple[pygame.Rect, str]]:
    """Every text the scenes under `overlay` draw, with where it lands (drawn on a scratch surface)."""
    found: list[tuple[pygame.Rect, str]] = []
    original = text.blit

    def blit(surface, content, *args, **kwargs):
        rect = original(surface, content, *args, **kwargs)
        found.append((rect.copy(), content))
        return rect

    below = app.scenes[:app.scenes.index(overlay)]
    first = len(below) - 1
    while first > 0 and below[first].overlay:
        first -= 1
    with monkeypatch.context() as patch:
        patch.setattr(text, "blit", blit)
        for scene in below[first:]:
            scene.draw(pygame.Surface(LOGICAL))
    return found


def panel_of(overlay, monkeypatch) -> pygame.Rect:
    """The largest panel `overlay` lays when it draws (widgets.panel, wherever it was imported)."""
    laid: list[pygame.Rect] = []
    original = widgets.panel

    def panel(surface, rect, *args, **kwargs):
        laid.append(pygame.Rect(rect))
        return original(surface, rect, *args, **kwargs)

    with monkeypatch.context() as patch:
        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("game.client") and getattr(module, "panel", None) is original:
                patch.setattr(module, "panel", panel)
        overlay.draw(pygame.Surface(LOGICAL))
    assert laid, "the overlay lays a panel"
    return max(laid, key=lambda rect: rect.width * rect.height)


def cut_words(app, overlay, monkeypatch) -> list[str]:
    """The words of the screen below that the overlay's panel cuts (part under it, part not) and
    that still show: an overlay with no clear place hides the screen below behind the bare
    table, checked here pixel by pixel on the cut words' corners outside the panel."""
    box = panel_of(overlay, monkeypatch)
    reach = box.inflate(2 * EDGE, 2 * EDGE)
    cut = [(rect, words) for rect, words in words_under(app, overlay, monkeypatch)
           if reach.colliderect(rect) and not box.contains(rect)]
    if cut and getattr(overlay, "clear", True) is False:
        app.toasts.clear()  # a notice drawn over the top is not the screen below
        app.draw()
        for rect, words in cut:
            corners = [(x, y) for x in (rect.left, rect.right - 1) for y in (rect.top, rect.bottom - 1)
                       if not box.collidepoint(x, y) and not box.move(0, EDGE).collidepoint(x, y)]  # nor its shadow
            assert all(app.surface.get_at(c) == app.backdrop.get_at(c) for c in corners), words
        return []
    return [words for _, words in cut]


def play_screen(app, packs, pack: str, index: int):
    found = next(p for p in packs if p.name == pack)
    play = level_scene(found, index, packs)
    app.push(play)
    Driver(app).frames(2)
    return play


class Stars(Dialog):
    """A dialog with a block (a result's stars) under its lines."""

    def block_height(self) -> int:
        return 64


@pytest.mark.parametrize(("pack", "index"), [("Expert", 0), ("Tutorial", 0)])
def test_a_dialog_of_any_length_cuts_no_word_of_the_play_screen(app, packs, pack, index, monkeypatch):
    play_screen(app, packs, pack, index)
    drive = Driver(app)
    clear: list[bool] = []
    for kind in (Dialog, Stars):
        for lines in (0, 6, 12):
            for buttons in (2, 5) if lines else (5,):
                dialog = kind("Level complete", ["You kept 19 coins."] * lines,
                              [(f"Choice {k}", app.pop) for k in range(buttons)])
                app.push(dialog)
                drive.frames(1)
                assert cut_words(app, dialog, monkeypatch) == [], (kind.__name__, lines, buttons)
                clear.append(dialog.clear)
                box = dialog.rect()
                assert box.top >= 0 and box.bottom <= LOGICAL[1]
                assert all(box.contains(button.rect) for button in dialog.group.widgets), (lines, buttons)
                app.pop()
    assert clear.count(True) >= len(clear) - 2  # only the tallest hide the screen below


def test_the_first_expert_levels_result_leaves_the_level_title_whole(app, packs, monkeypatch):
    """The case seen on Xvfb (Loop Line, then Expert 01): the level walked to par, its result
    (six lines, three stars, five buttons) over the play screen."""
    play = play_screen(app, packs, "Expert", 0)
    assert play.title.startswith("Expert 1: ")
    drive = Driver(app)
    for cell in solve(play.session.level).moves:
        assert play.perform(Move(cell))
    drive.until(lambda: app.scene is not play)
    result = app.scene
    assert result.heading == "Level complete" and result.stars == 3
    assert cut_words(app, result, monkeypatch) == []
    title = next(rect for rect, words in words_under(app, result, monkeypatch) if words == play.title)
    assert result.rect().top > title.bottom  # below the title, not through it


def test_a_levels_actions_cut_no_row_of_the_level_list(app, packs, monkeypatch):
    app.push(LevelSelectScene())
    Driver(app).frames(2)
    level = packs[0].levels[0]
    actions = LevelActionsScene(level, lambda: None, lambda: None, lambda: None, mine=False)
    app.push(actions)
    Driver(app).frames(1)
    assert cut_words(app, actions, monkeypatch) == []


@pytest.mark.parametrize("below", ["level list", "editor", "play"])
def test_a_share_code_cuts_no_word_of_the_screen_below(app, packs, below, monkeypatch):
    level = packs[-1].levels[0]
    if below == "level list":
        app.push(LevelSelectScene())
    elif below == "editor":
        app.push(EditorScene())
    else:
        play_screen(app, packs, packs[-1].name, 0)
    Driver(app).frames(2)
    share = ShareScene(level)
    app.push(share)
    Driver(app).frames(1)
    assert cut_words(app, share, monkeypatch) == []
    assert all(share.box.contains(button.rect) for button in share.group.widgets)


@pytest.mark.parametrize("overlay", ["role card", "quit question"])
def test_an_overlay_over_the_table_cuts_no_line_of_it(app, overlay, monkeypatch):
    """The table has words everywhere (seats, boards, the log): no place is clear, so the table
    is hidden behind the bare backdrop while the card or the question is up."""
    session = TableSession.start(replace(default_setup(4, humans=1), seed=5))
    app.push(TableScene(session))
    Driver(app).frames(3)
    if overlay == "role card":
        scene = RoleCardScene(session, 0)
    else:
        scene = ConfirmScene("Quit this game?", "Keep it to resume later.", [("Keep", app.pop), ("Cancel", app.pop)])
    app.push(scene)
    Driver(app).frames(1)
    assert cut_words(app, scene, monkeypatch) == []


def test_the_reveal_hides_the_table_it_ends(app):
    """The reveal fills the screen (cards, lines, the results' table): drawn over the table or over
    nothing, the frame is the same, so no word of the table shows cut beside it."""
    session = TableSession.start(replace(default_setup(3, humans=0), seed=2))
    rng = random.Random(2)
    while not session.is_over:
        session.apply(choose_action(session.state, "easy", rng))

    class Nothing(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            pass

    frames = []
    for below in (TableScene(session, watch=True), Nothing()):
        app.push(below)
        app.push(RevealScene(session, watch=True))
        Driver(app).frames(2)
        app.toasts.clear()
        app.draw()
        frames.append(pygame.image.tobytes(app.surface, "RGB"))
        app.scenes[-2:] = []
    assert frames[0] == frames[1]


def test_the_layout_is_the_same_at_every_window_size(app, packs):
    """The window scales one logical frame (game.client.window): what is clear at one size is clear at all."""
    play_screen(app, packs, "Expert", 0)
    dialog = Stars("Level complete", ["You kept 19 coins."] * 6, [(f"Choice {k}", app.pop) for k in range(5)])
    app.push(dialog)
    frames = []
    for size in ((960, 600), (1920, 1080), (1000, 1000)):
        app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        Driver(app).frames(1)
        frames.append((dialog.rect(), pygame.image.tobytes(app.surface, "RGB")))
    assert frames[0] == frames[1] == frames[2]


def test_a_title_too_long_for_any_place_is_not_left_cut_by_a_short_dialog(app, monkeypatch):
    """A level with a long name: the title is fitted to 740 pixels, wider than a dialog (700)."""
    long_name = Level("The Longest Level Name Anyone Would Ever Give A Puzzle", 3)
    play = level_scene(Pack("Expert", (long_name,)), 0)
    app.push(play)
    Driver(app).frames(2)
    dialog = Dialog("Level complete", ["A line."] * 3, [("Next", app.pop)])
    app.push(dialog)
    Driver(app).frames(1)
    assert cut_words(app, dialog, monkeypatch) == []
