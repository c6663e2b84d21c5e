"""Stat blocks of the `light` rule profile: `assets/units/light/<kind>.toml` (docs/rules/light/).

The light profile is a small d20 rulebook played on the same hex engine. A creature kind keeps
its key (the file name, the same as its default stat block in `assets/units/`) and its size
(the shared footprints), and gets the light rulebook's numbers:

    name = "Archer"
    size = "medium"        # SIZES, as the default stat blocks
    hp = 26                # K.O. at 0 HP (a life lost, a respawn: the map's `lives`)
    mp = 10                # spent by powers
    speed = 5              # defense vs melee is 2 x speed
    senses = 6             # defense vs ranged (and guns) is 2 x senses; initiative d20 + senses
    will = 4               # defense vs psychic is 2 x will
    armor = 1              # subtracted from the damage of every hit
    pow = 1                # added to melee damage
    sns = 4                # added to ranged (and psychic, gun) damage
    proficiency = 3        # added to every attack roll
    shift_ft = 5           # shift < walk <= run, multiples of 5 ft (a hex)
    walk_ft = 30
    run_ft = 45
    fly_ft = 0             # optional: > 0 is a flyer (it may take off: Airborne)
    swim_ft = 0            # optional: > 0 swims deep water
    minion_trait = false   # optional: a minion of 1 hit point (docs/rules/15-minions.md)
    glyph = "A"            # optional: default the name's first letter
    description = "..."

    [[weapons]]            # at least one; the first is the default
    id = "shortbow"
    name = "Shortbow"
    kind = "ranged"        # melee | ranged | psychic | gun
    damage = 6             # flat: damage + POW (melee) or SNS (the others) - target armor
    range = 12             # hexes; ranged, psychic and gun weapons need it
    # reach = 1            # melee only: hexes, default 1 (a large ogre's club: 2)
    # throwable = true     # melee only: thrown at up to THROW_RANGE hexes at THROW_PENALTY

    [[powers]]             # optional, any number
    id = "pinning_shot"
    name = "Pinning Shot"
    action = "major"       # major | move | interruption
    mp = 4                 # MP spent (at most the creature's mp)
    uses = 2               # optional: a count, or "daily" (1); absent: no limit
    hit = 2                # added to d20 + proficiency
    kind = "ranged"        # melee | ranged | psychic: the default defense and damage stat
    vs = "speed"           # optional: speed | senses | will (default: by kind)
    range = 10             # hexes to the target or the burst's centre (melee default 1;
                           # 0: the user itself, for a heal or a condition on itself)
    damage = 4             # added to POW or SNS like a weapon; 0: no damage at all
    effects = [{condition = "tripped"}]   # conditions on a hit; `turns` optional
    area = "burst 1"       # optional: "<shape> <size>", shape burst | close_burst | cone |
                           # line | wall (game/rules/areas.py), size in hexes
    target_airborne = true # optional: may target Airborne creatures
    heal = 0               # optional: HP restored to the target (an ally) instead of damage

What the engine reads from these (decided here, docs/rules/light/):
- a weapon's or power's defense: melee -> speed, ranged and gun -> senses, psychic -> will
  (`LightWeapon.defense`, `LightPower.vs`, always filled in); the attack hits when d20 +
  proficiency (+ a power's hit, - THROW_PENALTY thrown) EXCEEDS 2 x that stat;
- the stat added to damage: POW for melee, SNS for ranged, psychic and gun (`.stat`);
- reach and range are in hexes. A melee weapon's `reach` is its whole reach (not a bonus on
  the size's natural reach); a power's `range` is its reach for kind melee. Areas: `burst`
  and `wall` are placed within `range`; `close_burst`, `cone` and `line` start at the user
  and take no range (`LightPower.range` is 0 for them);
- `uses` None is no limit; "daily" is stored as uses = 1, daily = True (shown "1x Daily");
- an effect's `turns` None: burned lasts d20/5 turns, poisoned d20/3 turns (rolled), the
  others as the rulebook says (tripped until the creature stands up);
- a power with `heal` targets an ally (or the user) and rolls nothing: no damage, no hit.

The numbers (why a medium fight lasts 3-5 hits and a melee blow lands 55-70% of the time;
tests/test_data_light.py checks both over every pair of medium creatures): a typical medium
creature has speed 5 (defense 10) and proficiency 3, so d20 + 3 > 10 hits on 8-20: 65%; a
nimble one has speed 6 (55%), a slow armoured one speed 4 (75%, but armor 3). It has 20-30 HP
and deals weapon 6-8 + POW 2-4 - armor 1-3, about 7 a hit: 3-5 hits (6 against plate). Small
creatures have half the HP, a bit more speed and lighter weapons; large and huge ones two to
three times the HP, heavier blows with more reach and less speed (a big target). Powers add
1-4 to hit or a few points of damage plus a condition, for 2-6 MP out of 6-14; the strongest
are limited to 1-3 uses a battle.

Every bad input is one DataError naming the file, the line, the creature (`[archer]`), the
field and the fix (game/data/loader.py checks the fields the same way).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .file_cache import read_once
from .fields import (ArrayItemContext, REQUIRED, ID_PATTERN, bool_field, check_fields, choice_field, int_field,
                     table_field, text_field)
from .loader import FileContext, default_assets_dir, read_toml
from .model import AREA_SHAPES, SIZES, AbilityArea, DataError

WEAPON_KINDS = ("melee", "ranged", "psychic", "gun")
POWER_KINDS = ("melee", "ranged", "psychic")
POWER_ACTIONS = ("major", "move", "interruption")
DEFENSES = ("speed", "senses", "will")
CONDITIONS = ("blinded", "invisible", "stunned", "tripped", "burned", "poisoned", "airborne",
              "grounded")
DEFENSE_OF = {"melee": "speed", "ranged": "senses", "gun": "senses", "psychic": "will"}
STAT_OF = {"melee": "pow", "ranged": "sns", "gun": "sns", "psychic": "sns"}
# Conditions that hurt each turn: (damage a turn, the d20 is divided by this for the turns).
DAMAGE_OVER_TIME = {"burned": (5, 5), "poisoned": (3, 3)}
THROW_RANGE = 2            # hexes a thrown melee weapon flies
THROW_PENALTY = 5          # taken off the attack roll of a thrown weapon
MAX_NUMBER = 10_000        # no number of a stat block is larger
_FIXED_RANGE_SHAPES = ("close_burst", "cone", "line")   # they start at the user
_AREA_RE = re.compile(r"^\s*([a-z_ ]+?)\s+(\d{1,6})\s*$")


@dataclass(frozen=True)
class LightWeapon:
    """A weapon of a light stat block; `reach` (melee) and `range` (the others) in hexes."""
    id: str
    name: str
    kind: str = "melee"
    damage: int = 0
    reach: int = 0
    range: int = 0
    throwable: bool = False
    description: str = ""

    @property
    def defense(self) -> str:
        """The target's stat whose double the attack roll must exceed."""
        return DEFENSE_OF[self.kind]

    @property
    def stat(self) -> str:
        """The wielder's stat added to the damage: "pow" or "sns"."""
        return STAT_OF[self.kind]

    @property
    def blockable(self) -> bool:
        """Block does not work against guns."""
        return self.kind != "gun"


