"""Drawing the play screen's side: the players' cards (name, role, purse, who is thinking) and
the side panels (par and your best, the waiting game, the keys), with the words they show.

Everything here reads the scene and draws; nothing changes the game. game.client.coinland.hud
draws the board, the title and the messages, and calls `player_card` and `side_panels`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import pads, text
from game.client import palette as pal
from game.client.coin_art import draw_coin
from game.client.coinland import layout
from game.client.coinland.board_view import gate_colour, gate_style
from game.client.coinland.rating import MAX_STARS, level_key
from game.client.coinland.sessions import MatchSession, Session, seat_name
from game.client.widgets import panel
from game.coinland.state import HOARDER, Mode, State
from game.coinland.waiting import Waiting
from game.wording import says

if TYPE_CHECKING:
    from game.client.coinland.play_core import PlayCore


def seat_label(session: Session, seat: int) -> str:
    return seat_name(seat, session.seats)


def player_card(surface: pygame.Surface, scene: PlayCore, state: State, player: int) -> None:
    session = scene.session
    card = layout.CARDS[player]
    colour = session.colour(player)
    active = state.current_player == player and not session.is_over
    panel(surface, card, pal.PANEL, radius=16, border=colour if active else pal.PANEL_EDGE)
    stripe = pygame.Rect(card.left, card.top, card.width, 8)
    pygame.draw.rect(surface, colour, stripe, border_top_left_radius=16, border_top_right_radius=16)
    name = session.label(player)
    text.blit(surface, name, (card.centerx, card.top + 32), text.fit(name, card.width - 24, "body"), colour,
              anchor="center")
    role = session.role(player)
    text.blit(surface, role, (card.centerx, card.top + 60), "small", pal.TEXT_DIM, anchor="center")
    if state.mode is Mode.DUEL:
        _gate_sample(surface, scene, state, player, (card.centerx, card.top + 84))
    anchor = layout.purse_anchor(player)
    draw_coin(surface, anchor, 24)
    pop = scene.director.pops[player]
    size = round(64 * (1 + 0.5 * math.sin(min(1.0, pop / 0.25) * math.pi) * (1 if pop > 0 else 0)))
    text.blit(surface, str(scene.director.shown_purses[player]), (anchor[0] + 42, anchor[1] + 2), size, pal.TEXT,
              anchor="midleft", shadow=True)
    caption = purse_caption(session, state, player)
    text.blit(surface, caption, (card.centerx, card.bottom - 24), "small", pal.TEXT_DIM, anchor="center")
    thinking = scene.ai is not None and state.current_player == player
    if thinking:
        _thinking(surface, scene, (card.centerx, card.bottom + 22), "thinking")
    elif active and session.human_to_move:
        text.blit(surface, "to move", (card.centerx, card.bottom + 22), "small", colour, anchor="center")


def purse_caption(session: Session, state: State, player: int) -> str:
    if state.mode is Mode.PUZZLE:
        return "coins held" if player == HOARDER else "fees collected"
    if state.mode is Mode.CLASSIC:
        return "score: coins held" if player == HOARDER else "fees (not scored)"
    return "coins held"


def _gate_sample(surface: pygame.Surface, scene: PlayCore, state: State, player: int,
                 centre: tuple[int, int]) -> None:
    """A short gate of the player's colour and pattern, so players learn the shapes."""
    colour, style = gate_colour(state, player), gate_style(state, player)
    width = 12
    a, b = (centre[0] - 46, centre[1]), (centre[0] + 46, centre[1])
    pygame.draw.line(surface, colour, a, b, width)
    if style == "striped":
        for k in range(5):
            x0 = a[0] + (k + 0.3) / 5 * 92
            pygame.draw.line(surface, pal.TEXT_DARK, (x0, centre[1]), (x0 + 0.4 / 5 * 92, centre[1]), width - 3)
    for point in (a, b):
        pygame.draw.circle(surface, colour, point, width // 2 + 3)


def _thinking(surface: pygame.Surface, scene: PlayCore, centre: tuple[float, float], label: str) -> None:
    """A label with three bouncing dots: the computer (or solver) is working, the game is not frozen."""
    text.blit(surface, label, (centre[0] - 14, centre[1]), "small", pal.SKY, anchor="center")
    x = centre[0] + text.width(label, "small") / 2 - 4
    for k in range(3):
        bounce = 0 if scene.app.reduced_motion else abs(math.sin(scene.clock * 6 + k * 0.9)) * 5
        pygame.draw.circle(surface, pal.SKY, (round(x + k * 11), round(centre[1] + 4 - bounce)), 3)


def side_panels(surface: pygame.Surface, scene: PlayCore, state: State) -> None:
    left, right = layout.SIDE_PANELS
    lines = info_lines(scene, state)
    y = left.top + 40
    for label, value in lines:
        room = left.width - 24 - text.width(value, "body")
        text.blit(surface, label, (left.left + 8, y), text.fit(label, room, "small"), pal.TEXT_DIM, anchor="midleft")
        text.blit(surface, value, (left.right - 8, y), "body", pal.TEXT, anchor="midright")
        y += 34
    if scene.puzzle and scene.puzzle.par is not None:
        verdict = getattr(scene, "verdict", None)  # game.coinland.campaign decides what a walk earns
        _stars_row(surface, (left.centerx, y + 10), verdict.stars if verdict is not None and state.is_over else 0)
    game = scene.waiting_game()
    if game is not None:
        _waiting_block(surface, scene, game, pygame.Rect(left.left, y, left.width, left.bottom - y))
    if scene.helper is not None:
        label = "solver thinking" if scene.helper_kind == "hint" else "finding the best walk"
        _thinking(surface, scene, (left.centerx, left.bottom - 20), label)
    y = right.top + 30
    for index, line in enumerate(help_lines(scene)):
        key, _, meaning = line.partition("  ")
        if index == 0:
            text.blit(surface, line, (right.left + 6, y), "small", pal.TEXT, anchor="midleft")
        else:
            text.blit(surface, key, (right.left + 6, y), "small", pal.GOLD, anchor="midleft")
            text.blit(surface, meaning, (right.right - 4, y), "small", pal.TEXT_DIM, anchor="midright")
        y += 27


def _waiting_block(surface: pygame.Surface, scene: PlayCore, game: Waiting, area: pygame.Rect) -> None:
    """The Duel's waiting game (game.coinland.waiting): harmless edges left, and who must move
    first if both players only draw gates from now on."""
    y = area.top + 6
    pygame.draw.line(surface, pal.PANEL_EDGE, (area.left + 8, y - 14), (area.right - 8, y - 14), 1)
    title = "Every move costs now" if game.every_move_costs else "The waiting game"
    text.blit(surface, title, (area.centerx, y), text.fit(title, area.width - 12, "small"),
              pal.GOLD if game.every_move_costs else pal.TEXT_DIM, anchor="center")
    for label, value in waiting_lines(scene, game):
        y += 30
        room = area.width - 24 - text.width(value, "body")
        text.blit(surface, label, (area.left + 8, y), text.fit(label, room, "small"), pal.TEXT_DIM, anchor="midleft")
        text.blit(surface, value, (area.right - 8, y), "body", pal.TEXT, anchor="midright")
    who = scene.session.label(game.first_to_move) if game.first_to_move is not None else ""
    if who:
        y += 30
        text.blit(surface, "If both only wait,", (area.centerx, y), "small", pal.TEXT_DIM, anchor="center")
        line = says(who, "moves", "first")
        colour = scene.session.colour(game.first_to_move) if game.first_to_move is not None else pal.TEXT
        text.blit(surface, line, (area.centerx, y + 24), text.fit(line, area.width - 12, "small"), colour,
                  anchor="center")


def waiting_lines(scene: PlayCore, game: Waiting) -> list[tuple[str, str]]:
    return [("Harmless edges", str(game.harmless)), ("Free edges", str(game.free))]


def info_lines(scene: PlayCore, state: State) -> list[tuple[str, str]]:
    session = scene.session
    if scene.puzzle:
        level = scene.puzzle.level
        best = scene.app.store.best(level_key(level)) if level else None
        return [("Par", str(scene.puzzle.par if scene.puzzle.par is not None else "?")),
                ("Your best", "-" if best is None else str(best)),
                ("Coins left", str(len(state.coins)))] + (
                    [("Helped", "no new stars")] if scene.puzzle.shown else
                    [("This walk", "assisted")] if scene.puzzle.assisted else [])
    if isinstance(session, MatchSession):
        assert session.match is not None
        match = session.match
        out = [("Game", f"{session.shown_game() + 1} of 2")]  # game 1 until its role swap is dismissed
        for index, score in enumerate(match.results):
            out.append((f"Game {index + 1}: {seat_label(session, match.hoarder_seat(index))}", str(score)))
        out.append(("Coins left", str(len(state.coins))))
        return out
    return [("Coins left", str(len(state.coins))), ("Board", f"size {state.size}")]


def help_lines(scene: PlayCore) -> list[str]:
    lines = ["Keys", "Arrows  cursor", "Enter  act there"]
    if scene.state.mode is not Mode.PUZZLE:
        lines += ["1-6, G  pick an edge", "Backspace  drop edge"]
    lines += ["Tab  buttons", "U / R  undo / redo"]
    if scene.puzzle:
        lines += ["N  restart", "H / S  hint / solve", "X  stop here"]
    if scene.state.mode is Mode.CLASSIC:
        lines += ["E  end after move"]
    if scene.state.mode is not Mode.PUZZLE:
        lines += ["W  wait (harmless gate)"]
        lines += ["P  pass" if getattr(scene.state, "may_pass", False) else "P  pass if stuck"]
    lines += ["Esc  pause"]
    if pads.in_use():  # a controller's buttons for the keys it has; the rest stay keys
        lines = [pads.words(line) for line in lines]
    return lines


def _stars_row(surface: pygame.Surface, centre: tuple[float, float], count: int, size: int = 16) -> None:
    for k in range(MAX_STARS):
        star(surface, (centre[0] + (k - 1) * size * 2.6, centre[1]), size, k < count)


def star(surface: pygame.Surface, centre: tuple[float, float], size: float, filled: bool) -> None:
    """A five-pointed star (the font has none): gold when earned, an outline when not."""
    points = []
    for k in range(10):
        radius = size if k % 2 == 0 else size * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
    if filled:
        pygame.draw.polygon(surface, pal.GOLD, points)
        pygame.draw.polygon(surface, pal.GOLD_DARK, points, 2)
    else:
        pygame.draw.polygon(surface, pal.PANEL_EDGE, points, 2)
