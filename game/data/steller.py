"""Stat blocks of the `steller` rule profile: `assets/units/steller/<kind>.toml`
(docs/rules/steller/stat-blocks.md).

The steller rules are a four-defense d20 rulebook with powers, played on the same hex engine. A
creature kind keeps its key (the file name, the same as its default stat block in
`assets/units/`) and its size, and gets the steller numbers:

    name = "Orc Berserker"
    size = "medium"
    level = 3
    role = "brute"          # brute | soldier | controller | artillery | skirmisher | leader | minion
    hp = 52                 # a minion has 1
    ac = 15                 # the four defenses, every one required
    fortitude = 16
    reflex = 13
    will = 12
    speed = 6               # hexes a walk goes
    initiative = 3          # added to the initiative d20
    surges = 1              # healing surges (each heals a quarter of the maximum)
    fly = 0                 # optional: hexes of flight
    swim = 0                # optional: hexes of swimming
    resist = {fire = 5}     # optional: damage type -> points taken off
    vulnerable = {fire = 5} # optional: damage type -> points added

    [[powers]]              # at least one melee basic attack
    id = "greataxe"
    name = "Greataxe"
    usage = "at-will"       # at-will | encounter | daily
    action = "standard"     # standard | move | minor | free | immediate interrupt |
                            # immediate reaction
    kind = "melee 1"        # melee N | ranged N | close burst N | close blast N |
                            # area burst N within M | wall N within M | line N |
                            # autofire within M
    long_range = 20         # optional, ranged N only: -2 to attacks beyond N out to this
    trigger = "an enemy attacks you"   # an immediate action's trigger (TRIGGERS)
    uses = 2                # optional: an encounter or daily power used this many times a
                            # battle (a grenade: keywords = ["grenade"], an area burst)
    zone_damage = "1d6"     # optional, a wall: who enters it or starts its turn in it takes
                            # this until the end of the user's next turn
    basic = true            # optional: its melee (or ranged) basic attack
    attack = 6              # added to the d20
    vs = "ac"               # ac | fortitude | reflex | will
    damage = "1d12+4"       # optional: dice of a hit
    damage_type = "fire"    # optional: what resist and vulnerable read (ongoing damage too)
    crit = "1d6"            # optional: extra dice rolled on a critical hit
    effects = [{condition = "dazed", until = "end of next turn"}]   # on a hit
    ongoing = 5             # optional: ongoing damage on a hit (save ends)
    forced = "push 1"       # optional: push | pull | slide N on a hit
    miss = "half"           # optional: half (half damage on a miss) | none
    heal = true             # optional: no attack; an ally in range spends a healing surge
    temp_hp = 5             # optional: no attack; each ally it reaches gains this many
                            # temporary hit points (a close burst: the allies in it)
    targets = "enemies"     # areas: enemies | creatures (allies caught too) | allies
    keywords = ["weapon"]

Durations: "end of next turn" and "start of next turn" count the user's turns; "save ends"
ends on a saving throw at the end of the affected creature's turns; "end of battle" stays.
Every bad input is one DataError naming the file, the line, the creature (`[orc]`), the field
and the fix.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .dice import Dice, parse_dice
from .file_cache import read_once
from .fields import (ArrayItemContext, ID_PATTERN, REQUIRED, bool_field, check_fields, choice_field,
                     int_field, table_field, text_field)
from .loader import FileContext, default_assets_dir, read_toml
from .model import SIZES, DataError

ROLES = ("brute", "soldier", "controller", "artillery", "skirmisher", "leader", "minion")
USAGES = ("at-will", "encounter", "daily")
ACTIONS = ("standard", "move", "minor", "free", "immediate interrupt", "immediate reaction")
DEFENSES = ("ac", "fortitude", "reflex", "will")
CONDITIONS = ("blinded", "dazed", "deafened", "dominated", "dying", "helpless", "immobilized",
              "marked", "petrified", "prone", "restrained", "slowed", "stunned", "surprised",
              "unconscious", "weakened")
DURATIONS = ("end of next turn", "start of next turn", "save ends", "end of battle")
FORCED = ("push", "pull", "slide")
MISSES = ("half", "none")
TARGETS = ("enemies", "creatures", "allies")
DAMAGE_TYPES = ("acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic",
                "radiant", "thunder")
MAX_NUMBER = 10_000
_KIND_RE = re.compile(r"^(melee|ranged|close burst|close blast|area burst|wall|line|autofire)"
                      r"(?:\s+(-?\d{1,4}))?(?:\s+within\s+(-?\d{1,4}))?$")
#: the shapes that name a range ("within M"); autofire names no size (its area is fixed)
RANGED_AREAS = ("area_burst", "wall", "autofire")
#: what sets off an immediate interrupt or reaction (docs/rules/steller/powers.md)
TRIGGERS = ("an enemy attacks you", "an enemy hits an ally", "an enemy enters an adjacent hex",
            "an enemy you marked attacks another")
#: triggers only a reaction may answer (the hit is known once the attack is rolled)
REACTION_ONLY = ("an enemy hits an ally",)
_FORCED_RE = re.compile(r"^(push|pull|slide)\s+(-?\d{1,3})$")


@dataclass(frozen=True)
class StellerEffect:
    """A condition a power gives on a hit, and when it ends (DURATIONS)."""
    condition: str
    until: str = "save ends"


@dataclass(frozen=True)
class StellerPower:
    """A power as data; `shape` is "melee", "ranged", "close_burst", "close_blast" or
    "area_burst"; `size` the burst or blast size, `range` the reach or range in hexes."""
    id: str
    name: str
    usage: str = "at-will"
    action: str = "standard"
    shape: str = "melee"
    size: int = 0
    range: int = 1
    long_range: int = 0
    basic: bool = False
    attack: int = 0
    vs: str = "ac"
    damage: Dice | None = None
    damage_type: str = ""
    crit: Dice | None = None
    effects: tuple[StellerEffect, ...] = ()
    ongoing: int = 0
    forced: tuple[str, int] | None = None
    miss: str = "none"
    heal: bool = False
    temp_hp: int = 0
    targets: str = "enemies"
    keywords: tuple[str, ...] = ()
    description: str = ""
    trigger: str = ""                  # an immediate action's trigger (TRIGGERS)
    uses: int = 0                      # times a battle (0: at-will, or once)
    zone_damage: Dice | None = None    # a wall's damage to who enters or starts there

    @property
    def area(self) -> bool:
        return self.shape in ("close_burst", "close_blast", "area_burst", "wall", "line",
                              "autofire")

    @property
    def boon(self) -> bool:
        """It makes no attack: it heals or grants temporary hit points to allies."""
        return self.heal or self.temp_hp > 0

    @property
    def farthest(self) -> int:
        """How far it reaches at all: its long range when it has one, else its range."""
        return max(self.range, self.long_range)

    @property
    def provokes(self) -> bool:
        """A ranged or area attack made next to an enemy provokes (docs/rules/steller/attacks.md)."""
        return not self.boon and self.shape in ("ranged",) + RANGED_AREAS

    @property
    def immediate(self) -> bool:
        return self.action.startswith("immediate")

    @property
    def interrupt(self) -> bool:
        return self.action == "immediate interrupt"

    @property
    def grenade(self) -> bool:
        return "grenade" in self.keywords

    @property
    def times(self) -> int:
        """How many times a battle it may be used (0: at will)."""
        return 0 if self.usage == "at-will" else max(1, self.uses)

    def kind_text(self) -> str:
        if self.shape == "ranged" and self.long_range > self.range:
            return f"ranged {self.range}/{self.long_range}"
        if self.shape in ("melee", "ranged"):
            return f"{self.shape} {self.range}"
        if self.shape == "autofire":
            return f"autofire within {self.range}"
        if self.shape in RANGED_AREAS:
            return f"{self.shape.replace('_', ' ')} {self.size} within {self.range}"
        return f"{self.shape.replace('_', ' ')} {self.size}"

    def header(self) -> str:
        """The power's line: "At-Will • Standard • Melee 1 • +6 vs AC"."""
        parts = [self.usage.title(), self.action.title(), self.kind_text().capitalize()]
        if not self.boon:
            parts.append(f"+{self.attack} vs {'AC' if self.vs == 'ac' else self.vs.title()}")
        return " • ".join(parts)


