"""Special abilities applied to a battle (rules: Special abilities, Areas of effect).

`use_ability` is the handler of the `UseAbility` command and `can_use_ability` its check
before any aim (registered in `registry.COMMANDS` and `legality.ACTIONS`); `candidates` lists
the commands worth asking about (every legal origin or aim, bounded: burst origins within
range whose area holds a creature, the twelve cone aims from each hex of the user's space on
the side it aims, lines toward each hex at their length, straight walls touching a creature,
each creature in range for a single target). `aimed` is the one place that turns a command
into the area and the creatures caught, for the handler, the computer player and the HUD.

Performing: the action is spent and a use counted down (written in the `AbilityUses`
component), the attacks of opportunity it provokes come first (like a ranged attack), then the
damage dice are rolled once for everybody, and each creature caught, in the map's order, rolls
its save (or the ability its attack roll): damage (halved or negated as the save says),
conditions for a number of the creature's own turns (its next turn the first), and on a failed save (or a hit) the forced
movement, which ends on the farthest place a push can reach (a pull: the nearest) and never
provokes.

Decisions where the seeds are silent: an ability that would catch nobody is refused (no use
is wasted on empty ground); an ability for the user's side only (`targets = "allies"`, a
heal) catches no enemy in its area and may target the user itself; a creature brought down by the attacks of opportunity it provoked
loses the ability and the use; walls act once, when they are made, and do not stay.
"""
from __future__ import annotations

from typing import Iterator, NamedTuple

from game.ecs.components import AbilityUses
from game.engine import commands as C
from game.engine import events as E
from game.engine import ability_effects, guards, interrupts, spells, spending
from game.engine.combat import stopped
from game.engine.forecast import Forecast
from game.engine.registry import COMMANDS, FORECASTS
from game.engine.state import Refused
from game.hexgrid import DIRECTIONS, Hex, hexes_within
from game.rules import areas
from game.rules import conditions as cond
from game.rules import spellcasting
from game.rules.movement import is_injured
from game.rules.sight import creature_distance, line_of_effect

# one spell and one spell-like ability a turn, one supernatural ability a round
# (docs/rules/17-special-abilities.md "Kinds", "Spellcasting")
ONCE_A_ROUND = ("spell-like", "supernatural", "spell")
_ACTION_WORDS = {"big": "a Big Action", "little": "a Little Action",
                 "full_round": "a full-round action (both Big Actions)"}


class Aimed(NamedTuple):
    """An ability pointed somewhere: its origin hex, the area and the creatures caught."""
    origin: Hex
    area: frozenset
    caught: tuple


# ---- may it be used now (before any aim) ------------------------------------------------------

def _action_left(b, u, a) -> None:
    if a.action == "little":
        guards.little_action(b, u, a.name, swift=not a.provokes)
    else:
        guards.big_action(b, u, 2 if a.action == "full_round" else 1, a.name)


def check_usable(b, u, a) -> None:
    """Refused when `u` cannot use ability `a` now, wherever it would aim it."""
    left = b.component(u.name, AbilityUses)
    if a.uses is not None and left.left.get(a.id, 0) <= 0:
        per = "today" if a.per == "day" else "this battle"
        raise Refused("no_uses_left", f"{u.name} has used {a.name} {a.uses} time(s) and has "
                      f"none left {per}")
    if a.kind in ONCE_A_ROUND and left.last_round.get(a.kind) == b.round:
        what = "cast a spell" if a.kind == "spell" else f"used a {a.kind} ability"
        raise Refused("once_a_round", f"{u.name} has already {what} this "
                      "round (rules: Special abilities)")
    why = spellcasting.cannot_cast(a, u.conditions) if a.is_spell else ""
    if why:
        raise Refused("cannot_cast", f"{u.name} cannot cast {a.name}: {why}")
    _action_left(b, u, a)


def can_use_ability(b, u) -> None:
    """The check of the UseAbility action: some ability of `u` can be used now."""
    if not u.unit.abilities:
        raise Refused("no_abilities", f"{u.name} has no special abilities")
    first = None
    for a in u.unit.abilities:
        try:
            check_usable(b, u, a)
            return
        except Refused as refused:
            first = first or refused
    raise first


