"""Issue 17, items 5-7: a text field owns the keyboard; right clicks and the cursor say what they do.

Through the real App, headless: clicks and keys are posted as a player's would be.
"""

import pygame
import pytest
from client_steps import open_editor

from game.client import palette as pal
from game.client.coinland.board_view import BoardView
from game.client.coinland.editor import BOARD_RECT
from game.client.coinland.extra_puzzles import CodeScene
from game.client.driver import Driver
from game.client.text_field import TextField
from game.client.title import TitleScene
from game.coinland.levels import Level
from game.coinland.sharecode import encode
from game.hexgrid import edge
from game.safeio import text_problem


@pytest.fixture
def app(make_app):
    return make_app(TitleScene)


def typed(drive: Driver, words: str) -> None:
    """Keys as SDL sends them with text input on: a KEYDOWN for each key, then its TEXTINPUT."""
    for char in words:
        key = pygame.K_SPACE if char == " " else pygame.key.key_code(char.lower()) if char.isalpha() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    drive.frames(2)


def test_clicking_the_name_field_focuses_it_and_it_owns_every_key(app, tmp_path):
    editor, drive = open_editor(app)
    drive.click(editor.view.edge_mid(edge((0, 0), (1, 0))))  # one board edit, which Backspace used to undo
    board = editor.draft.key()
    drive.click(editor.name_field.rect.center)
    assert editor.typing
    for _ in range(len("My level")):
        drive.key(pygame.K_BACKSPACE)
    typed(drive, "Reviewer Ring")  # the space used to end typing; u, c, s, p were editor shortcuts
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)  # the field's too: no save of a half-typed name
    drive.key(pygame.K_EQUALS)
    assert editor.draft.name == "Reviewer Ring" and editor.typing
    assert editor.draft.key() == board and not (tmp_path / "levels").exists()
    assert len(app.scenes) == 2  # P (test play) did not open a scene
    drive.key(pygame.K_RETURN)
    assert not editor.typing and editor.on_board
    drive.key(pygame.K_u)  # the shortcut works again once the field is left
    assert editor.draft.gates == set()


def test_esc_or_a_click_elsewhere_ends_typing_without_leaving_the_editor(app):
    editor, drive = open_editor(app)
    drive.click(editor.name_field.rect.center)
    drive.key(pygame.K_ESCAPE)
    assert not editor.typing and app.scene is editor
    drive.click(editor.name_field.rect.center)
    drive.click((BOARD_RECT.right - 5, BOARD_RECT.bottom - 5))  # a corner of the board area, no cell
    assert not editor.typing
    drive.click(editor.name_field.rect.center)
    drive.click((1200, 110))  # empty space beside the panel
    assert not editor.typing and app.scene is editor


def test_tab_and_n_reach_the_name_field_and_the_n_is_not_typed(app):
    editor, drive = open_editor(app)
    drive.key(pygame.K_TAB)
    assert editor.typing
    drive.key(pygame.K_RETURN)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="n"))
    drive.frames(2)
    assert editor.typing and editor.draft.name == "My level"


def test_names_are_clean_and_capped_whatever_is_typed_or_pasted(app):
    editor, drive = open_editor(app)
    drive.click(editor.name_field.rect.center)
    for text in ("\x00Nul", "\x1b[2J", "\ud800", "Tab\there", "x" * 200):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    drive.frames(2)
    assert editor.draft.name.startswith("My levelNul[2JTab here")
    assert text_problem(editor.draft.name, 40) == "" and len(editor.draft.name) == 40


