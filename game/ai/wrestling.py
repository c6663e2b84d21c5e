"""The computer player's wrestling: grab, trip, shove, pin, escape, shield bash and crushing
advance where the engine's forecast says they pay (rules: Wrestling, shoving and knockdown).

The commands come from the legality query (`battle.options`), their odds and the places
where shoved creatures end from the engine's forecast (`battle.forecast`). Each maneuver is
worth what it does to the creatures' values (`Context.value`: the damage a creature deals in
a round), on the same scale as an attack's value:

- Prone (trip, shield bash, crushing advance): the foe loses part of a round getting up
  (`PRONE_ROUNDS` of its value), each of our melee creatures next to it may strike it as it
  gets up (an attack of opportunity), and those still to strike it this round hit it more
  often (+4). A blow's worth is the attack value the player gives it (`blow`).
- Grappled (grab): the foe cannot leave and threatens nothing; our creatures next to it find
  it flat-footed; but the wrestler is held too.
- Pinned: the foe is helpless against our other creatures next to it and escapes less often
  (Unfortunate); a wrestler with rake dice rakes it (its Reaction), which a grab of such a
  wrestler counts at a discount (the pin may follow).
- Escape: out of a hold, more so out of a pin.
- Shove: the foe leaves the reach of our other creatures it threatened (an archer, a
  wounded friend), stops flanking us, and may fall. Pushing away a foe the wrestler itself
  fights is worth nothing by itself.

A maneuver that is a Big Action (not an attack) leaves the turn's attack: its option adds the
best attack from here when one is left. One opened by a weapon with its trait is that
weapon's attack: its option adds that blow instead. Attacks of opportunity it provokes cost as for a move.
"""
from __future__ import annotations

from dataclasses import replace

from game.ai.evaluate import quick
from game.ai.options import Option
from game.engine.crushing import reach_hexes
from game.engine.wrestling import shove_direction
from game.engine.wrestling_forecast import check_line, crush_odds, opening
from game.hexgrid import footprint
from game.rules.flanking import flanking
from game.rules.falling import fall
from game.rules.impact import crush_lines
from game.rules.threat import can_react, footprint_distance, threatened_hexes
from game.rules.wrestling import margin_odds, shove_path, size_gap

ACTIONS = ("grab", "trip", "shove", "pin", "escape", "shield_bash", "crushing_advance")
BIG_ACTIONS = ("grab", "trip", "shove", "pin", "escape")      # not attacks of the turn
PRONE_ROUNDS = 0.03        # a prone foe's value lost getting up (a round's damage is worth
#                            about a third of the foe's remaining life to the player)
PRONE_HIT = 0.3            # a blow on a prone foe (+4 to hit): this much more of its value
STAND_AOO = 0.5            # the attack of opportunity a foe getting up provokes (when it does)
FLAT_HIT = 0.1             # ... a flat-footed one (-2 AC, no shield)
HELPLESS_HIT = 0.3         # ... a helpless one (DEX -5, no shield)
HELD_ROUNDS = 0.08         # a grappled foe's value lost (no moving, no threat)
HELD_SELF = 0.06           # the wrestler's own value lost while it holds
UNFLANK = 0.1              # an ally no longer flanked: of its value
FREED = 0.3                # an ally the foe no longer reaches: part of the foe's blows on it
SWALLOW_NEXT = 0.4         # a foe held in a swallower's mouth: swallowed next turn, maybe
#                            (of the worth of bringing it down: swallowed, it is out of the fight)
PIN_HOLDS = 0.5            # a pinned foe's escape is Unfortunate: the hold lasts longer
PIN_AFTER_GRAB = 0.5       # a raker's hold: the chance it pins (and rakes) with its next action


def _near_allies(planner, t, with_me: bool = True) -> list:
    """Our creatures next to `t` that can strike it in melee (`with_me`: me included)."""
    ctx = planner.ctx
    ours = ([planner.me] if with_me else []) + list(ctx.view.allies_of(planner.me))
    return [a for a in ours if footprint_distance(a, t) <= 1 and
            any(w.can_melee for w in a.weapons)]


def blow(planner, a, t) -> float:
    """The value of one melee blow of our `a` on `t` (quick estimate, kill chance included:
    `Context.attack_value`)."""
    best = 0.0
    for w in a.weapons:
        if w.can_melee:
            est = quick(a, w, t, "melee", 1)
            if est is not None:
                best = max(best, planner.ctx.attack_value(t, [est])[0])
    return best


