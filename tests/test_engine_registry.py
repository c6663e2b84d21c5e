"""The default rules' one registry of commands (game/engine/registry.py, game/engine/lfg_handlers.py):
every command of the profile has its handler, the handlers and forecasts come from the listed
modules only, and a command class cannot be registered twice."""
from __future__ import annotations

import pytest

from game.engine import commands as C
from game.engine.lfg import HEX_NATIVE_RULES
from game.engine.lfg_handlers import COMMANDS, FORECASTS, HANDLER_MODULES
from game.engine.registry import Registry


def test_every_command_of_the_default_rules_has_a_handler():
    assert COMMANDS.missing(HEX_NATIVE_RULES.command_types.values()) == []
    assert set(COMMANDS.kinds()) == set(HEX_NATIVE_RULES.command_types.values())


def test_forecasts_are_of_commands_of_the_default_rules():
    assert FORECASTS.kinds() and set(FORECASTS.kinds()) <= set(HEX_NATIVE_RULES.command_types.values())


def test_only_the_listed_modules_register():
    listed = {m.__name__ for m in HANDLER_MODULES}
    registered = {fn.__module__ for table in (COMMANDS, FORECASTS) for fn in
                  (table[k] for k in table.kinds())}
    assert registered == listed


def test_a_command_class_is_registered_once():
    table = Registry("test handlers")

    @table.handles(C.Move)
    def first(b, cmd):
        return None

    with pytest.raises(RuntimeError, match="Move"):
        @table.handles(C.Move)
        def second(b, cmd):
            return None
    assert table[C.Move] is first and table.missing([C.Move, C.Step]) == [C.Step]
