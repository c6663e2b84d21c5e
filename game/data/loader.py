"""Load and validate `assets/weapons.toml` and `assets/units/*.toml`
(docs/rules/02-size-and-reach.md, 10-attacks-and-damage.md, 11-hit-points-and-conditions.md).

weapons.toml: one table per weapon id, e.g. `[longsword]`, fields in `WEAPON_FIELDS`.
units/<key>.toml: the file IS the unit: its fields sit at the top level (no `[unit]`
header), fields in `UNIT_FIELDS`; the file name (without .toml) is the unit key.
Feet everywhere (docs/rules/01-hexes-and-distance.md). Each weapon's medium damage is re-sized
for the unit's size (a small wielder's weapon 1 die size smaller, a large one's 1 die size
larger, ...: `game.data.model.WEAPON_SIZE_STEPS`).

Every bad input raises one DataError, `path:line: message (fix)` (docs/security.md),
with the line found by searching the key in the file text, else `[key].field`. Files from
strangers (docs/security.md "Unit and weapon files"): regular files of at most
`MAX_TOML_BYTES` only, deep nesting and huge integers are errors of the TOML file, names hold
no control characters, damage dice are bounded (game/data/dice.py).
"""
from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import replace
from pathlib import Path

from game.files import FileRefused, read_text

from .abilities import check_abilities
from .file_cache import read_once
from .fields import (ID_PATTERN, REQUIRED, bool_field, check_fields, choice_field, dice_field,
                     int_field, names_field, table_field, text_field)
from .model import (ABILITIES, AOO_POLICIES, DAMAGE_TYPES, HANDS, MANEUVERABILITY,
                    PHYSICAL_TYPES, SIZES, UNARMED_ID,
                    WEAPON_PROPERTIES, DamageReduction, DataError, ExtraDamage, UnitType,
                    Weapon, WeaponPoison)
from .conditions import CONDITIONS

MAX_TOML_BYTES = 1 << 20


def default_assets_dir() -> Path:
    from game import paths
    return paths.assets_dir()


class FileContext:
    """Where values come from: file, its text, the table path and a label like [ogre]."""

    def __init__(self, path, text: str, table: list[str], label: str, lenient=False):
        self.path, self.text, self.table, self.label = path, text, table, label
        self.lenient = lenient

    def error(self, key: str, message: str, fix: str) -> DataError:
        line = _line_of(self.text, self.table + key.split("."))
        if not line:
            return DataError(self.path, f"{self.label}.{key}", message, fix)
        return DataError(self.path, line, f"{self.label}.{key}: {message}", fix)


def _table_span(lines, table):
    """(header line index or None, first body index, end index) of `[a.b]`, or None."""
    headers = [i for i, l in enumerate(lines) if re.match(r"^\s*\[", l)]
    if not table:
        return None, 0, headers[0] if headers else len(lines)
    name = r"\s*\.\s*".join(rf'"?{re.escape(p)}"?' for p in table)
    pat = re.compile(rf"^\s*\[\s*{name}\s*\]")
    for n, i in enumerate(headers):
        if pat.match(lines[i]):
            return i, i + 1, headers[n + 1] if n + 1 < len(headers) else len(lines)
    return None


def _line_of(text: str, parts: list[str]) -> int | None:
    """1-based line of the key `parts[-1]` in table `parts[:-1]`, or of its nearest parent."""
    lines = text.splitlines()
    parts = [re.sub(r"\[\d+\]$", "", p) for p in parts]
    fallback = None
    for cut in range(len(parts) - 1, -1, -1):
        span = _table_span(lines, parts[:cut])
        if span is None:
            continue
        header, start, end = span
        key = re.compile(rf'^\s*"?{re.escape(parts[cut])}"?\s*[=.]')
        for i in range(start, end):
            if key.match(lines[i]):
                return i + 1
        if header is not None and fallback is None:
            fallback = header + 1
    return fallback