def _hit_share(planner, t, share: float, with_me: bool = True) -> float:
    """What the blows of our melee creatures next to `t` gain when they land `share` more."""
    return sum(share * blow(planner, a, t) for a in _near_allies(planner, t, with_me))


def prone_worth(planner, t, me_follows: bool = True) -> float:
    """A foe knocked prone: part of its round lost; our creatures next to it strike it when
    it gets up (an attack of opportunity), and those still to strike it this round (me too
    when `me_follows`) land more often."""
    if t.has("prone"):
        return 0.0
    stand = sum(STAND_AOO * blow(planner, a, t) for a in _near_allies(planner, t)
                if can_react(a))
    return PRONE_ROUNDS * planner.ctx.value(t) + stand + \
        _hit_share(planner, t, PRONE_HIT, me_follows)


def _grab(planner, cmd, fc) -> float:
    ctx, me = planner.ctx, planner.me
    t = ctx.view.unit(cmd.target)
    others = [e for e in ctx.enemies if e.name != t.name and footprint_distance(e, me) <= 2]
    own = HELD_SELF * ctx.value(me) * (1.0 if others else 0.3)
    return fc.chance * (HELD_ROUNDS * ctx.value(t) + _hit_share(planner, t, FLAT_HIT, False)
                        + mouthful(planner, t) + PIN_AFTER_GRAB * rake_worth(planner, t)
                        - own)


def mouthful(planner, t) -> float:
    """A swallower's grab on a creature it can swallow: next turn's Swallow Whole, at a
    discount of the worth of bringing the creature down (swallowed, it is out of the fight:
    docs/rules/17-special-abilities.md "Pounce, Rake, Swallow Whole and poison")."""
    me = planner.me
    if not me.unit.swallow_whole or size_gap(t, me) < 2:
        return 0.0
    return SWALLOW_NEXT * planner.ctx.weights.kill_rounds * planner.ctx.value(t)


def rake_worth(planner, t) -> float:
    """The rake that follows a won pin (docs/rules/17-special-abilities.md "Pounce, Rake,
    Swallow Whole and poison"): its average damage as a share of the foe's hit points, while
    the Reaction that pays for it is still there."""
    me = planner.me
    if me.unit.rake is None or not can_react(me):
        return 0.0
    return me.unit.rake.average / max(1, t.hp) * planner.ctx.value(t)


def _trip(planner, cmd, fc) -> float:
    follows = planner.allowed("attack") and planner.attacks_possible(planner.budget.big - 1) > 0
    return fc.chance * prone_worth(planner, planner.ctx.view.unit(cmd.target), follows)


def _pin(planner, cmd, fc) -> float:
    t = planner.ctx.view.unit(cmd.target)
    return fc.chance * (_hit_share(planner, t, HELPLESS_HIT, with_me=False)
                        + PIN_HOLDS * HELD_ROUNDS * planner.ctx.value(t) + rake_worth(planner, t))


def _escape(planner, cmd, fc) -> float:
    """Free of the hold: the blows of the foes outside the grapple next to me no longer find
    me flat-footed (helpless, when pinned), and I may move again."""
    me = planner.me
    share = HELPLESS_HIT if me.has("pinned") else FLAT_HIT
    others = [e for e in planner.ctx.enemies if e.name not in me.grappling
              and footprint_distance(e, me) <= 1 and any(w.can_melee for w in e.weapons)]
    return fc.chance * (HELD_ROUNDS * planner.ctx.value(me) +
                        sum(share * blow(planner, e, me) for e in others))


def _space(t, anchor):
    return footprint(t.size, anchor, t.facing)


def _shove(planner, cmd, fc) -> float:
    """The allies the foe stops threatening and flanking, and a fall, for a bare win."""
    ctx, b = planner.ctx, planner.b
    if not fc.ends:
        return 0.0
    view = ctx.view
    t = view.unit(cmd.target)
    end = b.hexmap.hex_at(*fc.ends[0][1])
    moved = replace(t, anchor=end, hexes=tuple(_space(t, end)))
    after = view.replace(moved)
    worth = 0.0
    now_hexes, then_hexes = threatened_hexes(view, t), threatened_hexes(after, moved)
    for a in [planner.me] + list(view.allies_of(planner.me)):
        if a.name != planner.me.name and set(a.hexes) & now_hexes \
                and not set(a.hexes) & then_hexes:
            worth += FREED * ctx.value(t) / max(1, a.hp) * ctx.value(a)
        if flanking(view, a).flanked and not flanking(after, a).flanked:
            worth += UNFLANK * ctx.value(a)
    worth += _fall_worth(planner, t, cmd)
    return fc.chance * worth


