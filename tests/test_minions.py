"""Minions (docs/rules/15-minions.md; the players' page "Minions"), driven through commands with fixed dice.
Each test quotes the rulebook's sentence it pins down (the minion rules of the "Other Combat
Topics" excerpt; the 1-hit-point minion trait of the 4e-style one).

The band: the hobgoblin captain Cap (red) leads the goblin minions G1, G2, G3 (1 hit point, the
minion trait); F, a fighter (blue), is their foe. Only Cap and F roll initiative: the first
two d20s are their checks, and their ratings fix the order whatever the dice show.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import commands as C
from game.engine import events as E
from game.engine import turns
from game.engine.abilities import aimed
from game.engine.ability_effects import forecast
from game.engine.replay import load_replay, save_battle
from game.tiled.validate import validate_map
from tests.helpers import refusal_code

from test_engine_turns import FIRST, LAST, SECOND, arena, nb, of, ok

INIT = [("d20", 10), ("d20", 10)]
REPO = Path(__file__).resolve().parent.parent


def band(*extra, dice=(), cap=(8, 2), f=(2, 2), minions=((8, 3), (8, 4), (9, 3)),
         first="Cap", initiative=None, cap_over=None):
    """Cap and its goblin minions against F; `first` opens the battle."""
    order = {"Cap": FIRST, "F": LAST} if first == "Cap" else {"Cap": LAST, "F": FIRST}
    units = [("Cap", "hobgoblin_captain", "red", *cap,
              {"initiative": order["Cap"], **(cap_over or {})}),
             ("F", "fighter", "blue", *f, {"initiative": order["F"], "hp": 200})]
    units += [(f"G{n + 1}", "goblin_minion", "red", *at, {"leader": "Cap"})
              for n, at in enumerate(minions)]
    return arena(*units, *extra, fixed_dice=INIT + list(dice), initiative=initiative)


code = refusal_code


def pool(b, leader="Cap"):
    return b.minions[leader]


def f_turn(b):
    """Cap ends its turn; F (the only other creature that acts) takes its turn."""
    ok(b, C.EndTurn("Cap"))
    assert b.active == "F"


# ---- no initiative of their own -----------------------------------------------------------

@pytest.mark.parametrize("mode", ["selective", "top-down", "round-by-round"])
def test_minions_have_no_initiative_and_act_in_their_leaders_turn(mode):
    """000: "Turn: Minions take their turn at the same time as the player." """
    b = band(initiative=mode, dice=[("d20", 10)] * 2)
    rolled = [e.unit for e in b.events if isinstance(e, E.InitiativeRolled)]
    assert sorted(rolled) == ["Cap", "F"]
    assert b.order == ("Cap", "G1", "G2", "G3", "F")     # the minions follow their leader
    assert b.active == "Cap" and not b.initiative.get("G1")
    assert code(b, C.DropProne("G1")) == "not_directed"
    f_turn(b)
    assert code(b, C.DropProne("G1")) == "not_your_turn"
    ok(b, C.EndTurn("F"))
    assert b.round == 2 and "G1" not in turns.candidates(b)
    if b.active is None:                                 # selective: F picks who opens
        assert set(b.decider()) == {"choice", "F"}
        ok(b, C.ChooseNext("F", "Cap"))
    assert b.active == "Cap"
    rolled = [e.unit for e in b.events if isinstance(e, E.InitiativeRolled)]
    assert "G1" not in rolled and rolled.count("Cap") == (2 if mode == "round-by-round" else 1)


def test_direct_minion_costs_a_little_action_each_turn():
    """000: "Direct Minion: To control a minion/minions the character needs to take the
    "Direct Minion" action (which costs 1 action) each turn." """
    b = band()
    assert code(b, C.Move("G1", ((7, 3),))) == "not_directed"
    events = ok(b, C.DirectMinions("Cap"))
    assert E.MinionsDirected("Cap", 3, ("G1", "G2", "G3")) in events
    assert b.budget("Cap").little == 0 and b.budget("Cap").big == 2
    assert code(b, C.DirectMinions("Cap")) == "already_directed"
    ok(b, C.Move("G1", ((7, 3),)))
    f_turn(b)
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "Cap"))
    assert not pool(b).directed and b.budget("G1").big == 0
    assert code(b, C.Move("G1", ((6, 3),))) == "not_directed"   # again, each turn
    assert b.action("Cap", "direct_minions").enabled


