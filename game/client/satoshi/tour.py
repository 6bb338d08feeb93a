"""Finding Satoshi's part of the screenshot tour (called from `game.client.tour`).

Every scene a player meets, driven through the real App with posted input where a player
would click or press: the menu, the setup with six seats, the table with two and six
players, a move being chosen, a bank exchange, an offer, a guess about to be confirmed, the
hand-over screen, a role card, the end of a game, the log scrolled back, each rules page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client.satoshi import layout
from game.client.satoshi.computer import decide
from game.client.satoshi.decision_nodes import AmountForm, Menu, OfferForm
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup

Shot = Callable[..., None]


def slug(title: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-").replace("--", "-")


def satoshi_tour(app: Any, drive: Any, shot: Shot) -> None:
    from game.client.satoshi.menu import SatoshiMenuScene
    from game.client.satoshi.rules_scene import SatoshiRulesScene
    from game.client.satoshi.setup import TableSetupScene

    app.push(SatoshiMenuScene())
    shot("satoshi-menu")
    setup = TableSetupScene()
    app.push(setup)
    setup.draft.set_players(6)
    setup.rebuild()
    shot("satoshi-setup-6-seats")
    app.pop()
    _setup_and_saves_shots(app, shot)

    _table_shots(app, drive, shot)
    _handover_shots(app, drive, shot)
    rules = SatoshiRulesScene()
    app.push(rules)
    for page in rules.pages:
        shot(f"satoshi-rules-{slug(page.title)}", 30)
        drive.key(pygame.K_RIGHT)
    app.pop()
    app.pop()


def _setup_and_saves_shots(app: Any, shot: Shot) -> None:
    """Watch mode's setup, two games in progress in the list, and the question before deleting one."""
    from game.client.satoshi import saves
    from game.client.satoshi.saves_scene import SavesScene
    from game.client.satoshi.session import default_setup
    from game.client.satoshi.setup import TableSetupScene

    watch = TableSetupScene(watch=True)
    app.push(watch)
    shot("satoshi-setup-watch")
    app.pop()
    for players, seed in ((3, 5), (5, 9)):
        game = TableSession.start(TableSetup(default_setup(players).seats, seed=seed))
        for _ in range(12 * players):
            if game.human_to_move or game.is_over:
                break
            game.apply(decide(game.state, "easy", game.ai_rng()))
        saves.autosave(app, game)
    listed = SavesScene()
    app.push(listed)
    shot("satoshi-games-in-progress")
    listed.group.widgets[1].activate()
    shot("satoshi-delete-game-question")
    app.pop()
    app.pop()


def _table_shots(app: Any, drive: Any, shot: Shot) -> None:
    """The table with two and six players, choices being made, the log, the end of a game."""
    from game.client.satoshi.table import TableScene

    six = TableSession.start(TableSetup(tuple(Seat(name, HUMAN if i == 0 else "easy", i) for i, name in
                                              enumerate(("You", "Hal", "Nick", "Wei", "Gavin", "Amir"))), seed=7))
    table = TableScene(six)
    app.push(table)
    advance(app, drive, table, lambda: six.state.phase == "move")
    shot("satoshi-table-6-players", 30)
    _move_shot(drive, table, shot)
    crowded = [s for s, label in table.panel.highlighted_spaces().items()]
    if crowded:  # the pointer on a ringed tile among the pawns: its card, the cost, who stands there
        drive.move(table.track.centre(sorted(crowded)[0]))
        shot("satoshi-move-crowded-hover-card", 10)
        drive.move((layout.PANEL.centerx, layout.PANEL.bottom - 20))
    advance(app, drive, table, lambda: _tool(table, AmountForm) is not None and _tool(table, OfferForm) is not None
            and isinstance(_tool(table, Menu), Menu) and six.state.round >= 3)
    _tool_shots(drive, table, shot)
    advance(app, drive, table, lambda: six.state.phase == "job" and six.state.turn == 0, limit=20000)
    if six.state.phase == "job":
        drive.move(_row_of(table, table.panel.decision.main[1]).rect.center)
        shot("satoshi-job-opportunity-list", 10)
    drive.key(pygame.K_ESCAPE)
    shot("satoshi-pause")
    app.pop()
    app.pop()

    watched = TableSession.start(TableSetup(tuple(Seat(name, kind, i) for i, (name, kind) in enumerate(
        (("Ada", "hard"), ("Hal", "normal"), ("Nick", "easy"), ("Wei", "random")))), seed=4))
    table = TableScene(watched, watch=True)
    app.push(table)
    app.store.settings.animation_speed = "instant"
    drive.until(lambda: watched.state.round >= 6 or watched.is_over)
    app.store.settings.animation_speed = "normal"
    drive.move(layout.LOG.center)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    shot("satoshi-watch-log-scrolled", 10)
    app.pop()

    two = TableSession.start(TableSetup((Seat("You", HUMAN, 0), Seat("Hal", "normal", 3)), seed=3))
    table = TableScene(two)
    app.push(table)
    advance(app, drive, table, lambda: len(two.actions) > 12)
    shot("satoshi-table-2-players", 30)
    tile = next(space.id for space in two.state.data.track.spaces if two.state.tile_at(space.id)
                and space.id not in {p.space for p in two.state.players})
    drive.move(table.track.centre(tile))
    shot("satoshi-tile-hover-card", 5)
    app.pop()

    ended = TableSession.start(TableSetup(tuple(Seat(name, HUMAN if i == 0 else "normal", i) for i, name in
                                                enumerate(("You", "Hal", "Nick", "Wei"))), seed=5))
    while not ended.is_over:
        ended.apply(decide(ended.state, "normal", ended.ai_rng()))
    app.push(TableScene(ended))
    shot("satoshi-reveal-cards", 150)
    drive.frames(600)
    shot("satoshi-result", 60)
    while len(app.scenes) > 2:
        app.pop()