def read_toml(path: Path) -> tuple[dict, str]:
    if not path.exists():
        raise DataError(path, "-", "file not found", "create it or pass the right path")
    try:
        text = read_text(path, MAX_TOML_BYTES, "TOML file")
    except FileRefused as exc:
        raise DataError(path, "-", str(exc), "give a regular UTF-8 text file of at most "
                        f"{MAX_TOML_BYTES >> 20} MiB") from None
    try:
        return tomllib.loads(text), text
    except RecursionError:
        raise DataError(path, "-", "not valid TOML: arrays or tables nested too deeply",
                        "a unit or weapon needs at most 3 levels") from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column \d+\)", msg)
        line = m.group(1) if m else "-"
        msg = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", msg)
        raise DataError(path, line, f"not valid TOML: {msg}",
                        "fix the syntax; strings need quotes, e.g. name = \"Orc\"") from None
    except ValueError as exc:            # an integer of more than 4300 digits
        raise DataError(path, "-", f"not valid TOML: {exc}",
                        "write numbers of a few digits") from None


def _extra_damage(ctx, key, value):
    example = '[{dice = "1d6", type = "fire"}]'
    if not isinstance(value, list):
        raise ctx.error(key, f"must be a list of tables, got {value!r}",
                        f"write e.g. {key} = {example}")
    spec = {"dice": (dice_field, REQUIRED), "type": (choice_field(DAMAGE_TYPES), REQUIRED)}
    out = []
    for n, item in enumerate(value):
        vals = check_fields(ctx, table_field(ctx, key, item, example), spec, f"{key}[{n}]")
        out.append(ExtraDamage(vals["dice"], vals["type"]))
    return tuple(out)


def _poison(ctx, key, value):
    """`poison = {dc = 13, damage = "1d4", condition = "agony", rounds = 2}`: a FORT save
    against dc; failed, the damage (biological) and the condition for its rounds."""
    example = '{dc = 13, damage = "1d4", condition = "agony", rounds = 2}'
    spec = {"dc": (int_field(1, 60), REQUIRED), "damage": (dice_field, None),
            "condition": (choice_field(tuple(CONDITIONS)), ""),
            "rounds": (int_field(1, 100), 1)}
    vals = check_fields(ctx, table_field(ctx, key, value, example), spec, key)
    if vals["damage"] is None and not vals["condition"]:
        raise ctx.error(key, "the poison does nothing",
                        f"give damage or condition, e.g. {key} = {example}")
    return WeaponPoison(vals["dc"], vals["damage"], vals["condition"], vals["rounds"])


def _dr(ctx, key, value):
    spec = {"amount": (int_field(1, 100), REQUIRED),
            "bypass": (choice_field(("-",) + PHYSICAL_TYPES + WEAPON_PROPERTIES), "-")}
    vals = check_fields(ctx, table_field(ctx, key, value, '{amount = 5, bypass = "silver"}'),
                        spec, key)
    return DamageReduction(vals["amount"], vals["bypass"])


def _type_amounts(ctx, key, value):
    table_field(ctx, key, value, "{fire = 5}")
    spec = {t: (int_field(1, 100), None) for t in DAMAGE_TYPES}
    vals = check_fields(ctx, value, spec, key)
    return tuple((t, n) for t, n in vals.items() if n is not None)


def _weapon_ids(ctx, key, value):
    if (not isinstance(value, list) or not value
            or not all(isinstance(v, str) for v in value)):
        raise ctx.error(key, f"must be a non-empty list of weapon ids, got {value!r}",
                        f"write e.g. {key} = [\"longsword\", \"dagger\"]")
    if len(set(value)) != len(value):
        raise ctx.error(key, f"lists a weapon twice: {value!r}", "list each weapon once")
    return tuple(value)


def _abilities(ctx, key, value):
    return check_abilities(ctx, key, value)


# ---- weapons ----------------------------------------------------------------------------

PARRY_MAX = 5         # the largest X of a Parry+X weapon the data accepts

