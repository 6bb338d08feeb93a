"""The end of a puzzle, game or match, and the pause between the two games of a match.

A puzzle's result says whether the walk counts and why, in the words of
game.coinland.campaign (the one place that decides it), shows an assisted walk as such,
and announces a pack the walk has just opened. A match's result has the per-game table.
Both are `Dialog`s, so the panel fits what it says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.client import palette as pal
from game.client.coinland.dialog import Dialog, Line, draw_table, table_height
from game.client.coinland.hud_panels import seat_label, star
from game.client.coinland.rating import MAX_STARS
from game.client.coinland.sessions import MatchSession, Session
from game.client.scenes import Scene
from game.coinland.campaign import judge, pack_progress, star_rule
from game.coinland.match import RolesSwapped
from game.wording import object_form, plural, says, verb

if TYPE_CHECKING:
    from game.client.coinland.play import PlayScene

STAR_BLOCK = 64
STAR_BOUNCE = 3.0  # seconds the stars bounce before they rest (a still dialog costs nothing)


@dataclass
class Summary:
    heading: str
    lines: list[str | Line]
    stars: int | None = None  # puzzles only
    rows: list[tuple[str, str, str]] = field(default_factory=list)  # a table: matches
    row_colours: list[pal.Colour] = field(default_factory=list)


class ResultScene(Dialog):
    """Scores, stars and what next; the board and any celebration stay visible behind."""

    def __init__(self, play: PlayScene) -> None:
        super().__init__()
        self.play = play
        self.clock = 0.0
        self.next_scene: Scene | None = None

    def enter(self) -> None:
        found = summary(self.play)
        self.heading, self.lines, self.stars = found.heading, found.lines, found.stars
        self.rows, self.row_colours = found.rows, found.row_colours
        self.plates = {opened_line(name, count) for name, count in getattr(self.play, "opened", [])}
        self.buttons = self._choices()
        super().enter()

    def _choices(self) -> list[tuple[str, object]]:
        items: list[tuple[str, object]] = []
        if self.play.puzzle:
            self.next_scene = self.play.next_level() if self.play.next_level else None
            if self.next_scene is not None:
                items.append((next_label(self.play, self.next_scene), lambda: self._go(self.next_scene)))
            verdict = getattr(self.play, "verdict", None)
            retry = ("Try again", self._retry)
            # Enter acts on the first button: Next after a walk that counts, else Try again
            items.insert(0 if verdict is not None and not verdict.counts else len(items), retry)
            # a pack level goes back to the level list; a shared level, the daily, endless: back
            items.append(("Level list" if getattr(self.play, "position", None) else "Back", self._leave))
        else:
            items.append(("Play again", self._again))
            items.append(("Back to the menu", self._leave))
        if getattr(self.play, "record", None) is not None:  # kept when the game ended
            items.append(("Review", self._review))
        items.append(("Look at the board", self.app.pop))
        return items

    def _review(self) -> None:
        self.app.open("review", self.play.record)

    def block_height(self) -> int:
        if self.stars is not None:
            return STAR_BLOCK
        return table_height(len(self.rows)) if self.rows else 0

    def draw_block(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if self.stars is not None:
            for k in range(MAX_STARS):
                bounce = 0.0 if not self._bouncing() else abs(math.sin(self.clock * 3 + k)) * 6 * (
                    1 - self.clock / STAR_BOUNCE)
                star(surface, (area.centerx + (k - 1) * 70, area.centery + 4 - bounce), 26, k < self.stars)
        elif self.rows:
            draw_table(surface, area.inflate(-60, 0), self.rows, self.row_colours)

    def _retry(self) -> None:
        self.result = "retry"
        self.app.pop()

    def _leave(self) -> None:
        self.app.pop()
        self.app.pop()
        if not self.play.puzzle and type(self.app.scene).__name__ == "TitleScene":
            self.app.open("coinland.modes")  # a match resumed from the title: back to this game's menu

    def _go(self, scene: Scene | None) -> None:
        self.app.pop()
        if scene is not None:
            self.app.replace(scene)

    def _again(self) -> None:
        from game.client.coinland.setup import restart_like

        self.app.pop()
        self.app.replace(restart_like(self.play))

    def update(self, dt: float) -> None:
        self.clock += dt

    def _bouncing(self) -> bool:
        return self.stars is not None and not self.app.reduced_motion and self.clock < STAR_BOUNCE

    def still(self) -> bool:
        return not self._bouncing()


def next_label(play: PlayScene, scene: Scene) -> str:
    """"Next level", or where Next leads when it leaves the order of the pack."""
    here, there = getattr(play, "position", None), getattr(scene, "position", None)
    if here is None or there is None:
        return "Next puzzle" if here is None else "Next level"
    if there[0] != here[0]:
        return f"Next: {there[0]} {there[1] + 1}"
    if there[1] != here[1] + 1:
        return f"Next without a star: level {there[1] + 1}"
    return "Next level"


def summary(play: PlayScene) -> Summary:
    """Heading, lines, stars or a table for the end of a puzzle, a match or a duel."""
    session, state = play.session, play.state
    if play.puzzle:
        return _puzzle_summary(play)
    if isinstance(session, MatchSession):
        assert session.match is not None
        match = session.match
        rows, colours = match_rows(session)
        winner = match.winner
        heading = "Match drawn" if winner is None else says(seat_label(session, winner), "wins")
        return Summary(heading, [("The higher Hoarder score wins the match.", pal.TEXT_DIM)], None, rows, colours)
    a, b = state.purses
    winner = play.winner_seat()
    rows = [(f"Player {seat + 1}", _who(session, seat), plural(score, "coin")) for seat, score in ((0, a), (1, b))]
    colours = [pal.PLAYER_COLOURS[0], pal.PLAYER_COLOURS[1]]
    heading = "A draw" if winner is None else says(seat_label(session, winner), "wins")
    lines: list[str | Line] = [DUEL_ENDINGS.get(state.ended or "", "The duel is over."),
                               ("The richer player wins the duel.", pal.TEXT_DIM)]
    return Summary(heading, lines, None, rows, colours)


def _who(session: Session, seat: int) -> str:
    """Who played a seat, for the second column: never the first column's "Player N" again."""
    label = seat_label(session, seat)
    return "person" if label == f"Player {seat + 1}" else label