@dataclass(frozen=True)
class LightEffect:
    """A condition a power gives on a hit; `turns` None: the rulebook's duration (rolled for
    burned and poisoned, see DAMAGE_OVER_TIME)."""
    condition: str
    turns: int | None = None


@dataclass(frozen=True)
class LightPower:
    """A power: "Major Action • 4 MP • 2x Daily"; see the module's docstring for each field.
    `vs` is always filled in (the kind's defense unless the file names another)."""
    id: str
    name: str
    action: str = "major"
    mp: int = 0
    uses: int | None = None
    daily: bool = False
    hit: int = 0
    kind: str = "melee"
    vs: str = "speed"
    range: int = 1
    damage: int = 0
    effects: tuple[LightEffect, ...] = ()
    area: AbilityArea | None = None
    target_airborne: bool = False
    heal: int = 0
    description: str = ""

    @property
    def stat(self) -> str:
        """The user's stat added to the damage: "pow" (melee) or "sns"."""
        return STAT_OF[self.kind]

    @property
    def shape(self) -> str:
        return self.area.shape if self.area else "target"

    def header(self) -> str:
        """The rulebook's power line, e.g. "Major Action • 4 MP • 2x Daily"."""
        parts = [f"{self.action.capitalize()} Action", f"{self.mp} MP"]
        if self.uses is not None:
            parts.append(f"{self.uses}x Daily")
        return " • ".join(parts)


