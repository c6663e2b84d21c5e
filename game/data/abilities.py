"""Special abilities in a unit file: the `[[abilities]]` tables (rules: Special abilities).

    [[abilities]]
    id = "fear_burst"
    name = "Fear Burst"
    kind = "spell-like"            # natural | extraordinary | supernatural | spell-like | spell
    spell_level = 2                # a spell or spell-like ability's level (SL), 0-9
    components = "VS"              # a spell's: V (verbal), S (somatic); "VS" unless it says
    action = "big"                 # big | little | full_round
    uses = 3                       # left out: at will
    per = "day"                    # battle | day (both count down, never refill in a battle)
    range_ft = 30                  # bursts, walls and single targets
    area = { shape = "burst", size = 2 }   # burst | close_burst | cone | line | wall
    targets = "all"                # all | enemies | allies (the user's side only)
    save = { kind = "WILL", dc = 15, on_pass = "negates" }   # or attack_bonus = N; neither
                                   # for targets = "allies" (they accept it)
    damage = "2d6"                 # optional, with damage_type; "positive" heals the living
    temp_hp = "1d4"                # optional: temporary hit points for each creature affected
    conditions = [{ name = "frightened", rounds = 3 }]
    forced = { kind = "push", hexes = 2 }   # on a failed save or a hit
    provokes = true                # spell-like abilities provoke unless it says otherwise

Each problem is one DataError naming the file, the line of the bad field and the fix.
"""
from __future__ import annotations

from .conditions import CONDITIONS
from .fields import (ArrayItemContext, ID_PATTERN, REQUIRED, bool_field, check_fields, choice_field, dice_field,
                     int_field, table_field, text_field)
from .model import (ABILITY_ACTIONS, ABILITY_KINDS, ABILITY_TARGETS, AREA_SHAPES, DAMAGE_TYPES,
                    USES_PER, SPELL_COMPONENTS, Ability, AbilityArea, AbilityCondition, AbilitySave,
                    ForcedMove)

SAVE_KINDS = ("FORT", "REF", "WILL")
ON_PASS = ("half", "negates", "nothing")
FORCED_KINDS = ("push", "pull", "slide")
_RANGED_SHAPES = ("burst", "wall", "target")


def _upper_choice(options):
    def check(ctx, key, value):
        return choice_field(options)(ctx, key, value.upper() if isinstance(value, str) else value)
    return check


def _area(ctx, key, value):
    spec = {"shape": (choice_field(AREA_SHAPES), REQUIRED), "size": (int_field(1, 20), REQUIRED)}
    v = check_fields(ctx, table_field(ctx, key, value, '{shape = "burst", size = 2}'), spec, key)
    return AbilityArea(v["shape"], v["size"])


def _save(ctx, key, value):
    spec = {"kind": (_upper_choice(SAVE_KINDS), REQUIRED), "dc": (int_field(1, 60), REQUIRED),
            "on_pass": (choice_field(ON_PASS), "negates")}
    v = check_fields(ctx, table_field(ctx, key, value, '{kind = "WILL", dc = 15}'), spec, key)
    return AbilitySave(v["kind"], v["dc"], v["on_pass"])


def _forced(ctx, key, value):
    spec = {"kind": (choice_field(FORCED_KINDS), REQUIRED), "hexes": (int_field(1, 10), REQUIRED)}
    v = check_fields(ctx, table_field(ctx, key, value, '{kind = "push", hexes = 2}'), spec, key)
    return ForcedMove(v["kind"], v["hexes"])


def _conditions(ctx, key, value):
    example = '[{name = "frightened", rounds = 3}]'
    if not isinstance(value, list):
        raise ctx.error(key, f"must be a list of tables, got {value!r}",
                        f"write e.g. {key} = {example}")
    spec = {"name": (choice_field(tuple(CONDITIONS)), REQUIRED), "rounds": (int_field(1, 100), REQUIRED)}
    out = []
    for n, item in enumerate(value):
        v = check_fields(ctx, table_field(ctx, key, item, example), spec, f"{key}[{n}]")
        out.append(AbilityCondition(v["name"], v["rounds"]))
    return tuple(out)


ABILITY_FIELDS = {
    "id": (text_field(1, 40), REQUIRED),
    "name": (text_field(1, 60), REQUIRED),
    "kind": (choice_field(ABILITY_KINDS), "natural"),
    "action": (choice_field(ABILITY_ACTIONS), "big"),
    "uses": (int_field(1, 100), None),
    "per": (choice_field(USES_PER), None),
    "range_ft": (int_field(5, 1000, feet=True), None),
    "area": (_area, None),
    "targets": (choice_field(ABILITY_TARGETS), "all"),
    "attack_bonus": (int_field(-10, 60), None),
    "save": (_save, None),
    "damage": (dice_field, None),
    "damage_type": (choice_field(DAMAGE_TYPES), None),
    "conditions": (_conditions, ()),
    "forced": (_forced, None),
    "temp_hp": (dice_field, None),
    "provokes": (bool_field, None),
    "description": (text_field(lines=True), ""),
    "spell_level": (int_field(0, 9), 0),
    "components": (text_field(0, 2), None),
}