def _fall_worth(planner, t, cmd) -> float:
    """A bare win's fall (a shove down a ledge), as a share of the foe's value."""
    me, view = planner.me, planner.ctx.view
    direction = shove_direction(planner.b, t, me.hexes, cmd.to)
    if direction is None:
        return 0.0
    drop = shove_path(view, t, me.hexes, direction, 1).drop
    return fall(t.max_hp, t.size, drop).damage / max(1, t.hp) * planner.ctx.value(t)


def _bash(planner, cmd, fc) -> float:
    """Prone (and 1 + STR damage by 5+), less the shield lost against the others nearby."""
    ctx, me = planner.ctx, planner.me
    t = ctx.view.unit(cmd.target)
    hit, _ = opening(planner.b, cmd, me, t, attack=True)
    _, _, (mine, theirs) = check_line(ctx.view, me, t, "shield_bash")
    big = margin_odds(mine[1].total, theirs[1].total, 5, mine[2], theirs[2])
    worth = fc.chance * prone_worth(planner, t, me_follows=False)
    worth += hit * big * (1 + max(0, me.unit.str_mod)) / max(1, t.hp) * ctx.value(t)
    others = [e for e in ctx.enemies if e.name != t.name and footprint_distance(e, me) <= 1]
    worth -= sum(0.15 * ctx.value(e) / max(1, me.hp) * ctx.value(me) for e in others)
    if cmd.to is not None and fc.ends:
        worth += big / max(1e-9, fc.chance) * _shove(planner, cmd, fc) * hit
    return worth


def _crush(planner, cmd, fc) -> float:
    ctx, me = planner.ctx, planner.me
    line = crush_lines(ctx.view, me, reach_hexes(me)).get(planner.b.hexmap.hex_at(*cmd.to))
    if line is None:
        return 0.0
    worth = 0.0
    for name, _, _, p in crush_odds(ctx.view, me, line):
        t = ctx.view.unit(name)
        worth += p * (max(t.max_hp // 4, 8) / max(1, t.hp) * ctx.value(t)
                      + prone_worth(planner, t, me_follows=False))
    return worth


WORTH = {"grab": _grab, "trip": _trip, "shove": _shove, "pin": _pin, "escape": _escape,
         "shield_bash": _bash, "crushing_advance": _crush}


def _follow_up(planner, action: str) -> float:
    """The attack still possible from here after a maneuver that is no attack."""
    if action not in BIG_ACTIONS or not planner.allowed("attack"):
        return 0.0
    n = planner.attacks_possible(planner.budget.big - 1)
    if n <= 0:
        return 0.0
    value, _ = planner.attack_sequence(planner.view, planner.me, n)
    return value


def _trait_blow(planner, cmd) -> float | None:
    """A maneuver opened by a weapon with its trait (a grabbing bite) is that weapon's attack
    first: the blow's own value (it is the turn's attack: no other follows). None for a
    maneuver opened by a Big Action."""
    name = getattr(cmd, "weapon", None)
    if name is None:
        return None
    me = planner.me
    t = planner.ctx.view.unit(cmd.target)
    w = next((w for w in me.weapons if w.id == name or w.name == name), None)
    est = quick(me, w, t, "melee", 1) if w is not None else None
    return planner.ctx.attack_value(t, [est])[0] if est is not None else 0.0


def wrestling_options(planner, stay_value: float) -> list:
    """The maneuvers worth trying from where the creature stands (then staying there)."""
    b, ctx, me = planner.b, planner.ctx, planner.me
    out = []
    for action in ACTIONS:
        if not planner.allowed(action):
            continue
        follow = None
        for opt in b.options(me.name, action):
            fc = b.forecast(opt.command)
            if fc is None or not fc.chance:
                continue
            worth = WORTH[action](planner, opt.command, fc)
            if worth <= 0:
                continue
            aoo, down = 0.0, 0.0
            if opt.provokes:
                aoo, down, _ = ctx.aoo_cost([ctx.view.unit(n) for n in opt.provokes])
            if follow is None:
                follow = _follow_up(planner, action)
            struck = _trait_blow(planner, opt.command)
            after = follow if struck is None else struck
            value = worth * (1.0 - down) + after * (1.0 - down) + stay_value - aoo
            out.append(Option(action, value, opt.command,
                              {"worth": round(worth, 3), "chance": round(fc.chance, 3),
                               "then_attack": round(after, 3), "aoo": -round(aoo, 3)}))
    return out


__all__ = ["ACTIONS", "WORTH", "prone_worth", "wrestling_options"]