@dataclass(frozen=True)
class LightUnit:
    """A creature kind's light stat block (`assets/units/light/<key>.toml`)."""
    key: str
    name: str
    size: str = "medium"
    hp: int = 1
    mp: int = 0
    speed: int = 0
    senses: int = 0
    will: int = 0
    armor: int = 0
    pow: int = 0
    sns: int = 0
    proficiency: int = 0
    shift_ft: int = 5
    walk_ft: int = 30
    run_ft: int = 30
    fly_ft: int = 0
    swim_ft: int = 0
    minion_trait: bool = False
    weapons: tuple[LightWeapon, ...] = ()
    powers: tuple[LightPower, ...] = ()
    glyph: str = ""
    description: str = ""
    source: Path | None = field(default=None, compare=False, repr=False)

    def defense(self, against: str) -> int:
        """The number an attack roll must exceed: 2 x speed, senses or will (`against` is a
        defense name or an attack kind: melee, ranged, gun, psychic)."""
        stat = DEFENSE_OF.get(against, against)
        return 2 * getattr(self, stat)

    @property
    def initiative_bonus(self) -> int:
        return self.senses

    @property
    def flyer(self) -> bool:
        return self.fly_ft > 0

    @property
    def default_weapon(self) -> LightWeapon:
        return self.weapons[0]

    def weapon(self, weapon_id: str) -> LightWeapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def power(self, power_id: str) -> LightPower | None:
        return next((p for p in self.powers if p.id == power_id), None)


# ---- errors inside [[weapons]] and [[powers]] ---------------------------------------------

# ---- value checkers -------------------------------------------------------------------------

def _uses(ctx, key, value):
    """A count of uses in a battle, or "daily" (once)."""
    if value == "daily":
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        raise ctx.error(key, f"must be a count from 1 to 100 or \"daily\", got {value!r}",
                        "write e.g. uses = 2, or uses = \"daily\"; leave it out for no limit")
    return value


def _area(ctx, key, value):
    """`"<shape> <size>"`, e.g. "burst 1", "cone 3", "close_burst 2" (game/rules/areas.py)."""
    fix = (f"write e.g. {key} = \"burst 1\": a shape ({', '.join(AREA_SHAPES)}) and its size "
           "in hexes")
    m = _AREA_RE.match(value) if isinstance(value, str) else None
    if m is None:
        raise ctx.error(key, f"must be a shape and a size, got {value!r}", fix)
    shape, size = m.group(1).strip().replace(" ", "_"), int(m.group(2))
    if shape not in AREA_SHAPES:
        raise ctx.error(key, f"unknown area shape {m.group(1).strip()!r}", fix)
    if not 1 <= size <= 20:
        raise ctx.error(key, f"area size must be from 1 to 20 hexes, got {size}", fix)
    return AbilityArea(shape, size)


def _effects(ctx, key, value):
    example = '[{condition = "tripped"}]'
    if not isinstance(value, list):
        raise ctx.error(key, f"must be a list of tables, got {value!r}",
                        f"write e.g. {key} = {example}")
    spec = {"condition": (choice_field(CONDITIONS), REQUIRED), "turns": (int_field(1, 100), None)}
    out = []
    for n, item in enumerate(value):
        v = check_fields(ctx, table_field(ctx, key, item, example), spec, f"{key}[{n}]")
        out.append(LightEffect(v["condition"], v["turns"]))
    return tuple(out)


def _id(ctx, key, value):
    value = text_field(1, 40)(ctx, key, value)
    if not ID_PATTERN.match(value):
        raise ctx.error(key, f"{value!r} is not a plain id",
                        "use lower-case letters, digits and _, e.g. id = \"pinning_shot\"")
    return value


def _stat(hi=100):
    return int_field(0, hi)


def _feet(lo=0):
    return int_field(lo, 1000, feet=True)


# ---- weapons ----------------------------------------------------------------------------

WEAPON_FIELDS = {
    "id": (_id, REQUIRED),
    "name": (text_field(1, 60), REQUIRED),
    "kind": (choice_field(WEAPON_KINDS), REQUIRED),
    "damage": (_stat(1000), REQUIRED),
    "reach": (int_field(1, 20), None),
    "range": (int_field(1, 100), None),
    "throwable": (bool_field, False),
    "description": (text_field(lines=True), ""),
}


