"""The computer player's reactions and ally actions (docs/rules/16-reactions.md): when to
parry or dodge, when to protect an ally, when to trade spaces with one.

Every number comes from the engine's query and rules functions (the defense odds, the
attack previews, the legal Protect and Trade Spaces commands with the enemies they
provoke); this module only weighs them.

- `opt_in(battle, who)`: the computer's creatures start with no active defense; a
  creature's first decision sets its defense policy to "ask", so that each attack on it
  comes to `defense_options`.
- `defense_options(battle)`: parry or dodge when the defense takes off at least
  `DANGER` of the defender's hit points in expected damage, more than the attack of
  opportunity its Reaction could still make this round is worth.
- `ally_options(battle, me, stay_value)`: Protect a wounded ally that enemies can strike;
  Trade Spaces so that a fresh creature stands where a wounded one is in danger; Ignore an
  enemy that has acted this round when that breaks a flank the foes still to act would use.
"""
from __future__ import annotations

from dataclasses import replace

from game.engine import commands as C
from game.engine.allies import protect_cover
from game.engine.defense import defense_policy, defense_policy_set, pending_odds
from game.rules.flanking import flanking
from game.rules.situation import Extras, best_attack
from game.rules.threat import enemies_threatening

DANGER = 0.04            # a defense is worth its Reaction from 4% of the hit points
AOO_ODDS = 0.35          # how likely an adjacent enemy yet to act still provokes this round
WOUNDED = 0.6            # protect / relieve an ally at or below 60% of its hit points
FRESH = 0.75             # a creature at or above 75% takes a wounded ally's place
BEFORE_MY_TURN = 0.5     # how likely an enemy that acted acts again before my next turn (picks)


def opt_in(battle, who: str):
    """A SetPolicy that lets `who` be asked, when it never defends by default and nobody
    set its policy (its first decision; a human player's creature is asked anyway)."""
    if who is None or defense_policy_set(battle, who) or defense_policy(battle, who) == "ask":
        return None
    return C.SetPolicy(who, "ask", reaction="defense")


def _aoo_worth(battle, view, me) -> float:
    """What keeping the Reaction for an attack of opportunity is worth (fraction of the
    enemy's hp): the best blow on an enemy it threatens that may still move this round."""
    best = 0.0
    for e in view.enemies_of(me):
        if battle.budget(e.name).acted and e.name != battle.active:
            continue
        if not any(x.name == me.name for x in enemies_threatening(view, e)):
            continue
        p = best_attack(view, me, e)
        if p is not None and p.possible:
            best = max(best, p.expected_damage / max(1, e.hp))
    return best * AOO_ODDS


def defense_options(battle, Option) -> list:
    """The options of a pending defense prompt: the best defense, or none."""
    p = battle.pending
    view = battle.view()
    me, attacker = view.unit(p.reactor), view.unit(p.mover)
    odds, _, _ = pending_odds(battle)
    none = odds["none"]
    hit = best_attack(view, attacker, me)
    per_hit = hit.expected_damage / hit.hit_chance if hit and hit.hit_chance else 0.0
    keep = _aoo_worth(battle, view, me)
    out = [Option("no defense", keep, C.React(me.name, False), {"keep": round(keep, 3)})]
    for kind, command in (("parry", C.ActiveParry), ("dodge", C.ActiveDodge)):
        if kind not in odds:
            continue
        gain = float(none.hit - odds[kind].hit) * per_hit / max(1, me.hp)
        if gain >= DANGER:
            out.append(Option(kind, gain, command(me.name), {"gain": round(gain, 3)}))
    return out


# ---- ally actions ------------------------------------------------------------------------

def _incoming(view, u) -> float:
    """Expected damage the enemies threatening `u` could deal it next, as a fraction of hp."""
    total = 0.0
    for e in enemies_threatening(view, u):
        p = best_attack(view, e, u)
        if p is not None and p.possible:
            total += p.expected_damage
    return total / max(1, u.hp)


def _wounded(u) -> bool:
    return u.hp <= WOUNDED * u.max_hp


def protect_options(battle, me, stay_value: float, Option) -> list:
    """Protect a wounded adjacent ally: worth the damage its cover would keep off it."""
    view = battle.view()
    out = []
    for option in battle.options(me.name, "protect"):
        ally = view.unit(option.command.ally)
        if not _wounded(ally):
            continue
        cover = protect_cover(me, ally)
        guarded = replace(ally, conditions={**ally.conditions, "protected": cover})
        guard = replace(me, conditions={**me.conditions, "protecting": ally.eid,
                                         "cramped": 1})
        after = view.replace(guarded, guard)
        gain = _incoming(view, ally) - _incoming(after, after.unit(ally.name))
        cost = _incoming(after, after.unit(me.name)) - _incoming(view, me)
        if gain - cost > 0:
            out.append(Option("protect", stay_value + gain - cost, option.command,
                              {"gain": round(gain, 3), "cost": round(cost, 3)}))
    return out