# ---- 3 collective actions ------------------------------------------------------------------

def test_three_collective_actions_one_minion_takes_all_three():
    """000: "All of a specific player's minions share just 3 collective actions on their turn,
    though the player can allocate them however they like." "... they could either have 1 of
    those creatures take 3 actions ..." """
    b = band()
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.DropProne("G1"))
    ok(b, C.StandUp("G1"))
    assert pool(b).actions == 1 and b.budget("G2").big == 1     # shared: one left for all
    ok(b, C.FightDefensively("G1"))
    assert pool(b).actions == 0
    assert code(b, C.DropProne("G2")) == "no_little_action"
    assert not b.action("G3", "move").enabled
    events = ok(b, C.EndTurn("Cap"))
    assert not of(events, E.MinionReactionKept) and pool(b).reaction == 0


def test_three_collective_actions_split_one_each_or_two_and_one():
    """000: "... all 3 of the creatures each take 1 action, or perhaps 1 of the creatures take
    2 actions and another just take 1." """
    b = band()
    ok(b, C.DirectMinions("Cap"))
    for name in ("G1", "G2", "G3"):
        ok(b, C.DropProne(name))
    assert pool(b).actions == 0
    f_turn(b)
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "Cap"))
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.StandUp("G1"))
    ok(b, C.FightDefensively("G1"))
    ok(b, C.StandUp("G2"))
    assert pool(b).actions == 0 and b.budget("Cap").big == 2   # the leader's own are its own
    assert code(b, C.StandUp("G3")) == "no_big_action"


def test_a_minions_move_spends_from_the_pool_and_keeps_its_own_leftover_movement():
    """000: "3 Collective Actions" (each worth a Big Action): a Move of the minion gives it its
    own speed in hexes; what it leaves is its own, not the group's."""
    b = band()
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.Move("G1", ((7, 3),)))
    assert pool(b).actions == 2 and b.budget("G1").movement == 5
    ok(b, C.Move("G1", ((6, 3),)))                  # left-over movement: nothing spent
    assert pool(b).actions == 2 and b.budget("G2").movement == 0
    ok(b, C.Move("G2", ((7, 4),)))
    assert pool(b).actions == 1


# ---- one attack a round ---------------------------------------------------------------------

def test_a_minion_attacks_at_most_once_per_round():
    """000: "Attack Limit: A given minion may not attack more than once per round." """
    b = band(f=(4, 2), minions=((5, 2), (8, 4), (9, 3)),
             dice=[("d20", 2), ("d20", 2)])          # both of G1's blows miss
    ok(b, C.DirectMinions("Cap"))
    events = ok(b, C.Attack("G1", "F"))
    assert of(events, E.AttackRolled)[0].attacker == "G1"
    assert pool(b).actions == 2
    assert code(b, C.Attack("G1", "F")) == "minion_attacked"
    assert b.action("G1", "attack").code == "minion_attacked"
    assert not b.action("G1", "charge").enabled
    f_turn(b)
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "Cap"))
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.Attack("G1", "F"))                       # a new round: it may attack again


def test_an_attack_of_opportunity_counts_as_the_minions_attack_of_the_round():
    """000: "Attack Limit: A given minion may not attack more than once per round." An attack of
    opportunity is an attack: after it, the minion waits for the next round."""
    b = band(f=(4, 2), minions=((5, 2), (8, 4), (9, 3)), first="F",
             dice=[("d20", 2)])                      # G1's attack of opportunity misses
    ok(b, C.Move("F", (nb(b, (4, 2), 3), nb(b, nb(b, (4, 2), 3), 3)), confirm=True))
    assert [e.attacker for e in b.events if isinstance(e, E.AttackRolled)] == ["G1"]
    ok(b, C.EndTurn("F"))
    ok(b, C.DirectMinions("Cap"))
    assert b.action("G1", "attack").code in ("minion_attacked", "no_target")
    ok(b, C.Move("G2", ((7, 4),)))
    assert b.refusal(C.Charge("G1", to=(3, 2), target="F")).code == "minion_attacked"


# ---- the kept Reaction ------------------------------------------------------------------------

