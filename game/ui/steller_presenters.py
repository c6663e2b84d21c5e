"""What the window shows of a steller battle that the other rulebooks do not
(docs/rules/steller/index.md), as plain data (no pygame):

- `steller_turn_words(battle, name)`: what a creature's turn has left, for the top bar;
- `steller_card(battle, name)` -> `StellerCard`: level and role, hit points with the bloodied
  mark, temporary hit points, healing surges, AC / Fortitude / Reflex / Will (now, with total
  defense or second wind), speed in hexes, the actions its turn has left and whether its
  immediate action is spent, each power with its usage and attack line, each condition with
  how long it lasts, and a dying creature's failed death saving throws.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as E
from game.engine.steller.body import effects_of, pool_of, sheet_of, turn_of
from game.engine.steller.immediate import immediate_spent
from game.ui.lines import ConditionLine, LogEntry
from game.rules.steller.attacks import defense_name, defense_value
from game.rules.steller.conditions import CONDITIONS
from game.rules.steller.health import DEATH_FAILURES

DEFENSES = (("AC", "ac"), ("Fort", "fortitude"), ("Ref", "reflex"), ("Will", "will"))
#: conditions the card says in its own lines (the HP line, the dying line), not as conditions
SHOWN_ELSEWHERE = ("bloodied", "dying", "unconscious")
#: how long a condition that no timed effect holds lasts (docs/rules/steller/conditions.md)
LASTING = {"prone": "until it stands up", "running": "until the start of its next turn",
           "total_defense": "until the start of its next turn",
           "second_wind": "until the start of its next turn"}
TITLES = {"total_defense": "Total defense", "second_wind": "Second wind"}


@dataclass(frozen=True)
class PowerLine:
    """A power on the card: "Leg Sweep" / "encounter · standard · close burst 1" /
    "+5 vs Reflex, 1d6+3; prone" and whether its battle has used it up."""
    name: str
    usage: str
    attack: str
    used: bool
    basic: bool = False


@dataclass(frozen=True)
class StellerCard:
    """The card of a steller creature (the fields the HUD's header shares with `UnitCard`
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
    status: str                  # "", "dying", "dead"
    level: int
    role: str
    temp_hp: int
    bloodied: bool
    bloodied_at: int
    surges: int
    surge_value: int
    second_wind_used: bool
    defenses: tuple[tuple[str, int, int], ...]   # ("AC", 18, 20): base and now
    speed: int                   # hexes a walk goes now
    base_speed: int
    turn: str = ""               # the actions left: "standard, minor"
    immediate: str = ""          # "ready", "used this round"
    powers: tuple[PowerLine, ...] = ()
    conditions: tuple[ConditionLine, ...] = ()
    death_failures: int = 0
    policy: str = "always"
    initiative: int | None = None
    steller: bool = True

    @property
    def condition_names(self) -> list[str]:
        return [c.name for c in self.conditions]


def steller_turn_words(battle, name: str) -> str:
    """"standard ready · move used · minor ready" (docs/rules/steller/turns.md)."""
    turn = turn_of(battle, name)
    if turn.charged:
        return "charged: no further action"
    if turn.dazed:
        return "dazed: " + ("its one action used" if turn.acted else "one action")
    return " · ".join(f"{slot} {'used' if getattr(turn, slot) else 'ready'}"
                      for slot in ("standard", "move", "minor"))


def actions_left(battle, name: str) -> str:
    """The card's short form: "standard, move, minor" left; "none" (docs/rules/steller/turns.md)."""
    turn = turn_of(battle, name)
    if turn.charged or turn.dazed:
        return steller_turn_words(battle, name)
    left = [slot for slot in ("standard", "move", "minor") if not getattr(turn, slot)]
    return ", ".join(left) or "none"


def attack_words(power) -> str:
    """"+6 vs AC, 1d8+4; dazed (save ends), ongoing 5 (save ends), push 1; half on a miss"."""
    if power.heal:
        return "an ally in range spends a healing surge"
    if power.temp_hp:
        return f"allies it reaches gain {power.temp_hp} temporary hit points"
    parts = [f"+{power.attack} vs {defense_name(power.vs)}"]
    kind = f" {power.damage_type}" if power.damage_type else ""
    if power.damage is not None:
        parts.append(f", {power.damage}{kind}")
        if power.crit is not None:
            parts.append(f" (critical: +{power.crit})")
    extra = [f"{e.condition} ({e.until})" if e.condition != "prone" else "prone"
             for e in power.effects]
    if power.ongoing:
        extra.append(f"ongoing {power.ongoing}{kind} (save ends)")
    if power.forced:
        extra.append(f"{power.forced[0]} {power.forced[1]}")
    text = "".join(parts) + ("; " + ", ".join(extra) if extra else "")
    return text + ("; half on a miss" if power.miss == "half" else "")


def power_line(power, spent) -> PowerLine:
    usage = f"{power.usage} · {power.action} · {power.kind_text()}"
    return PowerLine(power.name, usage, attack_words(power), power.id in spent, power.basic)


def _owner(battle, owner: str, name: str) -> str:
    return "its" if owner == name else f"{owner}'s"


def duration_words(battle, name: str, effect) -> str:
    """How long a timed effect lasts, as docs/rules/steller/conditions.md says it."""
    if effect.ends == "save":
        return "save ends"
    if effect.ends == "battle":
        return "until the end of the battle"
    whose = _owner(battle, effect.owner, name)
    if effect.ends == "start":
        return f"until the start of {whose} next turn"
    this = battle.active == effect.owner and effect.turns <= 1
    return f"until the end of {whose} {'' if this else 'next '}turn"


def condition_title(condition: str, value: int = 1) -> str:
    title = TITLES.get(condition, condition.replace("_", " ").capitalize())
    return f"{title} {value}" if condition == "ongoing" else title


def condition_lines(battle, name: str) -> tuple[ConditionLine, ...]:
    """Each condition with its duration ("Dazed (save ends)") and what it does."""
    held = battle.conditions(name).active
    timed: dict[str, list[str]] = {}
    for e in effects_of(battle, name):
        timed.setdefault(e.condition, []).append(duration_words(battle, name, e))
    out = []
    for condition, value in held.items():
        if not value or condition in SHOWN_ELSEWHERE:
            continue
        how = timed.get(condition) or [LASTING.get(condition, "")]
        how = ", ".join(dict.fromkeys(w for w in how if w))
        title = condition_title(condition, value) + (f" ({how})" if how else "")
        out.append(ConditionLine(title, CONDITIONS.get(condition, "")))
    return tuple(out)


def save_ends_conditions(battle, name: str) -> frozenset:
    """The conditions on `name` that only a saving throw ends: every effect that gives it is
    "save ends" (docs/rules/steller/conditions.md), for the badge's mark."""
    timed: dict[str, set] = {}
    for e in effects_of(battle, name):
        timed.setdefault(e.condition, set()).add(e.ends)
    return frozenset(c for c, ends in timed.items() if ends == {"save"})


def immediate_words(battle, name: str) -> str:
    """Whether its immediate action (one a round) is spent (docs/rules/steller/powers.md)."""
    return "used until its next turn" if immediate_spent(battle, name) else "ready"


def steller_card(battle, name: str, model=None) -> StellerCard:
    """The card of the steller creature `name` (module docstring)."""
    from game.ecs.components import Identity
    from game.engine.steller.health import temp_of
    from game.engine.steller.moving import move_hexes
    u, s, pool = battle.unit(name), sheet_of(battle, name), pool_of(battle, name)
    held = battle.conditions(name).active
    dying = not u.dead and "dying" in held
    active = name == battle.active
    return StellerCard(
        name=name, title=battle.component(name, Identity).title or s.name, team=u.team,
        size=u.size, hp=u.hp, max_hp=u.max_hp, controller=battle.controller(name).kind,
        active=active, acted=battle.budget(name).acted, dead=u.dead,
        status="dead" if u.dead else "dying" if dying else "", level=s.level, role=s.role,
        temp_hp=temp_of(battle, name), bloodied="bloodied" in held, bloodied_at=s.bloodied,
        surges=pool.surges, surge_value=s.surge_value, second_wind_used=pool.second_wind,
        defenses=tuple((label, s.defense(key), defense_value(s, key, held))
                       for label, key in DEFENSES),
        speed=move_hexes(battle, u, "walk"), base_speed=s.speed,
        turn=actions_left(battle, name) if active and not u.dead else "",
        immediate=immediate_words(battle, name) if not (u.dead or dying) else "",
        powers=tuple(power_line(p, pool.spent) for p in s.powers),
        conditions=() if u.dead else condition_lines(battle, name),
        death_failures=pool.death_failures if dying else 0,
        policy=u.aoo_policy, initiative=battle.initiative.get(name))


def death_words(card: StellerCard) -> str:
    """"Dying: 1 of 3 death saving throws failed" (docs/rules/steller/hit-points.md)."""
    return (f"Dying: {card.death_failures} of {DEATH_FAILURES} death saving throws failed; "
            f"dies at {-card.bloodied_at} HP")


def steller_opportunity_prompt(battle) -> tuple[str, list[str]]:
    """The title and lines of the pending opportunity attack: who leaves whose reach, and the
    melee basic attack's chance and damage (the engine's attack plan and forecast lines)."""
    from game.engine.steller.forecast import plan_lines
    from game.engine.steller.strikes import attack_plan
    p = battle.pending
    if p.kind == "return":
        return f"Delay: {p.reactor}", [
            f"{p.mover}'s turn has ended; {p.reactor} is delaying.",
            "Come back now and take the delayed turn? Its place in the order moves here. "
            "(steller rules: Turns)"]
    if p.kind == "ready":
        return _readied_prompt(battle, p)
    lines = [f"{p.mover} is leaving {p.reactor}'s reach at {p.at[0]},{p.at[1]}."]
    basic = sheet_of(battle, p.reactor).basic("melee")
    if basic is not None:
        plan = attack_plan(battle, p.reactor, p.mover, basic)
        lines.append(f"{basic.name} ({attack_words(basic)})")
        lines += plan_lines(plan, p.mover)
    lines.append("Make the opportunity attack? (steller rules: Attacks)")
    return f"Opportunity attack: {p.reactor}", lines


def _readied_prompt(battle, p) -> tuple[str, list[str]]:
    """The readied action `p.mover` set off: the power's chance and damage."""
    from game.engine.steller.forecast import plan_lines
    from game.engine.steller.strikes import attack_plan
    power = sheet_of(battle, p.reactor).power((pool_of(battle, p.reactor).readied or ("",))[0])
    lines = [f"{p.mover} set off {p.reactor}'s readied action at {p.at[0]},{p.at[1]}."]
    if power is not None:
        lines.append(f"{power.name} ({attack_words(power)})")
        lines += plan_lines(attack_plan(battle, p.reactor, p.mover, power), p.mover)
    lines.append("Use it now, as the immediate reaction of this round? (steller rules: "
                 "Actions)")
    return f"Readied action: {p.reactor}", lines


def steller_immediate_prompt(battle) -> tuple[str, list[str]]:
    """The title and lines of a pending immediate interrupt or reaction: what set it off, the
    power, and its chance and damage (or the heal) as the engine forecasts accepting it."""
    from game.engine.commands import React
    p = battle.pending
    offer = p.attack
    power = sheet_of(battle, p.reactor).power(offer.power)
    when = "before" if power.interrupt else "after"
    lines = [f"{offer.enemy}: {offer.trigger} ({when} it).",
             f"{power.name} ({attack_words(power)}) on {offer.target}"]
    forecast = battle.forecast(React(p.reactor, accept=True))
    if forecast is not None:
        lines += list(forecast.lines[1:])
    lines.append("Take it? One a round (steller rules: Powers)")
    return f"{power.action.capitalize()}: {p.reactor}", lines


def _save_text(e) -> str:
    """A saving throw in words: a death saving throw fails, holds (still dying) or, on a 20,
    wakes the creature; any other ends its condition or not (docs/rules/steller/conditions.md,
    hit-points.md)."""
    if e.save == "death" and not e.success:
        return f"{e.unit} fails a death saving throw (d20 {e.natural}, under {e.dc})"
    if e.save == "death" and e.natural >= 20:
        return f"{e.unit} rolls a 20 on its death saving throw: it wakes"
    if e.save == "death":
        return f"{e.unit}'s death saving throw holds (d20 {e.natural}): still dying"
    if e.success:
        return f"{e.unit} saves against {e.save} (d20 {e.natural}): it ends"
    return f"{e.unit} fails its save against {e.save} (d20 {e.natural}, under {e.dc})"


def steller_line(e) -> LogEntry | None:
    """The log line of a steller event that reads its own way (a saving throw), None for
    the lines the rulebooks share."""
    if isinstance(e, E.SaveRolled):
        return LogEntry(_save_text(e), e.breakdown, (e.unit,), "save", (e,))
    return None


__all__ = ["PowerLine", "StellerCard", "actions_left", "attack_words", "condition_lines", "death_words",
           "duration_words", "immediate_words", "power_line", "save_ends_conditions",
           "steller_card", "steller_immediate_prompt", "steller_line",
           "steller_opportunity_prompt", "steller_turn_words"]
