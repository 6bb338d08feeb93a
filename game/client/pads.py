"""Game controllers (SDL game controllers through pygame-ce): every scene plays with one as with
the keyboard, because a controller's buttons become the keys the scenes already know.

- The D-pad and the left stick are the arrows; A is Enter, B is Esc (back), Start is Esc
  (pause), X is G (the next side of the cursor's cell, for a gate), Y is U (undo), the
  shoulders are Tab and Shift+Tab, Back is W (wait, in a Duel).
- Each key made from a controller carries `pad`: the player number of that controller (1 for the
  first plugged in, 2 for the second), so a two-person game can give each seat its own
  controller (`seat_of`): with two or more, controller N plays seat N; with one, it plays
  every seat, as one keyboard does.
- Controllers come and go while the game runs (hot-plug). One that disconnects is announced with
  a toast and the scene is told (`Scene.controller_lost`): a game pauses.
- Once a controller has been used, key hints name its buttons (`words`), until a key is pressed.

Nothing here is a rule: the scenes decide what a key does, as they do for the keyboard.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

STICK_ON, STICK_OFF = 0.6, 0.3  # of the stick's full travel: press beyond the first, release below the second
AXIS_FULL = 32767

BUTTON_KEYS: dict[int, tuple[int, int]] = {  # button -> (key, modifiers)
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_X: (pygame.K_g, 0),
    pygame.CONTROLLER_BUTTON_Y: (pygame.K_u, 0),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_w, 0),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_TAB, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_TAB, pygame.KMOD_SHIFT),
}

# the keyboard's names in hints, and the controller's (longest first, so "Shift+Tab" is one)
HINT_WORDS = (("Shift+Tab", "LB"), ("Arrows", "D-pad"), ("arrows", "D-pad"), ("Enter", "A"), ("Esc", "B"),
              ("Tab", "RB"), ("U / R", "Y"), ("1-6, G", "X"), ("W ", "Back "))

EVENTS = frozenset({pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION, pygame.CONTROLLERDEVICEADDED,
                    pygame.CONTROLLERDEVICEREMOVED})

_in_use = False  # the last input came from a controller (hints name its buttons)


def in_use() -> bool:
    return _in_use


def words(hint: str) -> str:
    """A key hint in the controller's words while one is in use, else as written."""
    if not _in_use:
        return hint
    for key, button in HINT_WORDS:
        hint = hint.replace(key, button)
    return hint


class Pads:
    """The controllers plugged in, in the order they came, and the translation of their input."""

    def __init__(self) -> None:
        self.order: list[int | None] = []  # instance ids; player number = position + 1; None: a slot left free
        self.opened: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller (kept open)
        self.held: dict[tuple[int, int], int] = {}  # (instance, axis) -> the arrow key the stick holds

    def start(self) -> None:
        """Open the controllers already plugged in (SDL also announces them as added)."""
        with contextlib.suppress(pygame.error, ImportError):
            from pygame._sdl2 import controller

            controller.init()

    def player(self, instance: int) -> int:
        """The player number of a controller. A controller first seen takes the first free number,
        so one that was unplugged and comes back plays its seat again."""
        if instance not in self.order:
            if None in self.order:
                self.order[self.order.index(None)] = instance
            else:
                self.order.append(instance)
        return self.order.index(instance) + 1

    def seat_of(self, pad: int | None, seats: int = 2) -> int | None:
        """The seat (0-based) a controller's input plays for, or None for any seat: with fewer
        than two controllers, or for a keyboard key."""
        if pad is None or sum(slot is not None for slot in self.order) < 2:
            return None
        return (pad - 1) % seats

    def translate(self, event: pygame.event.Event) -> tuple[pygame.event.Event | None, str]:
        """The key event a controller event stands for (None: nothing to do), and a notice to show."""
        global _in_use
        if event.type == pygame.CONTROLLERDEVICEADDED:
            return None, self._added(getattr(event, "device_index", -1))
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            return self._removed(getattr(event, "instance_id", -1))
        instance = getattr(event, "instance_id", -1)
        key = None
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            key = BUTTON_KEYS.get(getattr(event, "button", -1))
        elif event.type == pygame.CONTROLLERAXISMOTION:
            key = self._stick(instance, getattr(event, "axis", -1), getattr(event, "value", 0))
        if key is None:
            return None, ""
        _in_use = True
        return pygame.event.Event(pygame.KEYDOWN, key=key[0], mod=key[1], unicode="", scancode=0,
                                  pad=self.player(instance)), ""

    def _stick(self, instance: int, axis: int, value: int) -> tuple[int, int] | None:
        """An arrow once the left stick leans past STICK_ON; again only after it came back."""
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return None
        share = value / AXIS_FULL
        slot = (instance, axis)
        if abs(share) < STICK_OFF:
            self.held.pop(slot, None)
            return None
        if abs(share) < STICK_ON or slot in self.held:
            return None
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            arrow = pygame.K_RIGHT if share > 0 else pygame.K_LEFT
        else:
            arrow = pygame.K_DOWN if share > 0 else pygame.K_UP
        self.held[slot] = arrow
        return arrow, 0

    def _added(self, device_index: int) -> str:
        try:
            from pygame._sdl2 import controller

            pad = controller.Controller(device_index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, ImportError, AttributeError, ValueError, IndexError, TypeError):
            return ""
        self.opened[instance] = pad
        return f"Controller {self.player(instance)} connected."

    def _removed(self, instance: int) -> tuple[pygame.event.Event | None, str]:
        global _in_use
        if instance is None or instance not in self.order:
            return None, ""
        number = self.player(instance)
        self.order[number - 1] = None
        self.opened.pop(instance, None)
        self.held = {slot: key for slot, key in self.held.items() if slot[0] != instance}
        _in_use = _in_use and any(slot is not None for slot in self.order)
        lost = pygame.event.Event(pygame.USEREVENT, pad_lost=number)
        return lost, f"Controller {number} disconnected."


def keyboard_used() -> None:
    """A key from the keyboard: hints go back to the keyboard's names."""
    global _in_use
    _in_use = False