def _two_beside_f(**kw):
    """F at 4,2 with G1 and G2 both next to it; F opens every round unless it picks Cap."""
    b0 = band(**kw)
    east, south_east = nb(b0, (4, 2), 0), nb(b0, (4, 2), 5)
    b0.close()
    return band(f=(4, 2), minions=(east, south_east, (9, 3)), **kw)


def test_one_unused_action_is_kept_as_one_reaction_for_any_minion():
    """000: "Reactions: If at least 1 of these actions go unused they may be reserved as a
    reaction usable by any minion." One Reaction for the group: the first minion's attack of
    opportunity spends it for all."""
    b = _two_beside_f(dice=[("d20", 2)])
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.DropProne("G3"))
    events = ok(b, C.EndTurn("Cap"))
    assert E.MinionReactionKept("Cap") in events
    assert [b.reactions(n).available for n in ("G1", "G2", "G3")] == [1, 1, 1]
    west = nb(b, (4, 2), 3)
    ok(b, C.Move("F", (west, nb(b, west, 3)), confirm=True))
    aoos = [e for e in b.events if isinstance(e, E.AttackRolled) and e.kind == "aoo"]
    assert len(aoos) == 1 and aoos[0].attacker == "G1"
    assert [b.reactions(n).available for n in ("G1", "G2", "G3")] == [0, 0, 0]
    assert pool(b).reaction == 0


def test_no_reaction_is_kept_when_all_three_actions_are_spent():
    """000: "If at least 1 of these actions go unused they may be reserved as a reaction" - and
    when none is left unused, the minions cannot react."""
    b = _two_beside_f()
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.DropProne("G3"))
    ok(b, C.StandUp("G3"))
    ok(b, C.DropProne("G3"))
    assert pool(b).actions == 0
    ok(b, C.EndTurn("Cap"))
    west = nb(b, (4, 2), 3)
    events = ok(b, C.Move("F", (west, nb(b, west, 3))))
    assert not [e for e in events if isinstance(e, E.AttackRolled)]


def test_the_kept_reaction_lasts_until_the_leaders_next_turn():
    """000: "... they may be reserved as a reaction usable by any minion" - until the leader's
    next turn starts (the players' page)."""
    b = band()
    ok(b, C.DirectMinions("Cap"))
    f_turn(b)
    assert b.reactions("G1").available == 1
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "Cap"))
    assert b.reactions("G1").available == 0 and pool(b).reaction == 0


# ---- minions of minions ---------------------------------------------------------------------

def test_minions_cannot_have_minions():
    """000: "Minions of Minions: Minions cannot have minions." """
    b = band(("G4", "goblin_minion", "red", 10, 4, {"leader": "G1"}))
    assert "G4" not in b.leader_of and "G1" not in b.minions
    ok(b, C.DirectMinions("Cap"))
    assert code(b, C.DirectMinions("G1")) == "minion_cannot_lead"
    assert b.action("G1", "direct_minions").code == "minion_cannot_lead"
    assert code(b, C.PrepareInterrupt("G1", trigger="attacks")) == "minion_no_turn"
    assert code(b, C.EndTurn("G1")) == "minion_in_leader_turn"


# ---- the leader falls -------------------------------------------------------------------------

def _fell_cap(mode):
    """F opens and cuts Cap down (d20 18 hits, d8 5: 8 damage against 1 HP)."""
    b = band(cap=(5, 2), f=(4, 2), first="F", initiative=mode, cap_over={"hp": 1},
             dice=[("d20", 18), ("d8", 5)] + [("d20", 10)] * 4)
    ok(b, C.Attack("F", "Cap"))
    assert not turns.standing(b, "Cap")
    ok(b, C.EndTurn("F"))
    return b


@pytest.mark.parametrize("mode", ["selective", "top-down", "round-by-round"])
def test_when_the_leader_falls_its_minions_fight_on_in_its_place(mode):
    """000 gives no rule for a fallen leader ("These are the default stipulations of minions.");
    the players' page decides: they fight on by themselves at the leader's place in the turn
    order, sharing their 3 actions with no Direct Minions, and keep no Reaction."""
    b = _fell_cap(mode)
    assert b.active == "G1" and pool(b).directed and pool(b).actions == 3
    assert any(isinstance(e, E.MinionsDirected) and e.leaderless for e in b.events)
    ok(b, C.Move("G2", ((7, 4),)))
    ok(b, C.DropProne("G3"))
    assert pool(b).actions == 1 and b.active == "G1"
    events = ok(b, C.EndTurn("G1"))
    assert not of(events, E.MinionReactionKept)
    assert [b.reactions(n).available for n in ("G1", "G2", "G3")] == [0, 0, 0]
    assert b.round == 2 and not {"G2", "G3"} & set(turns.candidates(b))