WEAPON_FIELDS = {
    "name": (text_field(1), REQUIRED),
    "attack": (choice_field(("melee", "ranged", "thrown")), REQUIRED),
    "kind": (choice_field(("basic", "heavy", "ranged")), None),
    "hands": (choice_field(("light", "one", "two", "none")), None),
    "finesse": (bool_field, False),
    "damage": (dice_field, REQUIRED),
    "damage_type": (names_field(DAMAGE_TYPES, "damage types"), REQUIRED),
    "damage_mode": (choice_field(("either", "both")), "either"),
    "threat": (int_field(2, 20), 20),
    "multiplier": (int_field(2, 6), 2),
    "enhancement": (int_field(0, 10), 0),
    "reach": (int_field(0, 4), 0),
    "range_increment_ft": (int_field(5, 1000, feet=True), None),
    "max_increments": (int_field(1, 20), None),
    "threatens_ft": (int_field(5, 100, feet=True), None),
    "properties": (names_field(WEAPON_PROPERTIES, "properties"), ()),
    "extra_damage": (_extra_damage, ()),
    "natural": (bool_field, False),
    "description": (text_field(lines=True), ""),
    "ammo": (int_field(1, 999), None),
    "parry": (int_field(1, PARRY_MAX), None),
    "poison": (_poison, None),
}


def _check_parry(ctx, attack: str, v: dict) -> None:
    """The Parry+X trait is written `parry = X` (docs/rules/16-reactions.md "Active Parry"):
    a melee weapon only, and the property name alone lacks its X."""
    if v["parry"] is not None and attack != "melee":
        raise ctx.error("parry", f"a {attack} weapon cannot parry",
                        "remove parry: only melee weapons have the Parry+X trait")
    if "parry" in v["properties"] and v["parry"] is None:
        raise ctx.error("properties", "the Parry trait needs its X (Parry+X)",
                        f"write parry = 1 (a whole number 1 to {PARRY_MAX}) and remove "
                        "\"parry\" from properties")


def _build_weapon(ctx: FileContext, wid: str, table: dict) -> Weapon:
    v = check_fields(ctx, table, WEAPON_FIELDS)
    attack = v["attack"]
    if v["natural"] and attack != "melee":
        raise ctx.error("attack", "a natural weapon must have attack = \"melee\"",
                        "set attack = \"melee\" or natural = false")
    if v["hands"] is None:
        if not v["natural"]:
            raise ctx.error("hands", "missing required field 'hands'",
                            "add hands = \"light\", \"one\" or \"two\"")
        v["hands"] = "none"
    elif v["hands"] == "none" and not v["natural"]:
        raise ctx.error("hands", "only natural weapons have hands = \"none\"",
                        "use \"light\", \"one\" or \"two\", or set natural = true")
    kind = v["kind"] or ("ranged" if attack == "ranged" else
                         "heavy" if v["hands"] == "two" else "basic")
    if (kind == "ranged") != (attack == "ranged"):
        raise ctx.error("kind", f"kind = \"{kind}\" does not fit attack = \"{attack}\"",
                        "bows, crossbows and slings are attack = kind = \"ranged\"; "
                        "thrown weapons are \"basic\" (rules: Attack rolls and damage)")
    if attack != "melee" and not v["range_increment_ft"]:
        raise ctx.error("range_increment_ft", f"a {attack} weapon needs a range increment",
                        "add e.g. range_increment_ft = 60")
    if v["max_increments"] is not None and not v["range_increment_ft"]:
        raise ctx.error("max_increments", "needs range_increment_ft",
                        "add range_increment_ft or remove max_increments")
    if v["range_increment_ft"] and v["max_increments"] is None:
        # 10 increments, 5 for a thrown weapon: docs/rules/10-attacks-and-damage.md "Hitting"
        v["max_increments"] = 10 if attack == "ranged" else 5
    if v["reach"] and attack != "melee":
        raise ctx.error("reach", "only melee weapons have reach",
                        "remove reach, or use threatens_ft for a ranged weapon")
    if v["threatens_ft"] and attack == "melee":
        raise ctx.error("threatens_ft", "melee weapons threaten their reach already",
                        "remove threatens_ft, or use reach = 1 for a reach weapon")
    if v["ammo"] is not None and attack != "ranged":
        raise ctx.error("ammo", f"a {attack} weapon carries no ammunition",
                        "remove ammo: only bows, crossbows and slings (attack = \"ranged\") "
                        "count their shots")
    _check_parry(ctx, attack, v)
    props = v["properties"]
    if v["enhancement"] and "magic" not in props:
        props += ("magic",)
    return Weapon(id=wid, name=v["name"], attack=attack, kind=kind, hands=v["hands"],
                  finesse=v["finesse"], damage=v["damage"], damage_type=v["damage_type"],
                  damage_mode=v["damage_mode"], threat=v["threat"],
                  multiplier=v["multiplier"], enhancement=v["enhancement"], reach=v["reach"],
                  range_increment_ft=v["range_increment_ft"],
                  max_increments=v["max_increments"], threatens_ft=v["threatens_ft"],
                  properties=props, extra_damage=v["extra_damage"], natural=v["natural"],
                  description=v["description"], ammo=v["ammo"], base_damage=v["damage"],
                  parry=v["parry"] or 0, poison=v["poison"])