def _weapon(ctx, table) -> LightWeapon:
    if not isinstance(table, dict):
        raise ctx.error("id", f"a weapon is a table of fields, got {table!r}",
                        "write [[weapons]] on its own line, then its fields")
    v = check_fields(ctx, table, WEAPON_FIELDS)
    if v["kind"] == "melee":
        if v["range"] is not None:
            raise ctx.error("range", "a melee weapon has a reach, not a range",
                            "write reach = 1 (hexes), or kind = \"ranged\"; a thrown melee "
                            f"weapon says throwable = true (range {THROW_RANGE})")
        v["reach"] = 1 if v["reach"] is None else v["reach"]
        v["range"] = 0
    else:
        if v["reach"] is not None or v["throwable"]:
            bad = "reach" if v["reach"] is not None else "throwable"
            raise ctx.error(bad, f"only melee weapons have {bad}, not a {v['kind']} one",
                            f"remove {bad}, or make the weapon kind = \"melee\"")
        if v["range"] is None:
            raise ctx.error("range", f"a {v['kind']} weapon needs a range",
                            "add range = 10 (hexes)")
        v["reach"] = 0
    return LightWeapon(**v)


# ---- powers -----------------------------------------------------------------------------

POWER_FIELDS = {
    "id": (_id, REQUIRED),
    "name": (text_field(1, 60), REQUIRED),
    "action": (choice_field(POWER_ACTIONS), REQUIRED),
    "mp": (_stat(1000), REQUIRED),
    "uses": (_uses, None),
    "hit": (_stat(), 0),
    "kind": (choice_field(POWER_KINDS), REQUIRED),
    "vs": (choice_field(DEFENSES), None),
    "range": (int_field(0, 100), None),
    "damage": (_stat(1000), 0),
    "effects": (_effects, ()),
    "area": (_area, None),
    "target_airborne": (bool_field, False),
    "heal": (_stat(1000), 0),
    "description": (text_field(lines=True), ""),
}


def _power_range(ctx, v) -> int:
    """A power's range in hexes: melee reach 1 by default; none for the shapes that start at
    the user; the others (one target, a burst, a wall) need one."""
    shape = v["area"].shape if v["area"] else "target"
    if shape in _FIXED_RANGE_SHAPES:
        if v["range"] is not None:
            raise ctx.error("range", f"a {shape.replace('_', ' ')} starts at the user and "
                            "takes no range", "remove range (the area's size is its reach)")
        return 0
    if v["range"] is not None:
        if v["range"] == 0 and (v["area"] is not None or v["damage"]):
            what = f"a {shape}" if v["area"] is not None else "a power that deals damage"
            raise ctx.error("range", f"{what} needs a range of 1 hex or more (range 0 is the "
                            "user itself)", "write e.g. range = 6")
        return v["range"]
    if v["kind"] == "melee":
        return 1
    raise ctx.error("range", f"a {v['kind']} power needs a range",
                    "add range = 10 (hexes to the target or the area's centre)")


def _power(ctx, table, unit_mp: int) -> LightPower:
    if not isinstance(table, dict):
        raise ctx.error("id", f"a power is a table of fields, got {table!r}",
                        "write [[powers]] on its own line, then its fields")
    v = check_fields(ctx, table, POWER_FIELDS)
    if v["heal"] and (v["damage"] or v["effects"]):
        raise ctx.error("heal", "a power heals an ally or harms a foe, not both",
                        "remove heal, or remove damage and effects")
    if v["heal"] and v["hit"]:
        raise ctx.error("hit", "a healing power rolls no attack: an ally accepts it",
                        "remove hit")
    if not (v["heal"] or v["damage"] or v["effects"]):
        raise ctx.error("damage", "the power does nothing",
                        "give it damage, effects or heal")
    if v["mp"] > unit_mp:
        raise ctx.error("mp", f"costs {v['mp']} MP but the creature has only {unit_mp}",
                        f"lower mp to at most {unit_mp}, or raise the creature's mp")
    v["range"] = _power_range(ctx, v)
    v["vs"] = v["vs"] or DEFENSE_OF[v["kind"]]
    v["daily"] = v["uses"] == "daily"
    v["uses"] = 1 if v["daily"] else v["uses"]
    return LightPower(**v)


def _items(ctx, data, array: str, build) -> tuple:
    """The `[[array]]` tables of a stat block, built, each id used once."""
    value = data.get(array, [])
    if not isinstance(value, list):
        raise ctx.error(array, f"must be a list of [[{array}]] tables, got {value!r}",
                        f"write each one as [[{array}]] followed by its fields")
    out, seen = [], set()
    for n, table in enumerate(value):
        item = ArrayItemContext(ctx.path, ctx.text, array, n, ctx.label)
        built = build(item, table)
        if built.id in seen:
            raise item.error("id", f"the id {built.id!r} is used twice",
                             f"give each of the creature's {array} its own id")
        seen.add(built.id)
        out.append(built)
    return tuple(out)