def test_a_fallen_leaders_group_acts_once_a_round_and_its_minions_still_attack_once():
    """000: "Attack Limit: A given minion may not attack more than once per round." - also
    when the leader has fallen and the group acts by itself, once a round."""
    b = _fell_cap("selective")
    beside = nb(b, (4, 2), 5)
    move = next(o.command for o in b.options("G2", "move") if o.command.path[-1] == beside)
    ok(b, move)
    ok(b, C.Attack("G2", "F"))
    assert code(b, C.Attack("G2", "F")) == "minion_attacked" and pool(b).actions == 1
    ok(b, C.EndTurn("G1"))
    assert b.round == 2 and not {"G1", "G2", "G3"} & set(turns.candidates(b)) - {"G1"}
    assert "G1" in turns.candidates(b) or b.active == "G1"


# ---- the minion trait (1 hit point; a miss never damages it) ---------------------------------

def test_the_minion_trait_is_one_hit_point():
    """002 (the minion trait): a minion has a single hit point; a stat block or map that gives
    it more is refused with the fix."""
    b = band()
    assert b.unit("G1").max_hp == 1 and b.unit("G1").unit.minion_trait
    from game.data import DataError, load_units
    with pytest.raises(DataError) as err:
        load_units()["goblin_minion"].with_overrides(hp=5)
    assert "minion_trait has 1 hit point" in str(err.value) and "hp = 1" in str(err.value)
    assert load_units()["goblin"].with_overrides(minion_trait=True).hp == 1


def _breath(dice):
    return arena(("D", "drake", "red", 2, 3, {"initiative": FIRST}),
                 ("L", "fighter", "blue", 9, 6, {"initiative": SECOND}),
                 ("A", "goblin_minion", "blue", 4, 3, {"leader": "L"}),
                 ("B", "goblin", "blue", 4, 4, {"initiative": LAST}),
                 fixed_dice=[("d20", 10)] * 3 + list(dice), initiative="top-down")


def test_a_missed_attack_never_damages_a_minion():
    """002: "Some descriptions also say what happens when you miss" - half damage on a miss
    (a passed save) - but a creature with the minion trait takes no damage from a miss."""
    b = _breath([("d6", 4), ("d6", 5), ("d20", 18), ("d20", 18)])
    events = ok(b, C.UseAbility("D", ability="fire_breath", aim=0))
    assert {d.unit: d.amount for d in of(events, E.Damaged)} == {"B": 4}
    assert b.unit("A").hp == 1 and not b.unit("A").dead

    fresh = _breath([])
    breath = fresh.unit("D").unit.ability("fire_breath")
    where = aimed(fresh, fresh.unit("D"), breath, C.UseAbility("D", ability="fire_breath", aim=0))
    odds = {f.name: f for f in forecast(fresh.view(), "D", breath, where)}
    assert odds["A"].downs == pytest.approx(odds["A"].fails)      # only a failed save hurts


def test_a_minion_that_fails_its_save_takes_the_damage():
    """002 (the minion trait): a hit - a failed save - damages it as anyone; at 1 HP it falls."""
    b = _breath([("d6", 4), ("d6", 5), ("d20", 3), ("d20", 18)])
    events = ok(b, C.UseAbility("D", ability="fire_breath", aim=0))
    assert {d.unit: d.amount for d in of(events, E.Damaged)}["A"] == 9
    assert b.unit("A").dead                       # a level 0 goon dies at 0 HP


# ---- maps: the leader property ----------------------------------------------------------------

