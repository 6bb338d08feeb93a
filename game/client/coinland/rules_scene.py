"""How to play: a page per topic, written for players, each with a short animated example.

The examples are real games: scripted actions applied by the rules engine and animated
by the same Director as play, so what the pictures show is exactly what the rules do.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.board_view import BoardView, gate_colour, gate_style, pawn_colour
from game.client.coinland.director import Director
from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.widgets import Widget, panel, row
from game.coinland.actions import Action, Gate, Move, Wait
from game.coinland.rules import apply, explain_illegal, new_classic, new_duel, new_puzzle
from game.coinland.state import Mode, State

CREDIT = "Hoarder & Gatekeeper is a game by Néstor Romeral Andrés."
DEMO_RECT = pygame.Rect(720, 150, 500, 420)
TEXT_LEFT, TEXT_WIDTH = 70, 600


@dataclass(frozen=True)
class Page:
    title: str
    body: str
    start: State
    script: tuple[Action, ...]
    caption: str
    mode: Mode | None = None


def pages() -> list[Page]:
    toll = new_puzzle(3, (0, 0), [((0, 0), (1, 0)), ((1, -1), (1, 0))], purse=1)
    walk = new_puzzle(3, (0, 0), [((0, 0), (0, 1)), ((-1, 1), (0, 1)), ((0, 1), (1, 0)), ((0, 1), (1, 1))],
                      empty=[(2, -2)])
    return [
        Page("The Hoarder's move",
             "Coinland is a hexagonal land with a coin on almost every cell. The Hoarder, the round pawn, "
             "collects them.\n"
             "- She moves in a straight line, in any of the six directions, as far as she likes, and must stop "
             "on a cell that holds a coin.\n"
             "- She may pass over any cells on the way; only the coin where she stops is hers.\n"
             "- Every gate she crosses costs one coin, paid from what she holds before the move. If she cannot "
             "pay, she cannot go.\n"
             "- A collected coin is gone, so she never stops on the same cell twice.",
             toll, (Move((2, 0)), Move((2, -1)), Move((2, -2))),
             "Two cells east over one gate: pay 1, collect 1."),
        Page("Puzzle",
             "The Gatekeeper is asleep and the level fixes the gates. Collect as many coins as you can.\n"
             "- The walk ends when no move is possible, or when you Stop.\n"
             "- Your score is the coins you hold at the end. Par is the best score there is, proved by the solver.\n"
             "- Stars: one needs half of par's gain, two come within two coins of par, three at par. Half of a "
             "pack's stars open the next pack.\n"
             "- Stuck? Hint marks the solver's next move; Solve replays the best walk. Help lasts: the level "
             "keeps the stars you had earned and earns no more. Undo as often as you like.",
             walk, (Move((1, -1)), Move((1, -2)), Move((0, -2)), Move((-1, -1)), Move((-2, 0))),
             "Free moves first: each keeps its coin.", Mode.PUZZLE),
        Page("Classic",
             "Hoarder against Gatekeeper.\n"
             "- The Gatekeeper moves first: each turn she draws one gate on any free edge.\n"
             "- The Hoarder must move if she can. After moving she may declare the game over (End, or E) "
             "and keep what she holds.\n"
             "- The game ends when the coins are gone, when the Hoarder cannot move, or when she ends it.\n"
             "- The Hoarder's score is the coins she holds; fees go to the Gatekeeper and do not score.\n"
             "- A match is two games with the roles swapped: the higher Hoarder score wins.",
             new_classic(3),
             (Gate(((0, 0), (1, 0))), Move((1, -1)), Gate(((1, -1), (2, -2))), Move((-1, -1)),
              Gate(((-1, -1), (-2, 0))), Move((-1, 0))),
             "The Gatekeeper gates, the Hoarder dodges.", Mode.CLASSIC),
        Page("Duel",
             "Both players hoard and gate. Player 1 is orange with solid gates; player 2 is sky blue with "
             "striped gates.\n"
             "- On your turn either move your Hoarder or draw a gate on any free edge.\n"
             "- Your own gates are free for you; each of your opponent's gates you cross costs one coin, "
             "paid to them.\n"
             "- A Hoarder may not pass over or stop on the other Hoarder.\n"
             "- Pass only when you can do neither. The game ends when the coins are gone or neither Hoarder "
             "can reach one.\n"
             "- More coins wins; equal coins is a draw. Moving first is an edge (equal computer players "
             "starting win 58 to 66 of 100 decided games), so take turns to start.",
             new_duel(3),
             (Move((-1, 0)), Gate(((-1, 0), (0, 0))), Move((-1, -1)), Move((1, 0)), Gate(((1, 0), (1, 1))),
              Move((1, 1))),
             "Player 2 crosses a solid gate: 1 coin to player 1.", Mode.DUEL),
        Page("Duel: the waiting game",
             "Late in a Duel every move may cost coins: each would cross a gate of the other colour. Both "
             "would rather draw gates, and whoever is on turn when no edge is left must move and pay first.\n"
             "- An edge is harmless when no move of either Hoarder can ever cross it. Wait (W) draws one of "
             "your gates on one: it changes nothing but whose turn it is.\n"
             "- The board counts the harmless edges left and says who moves first if both only wait. "
             "Waiting does not change that player, so when it is you, you may as well move now.\n"
             "- House rule, off unless chosen in the Duel setup: you may pass instead of drawing a gate. Two "
             "passes in a row end the game and more coins wins, so the player ahead passes and the one "
             "behind must pay to catch up. It is not in the designer's rules.",
             waiting_example(), (Wait(), Wait(), Move((0, -2)), Move((1, 1))),
             "Every move costs: both wait, then each pays 1 to move."),
        Page("About",
             f"{CREDIT} It first appeared in Bitcoin Magazine (issue 19), in a series of puzzles and games "
             "inspired by Rick Falkvinge's talk 'the fall of the gatekeepers'.\n"
             "This edition plays the designer's later rules: the Hoarder moves any distance, must move when she "
             "can, and may end a Classic game after a move.\n"
             "Colours come from the Okabe-Ito palette, and shapes repeat what colours say: striped and solid gates, "
             "numbered pawns, costs written on badges.",
             toll, (Move((0, -1)), Move((0, -2))), "Coins, gates and a Hoarder: that is all."),
    ]


def waiting_example() -> State:
    """A Duel where every move costs: each Hoarder's one move crosses a gate of the other's."""
    solid = frozenset({((0, 1), (0, 2)), ((1, 0), (2, -1)), ((0, 2), (1, 1)), ((1, 1), (2, 0))})
    striped = frozenset({((0, -1), (1, -1)), ((1, -1), (1, 0)), ((-2, 0), (-1, -1)), ((-2, 2), (-1, 1))})
    return State(Mode.DUEL, 3, frozenset({(0, 1), (1, 1), (0, -2)}), (solid, striped), ((-2, 0), (2, 0)), (2, 2), 0)


def playable(start: State, script: tuple[Action, ...]) -> list[Action]:
    """The script's actions up to the first one the engine refuses (a safety net for edits)."""
    out, state = [], start
    for action in script:
        if state.is_over or explain_illegal(state, action) is not None:
            break
        state, _ = apply(state, action)
        out.append(action)
    return out