# ---- stat blocks ------------------------------------------------------------------------

UNIT_FIELDS = {
    "name": (text_field(1, 60), REQUIRED),
    "size": (choice_field(SIZES), REQUIRED),
    "hp": (int_field(1, MAX_NUMBER), REQUIRED),
    "mp": (_stat(1000), REQUIRED),
    **{stat: (_stat(), REQUIRED) for stat in ("speed", "senses", "will", "armor", "pow", "sns",
                                              "proficiency")},
    "shift_ft": (_feet(), REQUIRED),
    "walk_ft": (_feet(5), REQUIRED),
    "run_ft": (_feet(5), REQUIRED),
    "fly_ft": (_feet(), 0),
    "swim_ft": (_feet(), 0),
    "minion_trait": (bool_field, False),
    "glyph": (text_field(1, 2), None),
    "description": (text_field(lines=True), ""),
    "weapons": (lambda ctx, key, value: value, REQUIRED),   # checked by _items
    "powers": (lambda ctx, key, value: value, ()),
}


def _check_movement(ctx, v) -> None:
    """shift < walk <= run (rules: shift, walk and run scores in feet)."""
    if v["shift_ft"] >= v["walk_ft"]:
        raise ctx.error("shift_ft", f"shift ({v['shift_ft']} ft) must be less than walk "
                        f"({v['walk_ft']} ft)", "lower shift_ft or raise walk_ft")
    if v["walk_ft"] > v["run_ft"]:
        raise ctx.error("run_ft", f"run ({v['run_ft']} ft) must be at least walk "
                        f"({v['walk_ft']} ft)", "raise run_ft or lower walk_ft")


def load_light_unit(path) -> LightUnit:
    """One light stat block from `path`; its key is the file name without `.toml`."""
    path = Path(path)
    key = path.stem
    data, text = read_toml(path)
    ctx = FileContext(path, text, [], f"[{key}]")
    if not ID_PATTERN.match(key):
        raise DataError(path, "-", f"creature kind {key!r} (the file name) is not a plain id",
                        "rename the file with lower-case letters, digits and _")
    if "weapons" not in data:
        raise ctx.error("weapons", "missing required field 'weapons'",
                        "add a [[weapons]] table: id, name, kind, damage (and range or reach)")
    v = check_fields(ctx, data, UNIT_FIELDS)
    _check_movement(ctx, v)
    if v["minion_trait"] and v["hp"] != 1:
        raise ctx.error("hp", f"a creature with minion_trait has 1 hit point, not {v['hp']}",
                        "set hp = 1, or remove minion_trait")
    v["weapons"] = _items(ctx, data, "weapons", _weapon)
    if not v["weapons"]:
        raise ctx.error("weapons", "a creature needs at least one weapon",
                        "add a [[weapons]] table (id, name, kind, damage)")
    v["powers"] = _items(ctx, data, "powers", lambda c, t: _power(c, t, v["mp"]))
    v["glyph"] = v["glyph"] or v["name"].strip()[0].upper()
    return LightUnit(key=key, source=path, **v)


def light_units_dir() -> Path:
    return default_assets_dir() / "units" / "light"


def load_light_units(folder=None) -> dict[str, LightUnit]:
    """Light stat blocks by kind from `<folder>/*.toml` (default: assets/units/light)."""
    folder = Path(folder) if folder is not None else light_units_dir()
    if not folder.is_dir():
        raise DataError(folder, "-", "no folder of light stat blocks",
                        "create it with one <kind>.toml per creature kind")
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise DataError(folder, "-", "no light stat blocks",
                        "add e.g. fighter.toml (the same file names as assets/units/)")
    return read_once("light", files, lambda: {f.stem: load_light_unit(f) for f in files})


__all__ = ["CONDITIONS", "DAMAGE_OVER_TIME", "DEFENSES", "DEFENSE_OF",
           "LightEffect", "LightPower", "LightUnit", "LightWeapon", "POWER_ACTIONS",
           "POWER_KINDS", "STAT_OF", "THROW_PENALTY", "THROW_RANGE", "WEAPON_KINDS",
           "light_units_dir", "load_light_unit", "load_light_units"]