def load_weapons(path=None) -> dict[str, Weapon]:
    """Weapons by id from `path` (default: <repo>/assets/weapons.toml)."""
    path = Path(path) if path is not None else default_assets_dir() / "weapons.toml"
    data, text = read_toml(path)
    weapons = {}
    for wid, table in data.items():
        ctx = FileContext(path, text, [wid], f"[{wid}]")
        if not ID_PATTERN.match(wid):
            raise DataError(path, _line_of(text, [wid, "name"]) or "-",
                            f"weapon id {wid!r} is not a plain id",
                            "use lower-case letters, digits and _, e.g. [long_sword]")
        if wid == UNARMED_ID:
            raise DataError(path, _line_of(text, [wid, "name"]) or "-",
                            f"weapon id {wid!r} is reserved for the basic unarmed attack",
                            "give the weapon another id")
        if not isinstance(table, dict):
            raise DataError(path, _line_of(text, [wid]) or "-",
                            f"{wid} = ... must be a table [{wid}] of weapon fields",
                            f"write [{wid}] on its own line, then its fields")
        weapons[wid] = _build_weapon(ctx, wid, table)
    if not weapons:
        raise DataError(path, 1, "no weapons defined", "add a table like [dagger] with fields")
    return weapons


# ---- units ------------------------------------------------------------------------------

