"""Drawing the play screen: the board with its markers, the purses, the status and messages.

Everything here reads the scene and draws; nothing changes the game. The fees, both
purses and the coins left are always on screen.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import pads, text
from game.client import palette as pal
from game.client.coin_art import draw_coin
from game.client.coinland import layout
from game.client.coinland.board_view import gate_colour, gate_style, pawn_colour
from game.client.coinland.rating import MAX_STARS, level_key
from game.client.coinland.sessions import HUMAN, MatchSession, Session, seat_name
from game.client.scenes import LOGICAL
from game.client.widgets import panel
from game.coinland.rules import HoarderMove, hoarder_moves
from game.coinland.state import HOARDER, Mode, State
from game.coinland.waiting import Waiting
from game.hexgrid import Cell
from game.wording import plural, says

if TYPE_CHECKING:
    from game.client.coinland.play_core import PlayCore


def seat_label(session: Session, seat: int) -> str:
    return seat_name(seat, session.seats)


def draw_play(surface: pygame.Surface, scene: PlayCore) -> None:
    shake = scene.director.shake.offset()
    view = scene.view
    view.origin = (layout.BOARD.centerx + shake[0], layout.BOARD.centery + shake[1])
    state = scene.board_state()
    director = scene.director
    coins = state.coins | frozenset(director.pending_coins)
    view.draw_tiles(surface, coins)
    live = scene.human_turn() and not director.busy
    if live:
        _target_tints(surface, scene)
    _pieces(surface, scene, state, coins)
    director.draw_board_effects(surface)
    if live:
        _previews(surface, scene, state)
    _pawns(surface, scene, state)
    if live:
        _badges(surface, scene)
        _reach(surface, scene)
    _cursor(surface, scene)
    _header(surface, scene, state)
    for player in (0, 1):
        _card(surface, scene, state, player)
    _side_panels(surface, scene, state)
    _message(surface, scene)
    scene.group.draw(surface)
    director.draw_flying(surface)


# --- the board ----------------------------------------------------------------------------
def _show_costs(scene: PlayCore) -> bool:
    """Costs show when the Hoarder is selected or hovered, and always when moving is all she can do."""
    state = scene.state
    if state.mode is not Mode.DUEL:
        return True
    own = state.hoarder_of(state.to_move)
    targets = {m.target for m in scene.moves()}
    return scene.selected or scene.hover_cell == own or scene.hover_cell in targets or (
        scene.keyboard and scene.cursor in targets | {own})


def _target_tints(surface: pygame.Surface, scene: PlayCore) -> None:
    for move in scene.moves():
        scene.view.tint(surface, move.target, pal.GREEN if move.fee == 0 else pal.ORANGE, 80)


def _pieces(surface: pygame.Surface, scene: PlayCore, state: State, coins: frozenset[Cell]) -> None:
    """Coins and the gates already drawn (a cached layer), then one coin's passing glint."""
    hidden = scene.director.hidden_gates
    seat = scene.hoarder_seat()
    gates = frozenset((gate, gate_colour(state, owner, seat), gate_style(state, owner))
                      for owner in (0, 1) for gate in state.gates[owner] if gate not in hidden)
    view = scene.view
    view.draw_pieces(surface, coins, gates)
    if scene.app.liveliness() < 0.5 or not coins or scene.clock % 2.5 > 0.25:
        return
    ordered = sorted(coins)
    cell = ordered[int(scene.clock / 2.5) * 7 % len(ordered)]
    view.draw_coin(surface, view.centre(cell), glint=True)


def _previews(surface: pygame.Surface, scene: PlayCore, state: State) -> None:
    """The path to a hovered destination with the gates it pays for; the gate under the pointer."""
    view = scene.view
    target = scene.hover_cell if not scene.keyboard else scene.cursor
    for move in scene.moves():
        if move.target == target and (state.mode is not Mode.DUEL or _show_costs(scene)):
            origin = state.hoarder_of(state.to_move)
            view.path_line(surface, [origin, *move.path], pal.YELLOW if move.fee else pal.GREEN)
            for gate in move.fee_gates:
                p, q = view.edge_points(gate)
                pygame.draw.line(surface, pal.YELLOW, p, q, max(3, int(view.hex * 0.08)))
    preview = scene.key_edge if scene.keyboard else scene.hover_edge
    if preview is not None and preview not in state.all_gates and scene.can_gate():
        player = state.to_move
        view.draw_gate(surface, preview, gate_colour(state, player, scene.hoarder_seat()),
                       gate_style(state, player), ghost=True)


def _pawns(surface: pygame.Surface, scene: PlayCore, state: State) -> None:
    view, seat = scene.view, scene.hoarder_seat()
    override = scene.director.pawn_positions()
    breath = math.sin(scene.clock * 3) * scene.app.liveliness()  # rests a few seconds after a change
    for index, cell in enumerate(state.pawns):
        player = index if state.mode is Mode.DUEL else HOARDER
        pos = override.get(player, view.centre(cell))
        label = str(player + 1) if state.mode is Mode.DUEL else ""
        active = state.current_player == player
        if active and scene.selected:
            view.outline(surface, cell, pal.TEXT, 3, 0.8)
        view.draw_pawn(surface, pos, pawn_colour(state, player, seat), breath if active else 0.0, label)


