"""The rule profiles a battle may play, by name (docs/architecture.md "Rule profiles").

`lfg` is the default; `light` plays the light rules of docs/rules/light/, `steller` the
4e-style rules of docs/rules/steller/.
"""
from __future__ import annotations

from game.engine.lfg import HEX_NATIVE_RULES
from game.engine.light.profile import LIGHT
from game.engine.profile import RuleProfile
from game.engine.steller.profile import STELLER
from game.rulebooks import DEFAULT, PLANNED, RULES_NAMES, refusal
from game.errors import InputError

PROFILES: dict[str, RuleProfile] = {p.name: p for p in (HEX_NATIVE_RULES, LIGHT, STELLER)}


def profile_named(name: str | None, where=None) -> RuleProfile:
    """The profile called `name` (None or "": the default); an unknown or planned name is an
    InputError naming `where` (a file or an argument) and the names that work."""
    why = refusal(name)
    if why is not None:
        raise InputError(where, "rules", why)
    return PROFILES[name or DEFAULT]


def all_command_types() -> dict[str, type]:
    """Every profile's command classes by name (a save names its profile and is read with
    that profile's; this is for tools that list them all)."""
    found: dict[str, type] = {}
    for profile in PROFILES.values():
        found.update(profile.command_types)
    return found


__all__ = ["DEFAULT", "PLANNED", "PROFILES", "RULES_NAMES", "all_command_types", "profile_named"]
