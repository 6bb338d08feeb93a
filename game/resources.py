"""Where Coinland's shipped data is: the one module that finds `assets/` and `levels/`.

In the repository both folders stay at the top, beside `game/`. A wheel carries them as package
data inside the `game` package, under `_shipped/` (pyproject.toml and setup.py map them there),
because an installed program has no checkout around it and must not depend on the working
folder. `importlib.resources` finds the package wherever it was installed; when the package
holds no `_shipped/` folder, Coinland runs from a checkout (an editable install or
`python -m game` in the clone) and the folders beside `game/` are used.

No other module builds a path to shipped data from `__file__` or the working folder.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

#: the folder inside the installed package that holds the shipped data (see setup.py)
SHIPPED = "_shipped"


def _root() -> Path:
    """The folder holding `assets/` and `levels/`: inside the installed package, else the checkout."""
    package = Path(str(files("game")))
    inside = package / SHIPPED
    if inside.is_dir():
        return inside
    return package.parent


#: the folder that holds `assets/` and `levels/`
DATA_ROOT = _root()
#: the game's data files (Finding Satoshi's boards, cards and tables)
ASSETS = DATA_ROOT / "assets"
#: the campaign's puzzle packs, one folder each
LEVELS = DATA_ROOT / "levels"


def installed() -> bool:
    """True when Coinland runs from an installed wheel rather than from a checkout."""
    return DATA_ROOT.name == SHIPPED
