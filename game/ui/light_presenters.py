"""What the HUD shows of a battle of the light rules (docs/rules/light/index.md), as plain data
(no pygame): `game.ui.presenters` hands a light battle's card, log lines, initiative lives,
turn words and Opportunity Attack prompt to these functions, picked by the battle's profile.

- `light_card(battle, name, model)` -> `LightCard`: HP, MP, lives, Speed, Senses and Will with
  the defenses they give (twice each), Armor, POW, SNS, proficiency, the shift, walk and run in
  hexes, the weapons in hand, the powers with their MP and uses left, the draughts, what the
  turn has left and the conditions of docs/rules/light/conditions.md; a K.O.'d creature's card
  says when it comes back.
- `light_line(event)` -> `LogEntry` of a light event (K.O., respawn, power, Wait, a light
  attack and its damage, damage over time, a light condition), None for the shared ones.
- `turn_words(battle, name)`: what the turn has left, for the top bar.
- `opportunity_prompt(battle)`: the title and lines of an `ask` creature's Opportunity Attack.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import events as E
from game.ui.lines import ConditionLine, LogEntry, WeaponLine
from game.rules.light.conditions import CONDITIONS

RULES = "(light rules: {})"

#: a light condition's name on the card and in the log; burned and poisoned count turns
CONDITION_TITLES = {"blinded": "Blinded", "invisible": "Invisible", "stunned": "Stunned",
                    "tripped": "Tripped", "burned": "Burned", "poisoned": "Poisoned",
                    "airborne": "Airborne", "grounded": "Grounded", "blocking": "Blocking",
                    "jumped": "Jumped", "ko": "K.O."}
COUNTED = ("burned", "poisoned")

#: AttackRolled.kind of a light attack -> the words after its line
ATTACK_TAGS = {"light": "Light Attack", "heavy": "Heavy Attack", "volley": "Volley Attack",
               "dash": "Dash Attack", "scope": "Scope Attack", "throw": "thrown",
               "chain": "chained attack", "aoo": "Opportunity Attack", "basic": "Basic Attack",
               "power": ""}
POLICY_WORDS = {"always": "will always make its Opportunity Attacks",
                "never": "will never make Opportunity Attacks",
                "ask": "will ask before each Opportunity Attack"}
#: damage that no attacker dealt (Damaged.breakdown) -> the words of its line
LONE_DAMAGE = {"burned": "burns", "poisoned": "suffers the poison", "falling": "falls"}


@dataclass(frozen=True)
class LightCard:
    """The card of a light creature (the fields the HUD's header shares with `UnitCard`
    first)."""
    name: str
    title: str
    team: str
    size: str
    hp: int
    max_hp: int
    controller: str
    active: bool
    acted: bool
    dead: bool
    status: str                  # "", "ko" (it comes back), "out" (no life left)
    mp: int
    max_mp: int
    lives: int
    defenses: tuple[tuple[str, int, int], ...]     # (Speed, 5, 10): the stat and twice it
    armor: int
    pow: int
    sns: int
    proficiency: int
    moves: tuple[int, int, int]  # shift, walk, run in hexes
    weapons: tuple = ()          # WeaponLine of each weapon in hand
    put_away: tuple[str, ...] = ()
    on_ground: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()  # "Pinning Shot: major action, 4 MP, 1 of 2 uses left"
    draughts: int = 0
    turn: str = ""               # "move action ready · major action used"
    policy: str = "always"
    conditions: tuple = ()       # ConditionLine of each condition
    ko_note: str = ""            # "K.O.: returns at the start of its turn (2 lives left)"
    initiative: int | None = None
    level: int = 1
    temp_hp: int = 0
    light: bool = field(default=True, repr=False)

    @property
    def condition_names(self) -> list[str]:
        return [c.name for c in self.conditions]


def condition_title(condition: str, value: int = 1) -> str:
    title = CONDITION_TITLES.get(condition, condition.replace("_", " ").title())
    return f"{title} {value}" if condition in COUNTED and value else title


def condition_effect(condition: str) -> str:
    if condition == "jumped":
        return "it may attack Airborne creatures until the end of its turn " + \
            RULES.format("Actions")
    text = CONDITIONS.get(condition, "")
    return f"{condition_title(condition)}: {text} {RULES.format('Conditions')}" if text else ""


def condition_lines(conditions) -> tuple:
    return tuple(ConditionLine(condition_title(k, v), CONDITIONS.get(k, ""))
                 for k, v in conditions.items() if v and k != "ko")


def weapon_line(w, chosen: bool):
    stat = "POW" if w.stat == "pow" else "SNS"
    stats = f"{w.name} {w.damage}+{stat} vs {w.defense.title()}"
    reach = f"reach {w.reach}" if w.kind == "melee" else f"range {w.range}"
    if w.throwable:
        reach += ", thrown"
    return WeaponLine(w.id, w.name, stats, reach, chosen)


def power_line(power, pool) -> str:
    uses = ""
    if power.uses is not None:
        uses = f", {pool.uses.get(power.id, 0)} of {power.uses} use" + \
            ("s" if power.uses != 1 else "") + " left"
    short = " (not enough MP)" if power.mp > pool.mp else ""
    return f"{power.name}: {power.action} action, {power.mp} MP{uses}{short}"


def turn_words(battle, name: str) -> str:
    """What `name`'s turn has left, in the engine's own checks (docs/rules/light/turns.md)."""
    from game.engine.light import guards as G
    from game.engine.state import Refused
    u = battle.unit(name)
    words = []
    for what, check in (("move action", G.move_action), ("major action", G.major_action)):
        try:
            check(battle, u, what)
            words.append(f"{what} ready")
        except Refused:
            words.append(f"{what} used")
    return " · ".join(words)


def _ground(battle, name: str) -> tuple[str, ...]:
    from game.ecs.components import Weapons
    from game.engine.light.body import light_weapon
    out = []
    for weapon_id, h in battle.component(name, Weapons).ground:
        w = light_weapon(battle, name, weapon_id)
        col, row = battle.cell(h)
        out.append(f"{w.name if w else weapon_id} at {col},{row}")
    return tuple(out)


def _put_away(battle, name: str) -> tuple[str, ...]:
    from game.ecs.components import Weapons
    from game.engine.light.body import light_weapon
    carried = battle.component(name, Weapons)
    lying = {w for w, _ in carried.ground}
    return tuple(light_weapon(battle, name, w).name for w in carried.sheathed
                 if w not in lying and light_weapon(battle, name, w) is not None)


def ko_note(lives: int) -> str:
    if lives <= 0:
        return "Out of the battle: no life left"
    return (f"K.O.: returns at the start of its turn ({lives} "
            f"li{'ves' if lives != 1 else 'fe'} left)")


def light_card(battle, name: str, model=None) -> LightCard:
    """The card of the light creature `name` (module docstring)."""
    from game.ecs.components import Identity
    from game.engine.light.body import pool_of, sheet_of, weapons_in_hand
    u, s, pool = battle.unit(name), sheet_of(battle, name), pool_of(battle, name)
    wanted = getattr(model, "weapon", None) if model is not None else None
    held = weapons_in_hand(battle, name)
    chosen = wanted if any(w.id == wanted for w in held) else None
    status = ("out" if pool.lives <= 0 else "ko") if u.dead else ""
    active = name == battle.active
    from game.engine.light.moving import move_hexes
    return LightCard(
        name=name, title=battle.component(name, Identity).title or s.name, team=u.team,
        size=u.size, hp=u.hp, max_hp=u.max_hp, controller=battle.controller(name).kind,
        active=active, acted=battle.budget(name).acted, dead=u.dead, status=status,
        mp=pool.mp, max_mp=s.mp, lives=pool.lives,
        defenses=tuple((label, getattr(s, key), s.defense(key)) for label, key in
                       (("Speed", "speed"), ("Senses", "senses"), ("Will", "will"))),
        armor=s.armor, pow=s.pow, sns=s.sns, proficiency=s.proficiency,
        moves=tuple(move_hexes(s, k) for k in ("shift", "walk", "run")),
        weapons=tuple(weapon_line(w, w.id == chosen) for w in held),
        put_away=_put_away(battle, name), on_ground=_ground(battle, name),
        powers=tuple(power_line(p, pool) for p in s.powers), draughts=pool.draughts,
        turn=turn_words(battle, name) if active and not u.dead else "",
        policy=u.aoo_policy, conditions=() if u.dead else condition_lines(u.conditions),
        ko_note=ko_note(pool.lives) if u.dead else "",
        initiative=battle.initiative.get(name))


def lives_of(battle, name: str) -> int:
    from game.engine.light.body import pool_of
    return pool_of(battle, name).lives


def status_of(battle, name: str) -> str:
    """"", "ko" (off the board, it comes back) or "out" (no life left)."""
    if not battle.health(name).dead:
        return ""
    return "ko" if lives_of(battle, name) > 0 else "out"


# ---- the combat log ------------------------------------------------------------------------

def _entry(text: str, detail: str, units, kind: str, events):
    return LogEntry(text, detail, tuple(u for u in units if u), kind, tuple(events))


def _strike_name(a: E.AttackRolled) -> str:
    if a.kind == "power":
        return a.weapon
    noun = a.weapon.lower()
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def attack_line(a: E.AttackRolled, dmg: E.Damaged | None):
    """A light attack, and the damage of a hit (docs/rules/light/attacks.md)."""
    tag = ATTACK_TAGS.get(a.kind, a.kind.replace("_", " "))
    tag = f" ({tag})" if tag else ""
    what = _strike_name(a)
    crit = " (critical!)" if a.critical else ""
    detail = f"{a.breakdown} {RULES.format('Attacks')}"
    if a.hit and dmg is not None:
        text = f"{a.attacker} hits {a.target} with {what} for {dmg.amount}{crit}{tag}"
        detail += f"\ndamage {dmg.breakdown} (HP {dmg.hp})"
        return _entry(text, detail, (a.attacker, a.target),
                      "critical" if a.critical else "attack", (a, dmg))
    if a.hit:
        return _entry(f"{a.attacker} hits {a.target} with {what}{crit}{tag}", detail,
                      (a.attacker, a.target), "attack", (a,))
    text = (f"{a.attacker} misses {a.target} with {what} ({a.total}, needs more than "
            f"{a.ac}){tag}")
    return _entry(text, detail, (a.attacker, a.target), "miss", (a,))


def _damage_line(e: E.Damaged):
    verb = LONE_DAMAGE.get(e.breakdown)
    if verb is None:
        text = f"{e.unit} takes {e.amount} damage (HP {e.hp})"
    else:
        text = f"{e.unit} {verb}: {e.amount} damage (HP {e.hp})"
    return _entry(text, f"{e.breakdown} {RULES.format('Conditions' if verb else 'Attacks')}",
                  (e.unit,), "damage", (e,))


def _condition_line(e):
    if isinstance(e, E.ConditionAdded) and e.condition == "jumped":
        return _entry(f"{e.unit} jumps", condition_effect("jumped"), (e.unit,), "action", (e,))
    if isinstance(e, E.ConditionAdded):
        return _entry(f"{e.unit} is now {condition_title(e.condition, e.value)}",
                      condition_effect(e.condition), (e.unit,), "condition", (e,))
    return _entry(f"{e.unit} is no longer {condition_title(e.condition)}",
                  condition_effect(e.condition), (e.unit,), "condition", (e,))


def _lives(n: int) -> str:
    return f"{n} li{'ves' if n != 1 else 'fe'} left"


def light_line(e):
    """The line of one event of a light battle, None when the shared line says it well."""
    if isinstance(e, E.KnockedOut):
        by = f" by {e.by}" if e.by else ""
        after = "out of the battle" if e.lives <= 0 else f"{_lives(e.lives)}; it returns at " \
            "the start of its turn"
        return _entry(f"{e.unit} is knocked out{by} ({after})",
                      f"K.O. at {e.at[0]},{e.at[1]}: off the board, a life lost "
                      f"{RULES.format('Turns, K.O. and winning')}", (e.unit, e.by), "death",
                      (e,))
    if isinstance(e, E.Respawned):
        return _entry(f"{e.unit} respawns at {e.at[0]},{e.at[1]} with full HP "
                      f"({_lives(e.lives)})", "back on a respawn point of its side, or the "
                      "free hex nearest to where it fell "
                      f"{RULES.format('Turns, K.O. and winning')}", (e.unit,), "heal", (e,))
    if isinstance(e, E.PowerUsed):
        return _entry(f"{e.unit} uses {e.power} ({e.mp} MP left)",
                      f"its MP and one of its uses {RULES.format('Powers')}", (e.unit,),
                      "action", (e,))
    if isinstance(e, E.Waited):
        where = "after" if e.after else "before"
        return _entry(f"{e.unit} waits to act {where} {e.ally}",
                      f"its place in the order moves {RULES.format('Turns, K.O. and winning')}",
                      (e.unit, e.ally), "initiative", (e,))
    if isinstance(e, E.Damaged):
        return _damage_line(e)
    if isinstance(e, E.Healed) and e.source == "healing draught":
        return _entry(f"{e.unit} drinks a healing draught: +{e.amount} HP (HP {e.hp})",
                      f"Consume Substance {RULES.format('Actions')}", (e.unit,), "heal", (e,))
    if isinstance(e, (E.ConditionAdded, E.ConditionRemoved)):
        return _condition_line(e)
    if isinstance(e, E.PolicySet):
        return _entry(f"{e.unit} {POLICY_WORDS.get(e.policy, 'policy: ' + e.policy)}",
                      f"its Opportunity Attack policy {RULES.format('Attacks')}", (e.unit,),
                      "info", (e,))
    if isinstance(e, E.ReactionAsked) and e.kind == "aoo":
        return _entry(f"{e.by} may make an Opportunity Attack on {e.unit} at {e.at[0]},"
                      f"{e.at[1]}: its player decides", "its policy is 'ask' "
                      f"{RULES.format('Attacks')}", (e.by, e.unit), "reaction", (e,))
    return None


# ---- the Opportunity Attack prompt ---------------------------------------------------------

def opportunity_prompt(battle) -> tuple[str, list[str]]:
    """The title and lines of the pending Opportunity Attack: who leaves whose attack range,
    and the blow's chance to hit (the engine's attack plan)."""
    from game.engine.light.strikes import attack_plan, best_opportunity
    p = battle.pending
    lines = [f"{p.mover} is leaving {p.reactor}'s attack range at {p.at[0]},{p.at[1]}."]
    used = best_opportunity(battle, p.reactor, p.mover)
    if used is not None:
        plan = attack_plan(battle, p.reactor, p.mover, used)
        terms = " ".join(f"{v:+d} {label}" for label, v in plan.terms)
        lines.append(f"{used.name}: {plan.chance:.0%} to hit (d20 {terms} must exceed "
                     f"{plan.target_number}, 2 x {plan.defense}), damage {plan.damage}")
    lines.append(f"Make the Opportunity Attack? {RULES.format('Attacks')}")
    return f"Opportunity Attack: {p.reactor}", lines


__all__ = ["ATTACK_TAGS", "CONDITION_TITLES", "LightCard", "attack_line", "condition_effect",
           "condition_title", "ko_note", "light_card", "light_line", "lives_of",
           "opportunity_prompt", "status_of", "turn_words"]