def _badges(surface: pygame.Surface, scene: PlayCore) -> None:
    view = scene.view
    if not _show_costs(scene):
        for move in scene.moves():
            x, y = view.centre(move.target)
            pygame.draw.circle(surface, pal.GREEN if move.fee == 0 else pal.ORANGE,
                               (round(x + view.hex * 0.42), round(y - view.hex * 0.5)), max(4, int(view.hex * 0.1)))
        return
    for move in scene.moves():
        view.badge(surface, move.target, str(move.fee), pal.GREEN if move.fee == 0 else pal.ORANGE)


def reach(scene: PlayCore) -> list[HoarderMove]:
    """On a Classic Gatekeeper's turn, where the Hoarder could go next (what the gate is meant to block)."""
    state = scene.state
    if state.mode is not Mode.CLASSIC or state.is_over or state.to_move == HOARDER:
        return []
    return hoarder_moves(state, HOARDER)


def _reach(surface: pygame.Surface, scene: PlayCore) -> None:
    """The Hoarder's cost badges, as she sees them, while the Gatekeeper decides where to gate."""
    for move in reach(scene):
        scene.view.badge(surface, move.target, str(move.fee), pal.GREEN if move.fee == 0 else pal.ORANGE)


def _cursor(surface: pygame.Surface, scene: PlayCore) -> None:
    view = scene.view
    if scene.hint_cell is not None:
        pulse = 0.5 + 0.5 * math.sin(scene.clock * 6) * scene.app.liveliness()
        view.outline(surface, scene.hint_cell, pal.mix(pal.YELLOW, pal.TEXT, pulse), 5, 0.95)
    if scene.keyboard and not scene.group.active:
        view.cursor(surface, scene.cursor)
    if scene.hint_cell is not None:  # the label last, on a tag below the cell, and the cost badge over the rings
        _hint_tag(surface, view, scene.hint_cell)
        move = next((m for m in scene.moves() if m.target == scene.hint_cell), None)
        if move is not None and _show_costs(scene):
            view.badge(surface, move.target, str(move.fee), pal.GREEN if move.fee == 0 else pal.ORANGE)


def _hint_tag(surface: pygame.Surface, view, cell) -> None:
    """"HINT" on a dark tag under the hinted cell's lower edge (the cost badge sits upper right)."""
    x, y = view.centre(cell)
    size = max(12, int(view.hex * 0.28))
    tag = pygame.Rect(0, 0, text.width("HINT", size) + 14, size + 6)
    tag.center = (round(x), round(y + view.hex * 0.86))
    pygame.draw.rect(surface, pal.TEXT_DARK, tag, border_radius=tag.height // 2)
    pygame.draw.rect(surface, pal.YELLOW, tag, 2, border_radius=tag.height // 2)
    text.blit(surface, "HINT", (tag.centerx, tag.centery + 1), size, pal.YELLOW, anchor="center")


# --- around the board ---------------------------------------------------------------------
def _header(surface: pygame.Surface, scene: PlayCore, state: State) -> None:
    centre = layout.BOARD.centerx
    text.blit(surface, scene.title, (centre, layout.TITLE_Y), text.fit(scene.title, 740, "heading"), pal.TEXT,
              anchor="center", shadow=True)
    line = status_text(scene, state)
    draw_coin(surface, (centre - text.width(line, "small") / 2 - 20, layout.STATUS_Y), 9, shadow=False)
    text.blit(surface, line, (centre, layout.STATUS_Y), "small", pal.TEXT_DIM, anchor="center")


def status_text(scene: PlayCore, state: State) -> str:
    """The line under the title: coins left and whose turn it is."""
    flying = frozenset(scene.director.pending_coins)  # a coin still on its way counts until it lands
    status = f"{plural(len(state.coins | flying), 'coin')} left"
    turn = turn_text(scene)
    return f"{status}   ·   {turn}" if turn else status


def turn_text(scene: PlayCore) -> str:
    session, state = scene.session, scene.state
    if session.is_over:
        return "" if scene.director.busy else "game over"  # said once the last move has played out
    if scene.replay:
        return "watching the best walk"
    if getattr(session, "finished_game", None) is not None:
        return "game 1 is over"
    who = session.label(state.to_move)
    if session.kind_to_move() != HUMAN:
        return f"{who} to play"
    if state.mode is Mode.PUZZLE:
        return "your move"
    if state.mode is Mode.CLASSIC:
        role = "move the Hoarder" if state.to_move == HOARDER else "draw a gate"
        return f"{who}: {role}" + (" and end the game" if scene.declare_end else "")
    return f"{who}: move or draw a gate"


def _card(surface: pygame.Surface, scene: PlayCore, state: State, player: int) -> None:
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


def _side_panels(surface: pygame.Surface, scene: PlayCore, state: State) -> None:
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


def _message(surface: pygame.Surface, scene: PlayCore) -> None:
    if scene.message_time <= 0 or not scene.message:
        return
    colour = pal.VERMILION if scene.message_kind == "error" else pal.YELLOW
    size = text.fit(scene.message, layout.BOARD.width + 120, "small")
    art = text.render(scene.message, size, pal.TEXT)
    box = art.get_rect(center=(layout.BOARD.centerx, layout.MESSAGE_Y)).inflate(44, 12)
    box.clamp_ip(pygame.Rect(0, 0, LOGICAL[0], LOGICAL[1]))
    pygame.draw.rect(surface, pal.SHADOW, box.move(0, 3), border_radius=10)
    pygame.draw.rect(surface, pal.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, colour, box, 2, border_radius=10)
    mark = pygame.Rect(box.left + 6, box.top + 6, 6, box.height - 12)
    pygame.draw.rect(surface, colour, mark, border_radius=3)
    surface.blit(art, art.get_rect(center=(box.centerx + 6, box.centery)))
