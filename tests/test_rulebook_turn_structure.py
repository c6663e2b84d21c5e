"""Rules the engine once applied differently from the rulebook (docs/rules/03-movement.md, 4, 7, 9 and the
seed's "Actions in Combat", "Running in Combat", "Invisible"), each through the engine's
commands: Retreat exemptions, who may Retreat, full-round actions, round-1 flat-footedness,
invisible movers, the attacker's own concealing hexes, low obstacles, a runner's AC against
ranged attacks and the thrown charge.
"""
from __future__ import annotations

from dataclasses import replace

from game.engine import commands as C
from game.engine import events as E
from game.ecs.scenario import FOREST
from game.rules import aoo
from game.tiled.hexmap import Terrain

from test_engine_turns import (DB, FIRST, SECOND, THIRD, arena, nb, of, ok, refused)

LOW_WALL = Terrain(obstacle="low", name="low wall")


def pair(a=None, b=None, **kw):
    """A (fighter, blue, acts first) at 3,2 next to B (orc, red) at 4,2; C far away."""
    return arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "hp": 200, **(a or {})}),
                 ("B", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 200, **(b or {})}),
                 ("C", "orc", "red", 10, 7, {"initiative": THIRD}), **kw)


def attacks_by(events, name):
    return [e for e in of(events, E.AttackRolled) if e.attacker == name]


# ---- Retreat (docs/rules/03-movement.md) --------------------------------------------------------------------

def test_retreat_only_steps_that_increase_distance_are_exempt():
    """Seed: "You must attempt to move away from enemy units." ... "You carefully move away
    from a threatening foe." docs/rules/03-movement.md: "a step at equal distance is not "away" and
    provokes as movement"."""
    b = pair()
    sideways = nb(b, (3, 2), 1)          # still next to B: the distance stays 1
    why = b.refusal(C.Retreat("A", (sideways,)))
    assert why is not None and why.code == "provokes" and why.data["provokers"] == ["B"]
    events = ok(b, C.Retreat("A", (sideways,), confirm=True))
    assert of(events, E.Provoked) == [E.Provoked("A", "B", (3, 2), "movement")]
    assert len(attacks_by(events, "B")) == 1

    c = pair()
    away = nb(c, (3, 2), 3)              # distance 2 from B: away
    assert c.refusal(C.Retreat("A", (away,))) is None
    assert not of(ok(c, C.Retreat("A", (away,))), E.Provoked)


def test_retreat_needs_a_creature_that_threatens():
    """Seed (Retreat): "You must be wielding a melee weapon or otherwise threaten your area
    to be allowed to use this maneuver." A bow-only archer cannot Retreat."""
    archer = DB["archer"]
    db = {**DB, "bowman": replace(archer, weapons=tuple(w for w in archer.weapons
                                                        if w.attack == "ranged"))}
    b = arena(("A", "bowman", "blue", 3, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND}), db=db)
    assert b.can_start("A", "retreat").code == "does_not_threaten"
    assert b.apply(C.Retreat("A", (nb(b, (3, 2), 3),))).code == "does_not_threaten"
    assert not b.action("A", "retreat").enabled
    assert pair().can_start("A", "retreat") is None


# ---- full-round actions (docs/rules/03-movement.md, 9) ----------------------------------------------------------

def test_full_round_action_forbids_other_actions_and_reactions_until_next_turn():
    """Seed: "Full-Round Actions (FRA): This consumes both Big Actions for a single turn and
    the action is not completed until the start of your next turn! Once started, you cannot
    take another action (or Reaction) until your FRA is complete." """
    b = pair()
    ok(b, C.Retreat("A", ((2, 2),)))
    assert b.apply(C.DropProne("A")).code == "in_full_round"      # the Little Action too
    assert b.can_start("A", "fight_defensively").code == "in_full_round"
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    assert b.unit("A").reaction_available                          # unspent, yet unusable
    path = ((3, 2), nb(b, (3, 2), 1))                              # in and out of A's reach
    provoked = aoo.forecast(b.view(), b.unit("B"), [b.hexmap.hex_at(*c) for c in path])
    assert [x.name for p in provoked for x in p.by] == ["A"]
    assert provoked[0].reaction_available == (False,)              # the preview says so
    assert b.refusal(C.Move("B", path)) is None                    # nothing to confirm
    assert not attacks_by(ok(b, C.Move("B", path)), "A")
    ok(b, C.EndTurn("B"))
    ok(b, C.EndTurn("C"))
    ok(b, C.ChooseNext("C", "A"))
    assert b.active == "A" and not b.unit("A").has("full_round")


def test_coup_de_grace_is_a_full_round_action_too():
    """Seed: "Once started, you cannot take another action (or Reaction) until your FRA is
    complete." (Coup de Grace: "Full-Round Action, Provokes AOO")."""
    b = pair(b={"conditions": ("unconscious",)})
    ok(b, C.CoupDeGrace("A", "B"))
    assert b.unit("A").has("full_round")
    assert b.apply(C.DropProne("A")).code == "in_full_round"


# ---- initiative (docs/rules/09-turns-and-actions.md) ----------------------------------------------------------------