UNIT_FIELDS = {
    "name": (text_field(1), REQUIRED),
    "size": (choice_field(SIZES), REQUIRED),
    "speed_ft": (int_field(0, 500, feet=True), REQUIRED),
    **{mode: (int_field(0, 500, feet=True), 0) for mode in ("swim_ft", "climb_ft", "fly_ft")},
    "fly_maneuver": (choice_field(MANEUVERABILITY), "average"),
    "hp": (int_field(1, 10000), REQUIRED),
    "hr": (int_field(-5, 40), REQUIRED),
    "level": (int_field(0, 40), REQUIRED),
    "initiative": (int_field(-10, 40), 0),
    **{a: (int_field(0, 60), 10) for a in ABILITIES},
    "armor": (int_field(0, 30), 0),
    "shield": (int_field(0, 30), 0),
    "natural_armor": (int_field(0, 30), 0),
    "armor_vs_crit": (int_field(0, 30), None),
    "ac": (int_field(0, 80), None),
    "ac_vs_crit": (int_field(0, 80), None),
    "fort": (int_field(-10, 40), 0),
    "ref": (int_field(-10, 40), 0),
    "will": (int_field(-10, 40), 0),
    "weapons": (_weapon_ids, REQUIRED),
    "in_hand": (_weapon_ids, None),
    "reach": (int_field(0, 10), None),
    "dr": (_dr, None),
    "resist": (_type_amounts, ()),
    "vulnerable": (_type_amounts, ()),
    "goon": (bool_field, False),
    "leader": (text_field(0, 80), ""),
    "minion_trait": (bool_field, False),
    "acrobatics": (int_field(0, 40), 0),
    **{skill: (int_field(0, 40), 0) for skill in ("wrestling", "climb", "swim", "jump", "hide",
                                                  "spot")},
    "active_dodger": (bool_field, False),
    "handed": (choice_field(("right", "left")), "right"),
    "off_hand": (text_field(1), None),
    "two_weapon_fighting": (bool_field, False),
    "ambidextrous": (bool_field, False),
    "heal": (int_field(0, 40), 0),
    **{skill: (int_field(0, 40), 0) for skill in ("intimidate", "sense_motive", "bluff",
                                                   "sleight_of_hand", "perform", "tactics",
                                                   "perseverance")},
    "undead": (bool_field, False),
    "legs": (int_field(0, 100), 2),
    "rideable": (bool_field, False),
    "abilities": (_abilities, ()),
    "sneak_attack": (dice_field, None),
    "pounce": (bool_field, False),
    "rake": (dice_field, None),
    "swallow_whole": (bool_field, False),
    "aoo_policy": (choice_field(AOO_POLICIES), "always"),
    "glyph": (text_field(1, 2), None),
    "description": (text_field(lines=True), ""),
}
_RENAMED = {"ac": "ac_override", "ac_vs_crit": "ac_vs_crit_override", "reach": "reach_override"}
_NOT_OVERRIDABLE = ("weapons", "in_hand", "dr", "resist", "vulnerable", "abilities",
                    "off_hand")
_ALIASES = {"speed": "speed_ft"}


def _in_hand(ctx, ids: tuple, held, weapons: dict) -> tuple:
    """The weapons held at the start (default: the first one listed, and the natural ones);
    each must be one of the unit's weapons, at most HANDS of them not natural."""
    natural = tuple(w for w in ids if weapons[w].natural)
    if held is None:
        first = next((w for w in ids if not weapons[w].natural), None)
        return natural + ((first,) if first else ())
    for wid in held:
        if wid not in ids:
            raise ctx.error("in_hand", f"{wid!r} is not one of the unit's weapons",
                            f"list some of: {', '.join(ids)}")
    if sum(1 for w in held if not weapons[w].natural) > HANDS:
        raise ctx.error("in_hand", f"holds {len(held)} weapons: a creature has {HANDS} hands",
                        "list at most two weapons (natural ones need no hand)")
    return tuple(dict.fromkeys(natural + tuple(held)))


def _off_hand(ctx, off: str | None, ids: tuple, weapons: dict) -> None:
    """The off-hand weapon (rules: Special attacks and archery) is one of the unit's own,
    wielded: not natural, not two-handed."""
    if off is None:
        return
    if off not in ids:
        raise ctx.error("off_hand", f"{off!r} is not one of the unit's weapons",
                        f"name one of: {', '.join(ids)}")
    if weapons[off].natural or weapons[off].hands == "two":
        raise ctx.error("off_hand", f"{off!r} cannot be held in the off hand "
                        f"({'a natural weapon' if weapons[off].natural else 'two-handed'})",
                        "name a light or one-handed weapon")


