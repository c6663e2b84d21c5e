"""Which files an installed copy carries: the `game` package plus the shipped data.

A checkout keeps the shipped maps, assets and the rules reference beside the package (maps/,
assets/, docs/rules/), where Tiled, the tools and the tests find them. An installed copy
(`pip install .`, `pipx install .`) carries them inside the package as game/maps, game/assets
and game/docs/rules, in the same relative layout, so a map's "../assets/tilesets/..." still
points at the shipped tileset. game/paths.py looks for them in either place.
"""
from setuptools import find_packages, setup

SHIPPED = {"game.maps": "maps", "game.assets": "assets", "game.docs.rules": "docs/rules"}

setup(
    packages=find_packages(include=["game", "game.*"]) + list(SHIPPED),
    package_dir=SHIPPED,
    package_data={name: ["**/*"] for name in SHIPPED},
    exclude_package_data={name: ["**/__pycache__/*", "**/*.pyc"] for name in SHIPPED},
)