def _handover_shots(app: Any, drive: Any, shot: Shot) -> None:
    """Two people at one table: the deal, the hand-over screen, the covered card on request, held up."""
    from game.client.satoshi.handover import DealScene, HandoverScene, RoleCardScene
    from game.client.satoshi.table import TableScene

    two = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1), Seat("Nick", "easy", 2)),
                                        seed=11))
    table = TableScene(two)
    app.push(table)
    drive.until(lambda: isinstance(app.scene, DealScene))
    shot("satoshi-deal")
    drive.key(pygame.K_RETURN)
    shot("satoshi-deal-covered-card")
    deal = app.scene
    deal.cover.held = True
    shot("satoshi-deal-card-held")
    deal.cover.held = False
    for _ in range(3):
        if app.scene is deal:
            deal._next()
    app.store.settings.animation_speed = "instant"
    drive.until(lambda: isinstance(app.scene, HandoverScene))
    app.store.settings.animation_speed = "normal"
    shot("satoshi-handover")
    drive.key(pygame.K_RETURN)
    seat = two.to_move if two.to_move is not None else 0
    app.push(RoleCardScene(two, seat))
    shot("satoshi-role-card-covered")
    app.scene.cover.held = True
    shot("satoshi-role-card-held")
    app.pop()
    app.pop()


def advance(app: Any, drive: Any, table: Any, ready: Callable[[], bool], limit: int = 6000) -> None:
    """Play on at instant speed (the human seat as an easy computer) until `ready()` on a human decision."""
    session = table.session
    app.store.settings.animation_speed = "instant"
    for _ in range(limit):
        if app.scene is not table:
            app.pop()  # nothing should cover a one-human table; if something does, it goes
        elif table.human_deciding() and not table.director.busy:
            if ready():
                break
            table.act(decide(session.state, "easy", session.ai_rng()))
        drive.frames(1)
    app.store.settings.animation_speed = "normal"


def _tool(table: Any, kind: type) -> Any:
    """The panel's money tool of this kind (a buy form, the offer form, the guess menu), if usable now."""
    for node in table.panel.decision.tools:
        if isinstance(node, kind) and (kind is not AmountForm or node.kind == "buy"):
            return node
    return None


def _row_of(table: Any, node: Any) -> Any:
    return next(widget for widget, shown in table.panel.rows if shown is node)


def _move_shot(drive: Any, table: Any, shot: Shot) -> None:
    """Open the first group of moves and point at its first destination: badges and the path preview."""
    menu = next((node for node in table.panel.decision.main if isinstance(node, Menu) and node.items), None)
    if menu is None:
        return
    drive.click(_row_of(table, menu).rect.center)
    first = next((widget for widget, node in table.panel.rows if node is not None), None)
    if first is not None:
        drive.move(first.rect.center)
    shot("satoshi-move-being-chosen", 20)
    drive.key(pygame.K_BACKSPACE)


def _tool_shots(drive: Any, table: Any, shot: Shot) -> None:
    """The bank form, an offer being filled in, and the guess asking for confirmation."""
    if _open_tool(drive, table, AmountForm):
        drive.key(pygame.K_RIGHT)
        drive.key(pygame.K_RIGHT)
        shot("satoshi-bank-exchange", 20)
        drive.key(pygame.K_BACKSPACE)
    if _open_tool(drive, table, OfferForm):
        drive.key(pygame.K_DOWN)  # "You give $"
        for _ in range(3):
            drive.key(pygame.K_RIGHT)
        for _ in range(3):
            drive.key(pygame.K_DOWN)  # "You get BTC"
        drive.key(pygame.K_RIGHT)
        shot("satoshi-offer", 20)
        drive.key(pygame.K_BACKSPACE)
    if _open_tool(drive, table, Menu):
        first = next((widget for widget, node in table.panel.rows if node is not None), None)
        if first is not None:
            drive.click(first.rect.center)
            shot("satoshi-guess-confirmation", 20)
            drive.key(pygame.K_BACKSPACE)
        drive.key(pygame.K_BACKSPACE)


def _open_tool(drive: Any, table: Any, kind: type) -> bool:
    """Click the money tool of this kind; False (with a line) when the table does not offer it now."""
    node = _tool(table, kind)
    if node is None:
        print(f"satoshi tour: no {kind.__name__} tool at this point of the game; its shot is skipped")
        return False
    drive.click(_row_of(table, node).rect.center)
    return True