def _swapped(view, me, ally):
    here, there = (me.anchor, me.hexes), (ally.anchor, ally.hexes)
    return view.replace(replace(me, anchor=there[0], hexes=there[1]),
                        replace(ally, anchor=here[0], hexes=here[1]))


def trade_options(battle, me, stay_value: float, Option) -> list:
    """Trade Spaces: a fresh creature takes the place of a wounded ally in danger, when the
    danger moved off the ally outweighs the attacks of opportunity the swap provokes."""
    if me.hp < FRESH * me.max_hp:
        return []
    view = battle.view()
    out = []
    for option in battle.options(me.name, "trade_spaces"):
        ally = view.unit(option.command.ally)
        if not _wounded(ally):
            continue
        after = _swapped(view, me, ally)
        before = _incoming(view, ally) + _incoming(view, me)
        later = _incoming(after, after.unit(ally.name)) + _incoming(after, after.unit(me.name))
        provoked = sum(_incoming(view, u) for u in (me, ally)) if option.provokes else 0.0
        gain = before - later - provoked
        if gain > DANGER:
            out.append(Option("trade spaces", stay_value + gain, option.command,
                              {"gain": round(gain, 3)}))
    return out


def _expected(view, attacker, target, extras: Extras) -> float:
    p = best_attack(view, attacker, target, extras)
    return p.expected_damage if p is not None and p.possible else 0.0


def _again_before(battle, foe: str, me: str) -> float:
    """How likely `foe`, which has acted this round, acts again before `me`'s next turn: in
    top-down order exactly when it comes first, else as likely as not (who is picked)."""
    if battle.initiative_mode != "top-down":
        return BEFORE_MY_TURN
    order = list(battle.order)
    return 1.0 if foe in order and me in order and order.index(foe) < order.index(me) else 0.0


def _targets_of(view, foe) -> int:
    """How many of its enemies `foe` threatens now (its next blow is shared among them)."""
    return max(1, sum(1 for u in view.enemies_of(foe) if not u.dead and
                      any(x.name == foe.name for x in enemies_threatening(view, u))))


def ignore_options(battle, me, stay_value: float, Option) -> list:
    """Ignore an enemy (docs/rules/08-flanking.md): worth it when `me` is flanked only in pairs
    with an enemy that has already acted this round, and the flank would add to the blows and
    shots (from where they stand) of the enemies still to act; the cost is that enemy's blow on a flat-footed `me` at Fortunate,
    should it act again before `me`'s next turn."""
    if battle.can_start(me.name, "ignore_enemy") is not None:
        return []
    view = battle.view()
    flank = flanking(view, me)
    if not flank.flanked:
        return []
    partners = {n for pair in flank.pairs for n in pair}
    out = []
    for option in battle.options(me.name, "ignore_enemy"):
        foe = option.command.target
        if foe not in partners or not battle.budget(foe).acted:
            continue
        ignoring = Extras(target_ignores=(foe,))
        gain = sum(_expected(view, e, me, Extras()) - _expected(view, e, me, ignoring)
                   for e in view.enemies_of(me)
                   if e.name != foe and not e.dead and not battle.budget(e.name).acted)
        cost = _again_before(battle, foe, me.name) / _targets_of(view, view.unit(foe)) * (
            _expected(view, view.unit(foe), me, ignoring)
            - _expected(view, view.unit(foe), me, Extras()))
        worth = (gain - cost) / max(1, me.hp)
        if worth > DANGER / 2:
            out.append(Option("ignore enemy", stay_value + worth, option.command,
                              {"gain": round(gain, 3), "cost": round(cost, 3)}))
    return out


def ally_options(battle, me, stay_value: float, Option) -> list:
    """Protect, Trade Spaces and Ignore an Enemy options of the acting creature `me`
    (`Option`: the player's option class; `stay_value`: what ending the turn where it stands
    is worth)."""
    out = ignore_options(battle, me, stay_value, Option)
    if not battle.view().allies_of(me):
        return out
    return (out + protect_options(battle, me, stay_value, Option)
            + trade_options(battle, me, stay_value, Option))


__all__ = ["ally_options", "defense_options", "ignore_options", "opt_in", "protect_options",
           "trade_options"]
