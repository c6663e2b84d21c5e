"""The HUD's pygame_gui manager: its theme (assets/ui_theme.json) and the fonts its html
uses, loaded once (pygame_gui warns on fonts loaded on the fly)."""
from __future__ import annotations

import os
import warnings

import pygame_gui

from game import paths

THEME_PATH = paths.assets_dir() / "ui_theme.json"

#: the fonts the HUD's html uses beyond the theme's (pygame_gui warns when they are not loaded)
PRELOAD_FONTS = [{"name": "noto_sans", "point_size": size, "style": style, "antialiased": 1}
                 for size in (13, 14, 15) for style in ("regular", "bold", "italic")]


def preload_fonts(manager, fonts=None) -> None:
    """Load `fonts` (default: the HUD's) into the manager once (pygame_gui warns on fonts
    loaded on the fly; the setup screens use it with their own list)."""
    fonts = PRELOAD_FONTS if fonts is None else fonts
    loaded = getattr(manager, "_preloaded_fonts", set())
    key = id(fonts)
    if key in loaded:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        manager.preload_fonts(fonts)
    manager._preloaded_fonts = loaded | {key}


def make_manager(size, theme_path: str | os.PathLike | None = None) -> pygame_gui.UIManager:
    """A UIManager with the HUD theme (assets/ui_theme.json) and its fonts loaded."""
    manager = pygame_gui.UIManager(tuple(size), str(theme_path or THEME_PATH))
    preload_fonts(manager)
    return manager


__all__ = ["PRELOAD_FONTS", "THEME_PATH", "make_manager", "preload_fonts"]
