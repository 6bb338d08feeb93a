"""The hostile battery: every class of HOSTILE.md against every door of `game.doors`.

`cases.py` holds the cases, each one class applied to one door through its probe;
`run.py` the sandbox and the checks every case ends with; `known.py` the cases a door
cannot pass yet, each with its owner. `tests/test_doors.py` runs every (door, case) pair;
`scripts/attack` runs them again and again with random variations and counts failures.
"""
