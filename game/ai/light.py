"""The computer players of the light rules (docs/rules/light/index.md).

Both read the battle only through the engine's legality query (`battle.actions`,
`battle.options`) and its forecasts (`battle.forecast`: the chance and the damage each
creature may expect), as the default rules' players do.

- `light_baseline`: the yardstick. It Walks (or Runs) to the nearest enemy, confirming the
  Opportunity Attacks it provokes, makes a Volley Attack (the plain attack) on the nearest
  enemy it can, and ends its turn. It uses no power, no other attack and no Block.
- `LightPlayer`: scores every option of every enabled action. An attack or a power is worth
  the damage it is expected to deal, more when it may knock the target out, less what it
  would deal to its own side (an attack whose harm to enemies does not clearly outweigh its
  harm to its own side is not made: `holds_fire`); a move is worth where it ends (in reach
  of a weak enemy for a melee creature, in range but out of reach for a shooter, flanking)
  less the Opportunity Attacks it provokes; a healing draught or power is worth the hit points it restores to a
  creature in danger. It attacks before it moves when it can, Shifts out of reach rather than
  Walking, and Blocks when it can do nothing better next to an enemy. Its level sets how much
  it mis-judges (noise): Easy often takes a poor option, Hard never.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from dataclasses import replace

from game.engine import commands as C
from game.engine.legality import Option
from game.engine.light import commands as L
from game.engine.light.moving import move_hexes, path_fields
from game.rules import movement as rm
from game.engine.light.body import sheet_of
from game.hexgrid import footprint
from game.rules.threat import footprint_distance, threat_reach

ATTACKS = ("light_attack", "heavy_attack", "volley_attack", "dash_attack", "scope_attack",
           "throw_weapon", "use_power")
MOVES = ("shift", "walk", "run")
PLACES = 6               # places within a Run whose moves it weighs in full
NOISE = {"easy": 0.6, "normal": 0.08, "hard": 0.0}
KO_BONUS = 8.0            # a target knocked out stops striking back
FRIENDLY_WEIGHT = 2.0     # harm to its own side counts double
FRIENDLY_FIRE_MARGIN = 3.0   # and an attack must harm enemies 3 times as much to be made


# ---- the baseline ------------------------------------------------------------------------------

def _nearest(view, u):
    enemies = sorted(view.enemies_of(u), key=lambda e: (footprint_distance(u, e), e.name))
    return enemies[0] if enemies else None


def light_baseline(battle, name: str | None = None) -> C.Command:
    state, who = battle.decider()
    if state == "over":
        raise ValueError("the battle is over: there is nothing to command")
    if state == "reaction":
        return C.React(who, True)
    view = battle.view()
    u = view.unit(who)
    attacks = battle.options(who, "volley_attack")
    if attacks:
        by_distance = sorted(attacks, key=lambda o: (footprint_distance(
            u, view.unit(o.command.target)), o.command.target))
        return by_distance[0].command
    for action in ("get_up", "walk", "run"):
        moves = battle.options(who, action)
        if action == "get_up" and moves:
            return moves[0].command
        foe = _nearest(view, u)
        if moves and foe is not None:
            return min(moves, key=lambda o: (_gap(battle, u, o.command, foe),
                                             o.command.path)).command
    return C.EndTurn(who)


def _gap(battle, u, cmd, foe) -> int:
    end = battle.hexmap.hex_at(*cmd.path[-1])
    return footprint_distance(footprint(u.size, end, u.facing), foe)


class LightBaselinePlayer:
    difficulty = "baseline"

    def __init__(self, *args, **kwargs):
        self.rejected = 0

    def command(self, battle, name: str | None = None) -> C.Command:
        return light_baseline(battle, name)


# ---- the computer player -------------------------------------------------------------------------

def holds_fire(view, me, forecast) -> bool:
    """Friendly fire only when it clearly pays: the damage the forecast expects on enemies
    must be FRIENDLY_FIRE_MARGIN times what it expects on the creature's own side (heals
    left out)."""
    harm = [(n, x) for n, x in (forecast.harm if forecast else ()) if x > 0]
    ally = sum(x for n, x in harm if view.unit(n).team == me.team)
    enemy = sum(x for n, x in harm if view.unit(n).team != me.team)
    return ally > 0 and enemy < FRIENDLY_FIRE_MARGIN * ally


@dataclass(frozen=True)
class Choice:
    value: float
    command: C.Command
    why: str


def _reach_and_range(u) -> tuple[int, int]:
    melee = threat_reach(u)
    ranged = max((w.range_increment_ft or 0) // 5 for w in u.weapons
                 if w.attack != "melee") if any(w.attack != "melee" for w in u.weapons) else 0
    return melee, ranged


def _cheapest_move(battle, name: str, fields: dict, kinds):
    """The first of Shift, Walk and Run along a path (`fields`: its path and facings) that
    the engine accepts (confirmed when it provokes), as an Option; None when none does."""
    for kind, command in (("shift", L.Shift), ("walk", L.Walk), ("run", L.Run)):
        if kind not in kinds:
            continue
        cmd = command(name, **fields)
        why = battle.refusal(cmd)
        if why is None:
            return Option(cmd)
        if why.code == "provokes" and battle.refusal(replace(cmd, confirm=True)) is None:
            return Option(replace(cmd, confirm=True), tuple(why.data.get("provokers", ())))
    return None


class LightPlayer:
    """The light rules' computer player at a difficulty (module docstring)."""

    def __init__(self, difficulty: str = "normal", seed=0, rng: random.Random | None = None):
        self.difficulty = difficulty
        self.noise = NOISE.get(difficulty, NOISE["normal"])
        self.rng = rng if rng is not None else random.Random(seed)
        self.rejected = 0
        self.decisions: list[Choice] = []

    def command(self, battle, name: str | None = None) -> C.Command:
        state, who = battle.decider()
        if state == "over":
            raise ValueError("the battle is over: there is nothing to command")
        if state == "reaction":
            return C.React(who, True)       # an Opportunity Attack costs it nothing
        choice = self.best(battle, who)
        self.decisions = (self.decisions + [choice])[-20:]
        return choice.command

    def best(self, battle, name: str) -> Choice:
        enabled = {a.action for a in battle.actions(name) if a.enabled}
        choices = [Choice(0.0, C.EndTurn(name), "nothing better")]
        for action in enabled - set(MOVES):
            choices += self.score(battle, name, action)
        if enabled & set(MOVES):
            choices += self.move_values(battle, name, enabled & set(MOVES))
        noisy = [(c.value + self.rng.gauss(0, self.noise * (1 + abs(c.value))), n, c)
                 for n, c in enumerate(choices)]
        return max(noisy, key=lambda t: (t[0], -t[1]))[2]

    def score(self, battle, name: str, action: str) -> list[Choice]:
        if action in ATTACKS:
            return [self.attack_value(battle, name, o) for o in battle.options(name, action)]
        return self.other_value(battle, name, action)

    # -- attacks and powers ---------------------------------------------------------------------
    def attack_value(self, battle, name: str, option) -> Choice:
        view = battle.view()
        me = view.unit(name)
        forecast = battle.forecast(option.command)
        value, why = 0.0, []
        if holds_fire(view, me, forecast):
            return Choice(-1.0, option.command, "would hurt its own side")
        for target, expected in (forecast.harm if forecast else ()):
            t = view.unit(target)
            if expected < 0:        # a heal: worth the hit points a hurt ally gets back
                missing = t.max_hp - t.hp
                if t.hp < 0.6 * t.max_hp:
                    value += 0.8 * min(-expected, missing)
                continue
            if t.team == me.team:
                value -= FRIENDLY_WEIGHT * expected
                why.append(f"hurts ally {target}")
                continue
            chance = max(forecast.chance or 0.0, 0.05)
            value += expected
            if expected / chance >= t.hp:
                value += KO_BONUS * chance
                why.append(f"may knock out {target}")
        value -= 4.0 * len(option.provokes)
        power = getattr(option.command, "power", "")
        if power:
            value -= 0.3 * self.mp_cost(battle, name, power)
        return Choice(value, option.command, "; ".join(why) or "expected damage")

    @staticmethod
    def mp_cost(battle, name: str, power: str) -> int:
        p = next((p for p in sheet_of(battle, name).powers if p.id == power), None)
        return p.mp if p else 0

    # -- moves ----------------------------------------------------------------------------------------
    def position(self, battle, view, me, hexes) -> float:
        """How good standing on `hexes` is for `me` now (module docstring)."""
        melee, ranged = _reach_and_range(me)
        enemies = view.enemies_of(me)
        if not enemies:
            return 0.0
        gaps = [(footprint_distance(hexes, e), e) for e in enemies]
        nearest = min(g for g, _ in gaps)
        danger = sum(1 for g, e in gaps if g <= threat_reach(e))
        if ranged > melee:
            if nearest <= ranged:
                return 6.0 - 2.0 * danger
            return -0.5 * (nearest - ranged) - 2.0 * danger
        in_reach = [e for g, e in gaps if g <= max(1, melee)]
        if in_reach:
            weakest = min(e.hp / max(1, e.max_hp) for e in in_reach)
            return 6.0 + 2.0 * (1 - weakest) - 0.5 * max(0, danger - 1)
        return -0.5 * nearest

    def move_values(self, battle, name: str, kinds) -> list[Choice]:
        """The best few places within a Run, each by the cheapest move action the engine
        accepts for it (a Shift provokes nothing)."""
        view = battle.view()
        me = view.unit(name)
        here = self.position(battle, view, me, me.hexes)
        reach = rm.reachable(view, me, move_hexes(sheet_of(battle, name), "run"))
        ranked = sorted(((self.position(battle, view, me, footprint(me.size, h, me.facing)),
                          battle.cell(h), h) for h in reach if h != me.anchor),
                        reverse=True)[:PLACES]
        choices = []
        for value, _, h in ranked:
            states = reach.states_to(h)
            option = _cheapest_move(battle, name, path_fields(battle, me, states), kinds) \
                if states else None
            if option is not None:
                cost = 4.0 * len(option.provokes) + 0.01 * len(states)
                choices.append(Choice(value - here - cost, option.command, "a better place"))
        return choices

    # -- the rest ---------------------------------------------------------------------------------------
    def other_value(self, battle, name: str, action: str) -> list[Choice]:
        view = battle.view()
        me = view.unit(name)
        threatened = any(footprint_distance(me, e) <= threat_reach(e)
                         for e in view.enemies_of(me))
        value = {"block": 1.5 if threatened else -1.0,
                 "get_up": 5.0,
                 "consume_substance": 0.8 * min(15, me.max_hp - me.hp)
                 if me.hp < 0.4 * me.max_hp else -1.0,
                 "handle_equipment": 2.0,
                 "jump": 3.0 if any("airborne" in e.conditions for e in view.enemies_of(me))
                 else -1.0}.get(action)
        if value is None:
            return []
        options = battle.options(name, action)
        return [Choice(value, options[0].command, action)] if options else []


def light_player(spec: str, seed):
    """The light rules' player for a controller spec ("baseline", "ai:easy|normal|hard")."""
    if spec == "baseline":
        return LightBaselinePlayer()
    difficulty = spec.split(":", 1)[1] if ":" in spec else spec if spec in NOISE else "normal"
    return LightPlayer(difficulty, seed=seed)


__all__ = ["LightBaselinePlayer", "LightPlayer", "light_baseline", "light_player"]
