"""The computer player's use of the turn structure (docs/rules/09-turns-and-actions.md): Interrupt
Turns, Prepare to Interrupt and deferring a pick. Each function returns `Option`s that the player
ranks with the rest; the engine's legality query has the last word on each command.

- `act_value`: what acting now is worth to a creature (its best attack this turn, and for
  ours the danger it stands in): an Interrupt Turn and selective initiative's pick weigh it.
- `interrupt_answer`: asked whether to spend its Reaction on an Interrupt Turn, a creature
  says yes when acting now is worth its chance of winning the opposed initiative check: it can
  strike someone this turn (the mover that is about to strike, or that walked into reach), and
  it wins often enough. A creature of Intelligence 6 or less keeps its Reaction for attacks of
  opportunity (as the rules advise for such creatures).
- `prepare_options`: a creature whose best plan is to end its turn where it stands prepares an
  attack for the first enemy that steps into its reach (or, with only ranged weapons, that
  attacks): the turn ends either way, and the prepared attack may come first. (Preparing
  instead of fighting defensively lost more games than it won against the baseline.)
- `defer_options`: picked by an ally with nothing better to do than to stay (or fight
  defensively where it stands), the creature lets the ally pick another while enemies are
  still to act: they may come to it.
"""
from __future__ import annotations

from game.ai.evaluate import Context, max_range, move_hexes, quick, weapon_modes
from game.ai.memo import Memo
from game.engine import commands as C
from game.engine.turns import candidates
from game.rules.initiative import interrupt_chance
from game.rules.threat import footprint_distance

TACTICAL_INT = 7          # creatures below it keep their Reaction for attacks of opportunity
WORTH = 0.25              # the least expected gain of acting now that an interrupt is worth


def act_value(battle, view, u, profile, attack_only: bool = False,
              memo: Memo | None = None) -> tuple[float, dict]:
    """How much creature `u` gains from acting now: its best attack this turn (quick
    estimates: kill chances included) and, for ours, the danger it stands in (acting lets it
    step away or strike first). `profile`: the player's difficulty (`player.Profile`). Weighs
    an Interrupt Turn here and selective initiative's pick in `player`."""
    ctx = Context(battle, view, u, weights=profile.weights, sees_cover=profile.sees_cover,
                  memo=memo)
    if not ctx.enemies:
        return 0.0, {}
    speed = move_hexes(u)
    best, target = 0.0, None
    for e in ctx.enemies:
        d = footprint_distance(u, e)
        for w in u.weapons:
            for mode in weapon_modes(w):
                top = max_range(u, w, mode)
                if mode == "melee":
                    if d > top + speed:
                        continue
                elif d > top or ctx.walls_block(u.anchor, e.anchor):
                    continue
                est = quick(u, w, e, mode, 1 if mode == "melee" else d)
                if est is None:
                    continue
                value, _ = ctx.attack_value(e, [est])
                if value > best:
                    best, target = value, e.name
    detail = {"attack": round(best, 3), "target": target}
    if attack_only:
        return best, detail
    danger, _ = ctx.danger(u.anchor, exact=False)
    detail["danger_now"] = round(danger, 3)
    return best + 0.5 * danger, detail


def interrupt_answer(battle, profile, memo, kind_option) -> list:
    """React(accept) options for an Interrupt Turn of the pending reactor."""
    p = battle.pending
    view = battle.view()
    me, mover = view.unit(p.reactor), view.unit(p.mover)
    no = kind_option("interrupt", 0.0, C.React(p.reactor, False), {"mover": p.mover})
    if me.unit.int < TACTICAL_INT:
        no.detail["why"] = "keeps its Reaction"
        return [no]
    value, detail = act_value(battle, view, me, profile, attack_only=True, memo=memo)
    chance = interrupt_chance(me, mover)
    detail.update(chance=round(chance, 3))
    return [no, kind_option("interrupt", chance * value - WORTH,
                            C.React(p.reactor, True), detail)]


def _ends_in_place(options, defending: bool = False) -> bool:
    """Is the best plan to end the turn where it stands (`defending`: or to fight defensively
    there)?"""
    if not options:
        return True
    best = max(options, key=lambda o: o.score)
    return isinstance(best.command, (C.EndTurn, C.FightDefensively) if defending else C.EndTurn)


def prepare_options(battle, me, options, kind_option) -> list:
    """Prepare an attack instead of ending the turn in place."""
    if not _ends_in_place(options) or battle.turn.interrupting:
        return []
    trigger = "enters_reach" if any(w.can_melee for w in me.weapons) else "attacks"
    cmd = C.PrepareInterrupt(me.name, trigger=trigger, action="attack")
    if battle.refusal(cmd) is not None:
        return []
    best = max((o.score for o in options), default=0.0)
    return [kind_option("prepare", best + 0.01, cmd, {"trigger": trigger})]


def _deferred_this_round(battle, name: str) -> bool:
    """Has `name` deferred since its last turn ended (this round: a creature defers before
    it does anything)? Two creatures that each defer every time they are picked would hand
    the choice back and forth and the round would never end: each defers once a round."""
    for cmd in reversed(battle.log):
        if getattr(cmd, "unit", None) != name:
            continue
        if isinstance(cmd, C.Defer):
            return True
        if isinstance(cmd, C.EndTurn):
            return False
    return False


def defer_options(battle, me, options, kind_option) -> list:
    """Let the ally pick another while an enemy may still act this round (once a round)."""
    if (not battle.turn.picked_by or not _ends_in_place(options, defending=True)
            or _deferred_this_round(battle, me.name)):
        return []
    team = battle.teams_of[me.name]
    if not any(battle.teams_of.get(n) != team for n in candidates(battle)):
        return []
    cmd = C.Defer(me.name)
    if battle.refusal(cmd) is not None:
        return []
    best = max((o.score for o in options), default=0.0)
    return [kind_option("defer", best + 0.02, cmd, {})]


__all__ = ["act_value", "defer_options", "interrupt_answer", "prepare_options"]
