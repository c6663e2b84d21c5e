"""Unit stat blocks and weapons as frozen dataclasses (docs/rules/02-size-and-reach.md,
09-turns-and-actions.md, 10-attacks-and-damage.md, 11-hit-points-and-conditions.md).

Size table (docs/rules/02-size-and-reach.md), ability modifiers, AC
(docs/rules/10-attacks-and-damage.md: AC = 10 + DEX mod + armor + natural armor + shield + size
mod), ACvsCrit (the default rules: against a critical hit's confirmation the armor's rating vs crit
replaces its armor rating), reach and speed in hexes (docs/rules/01-hexes-and-distance.md: hexes =
feet // 5). Loading and validation live in `loader.py`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from game.errors import InputError, printable

from .dice import Dice

SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
_NATURAL_REACH = dict(zip(SIZES, (0, 1, 1, 2, 3, 4)))       # docs/rules/02-size-and-reach.md
_SIZE_MOD = dict(zip(SIZES, (2, 1, 0, -1, -2, -4)))          # docs/rules/02-size-and-reach.md
# The default rules: a weapon made for a small wielder deals damage 1 die size smaller, for a
# large one 1 die larger (and so on, by size).
WEAPON_SIZE_STEPS = dict(zip(SIZES, (-2, -1, 0, 1, 2, 3)))

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
PHYSICAL_TYPES = ("slashing", "piercing", "bludgeoning")
# The 12 damage types of the default rules (docs/rules/10-attacks-and-damage.md "Damage").
DAMAGE_TYPES = PHYSICAL_TYPES + ("acid", "cold", "electricity", "fire", "positive",
                                 "negative", "force", "biological", "precision")
# Weapon properties: materials and magic (what DR X/Y names as Y) and the weapon traits of the
# default rules.
WEAPON_PROPERTIES = ("magic", "silver", "cold_iron", "adamantine", "mithryl", "masterwork",
                     "knockdown", "impact", "anti_shield", "parry", "large_space",
                     "grab", "trip", "shove", "ignites")
AOO_POLICIES = ("always", "never", "ask")
HANDS = 2       # a creature's hands (docs/rules/09-turns-and-actions.md "Hands")
UNARMED_ID = "unarmed"        # reserved: the basic unarmed attack (UNARMED below)
# Flight maneuverability, worst to best (docs/rules/21-terrain-and-falling.md "Flying")
MANEUVERABILITY = ("clumsy", "poor", "average", "good", "perfect")
# Special abilities (docs/rules/17-special-abilities.md "Kinds").
ABILITY_KINDS = ("natural", "extraordinary", "supernatural", "spell-like", "spell")
# A spell's components (docs/rules/17-special-abilities.md "Spellcasting"): verbal, somatic
SPELL_COMPONENTS = ("V", "S")
ABILITY_ACTIONS = ("big", "little", "full_round")
AREA_SHAPES = ("burst", "close_burst", "cone", "line", "wall")
ABILITY_TARGETS = ("all", "enemies", "allies")
USES_PER = ("battle", "day")


class DataError(InputError):
    """One bad input: `str(err)` is the one line `path:where: message (fix)`."""

    def __init__(self, path, where, message: str, fix: str = ""):
        self.path, self.where, self.message, self.fix = str(path), str(where), message, fix
        Exception.__init__(self, str(self))

    def __str__(self) -> str:
        tail = f" ({self.fix})" if self.fix else ""
        return printable(f"{self.path}:{self.where}: {self.message}{tail}")

    def line(self) -> str:
        return str(self)

    def __reduce__(self):
        return DataError, (self.path, self.where, self.message, self.fix)

    def at(self, path, where) -> DataError:
        """The same problem reported at another place (e.g. the map object that overrode)."""
        return DataError(path, where, self.message, self.fix)


def ability_mod(score: int) -> int:
    return (score - 10) // 2


def natural_reach(size: str) -> int:
    return _NATURAL_REACH[size]


def size_mod(size: str) -> int:
    return _SIZE_MOD[size]


@dataclass(frozen=True)
class ExtraDamage:
    """Bonus damage on every hit (flaming: 1d6 fire); never multiplied by a critical.
    `label` names where it comes from when not the weapon ("sneak attack")."""
    dice: Dice
    type: str
    label: str = ""


@dataclass(frozen=True)
class WeaponPoison:
    """The poison a hit that deals damage injects (rules: Special abilities "Poison"): a FORT
    save against `dc`, failed: `damage` biological (poison) and `condition` for `rounds`."""
    dc: int
    damage: Dice | None = None
    condition: str = ""
    rounds: int = 1


@dataclass(frozen=True)
class Weapon:
    """One weapon. `damage` is for a wielder of `size`; `base_damage` is the medium one.

    attack: "melee" | "ranged" | "thrown" (primary use); a melee weapon with a
    `range_increment_ft` may also be thrown. kind: the attack type deciding the STR
    added to damage (docs/rules/10-attacks-and-damage.md "Damage"): "basic" +STR, "heavy"
    +floor(1.5 STR), "ranged" none.
    damage_mode: "either" (written [s/p]: the wielder picks) or "both" (written [s+b]).
    threat: lowest natural roll of the threat range. reach: hexes beyond natural reach.
    """
    id: str
    name: str
    attack: str = "melee"
    kind: str = "basic"
    hands: str = "one"
    finesse: bool = False
    damage: Dice = Dice(1, 4)
    damage_type: tuple[str, ...] = ("bludgeoning",)
    damage_mode: str = "either"
    threat: int = 20
    multiplier: int = 2
    enhancement: int = 0
    reach: int = 0
    range_increment_ft: int | None = None
    max_increments: int | None = None
    threatens_ft: int | None = None
    properties: tuple[str, ...] = ()
    extra_damage: tuple[ExtraDamage, ...] = ()
    natural: bool = False
    description: str = ""
    ammo: int | None = None          # shots carried (bows, crossbows, slings); None: unlimited
    parry: int = 0                   # the X of the Parry+X trait (0: not a parry weapon)
    poison: WeaponPoison | None = None   # injected by a hit that deals damage
    size: str = "medium"
    base_damage: Dice | None = None

    @property
    def can_melee(self) -> bool:
        return self.attack == "melee"

    @property
    def can_throw(self) -> bool:
        return self.attack == "thrown" or (self.can_melee and bool(self.range_increment_ft))

    @property
    def is_projectile(self) -> bool:
        return self.attack == "ranged"

    @property
    def allows_dex(self) -> bool:
        """Melee attack may use DEX instead of STR (docs/rules/10-attacks-and-damage.md: light or
        finesse; an unarmed strike may use either)."""
        return self.finesse or self.hands == "light" or self.unarmed

    @property
    def unarmed(self) -> bool:
        """The basic punch or kick (UNARMED; the id is reserved)."""
        return self.id == UNARMED_ID

    @property
    def threatens(self) -> bool:
        """docs/rules/02-size-and-reach.md: melee and natural weapons threaten; ranged ones only by
        `threatens_ft`; a basic unarmed attack never does."""
        return (self.can_melee and not self.unarmed) or bool(self.threatens_ft)

    @property
    def max_range_ft(self) -> int | None:
        if not self.range_increment_ft:
            return None
        return self.range_increment_ft * (self.max_increments or 0)

    @property
    def crit_range(self) -> str:
        return "20" if self.threat >= 20 else f"{self.threat}-20"

    def stat_line(self) -> str:
        """The rulebook's notation, e.g. "Battleaxe 20/x3 1d8 [slashing+bludgeoning]"."""
        sep = "+" if self.damage_mode == "both" else "/"
        extra = "".join(f"+({e.dice} {e.type})" for e in self.extra_damage)
        return (f"{self.name} {self.crit_range}/x{self.multiplier} {self.damage}{extra}"
                f" [{sep.join(self.damage_type)}]")

    def sized(self, size: str) -> Weapon:
        """This weapon made for a wielder of `size` (its damage dice `WEAPON_SIZE_STEPS` sizes
        larger or smaller)."""
        base = self.base_damage or self.damage
        return replace(self, size=size, base_damage=base,
                       damage=base.step(WEAPON_SIZE_STEPS[size]))