@dataclass(frozen=True)
class StellerUnit:
    """A creature kind's steller stat block (`assets/units/steller/<key>.toml`)."""
    key: str
    name: str
    size: str = "medium"
    level: int = 1
    role: str = "soldier"
    hp: int = 1
    ac: int = 10
    fortitude: int = 10
    reflex: int = 10
    will: int = 10
    speed: int = 6
    initiative: int = 0
    surges: int = 1
    fly: int = 0
    swim: int = 0
    resist: tuple[tuple[str, int], ...] = ()
    vulnerable: tuple[tuple[str, int], ...] = ()
    powers: tuple[StellerPower, ...] = ()
    glyph: str = ""
    description: str = ""
    source: Path | None = field(default=None, compare=False, repr=False)

    @property
    def minion(self) -> bool:
        return self.role == "minion"

    @property
    def bloodied(self) -> int:
        """Bloodied at this many hit points or fewer: half the maximum, rounded down."""
        return self.hp // 2

    @property
    def surge_value(self) -> int:
        """Hit points a healing surge restores: a quarter of the maximum, rounded down."""
        return max(1, self.hp // 4)

    def defense(self, name: str) -> int:
        return getattr(self, name)

    def power(self, power_id: str) -> StellerPower | None:
        return next((p for p in self.powers if p.id == power_id), None)

    def basic(self, shape: str) -> StellerPower | None:
        """Its melee or ranged basic attack (shape "melee" or "ranged")."""
        return next((p for p in self.powers if p.basic and p.shape == shape), None)


# ---- power fields --------------------------------------------------------------------------

def _kind(ctx, key, value):
    fix = (f"write e.g. {key} = \"melee 1\", \"ranged 10\", \"close burst 1\", "
           "\"close blast 3\", \"area burst 1 within 10\", \"wall 3 within 8\", "
           "\"line 5\" or \"autofire within 10\"")
    m = _KIND_RE.match(value.strip()) if isinstance(value, str) else None
    if m is None:
        raise ctx.error(key, f"unknown area or attack kind {value!r}", fix)
    shape, n, within = m.group(1).replace(" ", "_"), m.group(2), m.group(3)
    if any(x is not None and int(x) < 0 for x in (n, within)):
        raise ctx.error(key, f"a range or size cannot be negative, got {value!r}",
                        "use 1 or more hexes")
    if (shape in RANGED_AREAS) != (within is not None):
        raise ctx.error(key, f"only an area burst, a wall or autofire names a range "
                        f"('within M'), and each of them does, got {value!r}", fix)
    if (shape == "autofire") != (n is None):
        raise ctx.error(key, f"{shape.replace('_', ' ')} names "
                        f"{'no size' if shape == 'autofire' else 'its size'}, got {value!r}",
                        fix)
    n = int(n) if n is not None else 1
    if not 1 <= n <= 20 or (within is not None and not 1 <= int(within) <= 40):
        raise ctx.error(key, f"a size must be 1-20 hexes and a range 1-40, got {value!r}", fix)
    return shape, n, int(within) if within is not None else None


def _effects(ctx, key, value):
    example = '[{condition = "dazed", until = "end of next turn"}]'
    if not isinstance(value, list):
        raise ctx.error(key, f"must be a list of tables, got {value!r}",
                        f"write e.g. {key} = {example}")
    spec = {"condition": (choice_field(CONDITIONS), REQUIRED),
            "until": (choice_field(DURATIONS), "save ends")}
    out = []
    for n, item in enumerate(value):
        v = check_fields(ctx, table_field(ctx, key, item, example), spec, f"{key}[{n}]")
        out.append(StellerEffect(v["condition"], v["until"]))
    return tuple(out)


def _forced(ctx, key, value):
    m = _FORCED_RE.match(value.strip()) if isinstance(value, str) else None
    if m is None or not 1 <= int(m.group(2)) <= 10:
        raise ctx.error(key, f"must be push, pull or slide and 1-10 hexes, got {value!r}",
                        f"write e.g. {key} = \"push 1\"")
    return m.group(1), int(m.group(2))


def _damage(ctx, key, value):
    if not isinstance(value, str):
        raise ctx.error(key, f"must be dice in quotes, got {value!r}",
                        f"write e.g. {key} = \"1d8+3\"")
    try:
        return parse_dice(value)
    except ValueError as exc:
        raise ctx.error(key, str(exc), f"write e.g. {key} = \"1d8+3\"") from None


def _keywords(ctx, key, value):
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ctx.error(key, f"must be a list of words, got {value!r}",
                        f"write e.g. {key} = [\"weapon\"]")
    return tuple(value)


def _uses(ctx, key, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise ctx.error(key, f"uses must be a count of times a battle, {value!r} is not a "
                        "count", f"write e.g. {key} = 2, a whole number 1-20")
    return value


def _id(ctx, key, value):
    value = text_field(1, 40)(ctx, key, value)
    if not ID_PATTERN.match(value):
        raise ctx.error(key, f"{value!r} is not a plain id",
                        "use lower-case letters, digits and _, e.g. id = \"greataxe\"")
    return value


POWER_FIELDS = {
    "id": (_id, REQUIRED),
    "name": (text_field(1, 60), REQUIRED),
    "usage": (choice_field(USAGES), REQUIRED),
    "action": (choice_field(ACTIONS), REQUIRED),
    "kind": (_kind, REQUIRED),
    "long_range": (int_field(1, 80), 0),
    "basic": (bool_field, False),
    "attack": (int_field(-10, 60), 0),
    "vs": (choice_field(DEFENSES), None),
    "damage": (_damage, None),
    "damage_type": (choice_field(DAMAGE_TYPES), ""),
    "crit": (_damage, None),
    "effects": (_effects, ()),
    "ongoing": (int_field(0, 100), 0),
    "forced": (_forced, None),
    "miss": (choice_field(MISSES), "none"),
    "heal": (bool_field, False),
    "temp_hp": (int_field(0, 100), 0),
    "targets": (choice_field(TARGETS), "enemies"),
    "keywords": (_keywords, ()),
    "description": (text_field(lines=True), ""),
    "trigger": (choice_field(TRIGGERS), ""),
    "uses": (_uses, 0),
    "zone_damage": (_damage, None),
}


def _boon(ctx, v) -> None:
    """A healing power, or one that grants temporary hit points, makes no attack."""
    field = "heal" if v["heal"] else "temp_hp"
    if v["damage"] or v["effects"] or v["vs"] or v["forced"] or (v["heal"] and v["temp_hp"]):
        raise ctx.error(field, "a power that heals or grants temporary hit points makes no "
                        "attack", f"remove damage, effects, forced and vs, or remove {field}")
    v["vs"] = "ac"
    if v["temp_hp"]:
        v["targets"] = "allies"


def _long_range_and_targets(ctx, v, shape: str, n: int) -> None:
    """A long range only on a ranged power, at least its range; allies only as the targets
    of temporary hit points."""
    if v["long_range"] and (shape != "ranged" or v["long_range"] < n):
        raise ctx.error("long_range", f"a long range is for a ranged power and reaches at "
                        f"least its range ({n}), got {v['long_range']}",
                        f"remove long_range, or make it {n} or more on a ranged power")
    if v["targets"] == "allies" and not v["temp_hp"]:
        raise ctx.error("targets", "only a power that grants temporary hit points targets "
                        "allies", "use targets = \"enemies\" or \"creatures\"")


def _power(ctx, table) -> StellerPower:
    if not isinstance(table, dict):
        raise ctx.error("id", f"a power is a table of fields, got {table!r}",
                        "write [[powers]] on its own line, then its fields")
    v = check_fields(ctx, table, POWER_FIELDS)
    shape, n, within = v.pop("kind")
    _long_range_and_targets(ctx, v, shape, n)
    if v["heal"] or v["temp_hp"]:
        _boon(ctx, v)
    elif v["vs"] is None:
        raise ctx.error("vs", "an attack power names the defense it targets",
                        "add vs = \"ac\" (or fortitude, reflex, will)")
    if not (v["heal"] or v["temp_hp"] or v["damage"] or v["effects"] or v["forced"]):
        raise ctx.error("damage", "the power does nothing", "give it damage or effects")
    if v["basic"] and (shape not in ("melee", "ranged") or v["usage"] != "at-will"):
        raise ctx.error("basic", "a basic attack is an at-will melee or ranged attack",
                        "remove basic, or make it usage = \"at-will\", kind \"melee 1\"")
    _check_immediate(ctx, v, shape)
    _check_limits(ctx, v, shape)
    size, reach = (0, n) if shape in ("melee", "ranged") else (n, within or 0)
    if shape == "line":
        reach = n
    return StellerPower(shape=shape, size=size, range=reach, **v)


def _check_immediate(ctx, v, shape) -> None:
    """An immediate action names its trigger (TRIGGERS); no other action does."""
    immediate = v["action"].startswith("immediate")
    if immediate and not v["trigger"]:
        raise ctx.error("action", "an immediate action names what sets it off",
                        f"add trigger = \"{TRIGGERS[0]}\" (or {', '.join(TRIGGERS[1:])})")
    if v["trigger"] and not immediate:
        raise ctx.error("trigger", f"only an immediate action has a trigger, this is a "
                        f"{v['action']} action", "remove trigger, or make action = "
                        "\"immediate interrupt\" or \"immediate reaction\"")
    if immediate and shape not in ("melee", "ranged"):
        raise ctx.error("kind", "an immediate power strikes or helps one creature",
                        "make it kind = \"melee 1\" or \"ranged N\"")
    if v["trigger"] in REACTION_ONLY and v["action"] != "immediate reaction":
        raise ctx.error("trigger", f"{v['trigger']!r} is known only once the attack is "
                        "rolled", "make action = \"immediate reaction\"")


def _check_limits(ctx, v, shape) -> None:
    """Uses count an encounter or daily power; a grenade is a burst thrown a few times; a
    zone is a wall's; autofire rolls against Reflex."""
    if v["uses"] and v["usage"] == "at-will":
        raise ctx.error("uses", "an at-will power has no limit on its uses",
                        "remove uses, or make usage = \"encounter\"")
    if "grenade" in v["keywords"] and (shape != "area_burst" or not v["uses"]):
        raise ctx.error("keywords", "a grenade is an area burst with a number of uses",
                        "write kind = \"area burst 1 within 5\" and uses = 2")
    if v["zone_damage"] is not None and shape != "wall":
        raise ctx.error("zone_damage", "only a wall leaves a zone that damages",
                        "remove zone_damage, or make kind = \"wall 3 within 8\"")
    if shape == "autofire" and v["vs"] != "reflex":
        raise ctx.error("vs", "autofire rolls against Reflex", "write vs = \"reflex\"")


def _powers(ctx, data) -> tuple:
    value = data.get("powers")
    if not isinstance(value, list) or not value:
        raise ctx.error("powers", "a creature needs its powers, a melee basic attack first",
                        "add a [[powers]] table with basic = true and kind = \"melee 1\"")
    out, seen = [], set()
    for n, table in enumerate(value):
        item = ArrayItemContext(ctx.path, ctx.text, "powers", n, ctx.label)
        built = _power(item, table)
        if built.id in seen:
            raise item.error("id", f"the id {built.id!r} is used twice",
                             "give each of the creature's powers its own id")
        seen.add(built.id)
        out.append(built)
    if not any(p.basic and p.shape == "melee" for p in out):
        raise ctx.error("powers", "no melee basic attack (opportunity attacks use it)",
                        "mark one at-will melee power basic = true")
    return tuple(out)


# ---- stat blocks ------------------------------------------------------------------------------

def _points(ctx, key, value):
    if not isinstance(value, dict):
        raise ctx.error(key, f"must be a table of damage types, got {value!r}",
                        f"write e.g. {key} = {{fire = 5}}")
    for kind, n in value.items():
        choice_field(DAMAGE_TYPES)(ctx, f"{key}.{kind}", kind)
        int_field(1, 100)(ctx, f"{key}.{kind}", n)
    return tuple(sorted(value.items()))


UNIT_FIELDS = {
    "name": (text_field(1, 60), REQUIRED),
    "size": (choice_field(SIZES), REQUIRED),
    "level": (int_field(1, 30), REQUIRED),
    "role": (choice_field(ROLES), REQUIRED),
    "hp": (int_field(1, MAX_NUMBER), REQUIRED),
    **{d: (int_field(1, 60), REQUIRED) for d in DEFENSES},
    "speed": (int_field(1, 20), REQUIRED),
    "initiative": (int_field(-10, 30), REQUIRED),
    "surges": (int_field(0, 20), REQUIRED),
    "fly": (int_field(0, 20), 0),
    "swim": (int_field(0, 20), 0),
    "resist": (_points, ()),
    "vulnerable": (_points, ()),
    "glyph": (text_field(1, 2), None),
    "description": (text_field(lines=True), ""),
    "powers": (lambda ctx, key, value: value, REQUIRED),    # checked by _powers
}


def load_steller_unit(path) -> StellerUnit:
    """One steller stat block from `path`; its key is the file name without `.toml`."""
    path = Path(path)
    key = path.stem
    data, text = read_toml(path)
    ctx = FileContext(path, text, [], f"[{key}]")
    if not ID_PATTERN.match(key):
        raise DataError(path, "-", f"creature kind {key!r} (the file name) is not a plain id",
                        "rename the file with lower-case letters, digits and _")
    for defense in DEFENSES:
        if defense not in data:
            raise ctx.error(defense, f"missing defense {defense!r}: a creature has AC, "
                            "fortitude, reflex and will", f"add {defense} = 12")
    v = check_fields(ctx, data, UNIT_FIELDS)
    if (v["role"] == "minion") != (v["hp"] == 1):
        raise ctx.error("hp", f"a minion has 1 hit point and only a minion has 1, got "
                        f"{v['hp']} for a {v['role']}", "set hp = 1 and role = \"minion\", "
                        "or give a larger hp and another role")
    v["powers"] = _powers(ctx, data)
    v["glyph"] = v["glyph"] or v["name"].strip()[0].upper()
    return StellerUnit(key=key, source=path, **v)


def steller_units_dir() -> Path:
    return default_assets_dir() / "units" / "steller"


def load_steller_units(folder=None) -> dict[str, StellerUnit]:
    """Steller stat blocks by kind from `<folder>/*.toml` (default: assets/units/steller)."""
    folder = Path(folder) if folder is not None else steller_units_dir()
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    if not files:
        raise DataError(folder, "-", "no steller stat blocks",
                        "add e.g. fighter.toml (the same file names as assets/units/)")
    return read_once("steller", files, lambda: {f.stem: load_steller_unit(f) for f in files})


__all__ = ["ACTIONS", "CONDITIONS", "DEFENSES", "DURATIONS", "RANGED_AREAS", "ROLES",
           "TRIGGERS", "StellerEffect",
           "StellerPower", "StellerUnit", "USAGES", "load_steller_unit", "load_steller_units",
           "steller_units_dir"]
