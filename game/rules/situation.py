"""The one place where an attack's situation is read off the battlefield
(docs/rules/10-attacks-and-damage.md, with the situational rules it points to: distance
01-hexes-and-distance.md; difficult terrain, Run and Charge 03-movement.md; 06-cover.md;
07-concealment.md; flanking, gang up and high ground 08-flanking.md; actions
09-turns-and-actions.md; conditions 11-hit-points-and-conditions.md).

Pure functions of a `BattleView`. The combat engine, the UI preview, the AI and `inspect
--json` all call these, so a preview and the roll that follows agree to the last modifier.

- `situation(view, attacker, target, weapon, extras)` -> `Situation`: the `AttackSituation`
  and the explanation pieces (cover result, concealment result, flanking result, distance,
  mode), or the reason none can be built (dead target, unknown weapon...).
- `attack_preview(view, attacker, target, weapon=None, extras=None)` -> `Preview`: the plan
  and its exact chances; `weapon=None` previews the best attack.
- `best_attack(view, attacker, target, extras=None)` -> the `Preview` of the attack that can
  reach from where the attacker stands with the highest expected damage (ties: hit chance,
  then the weapon listed first), or None when no weapon can.

`Extras` carries what the view does not show (the battle's bookkeeping): attacks already made
this turn, the gang-up count, Aim, Power Attack, Charge.

Interpretations (where the rulebooks are silent):
- Attack mode: a melee weapon attacks in melee when the target is within its reach, else it is
  thrown when it can be (dagger, spear, javelin); bows and crossbows shoot.
- A target the attacker cannot see (line of effect but no line of sight: a fog bank) has total
  concealment against it (the hex-native rules on locating targets).
- A creature stands on difficult terrain (docs/rules/03-movement.md: -2 attack, -2 AC) when one of
  its hexes is difficult, or lies on a body (docs/rules/03-movement.md: bodies are difficult); a
  creature of 3+ hexes only when at least half of its hexes are (as for its movement).
- Flanked (docs/rules/08-flanking.md) is the target's state: it applies to every attack on it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from game.rules.locomotion import flies
from game.data.ruleset import DEFAULT as DEFAULT_RULES
from game.data.model import SIZES
from game.rules.attack import AttackPlan, AttackSituation, Fighter, plan_attack, reach_problem
from game.rules.concealment import ConcealmentResult, concealment
from game.rules.cover import CoverResult, behind_cover, cover, leaning_position
from game.rules.flanking import FlankResult, elevation_of, flanking, saddle_steps
from game.rules import conditions as cond
from game.rules import running
from game.rules.fear import FEAR_HEXES    # Terrified: no attack on its fear within 50 ft
from game.rules.probability import chances, expected_damage
from game.rules.protect import protected_cover
from game.rules.sight import line_of_effect, line_of_sight
from game.rules.threat import footprint_distance

R10 = "rules: Attack rolls and damage"


@dataclass(frozen=True)
class Extras:
    """What an attack depends on beyond the view (the engine's bookkeeping)."""
    previous_attacks: int = 0      # attacks already made this turn (an AOO: AOOs this round)
    alternating: bool = False      # the previous attack used another weapon (-1, not -2; `attack`)
    gang_up: int = 0               # OTHER creatures that attacked the target since its turn
    aim: bool = False              # Aim (docs/rules/09-turns-and-actions.md)
    power_attack: bool = False     # Power Attack (docs/rules/09-turns-and-actions.md)
    charge: bool = False           # docs/rules/03-movement.md "Charge"
    dive: bool = False             # a Dive Attack (docs/rules/21-terrain-and-falling.md)
    fortune: int = 0               # situational Fortunate (+1) / Unfortunate (-1)
    mode: str | None = None        # force "melee", "thrown" or "ranged"
    target_ignores: tuple = ()     # foes the target ignores (docs/rules/08-flanking.md)
    unseen: bool = False           # the target is unaware of the attacker (hidden)
    indirect: bool = False         # a volley over the obstacles (rules: Special attacks)
    stray: bool = False            # the roll against an unintended target (accuracy by volume)


NO_EXTRAS = Extras()


@dataclass(frozen=True)
class Situation:
    """An `AttackSituation` with the facts it was built from (None + `reason` if none)."""
    situation: AttackSituation | None
    reason: str = ""
    weapon: object = None
    mode: str = ""
    distance: int = 0              # hexes (docs/rules/01-hexes-and-distance.md)
    cover: CoverResult | None = None
    concealment: ConcealmentResult | None = None
    flanking: FlankResult | None = None
    sight: bool = True


@dataclass(frozen=True)
class Preview:
    """What the UI shows before an attack (docs/rules/10-attacks-and-damage.md: exact hit
    probability)."""
    possible: bool
    reason: str
    hit_chance: float
    crit_chance: float
    expected_damage: float
    situation: AttackSituation | None
    plan: AttackPlan | None
    cover: CoverResult | None
    concealment: ConcealmentResult | None
    flanking: FlankResult | None
    weapon: object = None
    mode: str = ""
    distance: int = 0


# ---- small facts ----------------------------------------------------------------------------

def _unit(view, u):
    return view.unit(u) if isinstance(u, str) else u


def find_weapon(u, name):
    """The creature's weapon whose id or name is `name` (case-insensitive), else None."""
    if not isinstance(name, str):
        return None
    key = name.strip().lower()
    for w in u.weapons:
        if key in (w.id.lower(), w.name.lower()):
            return w
    return None


def attack_mode(u, weapon, distance: int) -> str:
    """"melee" when the weapon can strike the target in melee from here, else "thrown" when
    it can be thrown, else its own mode ("ranged" for bows, "melee" out of reach)."""
    if weapon.can_melee:
        reach = u.unit.reach_with(weapon)
        if reach is not None and distance <= max(reach, 0):
            return "melee"
        return "thrown" if weapon.can_throw else "melee"
    return "thrown" if weapon.attack == "thrown" else "ranged"


def on_difficult(view, u) -> bool:
    """docs/rules/03-movement.md: does the creature stand on difficult terrain (terrain or a body)?
    A flying creature never does (docs/rules/21-terrain-and-falling.md)."""
    if flies(u):
        return False
    bodies = set()
    for o in view.units:
        if o.eid != u.eid and (o.dead or "unconscious" in o.conditions) \
                and SIZES.index(o.size) >= SIZES.index("medium"):
            bodies.update(o.hexes)
    count = sum(1 for h in u.hexes
                if view.hexmap.terrain_at(h).difficult or h in bodies)
    if len(u.hexes) >= 3:
        return 2 * count >= len(u.hexes)
    return count > 0


def _ammo_problem(a, w) -> str:
    """A weapon that counts its shots (weapon data `ammo`) cannot shoot with none left; a
    crossbow shot once must be loaded again (docs/rules/09-turns-and-actions.md "Crossbows")."""
    if getattr(a, "ammo", {}).get(w.id) == 0:
        return f"{a.name} has no ammunition left for {w.name}"
    if w.id in getattr(a, "unloaded", ()):
        return f"{a.name}'s {w.name} is not loaded: Load Crossbow first (a Big Action)"
    return ""


def _problem(a, t) -> str:
    if a.eid == t.eid:
        return f"{a.name} cannot attack itself"
    if a.dead:
        return f"{a.name} is dead"
    if t.dead:
        return f"{t.name} is already dead"
    if "swallowed" in a.conditions or "swallowed" in t.conditions:   # Swallow Whole
        who = a if "swallowed" in a.conditions else t
        return f"{who.name} is swallowed: no attack reaches into or out of a belly"
    if cond.fear_source(a.conditions) == t.eid and footprint_distance(a, t) <= FEAR_HEXES:
        return (f"{a.name} is terrified of {t.name}: it cannot attack it within 50 ft "
                "(rules: Hit points and conditions)")
    return ""


# ---- the situation --------------------------------------------------------------------------

def situation(view, attacker, target, weapon, extras: Extras | None = None) -> Situation:
    """Build the AttackSituation of `attacker` attacking `target` with `weapon` (a Weapon, or
    its id or name) from the view and `extras`."""
    extras = extras or NO_EXTRAS
    a, t = _unit(view, attacker), _unit(view, target)
    w = weapon if hasattr(weapon, "damage") else find_weapon(a, weapon)
    if w is None:
        names = ", ".join(x.id for x in a.weapons) or "none"
        return Situation(None, f"{a.name} has no weapon {weapon!r} (weapons: {names})")
    problem = _problem(a, t) or _ammo_problem(a, w)
    if problem:
        return Situation(None, problem, w)
    distance = footprint_distance(a, t)
    mode = extras.mode or attack_mode(a, w, distance)
    ranged = mode != "melee"
    shooter, shot = _leaning(view, a, t, ranged)
    cov = cover(view, shooter, shot, ranged=ranged)
    con = concealment(view, shooter, shot)
    level = con.level
    seen = True
    if level != "total" and (cov.level != "total" or extras.indirect):
        seen = line_of_sight(view, shooter, shot)
        if not seen:
            level = "total"         # an unseen target (the hex-native rules, locating targets)
    cover_level = behind_cover(view, a, t, protected_cover(view, t, cov.level))
    lobbed = extras.indirect and ranged
    if lobbed:
        cover_level = "none"        # the volley falls from above (rules: Special attacks)
    flank = _unignored_flank(flanking(view, t), extras.target_ignores)
    ignored = a.name in extras.target_ignores
    target = Fighter.of(t, on_difficult(view, t))
    feinted = t.conditions.get("feinted") == a.eid      # fooled by a's Combat Feint
    if ignored or extras.unseen or feinted:     # flat-footed against this attacker
        target = replace(target, conditions=MappingProxyType({**target.conditions,
                                                               "flat_footed": 1}))
    if t.conditions.get("shield_bash") not in (None, a.eid):
        target = replace(target, unit=without_shield(t.unit))
    held = held_against(t, a)
    if held:
        target = replace(target, conditions=MappingProxyType({**target.conditions, held: 1}))
    sit = AttackSituation(
        attacker=Fighter.of(a, on_difficult(view, a)), weapon=w,
        target=target, distance_ft=distance * 5, mode=mode,
        cover=cover_level, concealment=level, flanked=flank.flanked,
        gang_up=extras.gang_up, elevation=elevation_of(view, a) - elevation_of(view, t)
        + saddle_steps(a, t),
        previous_attacks=extras.previous_attacks, alternating=extras.alternating,
        aim=extras.aim, power_attack=extras.power_attack, charge=extras.charge,
        dive=extras.dive and extras.charge,
        fortune=extras.fortune + (1 if ignored else 0),
        run_ac=running.ranged_ac(t, a) if ranged else 0,
        straight_run=running.thrown_charge_exempt(a, t, mode),
        rules=getattr(view, "rules", DEFAULT_RULES), indirect=lobbed,
        stray=extras.stray)
    return Situation(sit, "", w, mode, distance, cov, con, flank, seen)


def _leaning(view, a, t, ranged: bool):
    """Where the lines of a ranged attack run between: a creature leaning out round its wall
    peers from the wall's edge (docs/rules/19-maneuvers-and-archery.md "Lean Out / Take
    Cover"), whether it shoots or is shot at."""
    if not ranged:
        return a, t
    return leaning_position(view, a, t), leaning_position(view, t, a)


def without_shield(unit):
    """The stat block without its shield (a shield bash's basher, against other foes)."""
    if not unit.shield:
        return unit
    override = unit.ac_override - unit.shield if unit.ac_override is not None else None
    return replace(unit, shield=0, ac_override=override)


def held_against(t, a) -> str:
    """Rules: Wrestling, shoving and knockdown: a grappled creature is flat-footed against
    creatures outside its grapple, a pinned one helpless ("" when neither applies)."""
    if not t.grappling or a.name in t.grappling:
        return ""
    return "helpless" if "pinned" in t.conditions else "flat_footed"


def _unignored_flank(flank: FlankResult, ignored) -> FlankResult:
    """docs/rules/08-flanking.md "Ganging up": an ignored foe cannot make its target flanked."""
    if not flank.flanked or not ignored:
        return flank
    pairs = tuple(p for p in flank.pairs if not set(p) & set(ignored))
    if pairs:
        return replace(flank, pair=pairs[0], pairs=pairs)
    return replace(flank, flanked=False, pair=None, angle=None, pairs=(), ac_penalty=0,
                   reasons=(f"{flank.target} ignores {', '.join(ignored)}: no flank",))


# ---- previews -------------------------------------------------------------------------------

def _impossible(reason: str, s: Situation | None = None) -> Preview:
    s = s or Situation(None, reason)
    return Preview(False, reason, 0.0, 0.0, 0.0, s.situation, None, s.cover, s.concealment,
                   s.flanking, s.weapon, s.mode, s.distance)


def preview_weapon(view, attacker, target, weapon, extras: Extras | None = None) -> Preview:
    """The preview of one weapon."""
    s = situation(view, attacker, target, weapon, extras)
    if s.situation is None:
        return _impossible(s.reason, s)
    plan = plan_attack(s.situation)
    if not plan.possible:
        return Preview(False, plan.reason, 0.0, 0.0, 0.0, s.situation, plan, s.cover,
                       s.concealment, s.flanking, s.weapon, s.mode, s.distance)
    c = chances(plan)
    return Preview(True, "", float(c.hit), float(c.critical), expected_damage(plan),
                   s.situation, plan, s.cover, s.concealment, s.flanking, s.weapon, s.mode,
                   s.distance)


@dataclass(frozen=True)
class AttackCheck:
    """Whether an attack can be made, and why not: what a command's legality needs of its
    preview (`preview_weapon` gives the same `possible`, `reason` and `mode`)."""

    possible: bool
    reason: str
    mode: str


def attack_check(view, attacker, target, weapon, extras: Extras | None = None) -> AttackCheck:
    """`preview_weapon`'s verdict, without its odds. A weapon that cannot reach the target
    (its mode, reach or range) is refused before cover, concealment and flanking are read,
    for the same reason `plan_attack` gives."""
    extras = extras or NO_EXTRAS
    a, t = _unit(view, attacker), _unit(view, target)
    w = weapon if hasattr(weapon, "damage") else find_weapon(a, weapon)
    if w is not None and not (_problem(a, t) or _ammo_problem(a, w)):
        distance = footprint_distance(a, t)
        mode = extras.mode or attack_mode(a, w, distance)
        rules = getattr(view, "rules", DEFAULT_RULES)
        why = reach_problem(w, mode or w.attack, a.unit, distance * 5, extras.power_attack,
                            rules.modifiers)
        if why:
            return AttackCheck(False, why, mode)
    s = situation(view, a, t, w if w is not None else weapon, extras)
    if s.situation is None:
        return AttackCheck(False, s.reason, s.mode)
    plan = plan_attack(s.situation)
    return AttackCheck(plan.possible, plan.reason, s.mode)


def direct_line(view, attacker, target, weapon) -> bool:
    """Could `weapon` strike the target straight (shot or thrown): a line of effect, and
    the cover of `situation` (Take Cover, Protect) short of total? False when no situation
    can be built (the same test as `situation(...)`, without tracing cover, concealment
    and flanking)."""
    a, t = _unit(view, attacker), _unit(view, target)
    if _problem(a, t) or _ammo_problem(a, weapon):
        return False
    # With a line of effect the lines give less than total cover, and Protect never
    # raises that to total: only Take Cover can still make it total.
    shooter, shot = _leaning(view, a, t, True)
    return line_of_effect(view, shooter, shot) and behind_cover(view, a, t, "none") != "total"


def best_attack(view, attacker, target, extras: Extras | None = None) -> Preview | None:
    """The best attack that can reach `target` from where `attacker` stands: the highest
    expected damage, then hit chance, then the weapon listed first; None when none can."""
    a = _unit(view, attacker)
    best = None
    for n, w in enumerate(a.weapons):
        p = preview_weapon(view, a, target, w, extras)
        if p.possible:
            key = (p.expected_damage, p.hit_chance, -n)
            if best is None or key > best[0]:
                best = (key, p)
    return best[1] if best else None


def attack_preview(view, attacker, target, weapon=None, extras: Extras | None = None) -> Preview:
    """The preview of an attack with `weapon` (a Weapon, id or name), or of the best attack
    when `weapon` is None (impossible, with the first weapon's reason, when none can)."""
    a = _unit(view, attacker)
    if weapon is not None:
        return preview_weapon(view, a, target, weapon, extras)
    best = best_attack(view, a, target, extras)
    if best is not None:
        return best
    if not a.weapons:
        return _impossible(f"{a.name} has no weapon")
    return preview_weapon(view, a, target, a.weapons[0], extras)


__all__ = ["AttackCheck", "Extras", "attack_check", "direct_line", "NO_EXTRAS", "Preview", "Situation", "attack_mode", "attack_preview",
           "best_attack", "find_weapon", "held_against", "without_shield", "on_difficult", "preview_weapon",
           "situation"]