# The rulebook's "Basic Unarmed Attacks - Punch & Kick": 20/x2, 1 + half the STR mod
# bludgeoning, STR or DEX to hit; it does not threaten (docs/rules/19-maneuvers-and-archery.md).
# A creature with nothing in hand and no natural weapon strikes with it.
UNARMED = Weapon(id=UNARMED_ID, name="Unarmed strike", attack="melee", kind="basic",
                 hands="none", damage=Dice(0, 0, 1), damage_type=("bludgeoning",),
                 description="A punch or a kick: 1 + half the STR mod "
                 "bludgeoning; does not threaten; provokes from those who threaten it.")


@dataclass(frozen=True)
class DamageReduction:
    """DR amount/bypass (docs/rules/10-attacks-and-damage.md); bypass "-" means nothing bypasses
    it."""
    amount: int
    bypass: str = "-"

    def __str__(self) -> str:
        return f"DR {self.amount}/{self.bypass}"


@dataclass(frozen=True)
class AbilityArea:
    """An area of effect in hexes (rules: Areas of effect)."""
    shape: str
    size: int


@dataclass(frozen=True)
class AbilitySave:
    """The saving throw against an ability: kind FORT/REF/WILL, its DC, and what passing does
    (`half` damage, `negates` everything, `nothing`)."""
    kind: str
    dc: int
    on_pass: str = "negates"


