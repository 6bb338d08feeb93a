"""Drawing the play screen: the board with its markers, the title, the status and messages;
the players' cards and the side panels are game.client.coinland.hud_panels.

Everything here reads the scene and draws; nothing changes the game. The fees, both
purses and the coins left are always on screen.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coin_art import draw_coin
from game.client.coinland import hud_panels, layout
from game.client.coinland.board_view import gate_colour, gate_style, pawn_colour
from game.client.coinland.sessions import HUMAN
from game.client.scenes import LOGICAL
from game.coinland.rules import HoarderMove, hoarder_moves
from game.coinland.state import HOARDER, Mode, State
from game.hexgrid import Cell
from game.wording import plural

if TYPE_CHECKING:
    from game.client.coinland.play_core import PlayCore


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
        hud_panels.player_card(surface, scene, state, player)
    hud_panels.side_panels(surface, scene, state)
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
