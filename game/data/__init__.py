"""Unit stat blocks and weapons as data (docs/rules/02-size-and-reach.md, 10-attacks-and-damage.md,
11-hit-points-and-conditions.md; its layer: docs/architecture.md "Layers").

`load_units()` reads `assets/units/*.toml` (fields at the top level of each file) and
`assets/weapons.toml` (one `[id]` table per weapon); see `loader.py` for every field.
`load_light_units()` reads the stat blocks of the `light` rule profile,
`assets/units/light/*.toml` (see `light.py`).
"""
from .dice import DIE_CHAIN, Dice, parse_dice
from .light import LightEffect, LightPower, LightUnit, LightWeapon, load_light_units
from .loader import check_assets, default_assets_dir, load_unit, load_units, load_weapons
from .model import (ABILITIES, AOO_POLICIES, DAMAGE_TYPES, PHYSICAL_TYPES, SIZES,
                    WEAPON_PROPERTIES, DamageReduction, DataError, ExtraDamage, UnitType,
                    Weapon, ability_mod, natural_reach, size_mod)

__all__ = [
    "ABILITIES", "AOO_POLICIES", "DAMAGE_TYPES", "DIE_CHAIN", "PHYSICAL_TYPES", "SIZES",
    "WEAPON_PROPERTIES", "DamageReduction", "DataError", "Dice", "ExtraDamage", "LightEffect",
    "LightPower", "LightUnit", "LightWeapon", "UnitType", "Weapon", "ability_mod",
    "check_assets", "default_assets_dir", "load_light_units", "load_unit", "load_units",
    "load_weapons", "natural_reach", "parse_dice", "size_mod",
]
