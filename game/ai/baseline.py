"""The baseline controller: the yardstick the computer player is measured against.

It walks to the nearest enemy and attacks it:
- a pending reaction: accept it;
- selective initiative (docs/rules/09-turns-and-actions.md): ChooseNext the first candidate of its
  own team, else the first candidate;
- its turn: a prone creature stands up; it attacks the nearest standing enemy (footprint
  distance, ties by name) with its best attack from where it stands, confirming any attack of
  opportunity it provokes; when it cannot, it opens a closed door next to it (before moving),
  then it moves to the cheapest hex from which it can
  (leaving a Big Action for the attack), else as close as it can get (both Big Actions);
  then it ends its turn.
- a leader first spends Direct Minions, then plays each minion as above before its own turn.
It uses only the rules' option lists and `battle.check`, like the computer player.
"""
from __future__ import annotations

from game.ai.fogged import fogged_command
from game.ai.light import light_baseline
from game.ai.steller import steller_baseline
from game.engine import commands as C
from game.engine import turns
from game.engine.minions import group, pool_of
from game.hexgrid import footprint
from game.rules import movement as rm
from game.rules.initiative import attacks_per_turn
from game.rules.situation import best_attack
from game.rules.threat import footprint_distance


def _standing(u) -> bool:
    return not u.dead and "unconscious" not in u.conditions and "dying" not in u.conditions


def baseline(battle, name: str | None = None) -> C.Command:
    """The baseline's next command for whoever `battle` waits on."""
    state = battle.awaiting()
    if state == "over":
        raise ValueError("the battle is over: there is nothing to command")
    if state == "reaction":
        return C.React(battle.pending.reactor, True)
    if state == "choice":
        team = battle.teams_of.get(battle.chooser)
        options = turns.candidates(battle)
        ours = [n for n in options if battle.teams_of.get(n) == team]
        return C.ChooseNext(battle.chooser, (ours or options)[0])
    return _turn(battle)


def _turn(battle) -> C.Command:
    name = battle.active
    return _minions(battle, name) or _act(battle, name) or C.EndTurn(name)


def _minions(battle, name: str) -> C.Command | None:
    """A leader directs its minions first; then each of them, in map order, walks to the
    nearest enemy and attacks it, as the baseline's own creatures do (docs/rules/15-minions.md)."""
    held = pool_of(battle, name)
    if held is None:
        return None
    leader, pool = held
    direct = C.DirectMinions(name)
    if leader == name and not pool.directed:
        return direct if battle.refusal(direct) is None else None
    if not pool.directed or pool.holder != name:
        return None
    for minion in group(battle, leader):
        cmd = _act(battle, minion) if minion != name else None
        if cmd is not None:
            return cmd
    return None


def _act(battle, name: str) -> C.Command | None:
    """`name`'s next command (None: it has nothing more to do this turn)."""
    view = battle.view()
    me = view.unit(name)
    enemies = [u for u in view.units if u.team != me.team and _standing(u)]
    if not enemies:
        return None
    budget = battle.budget(me.name)
    if "prone" in me.conditions:
        cmd = C.StandUp(me.name, confirm=True)
        return cmd if budget.big >= 1 and not battle.check(cmd) else None
    target = min(enemies, key=lambda e: (footprint_distance(me, e), e.name))
    if _can_attack(battle, me) and best_attack(view, me, target) is not None:
        cmd = C.Attack(me.name, target.name, best_attack(view, me, target).weapon.id,
                       confirm=True)
        if not battle.check(cmd):
            return cmd
    door = None if budget.stepped else _door_to_open(battle, me)
    if budget.stepped or door is not None:
        return door
    speed = rm.speed_hexes(me)
    total = rm.movement_budget(budget.movement, budget.big, speed)
    if total <= 0:
        return None
    reach = rm.reachable(view, me, total)
    attack_budget = rm.movement_budget(budget.movement, budget.big - 1, speed)
    can_attack_after = _can_attack(battle, me)
    melee = rm.melee_reach(me)
    spots = []
    if can_attack_after and melee is not None:
        for h, c in reach.cost.items():
            if h == me.anchor or c > attack_budget:
                continue
            fp = footprint(me.size, h, reach.facing[h])
            if footprint_distance(fp, target.hexes) <= melee:
                spots.append((c, tuple(h), h))
    if spots:
        _, _, h = min(spots)
    else:
        here = footprint_distance(me, target)
        best = None
        for h, c in reach.cost.items():
            if h == me.anchor:
                continue
            d = footprint_distance(footprint(me.size, h, reach.facing[h]), target.hexes)
            key = (d, c, tuple(h))
            if d < here and (best is None or key < best[0]):
                best = (key, h)
        if best is None:
            return None
        h = best[1]
    path = reach.path(h, reach.facing[h])
    if path is None or not path.states:
        return None
    cmd = C.Move(me.name, tuple(battle.cell(s[0]) for s in path.states),
                 tuple(s[1] for s in path.states), confirm=True)
    return cmd if not battle.check(cmd) else None


def _door_to_open(battle, me):
    """The first closed door next to it that it may open, when it has moved no nearer yet:
    a door never stops the baseline (docs/rules/21-terrain-and-falling.md)."""
    if battle.budget(me.name).moved:
        return None
    options = battle.options(me.name, "open_door")
    return options[0].command if options else None


def _can_attack(battle, me) -> bool:
    """docs/rules/09-turns-and-actions.md: an attack slot is left (one Big Action for it); a
    minion: the legality query (one attack a round, the group's actions)."""
    if me.name != battle.active:
        return battle.can_start(me.name, "attack") is None
    budget = battle.budget(me.name)
    if battle.turn.attacks_left > 0:
        return True
    allowance = attacks_per_turn(me.level)
    return allowance.attacks_in_action(battle.turn.attack_actions) > 0 and budget.big >= 1


class BaselinePlayer:
    """The baseline as a player object (same interface as `game.ai.player.AIPlayer`)."""

    difficulty = "baseline"

    def __init__(self, *args, **kwargs):
        self.rejected = 0

    def command(self, battle, name: str | None = None) -> C.Command:
        return fogged_command(self._command, battle, name)

    def _command(self, battle, name: str | None = None) -> C.Command:
        if battle.profile.name == "light":      # another rulebook: its own baseline
            return light_baseline(battle, name)
        if battle.profile.name == "steller":
            return steller_baseline(battle, name)
        return baseline(battle, name)


__all__ = ["BaselinePlayer", "baseline"]