def ability_of(b, u, ability_id):
    a = u.unit.ability(ability_id) if isinstance(ability_id, str) else None
    if a is None:
        known = ", ".join(x.id for x in u.unit.abilities) or "none"
        raise Refused("no_such_ability", f"{u.name} has no ability {ability_id!r} "
                      f"(abilities: {known})")
    return a


# ---- where it goes: the one place a command becomes an area -------------------------------------

def _reaches(view, u, h: Hex) -> bool:
    """A line of effect from the user to hex `h`."""
    return h in u.hex_set or line_of_effect(view, u, areas.Spot((h,), name="hex"))


def _in_range(u, a, h: Hex) -> bool:
    return creature_distance(u.hexes, (h,)) <= a.range_hexes


def _hex(b, value, what: str) -> Hex:
    return guards.cell(b, value, what)


def _own_hex(b, u, value) -> Hex:
    if value is None:
        return u.anchor
    h = _hex(b, value, "the origin")
    if h not in u.hex_set:
        raise Refused("bad_origin", f"a cone or a line starts from a hex of {u.name}'s space, "
                      f"not {b.cell(h)}")
    return h


def _burst(b, view, u, a, cmd) -> tuple[Hex, frozenset]:
    if cmd.origin is None:
        raise Refused("bad_origin", f"{a.name} needs the origin hex of its burst (origin)")
    h = _hex(b, cmd.origin, "the origin")
    if not _in_range(u, a, h):
        raise Refused("out_of_range", f"{b.cell(h)} is beyond {a.name}'s range "
                      f"({a.range_ft} ft)")
    if not _reaches(view, u, h):
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to {b.cell(h)}")
    return h, areas.burst(h, a.area.size)


def _close_burst(b, view, u, a, cmd) -> tuple[Hex, frozenset]:
    return u.anchor, areas.close_burst(u.hexes, a.area.size)


def _cone(b, view, u, a, cmd) -> tuple[Hex, frozenset]:
    origin = _own_hex(b, u, cmd.origin)
    aim = cmd.aim
    if not isinstance(aim, int) or isinstance(aim, bool) or not 0 <= aim < areas.AIMS:
        raise Refused("bad_aim", f"a cone is aimed at one of 12 directions (aim 0-11), "
                      f"got {aim!r}")
    area = areas.cone(origin, aim, a.area.size)
    if area & u.hex_set:
        raise Refused("bad_aim", f"a cone leaves {u.name}'s space from the side it aims: "
                      "aim it away from the creature, or from another of its hexes")
    return origin, area


def _line(b, view, u, a, cmd) -> tuple[Hex, frozenset]:
    origin = _own_hex(b, u, cmd.origin)
    if cmd.toward is None:
        raise Refused("bad_aim", f"{a.name} needs the hex it is aimed at (toward)")
    toward = _hex(b, cmd.toward, "the hex aimed at")
    if toward == origin:
        raise Refused("bad_aim", "a line is aimed at another hex than its origin")
    line = areas.line(origin, toward, a.area.size,
                      lambda h: b.hexmap.terrain_at(h).obstacle == "wall")
    return origin, frozenset(line) - u.hex_set


def _wall(b, view, u, a, cmd) -> tuple[Hex, frozenset]:
    if not isinstance(cmd.wall, (tuple, list)) or not cmd.wall:
        raise Refused("bad_wall", f"{a.name} needs its {a.area.size} hexes in order (wall)")
    hexes = [_hex(b, c, f"hex {n + 1} of the wall") for n, c in enumerate(cmd.wall)]
    ok = areas.wall_chain_ok(hexes, a.area.size,
                             lambda h: _in_range(u, a, h) and _reaches(view, u, h))
    if not ok:
        raise Refused("bad_wall", f"a wall is {a.area.size} different hexes, each next to the "
                      f"one before, all within {a.range_ft} ft and in {u.name}'s line of effect")
    return u.anchor, frozenset(hexes)