@dataclass(frozen=True)
class AbilityCondition:
    """A condition an ability gives, for `rounds` of the user's turns."""
    name: str
    rounds: int


@dataclass(frozen=True)
class ForcedMove:
    """A push, pull or slide of up to `hexes` hexes on a failed save (or a hit)."""
    kind: str
    hexes: int


@dataclass(frozen=True)
class Ability:
    """A special ability of a unit (`[[abilities]]` in its file; see game/data/abilities.py).

    `uses` None means at will; limited uses count down and never refill in a battle, whether
    they are per battle or per day (a battle lasts less than a day). `area` None: one target
    within `range_ft`. The ability resolves with `attack_bonus` (d20 + bonus vs AC) or `save`,
    or with neither when it affects only the user's side (`targets = "allies"`). Positive
    energy damage heals the living (negative energy the undead) instead of harming them.
    """
    id: str
    name: str
    kind: str = "natural"
    action: str = "big"
    uses: int | None = None
    per: str = "battle"
    range_ft: int = 0
    area: AbilityArea | None = None
    targets: str = "all"
    attack_bonus: int | None = None
    save: AbilitySave | None = None
    damage: Dice | None = None
    damage_type: str = ""
    conditions: tuple[AbilityCondition, ...] = ()
    forced: ForcedMove | None = None
    provokes: bool = False
    description: str = ""
    temp_hp: Dice | None = None      # temporary hit points for each creature it affects
    spell_level: int = 0             # a spell or spell-like ability's level (SL)
    components: str = ""             # a spell's components: "V", "S" or "VS"

    @property
    def is_spell(self) -> bool:
        """Cast as a spell (a spell or a spell-like ability): the spellcasting rules apply
        (docs/rules/17-special-abilities.md "Spellcasting")."""
        return self.kind in ("spell", "spell-like")

    @property
    def automatic(self) -> bool:
        """No attack roll and no save: it affects only the user's side, who accept it."""
        return self.attack_bonus is None and self.save is None

    @property
    def range_hexes(self) -> int:
        return self.range_ft // 5

    @property
    def shape(self) -> str:
        return self.area.shape if self.area else "target"


