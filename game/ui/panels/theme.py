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


class GameUIManager(pygame_gui.UIManager):
    """pygame_gui's UIManager, its theme finding an element's combined theming ids by a tuple
    of the element's ids. The library keys its own cache of them, one per theme, with a string
    it builds by nesting `str.join` over the ids' reprs: for a button in a panel in a window
    that string runs to hundreds of thousands of characters, built and hashed for every kind
    of element each new manager makes. The ids a combination gives depend on the ids alone,
    never on the theme's data, so one table serves every manager of the process
    (`COMBINED_IDS`)."""

    def create_new_theme(self, theme_path=None):
        theme = super().create_new_theme(theme_path)
        theme.build_all_combined_ids = _from_table(theme.build_all_combined_ids)
        return theme


#: (element_base_ids, element_ids, class_ids, object_ids) as tuples -> the combined ids
COMBINED_IDS: dict[tuple, list] = {}


def _from_table(build):
    """`build(element_base_ids, element_ids, class_ids, object_ids)` (each a list of ids or
    None), answered from COMBINED_IDS when it is there."""
    def combined_ids(element_base_ids, element_ids, class_ids, object_ids):
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        got = COMBINED_IDS.get(key)
        if got is None:
            got = COMBINED_IDS[key] = build(element_base_ids, element_ids, class_ids,
                                            object_ids)
        return got
    return combined_ids


def make_manager(size, theme_path: str | os.PathLike | None = None) -> pygame_gui.UIManager:
    """A UIManager with the HUD theme (assets/ui_theme.json) and its fonts loaded."""
    manager = GameUIManager(tuple(size), str(theme_path or THEME_PATH))
    preload_fonts(manager)
    return manager


__all__ = ["GameUIManager", "PRELOAD_FONTS", "THEME_PATH", "make_manager", "preload_fonts"]
