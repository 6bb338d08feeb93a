"""What a player can do with one level besides playing it: its share code, and editing it.

Opened by a right click on a level in the level select, so mouse players reach what the
keyboard reaches with C and E. A campaign level opens in the editor as a copy: saving it
writes a new file to My levels and never touches levels/. A `Dialog`, so it is shaped
like every other dialog over the game.
"""

from __future__ import annotations

from collections.abc import Callable

from game.client import palette as pal
from game.client.coinland.dialog import Dialog
from game.coinland.levels import Level


class LevelActionsScene(Dialog):
    width = 560

    def __init__(self, level: Level, play: Callable[[], None], share: Callable[[], None],
                 edit: Callable[[], None], mine: bool) -> None:
        self.level, self.mine = level, mine
        run = [self._then(action) for action in (play, share, edit)]
        # Esc's line is inside the panel: below it, it would lie over the list's rows
        super().__init__(level.name, [("Esc closes", pal.TEXT_DIM)], [("Play", run[0]), ("Share code", run[1]),
                                          ("Edit" if mine else "Edit a copy", run[2]), ("Close", self._close)])

    def _close(self) -> None:
        self.app.pop()

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop()
            action()
        return run
