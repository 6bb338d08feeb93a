"""Watching a Classic match or a Duel between two computers, as arcade games do.

`WatchScene` is the ordinary `PlayScene` (same board, animations and result screen) with
three differences a spectator needs: the pause between the two games of a match closes by
itself, the end is reported once through `on_end`, and with `exit_at_end` the App stops a
moment after the result screen appears (at once at instant speed).
"""

from __future__ import annotations

from collections.abc import Callable

from game.client.coinland import layout
from game.client.coinland.play import PlayScene
from game.client.coinland.result import InterludeScene
from game.client.coinland.sessions import MatchSession, Session
from game.client.widgets import Button

#: seconds the role-swap card and the result screen stay up at speed 1 (scaled by the speed, 0 at instant)
INTERLUDE_HOLD = 2.5
RESULT_HOLD = 2.0


def hold(seconds: float, speed: float) -> float:
    """How long a pause lasts at this animation speed; nothing waits at instant speed."""
    return 0.0 if speed <= 0 else seconds / speed


class WatchInterlude(InterludeScene):
    """The role swap of a watched match: shown, then "Start game 2" presses itself."""

    def enter(self) -> None:
        super().enter()
        self.left = hold(INTERLUDE_HOLD, self.app.speed)

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self._go()


class WatchScene(PlayScene):
    """A Classic match or Duel where both seats are computers; nobody needs to press anything."""

    def __init__(self, session: Session, title: str, *, exit_at_end: bool = False,
                 on_end: Callable[[WatchScene], None] | None = None) -> None:
        super().__init__(session, title)
        self.exit_at_end = exit_at_end
        self.on_end = on_end
        self.reported = False
        self.exit_wait: float | None = None

    def _buttons(self) -> list[Button]:
        """A spectator has nothing to undo, redo or pass: only the menu, centred under the board."""
        buttons = [button for button in super()._buttons() if getattr(button, "key", "") == "menu"]
        for button in buttons:
            button.rect.centerx = layout.BOARD.centerx
        return buttons

    def _check_interlude(self) -> None:
        if self.interlude is None or self.director.busy or not isinstance(self.session, MatchSession):
            return
        event, self.interlude = self.interlude, None
        self.app.audio.play("swap")
        self.app.push(WatchInterlude(self, event))

    def _check_end(self, dt: float) -> None:
        super()._check_end(dt)
        if self.finished and not self.reported:
            self.reported = True
            if self.on_end is not None:
                self.on_end(self)
            if self.exit_at_end:
                self.exit_wait = hold(RESULT_HOLD, self.app.speed)
                self._count_down(0.0)

    def _celebrate_end(self) -> None:
        """Spectators get the shower of coins whoever wins (the base plays a losing sound for computers)."""
        winner = self.winner_seat()
        if self.puzzle or winner is None:
            super()._celebrate_end()
            return
        self.director.celebrate("Game over", f"{watch_names(self.session)[winner]} won")

    def idle(self, dt: float) -> None:
        """Runs under the result screen too: the countdown to leaving lives here."""
        super().idle(dt)
        self._count_down(dt)

    def _count_down(self, dt: float) -> None:
        if self.exit_wait is None:
            return
        self.exit_wait -= dt
        if self.exit_wait <= 0:
            self.app.running = False


def watch_names(session: Session) -> tuple[str, str]:
    """Names that tell the two computers apart even when they play at the same strength."""
    a, b = session.seats
    if a == b:
        return f"Computer 1 ({a})", f"Computer 2 ({b})"
    return f"Computer ({a})", f"Computer ({b})"


def result_line(scene: PlayScene) -> str:
    """One line for the terminal: who won and the score, winner first ("Duel: draw 17-17")."""
    session = scene.session
    names = watch_names(session)
    if isinstance(session, MatchSession):
        assert session.match is not None
        scores = session.match.hoarder_scores
        game, what = "Classic", "wins the match"
    else:
        scores = scene.state.purses
        game, what = "Duel", "wins"
    winner = scene.winner_seat()
    if winner is None:
        return f"{game}: draw {scores[0]}-{scores[1]}"
    return f"{game}: {names[winner]} {what} {scores[winner]}-{scores[1 - winner]}"
