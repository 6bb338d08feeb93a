"""The level editor's keyboard and mouse: what each key, click and Tab does, and where typing goes.

Kept apart from the editor's scene (editor.py: the draft, the live par proof, drawing) because
input is the part a reader looks for on its own: the key map, the Tab cycle between the board
and the panel, and the rule that a name being typed swallows every key but Esc, Enter and Tab.
`EditorInput` is a mixin: it acts on the scene's own fields (group, view, cursor, draft, tool).
"""

from __future__ import annotations

import pygame

from game.hexgrid import DIRECTIONS, add, edge

BOARD_RECT = pygame.Rect(40, 120, 760, 600)


class EditorInput:
    """Keyboard and mouse for EditorScene (see editor.py for the fields it uses)."""

    @property
    def on_board(self) -> bool:
        return not self.group.active

    @property
    def typing(self) -> bool:
        """The Name field has the keyboard."""
        return self.group.focused is self.name_field

    def _focus_board(self) -> None:
        self.group.active = False
        pygame.key.stop_text_input()

    def focus_name(self) -> None:
        self.group.active, self.group.focus = True, self.group.widgets.index(self.name_field)
        self._text_input()

    def _named(self, value: str) -> None:
        self.draft.name = value
        self.leaving = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and self.swallow:
            self.swallow = False  # the "n" of the N that focused the field is not part of the name
            return
        if event.type == pygame.KEYDOWN:
            self.swallow = False
        if self.typing and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if self.name_field.type(event):
                return
            if event.key == pygame.K_ESCAPE:  # Esc leaves the field, not the editor
                self._focus_board()
                self.say("Name kept. Esc again leaves the editor.")
                return
        if event.type == pygame.TEXTINPUT:
            return  # text typed with no field focused: the KEYDOWN that came with it is the shortcut
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._click(event.pos, event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEMOTION:
                self.hover = event.pos
            self.group.handle(event)

    def _click(self, pos, event: pygame.event.Event) -> None:
        if BOARD_RECT.collidepoint(pos):
            self._focus_board()
            gate = self.view.edge_at(pos)
            cell = self.view.cell_at(pos)
            if gate is not None and event.button == 1:
                self.toggle_gate(gate)
            elif cell is not None:
                self.cursor = cell
                # A right click always takes or puts back the coin; it never changes the left-click tool.
                self.act_on_cell(cell, "coinless" if event.button == 3 else self.tool)
            return
        if event.button == 1 and self.group.handle(event):
            self._text_input()
        elif self.typing:
            self._focus_board()  # a click elsewhere ends typing

    def _text_input(self) -> None:
        if self.typing:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()

    def _key(self, event: pygame.event.Event) -> None:
        key, ctrl = event.key, event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_s and ctrl:
            self.save()
        elif key == pygame.K_z and ctrl:
            self.undo()
        elif key == pygame.K_TAB:
            self._tab(bool(event.mod & pygame.KMOD_SHIFT))
        elif ctrl or self._shortcut(key):
            return
        elif not self.on_board:
            self.group.handle(event)
            self._text_input()
        else:
            self._board_key(key)

    def _tab(self, backwards: bool) -> None:
        """Tab cycles the board, then each panel widget, then the board again (Shift+Tab backwards)."""
        count = len(self.group.widgets)
        if self.on_board:
            self.group.active, self.group.focus = True, count - 1 if backwards else 0
        else:
            following = self.group.focus + (-1 if backwards else 1)
            if 0 <= following < count:
                self.group.focus = following
            else:
                self._focus_board()
        self._text_input()

    def _shortcut(self, key: int) -> bool:
        """The letter and number keys: the same whether the board or a panel button has the focus."""
        if pygame.K_1 <= key <= pygame.K_6:
            neighbour = add(self.cursor, DIRECTIONS[key - pygame.K_1])
            if neighbour in self.view.hexes:
                self.toggle_gate(edge(self.cursor, neighbour))
            else:
                self.say("That side is the rim of the board: no edge there.", "error")
        elif key == pygame.K_c:
            self.act_on_cell(self.cursor, "coinless")
        elif key == pygame.K_s:
            self.act_on_cell(self.cursor, "start")
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            self._purse(self.draft.purse + (1 if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else -1))
        elif key == pygame.K_p:
            self.test_play()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_n:
            self.focus_name()
            self.swallow = True
        else:
            return False
        return True

    def _board_key(self, key: int) -> None:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._move_cursor(key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.act_on_cell(self.cursor)

    def _move_cursor(self, key: int) -> None:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            steps = ((-1, 0),) if key == pygame.K_LEFT else ((1, 0),)
        else:
            steps = ((0, -1), (1, -1)) if key == pygame.K_UP else ((-1, 1), (0, 1))
        for step in steps:
            target = add(self.cursor, step)
            if target in self.view.hexes:
                self.cursor = target
                return