# why a duel ended, in the rules' words (RULES.md section 3 and the ruling on stuck Hoarders)
DUEL_ENDINGS = {
    "all_collected": "Every coin has been collected.",
    "both_passed": "Both players passed in succession.",
    "no_moves_left": "Neither Hoarder can reach a coin any more.",
}


def _puzzle_summary(play: PlayScene) -> Summary:
    puzzle = play.puzzle
    assert puzzle is not None and puzzle.level is not None
    verdict = getattr(play, "verdict", None) or judge(play.state, puzzle.level.purse, puzzle.par, puzzle.assisted,
                                                      play.app.store.best(puzzle.key))
    par = puzzle.par
    lines: list[str | Line] = [f"You kept {plural(verdict.score, 'coin')}."]
    if par is not None and verdict.finished:
        lines.append("Par! The best walk there is." if verdict.score >= par
                     else f"Par is {par}: {plural(par - verdict.score, 'more coin')} to find.")
    lines.append((verdict.reason, pal.TEXT_DIM))
    if par is not None and verdict.finished and verdict.score >= par and puzzle.level.idea:
        lines.append((f"The idea: {after_colon(puzzle.level.idea)}", pal.GOLD_LIGHT))  # told once solved, never before
    if getattr(play, "new_best", False):
        lines.append(("A new best for this level!", pal.GOLD))
    for name, count in getattr(play, "opened", []):
        lines.append((opened_line(name, count), pal.GOLD_LIGHT))
    if not verdict.assisted and verdict.counts and verdict.stars < MAX_STARS:  # with none, the reason says it
        lines.append((star_rule(par, puzzle.level.purse), pal.TEXT_DIM))
    progress = _pack_line(play)
    if progress:
        lines.append((progress, pal.TEXT_DIM))
    return Summary(verdict.heading, lines, verdict.stars)