def load_unit(path, weapons: dict[str, Weapon]) -> UnitType:
    """One unit from `path`; its key is the file name without `.toml`."""
    path = Path(path)
    key = path.stem
    data, text = read_toml(path)
    ctx = FileContext(path, text, [], f"[{key}]")
    if not ID_PATTERN.match(key):
        raise DataError(path, "-", f"unit key {key!r} (the file name) is not a plain id",
                        "rename the file with lower-case letters, digits and _")
    if isinstance(data.get("unit"), dict):
        raise ctx.error("unit", "the fields of a unit file sit at the top level",
                        "remove the [unit] header line")
    v = check_fields(ctx, data, UNIT_FIELDS)
    for wid in v["weapons"]:
        if wid not in weapons:
            close = difflib.get_close_matches(wid, weapons, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ctx.error("weapons", f"unknown weapon id {wid!r}",
                            f"{hint}ids of weapons.toml: {', '.join(weapons)}")
    v["in_hand"] = _in_hand(ctx, v["weapons"], v["in_hand"], weapons)
    _off_hand(ctx, v["off_hand"], v["weapons"], weapons)
    v["weapons"] = tuple(weapons[w].sized(v["size"]) for w in v["weapons"])
    if v["glyph"] is None:
        v["glyph"] = v["name"].strip()[0].upper()
    _one_hit_point(ctx, v["minion_trait"], v["hp"])
    fields = {_RENAMED.get(k, k): val for k, val in v.items()}
    return UnitType(key=key, source=path, **fields)


def load_units(assets_dir=None) -> dict[str, UnitType]:
    """Units by key from `<assets_dir>/units/*.toml` with `<assets_dir>/weapons.toml`.

    Default assets_dir: <repo>/assets. Unit files keep their fields at the top level.
    """
    assets = Path(assets_dir) if assets_dir is not None else default_assets_dir()
    weapons_file, units_dir = assets / "weapons.toml", assets / "units"
    files = sorted(units_dir.glob("*.toml")) if units_dir.is_dir() else []

    def build() -> dict[str, UnitType]:
        weapons = load_weapons(weapons_file)
        if not units_dir.is_dir():
            raise DataError(units_dir, "-", "no units folder",
                            "create it with one <key>.toml per unit")
        if not files:
            raise DataError(units_dir, "-", "no unit files", "add e.g. units/fighter.toml")
        return {f.stem: load_unit(f, weapons) for f in files}

    return read_once("units", [weapons_file, *files], build) if files else build()


def apply_overrides(unit: UnitType, overrides: dict) -> UnitType:
    """`unit` with scalar fields replaced (a map unit's properties, docs/mapping.md "Units"); see
    with_overrides."""
    ctx = FileContext("<override>", "", [], f"[{unit.key}]", lenient=True)
    allowed = [k for k in UNIT_FIELDS if k not in _NOT_OVERRIDABLE] + list(_ALIASES)
    changes = {}
    for key, value in overrides.items():
        name = _ALIASES.get(key, key)
        if name not in UNIT_FIELDS or name in _NOT_OVERRIDABLE:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ctx.error(key, f"cannot override {key!r}",
                            f"{hint}overridable: {', '.join(allowed)}")
        check, _ = UNIT_FIELDS[name]
        changes[_RENAMED.get(name, name)] = check(ctx, key, value)
    if "size" in changes:
        changes["weapons"] = tuple(w.sized(changes["size"]) for w in unit.weapons)
    if changes.get("minion_trait") and "hp" not in changes:
        changes["hp"] = 1           # the trait is a creature of 1 hit point
    _one_hit_point(ctx, changes.get("minion_trait", unit.minion_trait),
                   changes.get("hp", unit.hp))
    return replace(unit, **changes)


def _one_hit_point(ctx, minion_trait: bool, hp: int) -> None:
    """The minion trait (docs/rules/15-minions.md) is a creature of exactly 1 hit point."""
    if minion_trait and hp != 1:
        raise ctx.error("hp", f"a creature with minion_trait has 1 hit point, not {hp}",
                        "set hp = 1, or remove minion_trait")


def check_assets(assets_dir=None) -> list[DataError]:
    """Every problem of the assets, at most one per file (for `python -m game validate`)."""
    assets = Path(assets_dir) if assets_dir is not None else default_assets_dir()
    try:
        weapons = load_weapons(assets / "weapons.toml")
    except DataError as err:
        return [err]
    errors = []
    for f in sorted((assets / "units").glob("*.toml")):
        try:
            load_unit(f, weapons)
        except DataError as err:
            errors.append(err)
    return errors