def _map_with(tmp_path, *leaders):
    """duel.tmx with `leader` properties: (object name, leader) pairs."""
    text = (REPO / "maps" / "duel.tmx").read_text(encoding="utf-8")
    for name, leader in leaders:
        head = f'name="{name}" type="unit"'
        at = text.index(head)
        props = text.index("<properties>", at) + len("<properties>")
        text = text[:props] + f'\n    <property name="leader" value="{leader}"/>' + text[props:]
    if not (tmp_path / "maps").exists():
        shutil.copytree(REPO / "maps", tmp_path / "maps")
        shutil.copytree(REPO / "assets" / "tilesets", tmp_path / "assets" / "tilesets")
    path = tmp_path / "maps" / "duel.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("leaders, words", [
    ((("Snag", "Grikk"),), "leader 'Grikk' is not a unit of this map — did you mean 'Grik'?"),
    ((("Snag", "Aldric"),), "follows 'Aldric' of team blue"),
    ((("Snag", "Grik"), ("Nob", "Snag")), "which is itself a minion (of 'Grik'): minions "
                                          "cannot have minions"),
    ((("Snag", "Snag"),), "names itself as its leader"),
])
def test_a_bad_leader_is_refused_with_the_line_and_the_fix(tmp_path, leaders, words):
    """000: "Minions of Minions: Minions cannot have minions." A map's leader must be a unit of
    the map, of the minion's side, and no minion itself: one line with the place and the fix."""
    path = _map_with(tmp_path, *leaders)
    problems = validate_map(path)
    assert len(problems) == 1
    line = str(problems[0])
    assert words in line and line.startswith(f"{path}:")
    text = path.read_text().splitlines()
    minion = leaders[-1][0]
    assert f'name="{minion}"' in text[problems[0].line - 1]


def test_a_good_leader_loads(tmp_path):
    path = _map_with(tmp_path, ("Snag", "Grik"), ("Nob", "Grik"))
    assert validate_map(path) == []


# ---- saves ------------------------------------------------------------------------------------

def test_a_battle_with_minions_saves_and_replays_to_the_same_state(tmp_path):
    """000 "Turn", "3 Collective Actions", "Reactions": every minion command is in the log and
    a replay of the save ends in the same state (the pool and the kept Reaction included)."""
    path = _map_with(tmp_path, ("Snag", "Grik"), ("Nob", "Grik"), ("Mugg", "Grik"))
    from game.ai.baseline import baseline
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    b = Battle(load_map(path), seed=7)
    directed = 0
    while b.awaiting() != "over" and len(b.log) < 160:
        cmd = baseline(b)
        directed += isinstance(cmd, C.DirectMinions)
        ok(b, cmd)
    assert directed and any(c.unit in ("Snag", "Nob", "Mugg") and not isinstance(
        c, (C.React, C.ChooseNext, C.SetPolicy)) for c in b.log)
    save = tmp_path / "minions.json"
    save_battle(b, save)
    again = load_replay(save)
    assert again.state_hash() == b.state_hash() and again.minions == b.minions
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(save), "--json",
                          "--verify"], cwd=REPO, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                              "PYTHONPATH": str(REPO)})
    assert out.returncode == 0, out.stderr
    types = [json.loads(line)["type"] for line in out.stdout.splitlines() if line.startswith("{")]
    assert "MinionsDirected" in types


def test_an_interrupt_of_a_minions_move_gives_the_turn_back_to_its_leader():
    """000: "Turn: Minions take their turn at the same time as the player." An enemy may
    interrupt a minion's action as any other (an Interrupt Turn); when it is over the minion
    finishes its action, and the turn is its leader's again."""
    b = arena(("Cap", "hobgoblin_captain", "red", 9, 5, {"initiative": FIRST}),
              ("F", "fighter", "blue", 4, 2, {"initiative": LAST, "hp": 200}),
              ("G1", "goblin_minion", "red", 8, 2, {"leader": "Cap"}),
              fixed_dice=INIT + [("d20", 20), ("d20", 1)],
              controllers={"blue": "ai", "red": "ai"})
    ok(b, C.DirectMinions("Cap"))
    events = ok(b, C.Move("G1", ((7, 2), (6, 2), (5, 2))))
    assert of(events, E.ReactionAsked) == [E.ReactionAsked("F", "G1", (5, 2), "interrupt")]
    ok(b, C.React("F", True))
    assert b.active == "F" and b.suspended[-1][0] == "G1"
    events = ok(b, C.EndTurn("F"))
    assert E.TurnResumed("G1") in events
    assert b.active == "Cap" and not b.commander and pool(b).actions == 2
    assert b.budget("Cap").big == 2 and b.turn.attack_actions == 0
    ok(b, C.Attack("Cap", "F"))