def test_a_right_click_takes_a_coin_and_never_changes_the_left_click_tool(app):
    editor, drive = open_editor(app)
    where = app.to_window(editor.view.centre((1, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=3))
    drive.frames(2)
    assert (1, 0) in editor.draft.empty and editor.tool == "start"
    drive.click(editor.view.centre((0, 1)))  # a left click still sets the start
    assert editor.draft.start == (0, 1) and editor.draft.empty == {(1, 0)}


def test_letter_shortcuts_work_while_a_panel_button_has_the_focus(app):
    editor, drive = open_editor(app)
    drive.click(editor.view.edge_mid(edge((0, 0), (1, 0))))
    undo = next(w for w in editor.group.widgets if getattr(w, "label", "").startswith("Undo"))
    drive.click(undo.rect.center)  # the button undoes the gate and keeps the focus
    assert not editor.on_board and editor.draft.gates == set()
    drive.key(pygame.K_1)  # a gate on the cursor cell's first side
    drive.key(pygame.K_EQUALS)
    assert editor.draft.gates == {edge((0, 0), (1, 0))} and editor.draft.purse == 1
    drive.key(pygame.K_u)
    assert editor.draft.purse == 0


def test_the_cursor_ring_never_covers_a_gate():
    """Gates were drawn amber under a yellow cursor outline on the same edges: now they never touch."""
    pygame.display.init()
    view = BoardView(4, BOARD_RECT)
    cell = (0, 0)
    sides = [edge(cell, n) for n in view.hexes.neighbours(cell)]
    gates = pygame.Surface((1280, 800))
    for gate in sides:
        view.draw_gate(gates, gate, pal.VERMILION)
    ring = pygame.Surface((1280, 800))
    view.cursor(ring, cell)
    covered = pygame.mask.from_threshold(gates, (0, 0, 0), (1, 1, 1, 255))
    covered.invert()
    cursor = pygame.mask.from_threshold(ring, (0, 0, 0), (1, 1, 1, 255))
    cursor.invert()
    assert cursor.count() > 200 and covered.count() > 200
    assert covered.overlap_area(cursor, (0, 0)) == 0


def test_the_editor_draws_gates_and_cursor_in_colours_far_apart(app):
    editor, drive = open_editor(app)
    drive.key(pygame.K_1)
    frame = app.surface
    gate_mid = editor.view.edge_mid(edge((0, 0), (1, 0)))
    colour = frame.get_at((round(gate_mid[0]), round(gate_mid[1])))[:3]
    distance = sum(abs(a - b) for a, b in zip(colour, pal.FOCUS, strict=True))
    assert distance > 150, colour


# --- the text field itself -----------------------------------------------------------------------
def key(field: TextField, code: int, mod: int = 0) -> bool:
    return field.type(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))


def text_in(field: TextField, words: str) -> None:
    field.type(pygame.event.Event(pygame.TEXTINPUT, text=words))


def test_ctrl_a_home_end_and_cut_edit_like_any_text_box():
    field = TextField("Code", pygame.Rect(0, 0, 400, 50), value="hello world")
    assert key(field, pygame.K_a, pygame.KMOD_CTRL) and field.selected_text() == "hello world"
    text_in(field, "CL1-")  # typing replaces the selection
    assert field.value == "CL1-"
    key(field, pygame.K_HOME)
    text_in(field, ">")
    key(field, pygame.K_END)
    text_in(field, "<")
    assert field.value == ">CL1-<"
    key(field, pygame.K_LEFT, pygame.KMOD_SHIFT)
    key(field, pygame.K_x, pygame.KMOD_CTRL)
    assert field.value == ">CL1-"
    key(field, pygame.K_a, pygame.KMOD_CTRL)
    key(field, pygame.K_BACKSPACE)
    assert field.value == ""
    assert not key(field, pygame.K_RETURN) and not key(field, pygame.K_ESCAPE) and not key(field, pygame.K_TAB)
    assert key(field, pygame.K_s, pygame.KMOD_CTRL) and key(field, pygame.K_F5)  # kept, never passed on


def test_a_code_scene_error_clears_once_the_code_is_edited(app):
    drive = Driver(app)
    scene = CodeScene()
    app.push(scene)
    drive.frames(2)
    text_in(scene.field, "CL1-NOT-A-CODE")
    drive.key(pygame.K_RETURN)
    assert scene.error
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=encode(Level(name="Mint", size=3))))
    drive.frames(2)
    assert scene.error == "" and scene.field.value.startswith("CL1-")


def test_a_level_no_code_can_carry_gets_an_explanation_not_a_crash(app):
    from game.client.coinland.share_dialog import ShareScene

    drive = Driver(app)
    dialog = ShareScene(Level(name="Rich", size=3, purse=1000))
    app.push(dialog)
    drive.frames(3)
    assert dialog.code == "" and "purse" in dialog.problem
    drive.key(pygame.K_RETURN)  # Copy: nothing to copy, nothing breaks
    assert app.scene is dialog


def test_the_longest_code_fits_the_code_box_whole(app):
    from game.hexgrid import MAX_SIZE, board

    drive = Driver(app)
    level = Level(name="x" * 40, size=MAX_SIZE, gates=frozenset(board(MAX_SIZE).edges), purse=9)
    code = encode(level)
    assert len(code) > 200  # longer than a text field's default limit
    scene = CodeScene()
    app.push(scene)
    drive.frames(2)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=code))
    drive.frames(2)
    assert scene.field.value == code