def _check_resolution(ctx, v) -> None:
    """One way to resolve, something to do, and the fields each shape needs."""
    rolls = (v["attack_bonus"] is not None) + (v["save"] is not None)
    if rolls == 2 or (rolls == 0 and v["targets"] != "allies"):
        raise ctx.error("save", "an ability resolves with an attack roll or a save, "
                        "exactly one of them (neither only with targets = \"allies\")",
                        "give either attack_bonus = N or save = {kind = \"WILL\", dc = 15}")
    if v["damage"] is None and not v["conditions"] and v["forced"] is None \
            and v["temp_hp"] is None:
        raise ctx.error("damage", "the ability does nothing",
                        "give damage, conditions, forced or temp_hp")
    if (v["damage"] is None) != (v["damage_type"] is None):
        missing = "damage_type" if v["damage"] is not None else "damage"
        raise ctx.error(missing, f"damage and damage_type go together: {missing} is missing",
                        f"add {missing} = ..., e.g. damage = \"2d6\", damage_type = \"fire\"")
    shape = v["area"].shape if v["area"] else "target"
    if shape in _RANGED_SHAPES and v["range_ft"] is None:
        raise ctx.error("range_ft", f"a {shape.replace('_', ' ')} needs a range",
                        "add range_ft = 30 (feet from the user)")


def _check_uses(ctx, v) -> None:
    if v["per"] is not None and v["uses"] is None:
        raise ctx.error("per", "per says what uses count, but uses is missing",
                        "add uses = 1, or remove per for an ability used at will")
    if v["kind"] == "spell-like" and v["action"] != "big":
        raise ctx.error("action", "a spell-like ability takes a Big Action",
                        "write action = \"big\" (rules: Special abilities)")


def _components(ctx, v) -> str:
    """A spell's components (verbal and somatic unless it says); none for other kinds."""
    given = v["components"]
    if given is None:
        return "VS" if v["kind"] == "spell" else ""
    if v["kind"] != "spell" or any(c not in SPELL_COMPONENTS for c in given) or \
            len(set(given)) != len(given):
        raise ctx.error("components", f"components {given!r}: only a spell (kind = \"spell\") "
                        "has components, among V and S", "write components = \"VS\", \"V\" or \"S\"")
    return "".join(c for c in SPELL_COMPONENTS if c in given)


def build_ability(ctx, table) -> Ability:
    if not isinstance(table, dict):
        raise ctx.error("id", f"an ability is a table of fields, got {table!r}",
                        "write [[abilities]] on its own line, then its fields")
    v = check_fields(ctx, table, ABILITY_FIELDS)
    if not ID_PATTERN.match(v["id"]):
        raise ctx.error("id", f"ability id {v['id']!r} is not a plain id",
                        "use lower-case letters, digits and _, e.g. id = \"fear_burst\"")
    _check_resolution(ctx, v)
    _check_uses(ctx, v)
    if v["provokes"] is None:
        v["provokes"] = v["kind"] in ("spell-like", "spell")   # docs/rules/17-special-abilities.md
    return Ability(id=v["id"], name=v["name"], kind=v["kind"], action=v["action"],
                   uses=v["uses"], per=v["per"] or "battle", range_ft=v["range_ft"] or 0,
                   area=v["area"], targets=v["targets"], attack_bonus=v["attack_bonus"],
                   save=v["save"], damage=v["damage"], damage_type=v["damage_type"] or "",
                   conditions=v["conditions"], forced=v["forced"], provokes=v["provokes"],
                   description=v["description"], temp_hp=v["temp_hp"],
                   spell_level=v["spell_level"], components=_components(ctx, v))


def check_abilities(ctx, key, value) -> tuple[Ability, ...]:
    """The `abilities` field of a unit file: a list of `[[abilities]]` tables."""
    if not isinstance(value, list):
        raise ctx.error(key, f"must be a list of [[abilities]] tables, got {value!r}",
                        "write each ability as [[abilities]] followed by its fields")
    out, seen = [], set()
    for n, table in enumerate(value):
        item = ArrayItemContext(ctx.path, ctx.text, "abilities", n, ctx.label)
        ability = build_ability(item, table)
        if ability.id in seen:
            raise item.error("id", f"the ability id {ability.id!r} is used twice",
                             "give each ability of the unit its own id")
        seen.add(ability.id)
        out.append(ability)
    return tuple(out)


__all__ = ["ABILITY_FIELDS", "build_ability", "check_abilities"]
