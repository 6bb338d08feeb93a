"""Which puzzle packs are open, and where Next leads: the rule is game.coinland.campaign's (packs
open by stars), re-exported here for the screens, so no screen has a rule of its own."""

from __future__ import annotations

from game.coinland.campaign import (
    PackLock,
    first_unsolved,
    level_stars,
    newly_opened,
    next_in_campaign,
    open_names,
    pack_locks,
    pack_progress,
    pack_stars,
    stars_to_open,
)

__all__ = ["PackLock", "first_unsolved", "level_stars", "newly_opened", "next_in_campaign", "open_names", "pack_locks",
           "pack_progress", "pack_stars", "stars_to_open"]
