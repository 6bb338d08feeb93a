"""Every setup field's range, in one place: the setup screens, the saves, the records and the
command line check against these, so a value one of them accepts is never refused (or
crashed on) by another. Issue 32: offers per turn of 999 passed in records while setup and
saves allowed 0..20. No pygame here; the rules engines keep their own checks too."""

from __future__ import annotations

from game.hexgrid import MAX_SIZE, MIN_SIZE

BOARD_SIZE = (MIN_SIZE, MAX_SIZE)  # Hoarder & Gatekeeper board sizes, everywhere
FIRST = (0, 1)  # who starts a Duel, who is the first Hoarder of a Classic match
SEED = (0, 2**63 - 1)  # the seed of any game

SATOSHI_SEATS = (2, 6)  # Finding Satoshi players at the table
SEAT_NAME_CHARS = 14  # a seat's name
SEAT_KINDS = ("human", "random", "easy", "normal", "hard")  # who sits in a seat
PAWN_COLOURS = 6  # colours 0..5, one per seat
ROUNDS = (5, 200)  # house rule: the round limit a table may choose
OFFERS = (0, 20)  # house rule: offers per turn a table may choose
PLAYER_NAME_CHARS = 60  # a player's name in a record ("Computer (normal)")