@dataclass(frozen=True)
class UnitType:
    """A unit stat block from `assets/units/<key>.toml` (see loader.py for the fields).

    `ac_override`, `ac_vs_crit_override`, `reach_override` hold the file's or the map's
    `ac`, `ac_vs_crit`, `reach`; read the derived `ac`, `ac_vs_crit`, `reach` instead.
    """
    key: str
    name: str
    size: str = "medium"
    speed_ft: int = 30
    swim_ft: int = 0              # other kinds of movement (docs/rules/21-terrain-and-falling.md):
    climb_ft: int = 0             # 0 when the creature has none
    fly_ft: int = 0
    fly_maneuver: str = "average"     # MANEUVERABILITY of its flight
    # its flight keeps the default rules' turning and minimum flight speed (docs/rules/
    # 21-terrain-and-falling.md "Turning and minimum flight speed"); a rulebook without them
    # gives its bodies False
    flight_limits: bool = True
    hp: int = 1
    hr: int = 0
    level: int = 1
    initiative: int = 0
    str: int = 10
    dex: int = 10
    con: int = 10
    int: int = 10
    wis: int = 10
    cha: int = 10
    armor: int = 0
    shield: int = 0
    natural_armor: int = 0
    armor_vs_crit: int | None = None
    ac_override: int | None = None
    ac_vs_crit_override: int | None = None
    fort: int = 0
    ref: int = 0
    will: int = 0
    weapons: tuple[Weapon, ...] = ()
    in_hand: tuple[str, ...] = ()     # weapon ids held at the start; the others are sheathed
    reach_override: int | None = None
    dr: DamageReduction | None = None
    resist: tuple[tuple[str, int], ...] = ()
    vulnerable: tuple[tuple[str, int], ...] = ()
    goon: bool = False
    leader: str = ""              # the map name of the creature it serves as a minion
    minion_trait: bool = False    # 1 hit point; a missed attack never damages it
    acrobatics: int = 0           # ranks; Active Dodge needs 1+ (docs/rules/16-reactions.md)
    wrestling: int = 0            # ranks in the body's other skills (game.rules.skills)
    climb: int = 0
    swim: int = 0
    jump: int = 0
    hide: int = 0                 # ranks in Hide and Spot (docs/rules/22-hiding-and-fog.md)
    spot: int = 0
    active_dodger: bool = False   # the Active Dodger feat (Active Dodge without defending)
    handed: str = "right"         # the main hand (rules: Special attacks and archery)
    off_hand: str | None = None   # the weapon id held in the off hand (None: none)
    two_weapon_fighting: bool = False   # the feat: no -2 for a light off-hand weapon
    ambidextrous: bool = False    # the feat: either hand is the main hand
    heal: int = 0                 # ranks in the Heal skill (first aid, game.rules.healing)
    intimidate: int = 0           # ranks in the skills of the skill actions (game.rules.skills,
    sense_motive: int = 0         # docs/rules/19-maneuvers-and-archery.md "Skill actions")
    bluff: int = 0
    sleight_of_hand: int = 0
    perform: int = 0
    tactics: int = 0
    perseverance: int = 0         # ranks; running fatigue (docs/rules/03-movement.md)
    undead: bool = False          # positive energy harms it, negative energy heals it
    legs: int = 2                 # four or more: +4 against knockdown (rules: Wrestling ...)
    rideable: bool = False        # a mount a smaller ally may ride (rules: Movement, "Riding")
    abilities: tuple[Ability, ...] = ()
    sneak_attack: Dice | None = None   # precision dice of Sneak Attack (rules: Attack rolls)
    pounce: bool = False          # two natural attacks in a Charge (rules: Special abilities)
    rake: Dice | None = None      # Rake: slashing dice after a won grapple check
    swallow_whole: bool = False   # swallows a held creature 2+ sizes smaller
    aoo_policy: str = "always"
    glyph: str = ""
    description: str = ""
    source: Path | None = field(default=None, compare=False, repr=False)

    def ability(self, ability_id: str) -> Ability | None:
        """The special ability with this id, or None."""
        return next((a for a in self.abilities if a.id == ability_id), None)

    def mod(self, ability: str) -> int:
        return ability_mod(getattr(self, ability))

    @property
    def str_mod(self) -> int:
        return self.mod("str")

    @property
    def dex_mod(self) -> int:
        return self.mod("dex")

    @property
    def con_mod(self) -> int:
        return self.mod("con")

    @property
    def wis_mod(self) -> int:
        return self.mod("wis")

    @property
    def size_mod(self) -> int:
        return size_mod(self.size)

    @property
    def ac(self) -> int:
        """docs/rules/10-attacks-and-damage.md: 10 + DEX mod + armor + natural armor + shield +
        size mod."""
        if self.ac_override is not None:
            return self.ac_override
        return (10 + self.dex_mod + self.armor + self.natural_armor + self.shield
                + self.size_mod)

    @property
    def ac_vs_crit(self) -> int:
        """ACvsCrit (default rules): AC with the armor's rating vs crit in place of its armor
        rating, the AC a critical threat is confirmed against."""
        if self.ac_vs_crit_override is not None:
            return self.ac_vs_crit_override
        vs_crit = self.armor if self.armor_vs_crit is None else self.armor_vs_crit
        return self.ac - self.armor + vs_crit

    @property
    def touch_ac(self) -> int:
        """Touch AC = AC - armor - shield - natural armor (docs/rules/18-wrestling-and-knockdown.md
        "Maneuvers")."""
        return self.ac - self.armor - self.shield - self.natural_armor

    @property
    def reach(self) -> int:
        """Natural reach in hexes (docs/rules/02-size-and-reach.md) unless the data overrides
        it."""
        if self.reach_override is not None:
            return self.reach_override
        return natural_reach(self.size)

    @property
    def speed_hexes(self) -> int:
        return self.speed_ft // 5

    @property
    def default_weapon(self) -> Weapon | None:
        return self.weapons[0] if self.weapons else None

    @property
    def dies_at(self) -> int:
        """docs/rules/11-hit-points-and-conditions.md: death at -CON score; goons at -level."""
        return -self.level if self.goon else -self.con

    def reach_with(self, weapon: Weapon) -> int | None:
        """Hexes this unit strikes/threatens in melee with `weapon`
        (docs/rules/02-size-and-reach.md), else None."""
        if weapon.can_melee:
            return self.reach + weapon.reach
        if weapon.threatens_ft:
            return weapon.threatens_ft // 5
        return None

    def resistance(self, damage_type: str) -> int:
        return dict(self.resist).get(damage_type, 0)

    def vulnerability(self, damage_type: str) -> int:
        return dict(self.vulnerable).get(damage_type, 0)

    def with_overrides(self, **fields) -> UnitType:
        """A copy with map-object overrides (size, reach, speed/speed_ft in feet, hp, ac, level,
        abilities, ...); values are checked like the unit file's, DataError otherwise.
        A size change re-sizes the weapons' damage dice."""
        from .loader import apply_overrides
        return apply_overrides(self, fields)
