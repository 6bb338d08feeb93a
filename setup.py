"""The package list for setuptools; everything else is in pyproject.toml.

`assets/` and `levels/` stay at the repository's top, and the wheel carries them inside the
`game` package as `game/_shipped/assets` and `game/_shipped/levels` (package_dir maps the two
folders there), so an installed Coinland finds its data through importlib.resources
(game/resources.py) wherever it is installed.
"""

from setuptools import find_namespace_packages, find_packages, setup

SHIPPED = {"game._shipped.assets": "assets", "game._shipped.levels": "levels"}
#: folders of data whose names Python could import: setuptools wants them listed as packages too
DATA_PACKAGES = [f"game._shipped.assets.{name}" for name in find_namespace_packages("assets")]

setup(packages=[*find_packages(include=["game", "game.*"]), *SHIPPED, *DATA_PACKAGES], package_dir=SHIPPED)