def after_colon(sentence: str) -> str:
    """A level's idea ("Pay a toll while ...") read on after "The idea:" mid-sentence: its first
    word in lower case (unless it is a name or "I": a capital follows), and a full stop."""
    sentence = sentence.strip()
    first = sentence.split(" ", 1)[0]
    if first[:1].isupper() and (first[1:].islower() or (len(first) == 1 and first != "I")):
        sentence = sentence[0].lower() + sentence[1:]
    return sentence if not sentence or sentence[-1] in ".!?" else sentence + "."


def _pack_line(play: PlayScene) -> str:
    """The stars held in the level's pack and what they open (packs open by stars)."""
    position, packs = getattr(play, "position", None), getattr(play, "packs", None) or []
    pack = next((p for p in packs if position is not None and p.name == position[0]), None)
    store = play.app.store
    return pack_progress(packs, pack, store.best, store.opened) if pack is not None else ""


def opened_line(pack: str, levels: int) -> str:
    return f"New pack open: {pack}, {plural(levels, 'level')} to play!"


def match_rows(session: MatchSession, playing: bool = False) -> tuple[list[tuple[str, str, str]], list[pal.Colour]]:
    """One row per game: who hoarded and what they kept ("to play" for a game not finished)."""
    assert session.match is not None
    match = session.match
    rows, colours = [], []
    for game in range(2):
        seat = match.hoarder_seat(game)
        kept = plural(match.results[game], "coin") if game < len(match.results) else (
            "to play" if playing else "-")
        rows.append((f"Game {game + 1}", seat_label(session, seat), kept))
        colours.append(pal.PLAYER_COLOURS[seat])
    return rows, colours


def interlude_lines(session: Session, event: RolesSwapped) -> list[str | Line]:
    """The role-swap words: who kept what in game 1, who hoards and who keeps the gates now."""
    assert isinstance(session, MatchSession) and session.match is not None
    first = session.match.hoarder_seat(0)
    score = session.match.results[0] if session.match.results else 0
    hoarder = seat_label(session, event.hoarder_seat)
    keeper = seat_label(session, 1 - event.hoarder_seat)
    return [f"Game 1 is over: {says(seat_label(session, first), 'kept', plural(score, 'coin'), base='kept')} "
            "as Hoarder.",
            f"In game 2 {object_form(hoarder)} {verb(hoarder, 'is', 'are')} the Hoarder",
            f"and {object_form(keeper)} {verb(keeper, 'keeps')} the gates.",
            ("The higher Hoarder score wins the match.", pal.TEXT_DIM)]


class InterludeScene(Dialog):
    """Game 1 is over: its score, and the role swap announced before game 2 starts.
    The board and the player panels keep game 1's roles until this is dismissed."""

    def __init__(self, play: PlayScene, event: RolesSwapped) -> None:
        super().__init__("Roles swap!")
        self.play = play
        self.event = event

    def enter(self) -> None:
        session = self.play.session
        assert isinstance(session, MatchSession)
        self.lines = interlude_lines(session, self.event)
        self.rows, self.row_colours = match_rows(session, playing=True)
        self.buttons = [("Start game 2", self._go)]
        self.escape = self._go
        super().enter()

    def block_height(self) -> int:
        return table_height(len(self.rows))

    def draw_block(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        draw_table(surface, area.inflate(-60, 0), self.rows, self.row_colours)

    def _go(self) -> None:
        self.result = "interlude-done"
        self.app.pop()