def _single(b, view, u, a, cmd) -> Aimed:
    if not isinstance(cmd.target, str) or not cmd.target:
        raise Refused("no_target", f"name the target of {a.name}")
    b.entity(cmd.target)
    t = view.unit(cmd.target)
    if t.dead or (t.eid == u.eid and a.targets != "allies"):
        raise Refused("no_target", f"{t.name} cannot be the target of {a.name}")
    if a.targets == "enemies" and t.team == u.team:
        raise Refused("own_side", f"{a.name} affects enemies only: {t.name} is on "
                      f"{u.name}'s side")
    if a.targets == "allies" and t.team != u.team:
        raise Refused("enemy_side", f"{a.name} affects {u.name}'s side only: {t.name} is "
                      "an enemy")
    if creature_distance(u, t) > a.range_hexes:
        raise Refused("out_of_range", f"{t.name} is beyond {a.name}'s range ({a.range_ft} ft)")
    if t.eid != u.eid and not line_of_effect(view, u, t):
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to {t.name}")
    return Aimed(u.anchor, frozenset(t.hexes), (t,))


_SHAPES = {"burst": _burst, "close_burst": _close_burst, "cone": _cone, "line": _line,
           "wall": _wall}


def aimed(b, u, a, cmd) -> Aimed:
    """The origin, area and creatures caught of `cmd` (ability `a` of `u`), or Refused."""
    view = b.view()
    if a.area is None:
        return _single(b, view, u, a, cmd)
    origin, area = _SHAPES[a.area.shape](b, view, u, a, cmd)
    spare = u.team if a.targets == "enemies" else None
    caught = areas.creatures_caught(view, origin, area, enemies_of=spare)
    if a.targets == "allies":
        caught = tuple(t for t in caught if t.team == u.team)
    if not caught:
        raise Refused("nobody_caught", f"{a.name} there would catch no creature")
    return Aimed(origin, area, caught)


# ---- the command -------------------------------------------------------------------------------

@COMMANDS.handles(C.UseAbility)
def use_ability(b, cmd):
    """UseAbility: check the ability, its aim and what it provokes; return what performs it."""
    u = guards.actor_of_turn(b, cmd)
    can_use_ability(b, u)
    a = ability_of(b, u, cmd.ability)
    check_usable(b, u, a)
    target = aimed(b, u, a, cmd)
    provokers = guards.confirm_action(cmd, b.view(), u, f"using {a.name}") if a.provokes \
        else []

    if a.is_spell:
        return _casting(b, cmd, u, a, target, provokers)

    def perform():
        _spend(b, u, a)
        yield from ability_effects.resolve(b, u.name, a, target, provokers)
    return perform


def _casting(b, cmd, u, a, target, provokers):
    """A spell's performance: the enemies may interrupt it first (nothing spent if it can no
    longer be cast as aimed), then game.engine.spells decides whether it goes off."""
    def perform():
        before, ran = spells.vigour(b, u.name), b.turn.ran > 0
        aim = target
        if (yield from interrupts.moment(b, u.name, ("casts",))):
            if stopped(b, u.name, by_prone=False):
                return
            try:
                check_usable(b, b.unit(u.name), a)
                aim = aimed(b, b.unit(u.name), a, cmd)
            except Refused:
                return
        _spend(b, u, a)
        if (yield from spells.cast(b, u.name, a, provokers, before, ran)):
            yield from ability_effects.resolve(b, u.name, a, aim, [])
    return perform


def _spend(b, u, a) -> None:
    if a.action == "little":
        spending.spend_little(b, u.name, a.name)
    else:
        spending.spend(b, u.name, a.name, big=2 if a.action == "full_round" else 1)
    spending.non_attack_action(b)
    uses = b.component(u.name, AbilityUses)
    left = dict(uses.left)
    if a.uses is not None:
        left[a.id] = left.get(a.id, a.uses) - 1
    rounds = dict(uses.last_round)
    if a.kind in ONCE_A_ROUND:
        rounds[a.kind] = b.round
    b.update(u.name, AbilityUses, left=left, last_round=rounds)


def uses_left(b, name: str) -> dict:
    """Ability id -> uses left (None: at will) of a creature."""
    u = b.unit(name)
    return {a.id: (u.uses.get(a.id) if a.uses is not None else None) for a in u.unit.abilities}


# ---- its forecast ------------------------------------------------------------------------------

def _shot_line(f: ability_effects.Forecast) -> str:
    if f.helps:
        parts = [f"heals {f.heals:.1f}"] if f.heals else []
        parts += [f"wakes {f.wakes:.0%}"] if f.wakes else []
        parts += [f"+{f.temp_hp:.1f} temporary HP"] if f.temp_hp else []
        return f"{f.name}: {', '.join(parts) or 'no hit points to regain'}"
    warn = " (own side!)" if f.harms_ally else ""
    return f"{f.name}{warn}: fails {f.fails:.0%}, {f.damage:.1f} damage, down {f.downs:.0%}"