class Demo:
    """Plays a page's script on a small board with the real animations (silently): twice, then it
    rests on the last position (a still screen costs nothing) until the page is turned or the
    example is asked for again (R, or a click on it)."""

    plays = 2

    def __init__(self, page: Page, rect: pygame.Rect, reduced_motion) -> None:
        self.page, self.rect = page, rect
        self.view = BoardView(page.start.size, pygame.Rect(rect.left + 20, rect.top + 22, rect.width - 40,
                                                           rect.height - 96))
        self.script = playable(page.start, page.script)
        self.anchors = ((rect.left + 70.0, rect.bottom - 30.0), (rect.right - 150.0, rect.bottom - 30.0))
        self.reduced_motion = reduced_motion
        self.restart()

    def restart(self) -> None:
        self.state, self.index, self.wait = self.page.start, 0, 0.8
        self.played = getattr(self, "played", 0)
        self.director = Director(self.view, self.state.purses, lambda p: self.anchors[p], lambda *a, **k: None,
                                 self.reduced_motion, self._look)

    def _look(self, player: int) -> tuple[pal.Colour, str]:
        return gate_colour(self.state, player), gate_style(self.state, player)

    def update(self, dt: float, speed: float) -> None:
        self.director.update(dt, max(speed, 0.5) if speed > 0 else 0)
        if self.director.busy:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if self.index >= len(self.script):
            if self.played + 1 >= self.plays:
                self.played = self.plays
                return
            self.played += 1
            self.restart()
            return
        self.state, events = apply(self.state, self.script[self.index])
        self.index += 1
        self.director.play(events)
        self.wait = 0.7

    @property
    def resting(self) -> bool:
        """Played out: the board shows the last position until asked to play again."""
        return self.played >= self.plays and not self.director.moving

    def again(self) -> None:
        self.played = 0
        self.restart()

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, pal.SUNKEN, radius=18)
        view, state, director = self.view, self.state, self.director
        coins = state.coins | frozenset(director.pending_coins)
        view.draw_tiles(surface, coins)
        for cell in coins:
            view.draw_coin(surface, view.centre(cell))
        for owner in (0, 1):
            for gate in state.gates[owner]:
                if gate not in director.hidden_gates:
                    view.draw_gate(surface, gate, gate_colour(state, owner), gate_style(state, owner))
        director.draw_board_effects(surface)
        override = director.pawn_positions()
        for index, cell in enumerate(state.pawns):
            player = index if state.mode is Mode.DUEL else 0
            label = str(player + 1) if state.mode is Mode.DUEL else ""
            view.draw_pawn(surface, override.get(player, view.centre(cell)), pawn_colour(state, player), 0, label)
        self._purses(surface)
        director.draw_flying(surface)

    def _purses(self, surface: pygame.Surface) -> None:
        names = {Mode.DUEL: ("Player 1", "Player 2"), Mode.CLASSIC: ("Hoarder", "Gatekeeper")}
        labels = names.get(self.state.mode, ("Hoarder", "Gatekeeper"))
        for player, (x, y) in enumerate(self.anchors):
            self.view.draw_coin(surface, (x, y), 0.7)
            label = f"{labels[player]}  {self.director.shown_purses[player]}"
            text.blit(surface, label, (x + 24, y), "small", pal.TEXT, anchor="midleft")