def test_only_top_down_initiative_starts_everyone_flat_footed():
    """Seed, under "Top-Down Initiative" only: "creature who has not yet acted in combat is
    considered Flat-Footed until their turn begins." Selective and round-by-round initiative
    do not have this rule."""
    for mode in ("round-by-round", "selective"):
        b = pair(initiative=mode)
        assert not any(b.unit(n).has("flat_footed") for n in ("A", "B", "C")), mode
    b = pair(initiative="top-down")
    assert b.unit("B").has("flat_footed") and b.unit("C").has("flat_footed")
    assert not b.unit("A").has("flat_footed")           # its turn has begun


# ---- invisible creatures (docs/rules/04-attacks-of-opportunity.md, 11) -------------------------------------------------------

def test_invisible_creature_provokes_no_attacks_of_opportunity():
    """Seed (Invisible): "Your opponents are Flat-Footed & cannot use Reactions requiring
    sight (such as AOO) against you." The preview and the move agree."""
    b = pair(a={"conditions": ("invisible",)})
    path = ((2, 2), (1, 2))
    assert aoo.forecast(b.view(), b.unit("A"), [b.hexmap.hex_at(*c) for c in path]) == []
    assert b.refusal(C.Move("A", path)) is None
    events = ok(b, C.Move("A", path))
    assert not of(events, E.Provoked) and not attacks_by(events, "B")
    seen = pair()
    assert seen.refusal(C.Move("A", path)).code == "provokes"


# ---- concealment (docs/rules/07-concealment.md) ---------------------------------------------------------------

def test_attackers_own_concealing_hex_never_conceals_its_target():
    """docs/rules/07-concealment.md: "The attacker's own hexes never conceal its target." Seed (Concealment):
    concealment is what stands between, or around, the target."""
    b = pair(terrain={(3, 2): FOREST})             # the wood is under the attacker
    roll = of(ok(b, C.Attack("A", "B")), E.AttackRolled)[0]
    assert "concealment" not in roll.breakdown and roll.miss_chance_roll is None
    c = pair(terrain={(4, 2): FOREST})             # the wood is under the target
    preview = c.view()
    from game.rules.situation import attack_preview
    assert attack_preview(preview, "A", "B").concealment.level == "partial"


# ---- low obstacles (docs/rules/03-movement.md) ---------------------------------------------------------------

def test_moving_onto_a_low_obstacle_costs_two_hexes():
    """Seed (Movement): "You may move up onto an obstacle of half your height, such as a low
    wall, using 10 feet (2 hexes) of movement." """
    b = arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 9, 6, {"initiative": SECOND}), terrain={(2, 2): LOW_WALL})
    moved = of(ok(b, C.Move("A", ((2, 2), (3, 2)))), E.Moved)
    assert sum(m.cost for m in moved) == 3
    speed = b.unit("A").speed_ft // 5
    assert b.budget("A").movement == speed - 3
    climb = arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST}),
                  ("B", "orc", "red", 9, 6, {"initiative": SECOND}), terrain={(2, 2): LOW_WALL})
    assert climb.apply(C.Step("A", (2, 2))).code == "illegal_path"    # no Step onto it
    assert climb.apply(C.Run("A", (4, 2))).code == "illegal_path"     # no Run across it


# ---- running (docs/rules/03-movement.md) ---------------------------------------------------------------------

def shooting_range(**kw):
    """A (fighter) at 1,2; S (goblin archer) at 9,2 due east; C far away."""
    return arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST, "hp": 200}),
                 ("S", "goblin_archer", "red", 9, 2, {"initiative": SECOND}),
                 ("C", "orc", "red", 10, 7, {"initiative": THIRD}), **kw)


def shot_at_runner(run_to):
    b = shooting_range()
    ok(b, C.Run("A", run_to))
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "S"))
    return of(ok(b, C.Attack("S", "A", "shortbow")), E.AttackRolled)[0]


def test_running_straight_at_a_shooter_minus_2_ac_else_plus_2():
    """Seed (Running in Combat): "You also suffer a -2 Penalty to AC against Ranged Attacks
    if running directly towards the attacker. You gain a +2 Tactical Bonus on AC against
    Ranged Attacks from indirect angles." """
    toward = shot_at_runner((5, 2))                     # due east, at S
    assert "- running toward the shooter 2" in toward.breakdown
    b = shooting_range()
    away = b.cell(b.unit("A").anchor)
    for _ in range(3):
        away = nb(b, away, 5)                           # south-east: 60 degrees off
    aside = shot_at_runner(away)
    assert "+ running (indirect angle) 2" in aside.breakdown
    assert toward.ac == aside.ac - 4


def test_thrown_charge_straight_at_the_target_takes_no_running_penalty():
    """Seed (Charge Attack): "If running directly at your target, you do not suffer the -2
    Attack Penalty for throwing a weapon at them due to running (such as a spear or
    hatchet)." A thrown attack after a run at another angle keeps the -2."""
    b = arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 7, 2, {"initiative": SECOND, "hp": 200}))
    ok(b, C.Run("A", (4, 2)))
    straight = of(ok(b, C.Attack("A", "B", "javelin")), E.AttackRolled)[0]
    assert straight.kind == "charge" and "running" not in straight.breakdown
    c = arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 7, 2, {"initiative": SECOND, "hp": 200}))
    end = (1, 2)
    for _ in range(3):
        end = nb(c, end, 5)
    ok(c, C.Run("A", end))
    slanted = of(ok(c, C.Attack("A", "B", "javelin")), E.AttackRolled)[0]
    assert "- running 2" in slanted.breakdown