@FORECASTS.handles(C.UseAbility)
def ability_forecast(b, cmd) -> Forecast:
    """Each creature caught, itemised (game.engine.ability_effects.forecast)."""
    u = b.unit(cmd.unit)
    a = u.unit.ability(cmd.ability)
    target = aimed(b, u, a, cmd)
    shots = ability_effects.forecast(b.view(), u.name, a, target)
    hostile = [f.fails for f in shots if not f.ally]
    lines = tuple(_shot_line(f) for f in shots) + _casting_lines(b, u, a)
    return Forecast(max(hostile) if hostile else None, lines,
                    caught=tuple(f.name for f in shots))


def _casting_lines(b, u, a) -> tuple[str, ...]:
    """What a spell risks before any blow lands: the Perseverance check its caster already
    owes and its failure chance (docs/rules/17-special-abilities.md "Spellcasting")."""
    if not a.is_spell:
        return ()
    ran = b.active == u.name and b.turn.ran > 0
    owed = spellcasting.hardest(spellcasting.duress(a, u.conditions, is_injured(u), ran))
    out = (f"{a.name}: Perseverance DC {owed.dc} or the spell is lost ({owed.reason})",) \
        if owed else ()
    chance = spellcasting.failure_percent(a, u.conditions)
    return out + ((f"{a.name}: {chance}% spell failure",) if chance else ())


# ---- the commands worth asking about (legality.ACTIONS) -------------------------------------------

def _near_creature(view, area) -> bool:
    return any(not t.dead and not area.isdisjoint(t.hexes) for t in view.units)


def _burst_origins(b, view, u, a) -> Iterator[dict]:
    seen = set()
    for s in u.hexes:
        for h in hexes_within(s, a.range_hexes):
            if h in seen or not b.hexmap.contains(h):
                continue
            seen.add(h)
            if _near_creature(view, areas.burst(h, a.area.size)):
                yield {"origin": b.cell(h)}


def _cone_aims(b, view, u, a) -> Iterator[dict]:
    for h in u.hexes:
        for aim in range(areas.AIMS):
            if not areas.cone(h, aim, a.area.size) & u.hex_set:
                yield {"origin": b.cell(h), "aim": aim}


def _line_aims(b, view, u, a) -> Iterator[dict]:
    n = a.area.size
    for h in hexes_within(u.anchor, n):
        if creature_distance((u.anchor,), (h,)) == n and b.hexmap.contains(h):
            yield {"toward": b.cell(h)}


def _straight_walls(b, view, u, a) -> Iterator[dict]:
    n = a.area.size
    for s in u.hexes:
        for start in hexes_within(s, a.range_hexes):
            for d in DIRECTIONS[:3]:
                chain = [Hex(start.q + k * d.q, start.r + k * d.r) for k in range(n)]
                if all(b.hexmap.contains(h) for h in chain) and \
                        _near_creature(view, frozenset(chain)):
                    yield {"wall": tuple(b.cell(h) for h in chain)}


def _targets(b, view, u, a) -> Iterator[dict]:
    for t in view.units:
        if t.dead or (t.eid == u.eid and a.targets != "allies"):
            continue
        if a.targets == "all" or (t.team == u.team) == (a.targets == "allies"):
            yield {"target": t.name}


_AIMS = {"burst": _burst_origins, "cone": _cone_aims, "line": _line_aims,
         "wall": _straight_walls, "target": _targets,
         "close_burst": lambda b, view, u, a: iter(({},))}


def candidates(b, u) -> Iterator[C.Command]:
    """Every command of the UseAbility action worth checking now (see the module's text)."""
    view = b.view()
    for a in u.unit.abilities:
        try:
            check_usable(b, u, a)
        except Refused:
            continue
        for aim in _AIMS[a.shape](b, view, u, a):
            yield C.UseAbility(u.name, ability=a.id, **aim)


__all__ = ["Aimed", "ONCE_A_ROUND", "ability_forecast", "ability_of", "aimed", "can_use_ability",
           "candidates", "check_usable", "use_ability", "uses_left"]
