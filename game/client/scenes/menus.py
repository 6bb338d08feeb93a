"""Menu scenes: game select, level select, versus setup, settings, rules, pause, result."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pygame

from game import LEVELS
from game.client import palette as pal
from game.client.app import LOGICAL, Scene
from game.client.sessions import HUMAN, DuelSession, MatchSession, PuzzleSession
from game.client.widgets import Button, Menu
from game.coinland.levels import Level, load_levels
from game.coinland.state import Mode

STRENGTH_CHOICES = (HUMAN, "easy", "normal", "hard", "random")


class MenuScene(Scene):
    """A heading, a few lines of text and a column of buttons; Esc goes back."""

    heading = ""
    lines: tuple[str, ...] = ()

    def items(self) -> list[tuple[str, object]]:
        return []

    def enter(self) -> None:
        self.menu = Menu.column(self.items(), LOGICAL[0] // 2, 250)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        pal.blit_text(surface, self.heading, (LOGICAL[0] / 2, 110), "title", pal.GOLD, anchor="center")
        for index, line in enumerate(self.lines):
            pal.blit_text(surface, line, (LOGICAL[0] / 2, 170 + index * 30), "body", pal.TEXT_DIM, anchor="center")
        self.menu.draw(surface)


class GameSelectScene(MenuScene):
    heading = "Choose a game"

    def items(self):
        from game.client.scenes import satoshi_available

        items = [
            ("Puzzle", lambda: self.app.push(LevelSelectScene())),
            ("Classic match", lambda: self.app.push(SetupScene(Mode.CLASSIC))),
            ("Duel", lambda: self.app.push(SetupScene(Mode.DUEL))),
            ("Rules of Hoarder & Gatekeeper", lambda: self.app.push(RulesScene())),
        ]
        if satoshi_available():
            from game.client.scenes.satoshi import SatoshiSetupScene

            items.append(("Finding Satoshi", lambda: self.app.push(SatoshiSetupScene())))
        else:
            items.append(("Finding Satoshi (coming soon)", lambda: self.app.toast("Finding Satoshi is coming soon.")))
        items.append(("Back", self.app.pop))
        return items

    lines = ("Hoarder & Gatekeeper by Néstor Romeral Andrés",)


def level_key(level: Level) -> str:
    return f"{Path(level.source).parent.name}/{Path(level.source).stem}" if level.source else level.name


def stars(score: int | None, par: int | None) -> int:
    """0-3 stars: par earns three; within 2 of par two; any finished attempt one."""
    if score is None or par is None:
        return 0
    if score >= par:
        return 3
    return 2 if score >= par - 2 else 1


class LevelSelectScene(Scene):
    """Every level under levels/ (one pack per folder), with par, your best and its stars."""

    def enter(self) -> None:
        levels, problems = load_levels(LEVELS)
        for problem in problems[:3]:
            self.app.toast(f"Skipped a broken level: {problem}", 6)
        self.levels = sorted(levels, key=lambda lv: lv.source)
        self.first = 0
        self._layout()

    def _layout(self) -> None:
        buttons = []
        visible = self.levels[self.first:self.first + 9]
        for index, level in enumerate(visible):
            rect = pygame.Rect(240, 150 + index * 60, 800, 50)
            buttons.append(Button(level.name, self._play(level), rect))
        buttons.append(Button("Back", self.app.pop, pygame.Rect(540, 720, 200, 48)))
        self.menu = Menu(buttons)

    def _play(self, level: Level):
        from game.client.scenes.play import PlayScene

        def start() -> None:
            session = PuzzleSession(level=level)
            self.app.push(PlayScene(session, f"Puzzle: {level.name}", on_finish=self._record(level)))
        return start

    def _record(self, level: Level):
        def record(session) -> None:
            if self.app.store.record(level_key(level), session.state.purses[0]):
                self.app.toast("New best score!")
        return record

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = 9 if event.key == pygame.K_PAGEDOWN else -9
            self.first = max(0, min(max(0, len(self.levels) - 9), self.first + step))
            self._layout()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        pal.blit_text(surface, "Puzzles", (LOGICAL[0] / 2, 70), "title", pal.GOLD, anchor="center")
        for label, x in (("pack", 258), ("level", 640), ("par", 850), ("best", 920), ("rating", 992)):
            pal.blit_text(surface, label, (x, 124), "small", pal.TEXT_DIM, anchor="midleft" if x == 258 else "center")
        self.menu.draw(surface)
        for index, level in enumerate(self.levels[self.first:self.first + 9]):
            y = 175 + index * 60
            best = self.app.store.progress.best.get(level_key(level))
            pal.blit_text(surface, Path(level.source).parent.name, (258, y), "small", pal.TEXT_DIM, anchor="midleft")
            pal.blit_text(surface, str(level.par or "?"), (850, y), "body", anchor="center")
            pal.blit_text(surface, "-" if best is None else str(best), (920, y), "body", anchor="center")
            for k in range(3):
                filled = k < stars(best, level.par)
                centre = (970 + k * 22, y)
                if filled:
                    pygame.draw.circle(surface, pal.GOLD, centre, 8)
                pygame.draw.circle(surface, pal.GOLD_DARK, centre, 8, 2)
        if len(self.levels) > 9:
            pal.blit_text(surface, "PgUp / PgDn for more levels", (LOGICAL[0] / 2, 700), "small", pal.TEXT_DIM,
                          anchor="center")


class SetupScene(Scene):
    """Seats (human or a computer strength), board size and who starts."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.seats = [HUMAN, "normal"]
        self.size = 4
        self.first = 0

    def enter(self) -> None:
        self._layout()

    def _layout(self) -> None:
        first_label = ("Seat 1 hoards first" if self.first == 0 else "Seat 2 hoards first") \
            if self.mode is Mode.CLASSIC else f"Player {self.first + 1} starts"
        items = [
            (f"Seat 1: {self.seats[0]}", lambda: self._cycle_seat(0)),
            (f"Seat 2: {self.seats[1]}", lambda: self._cycle_seat(1)),
            (f"Board size: {self.size}", self._cycle_size),
            (first_label, self._flip_first),
            ("Start", self._start),
            ("Back", self.app.pop),
        ]
        focus = getattr(self, "menu", None).focus if hasattr(self, "menu") else 0
        self.menu = Menu.column(items, LOGICAL[0] // 2, 220, width=420)
        self.menu.focus = focus

    def _cycle_seat(self, seat: int) -> None:
        index = STRENGTH_CHOICES.index(self.seats[seat])
        self.seats[seat] = STRENGTH_CHOICES[(index + 1) % len(STRENGTH_CHOICES)]
        self._layout()

    def _cycle_size(self) -> None:
        self.size = 3 + (self.size - 2) % 4
        self._layout()

    def _flip_first(self) -> None:
        self.first = 1 - self.first
        self._layout()

    def _start(self) -> None:
        from game.client.scenes.play import PlayScene
        from game.coinland.match import ClassicMatch

        seats = (self.seats[0], self.seats[1])
        if self.mode is Mode.CLASSIC:
            session = MatchSession(seats=seats, size=self.size, match=ClassicMatch(self.size, self.first))
            title = "Classic match"
        else:
            session = DuelSession(seats=seats, size=self.size, first=self.first)
            title = "Duel"
        self.app.replace(PlayScene(session, title))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        title = "Classic match" if self.mode is Mode.CLASSIC else "Duel"
        pal.blit_text(surface, title, (LOGICAL[0] / 2, 90), "title", pal.GOLD, anchor="center")
        note = ("Two games with roles swapped; the higher Hoarder score wins." if self.mode is Mode.CLASSIC
                else "Both players hoard and gate. More coins wins.")
        pal.blit_text(surface, note, (LOGICAL[0] / 2, 150), "body", pal.TEXT_DIM, anchor="center")
        pal.blit_text(surface, "Enter or click a line to change it", (LOGICAL[0] / 2, 185), "small", pal.TEXT_DIM,
                      anchor="center")
        self.menu.draw(surface)


class SettingsScene(Scene):
    def enter(self) -> None:
        self._layout()

    def _layout(self) -> None:
        s = self.app.store.settings
        items = [
            (f"Volume: {round(s.master_volume * 100)}%", self._volume),
            (f"Animation speed: {s.animation_speed}", self._speed),
            (f"Reduced motion: {'on' if s.reduced_motion else 'off'}", self._motion),
            (f"Fullscreen (F11): {'on' if self.app.fullscreen else 'off'}", self._fullscreen),
            ("Back", self._back),
        ]
        focus = self.menu.focus if hasattr(self, "menu") else 0
        self.menu = Menu.column(items, LOGICAL[0] // 2, 220, width=460)
        self.menu.focus = focus

    def _volume(self) -> None:
        s = self.app.store.settings
        s.master_volume = round((s.master_volume + 0.2) % 1.2, 1)
        self.app.audio.volume = s.master_volume * s.effects_volume
        self.app.audio.play("coin")
        self._layout()

    def _speed(self) -> None:
        order = ["slow", "normal", "fast", "instant"]
        s = self.app.store.settings
        s.animation_speed = order[(order.index(s.animation_speed) + 1) % len(order)]
        self._layout()

    def _motion(self) -> None:
        self.app.store.settings.reduced_motion = not self.app.store.settings.reduced_motion
        self._layout()

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._layout()

    def _back(self) -> None:
        self.app.store.save()
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        pal.blit_text(surface, "Settings", (LOGICAL[0] / 2, 110), "title", pal.GOLD, anchor="center")
        self.menu.draw(surface)


RULES = [
    ("Hoarder & Gatekeeper", "A game by Néstor Romeral Andrés, first published in Bitcoin Magazine. "
     "Coinland is a hexagonal land full of coins. The Hoarder collects them; the Gatekeeper taxes her with gates."),
    ("The Hoarder's move", "Move in a straight line, in any of the six directions, as far as you like, and stop on "
     "a cell that holds a coin. You may pass over any cells. Pay one coin for every gate you cross, from what "
     "you hold before the move (you cannot move if you cannot pay), then collect the coin where you land."),
    ("Puzzle", "The Gatekeeper is asleep: the gates are fixed. Collect as many coins as you can; stop when every "
     "move would cost more than it earns. Par is the best possible score, proved by the solver: reach it for "
     "three stars, come within two for two."),
    ("Classic", "The Gatekeeper moves first and draws one gate per turn on any free edge. The Hoarder must move if "
     "she can, and after moving may declare the game over. The game ends when the coins are gone, when the "
     "Hoarder cannot move, or when she declares it. Fees go to the Gatekeeper. A match is two games with the "
     "roles swapped: the higher Hoarder score wins."),
    ("Duel", "Both players hoard and gate. On your turn either move your Hoarder or draw a gate in your colour. "
     "Your own gates are free to cross; each of the other player's gates costs you a coin, paid to her. You may "
     "not pass over or land on the other Hoarder. Pass only when you can do neither. The game ends when the coins "
     "are gone or both players pass in a row; more coins wins. Player 2's gates are striped."),
]


class RulesScene(Scene):
    """The rules for players, page by page, with a small animated example of a move."""

    def enter(self) -> None:
        self.page = 0
        self.clock = 0.0
        self.menu = Menu([Button("Previous", self._prev, pygame.Rect(340, 720, 180, 48)),
                          Button("Next", self._next, pygame.Rect(550, 720, 180, 48)),
                          Button("Back", self.app.pop, pygame.Rect(760, 720, 180, 48))])

    def _prev(self) -> None:
        self.page = (self.page - 1) % len(RULES)

    def _next(self) -> None:
        self.page = (self.page + 1) % len(RULES)

    def update(self, dt: float) -> None:
        self.clock += dt

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        title, body = RULES[self.page]
        pal.blit_text(surface, title, (LOGICAL[0] / 2, 80), "title", pal.GOLD, anchor="center")
        for index, line in enumerate(pal.wrap(body, 560)):
            pal.blit_text(surface, line, (80, 160 + index * 32), "body")
        pal.blit_text(surface, f"{self.page + 1} / {len(RULES)}", (LOGICAL[0] / 2, 690), "small", pal.TEXT_DIM,
                      anchor="center")
        self._example(surface)
        self.menu.draw(surface)

    def _example(self, surface: pygame.Surface) -> None:
        """A Hoarder slides two cells over a gate, pays one coin and collects one."""
        from game.client.board_view import BoardView
        from game.coinland.rules import new_puzzle

        state = new_puzzle(3, (0, 0), [((0, 0), (1, 0))], purse=1)
        view = BoardView(3, pygame.Rect(700, 150, 520, 480))
        t = (self.clock % 3.0) / 3.0
        shown = state if t < 0.6 else replace(state, coins=state.coins - {(2, 0)})
        view.draw_state(surface, shown, pawn_at={0: view.centre((0, 0)) if t < 0.2 else (
            view.centre((2, 0)) if t > 0.5 else _lerp(view.centre((0, 0)), view.centre((2, 0)), (t - 0.2) / 0.3))})
        caption = "Crossing one gate costs 1; the coin at the end pays it back." if self.page < 3 else ""
        if caption:
            pal.blit_text(surface, caption, (960, 650), "small", pal.TEXT_DIM, anchor="center")


def _lerp(a, b, t):
    t = 1 - (1 - t) ** 3
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class PauseScene(Scene):
    overlay = True

    def __init__(self, play) -> None:
        self.play = play

    def enter(self) -> None:
        items = [("Resume", self.app.pop), ("Rules", lambda: self.app.push(RulesScene())),
                 ("Settings", lambda: self.app.push(SettingsScene())), ("Quit to menu", self._quit)]
        self.menu = Menu.column(items, LOGICAL[0] // 2, 280)

    def _quit(self) -> None:
        self.app.pop()
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        pal.blit_text(surface, "Paused", (LOGICAL[0] / 2, 200), "title", pal.GOLD, anchor="center")
        self.menu.draw(surface)


class ResultScene(Scene):
    """The end of a puzzle, game or match: scores, stars, what next."""

    overlay = True

    def __init__(self, play) -> None:
        self.play = play
        self.clock = 0.0

    def enter(self) -> None:
        session = self.play.session
        items = [("Look at the board", self.app.pop)]
        if isinstance(session, PuzzleSession):
            items.insert(0, ("Try again", self._retry))
        items.append(("Back to menu", self._leave))
        self.menu = Menu.column(items, LOGICAL[0] // 2, 430)
        self.lines = self._lines()

    def _retry(self) -> None:
        self.app.pop()
        self.play.restart()

    def _leave(self) -> None:
        self.app.pop()
        self.app.pop()

    def _lines(self) -> list[str]:
        session = self.play.session
        state = session.state
        if isinstance(session, PuzzleSession):
            par = session.level.par
            score = state.purses[0]
            self.stars = stars(score, par)
            verdict = "Par! A perfect walk." if par is not None and score >= par else f"Par is {par}."
            return [f"You kept {score} coins.", verdict]
        self.stars = 0
        if isinstance(session, MatchSession):
            match = session.match
            a, b = match.hoarder_scores
            winner = "The match is drawn." if match.winner is None else f"Seat {match.winner + 1} wins the match!"
            return [f"Hoarder scores: seat 1 kept {a}, seat 2 kept {b}.", winner]
        a, b = state.purses
        winner = "A draw." if a == b else f"Player {1 if a > b else 2} wins!"
        return [f"Coins: player 1 {a}, player 2 {b}.", winner]

    def update(self, dt: float) -> None:
        self.clock += dt

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        pal.blit_text(surface, "Finished", (LOGICAL[0] / 2, 200), "title", pal.GOLD, anchor="center")
        for index, line in enumerate(self.lines):
            pal.blit_text(surface, line, (LOGICAL[0] / 2, 270 + index * 36), "body", anchor="center")
        for k in range(self.stars):
            bounce = abs(math.sin(self.clock * 4 + k)) * 8 if not self.app.store.settings.reduced_motion else 0
            self.play.view.draw_coin(surface, (LOGICAL[0] / 2 - 60 + 60 * k, 370 - bounce), 1.0)
        self.menu.draw(surface)