class RulesScene(MenuScene):
    """The rules, page by page; Left/Right or the buttons turn pages."""

    def __init__(self, start: Mode | None = None) -> None:
        self.pages = pages()
        self.page = next((i for i, p in enumerate(self.pages) if p.mode is start), 0) if start else 0
        self.demo: Demo | None = None

    def build(self) -> list[Widget]:
        widgets = row([("Previous", self.previous), ("Next", self.next), ("Back", self.back)], LOGICAL[0] // 2, 690,
                      width=190, height=52)
        return widgets

    def enter(self) -> None:
        super().enter()
        self.group.horizontal = True
        self.group.focus = 1
        self._show()

    def _show(self) -> None:
        self.demo = Demo(self.pages[self.page], DEMO_RECT, lambda: self.app.reduced_motion)

    def previous(self) -> None:
        self.page = (self.page - 1) % len(self.pages)
        self._show()

    def next(self) -> None:
        self.page = (self.page + 1) % len(self.pages)
        self._show()

    def handle(self, event: pygame.event.Event) -> None:
        turns = (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_RIGHT, pygame.K_LEFT)
        if event.type == pygame.KEYDOWN and event.key in turns:
            (self.next if event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT) else self.previous)()
            return
        replay = (event.type == pygame.KEYDOWN and event.key == pygame.K_r) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and DEMO_RECT.collidepoint(event.pos))
        if replay and self.demo is not None:
            self.demo.again()
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        if self.demo is not None:
            self.demo.update(dt, self.app.speed)

    def still(self) -> bool:
        return self.demo is None or self.demo.resting

    def draw(self, surface: pygame.Surface) -> None:
        page = self.pages[self.page]
        text.blit(surface, page.title, (TEXT_LEFT, 70), "title", pal.GOLD, anchor="midleft", shadow=True)
        text.blit(surface, f"{self.page + 1} / {len(self.pages)}", (LOGICAL[0] - 60, 70), "body", pal.TEXT_DIM,
                  anchor="midright")
        y = 140
        for paragraph in page.body.split("\n"):
            bullet = paragraph.startswith("- ")
            content = paragraph[2:] if bullet else paragraph
            lines = text.wrap(content, TEXT_WIDTH - (26 if bullet else 0), "small")
            for index, line in enumerate(lines):
                if bullet and index == 0:
                    pygame.draw.circle(surface, pal.GOLD, (TEXT_LEFT + 8, y + 11), 5)
                text.blit(surface, line, (TEXT_LEFT + (26 if bullet else 0), y), "small")
                y += 28
            y += 10
        if self.demo is not None:
            self.demo.draw(surface)
        caption = page.caption + ("  (R plays it again)" if self.demo is not None and self.demo.resting else "")
        text.blit(surface, caption, (DEMO_RECT.centerx, DEMO_RECT.bottom + 24),
                  text.fit(caption, DEMO_RECT.width + 60, "small"), pal.TEXT_DIM, anchor="center")
        text.blit(surface, CREDIT, (LOGICAL[0] / 2, 640), "small", pal.GOLD, anchor="center")
        self.group.draw(surface)
        footer(surface, "Left / Right turn pages  ·  Tab reaches the buttons  ·  Esc goes back")
