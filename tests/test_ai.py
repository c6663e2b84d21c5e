"""The computer player (game/ai): legal commands only, through Battle.apply; deterministic;
it never touches the battle (no dice drawn, nothing changed by deciding); it beats the
baseline controller (measured on a mirrored arena, sides swapped); it terminates.

The full measurement (200 games per shipped map) is tools/ai_quality.py; timing is in
tools/bench.py (section `ai`), never asserted here (docs/architecture.md "Quality").
"""
from __future__ import annotations

import logging
import random
import dataclasses
from pathlib import Path

import pytest

from ai_helpers import first_decision
from game.ai import AIPlayer, baseline, choose_command, threat_heatmap
from game.ai.evaluate import combine, estimate_plan, quick
from game.ai.memo import Memo
from game.ai.evaluate import Context
from game.ai.player import DESCRIPTIONS, DIFFICULTIES, PROFILES, Planner
from game.ai.games import ARENA, arena_map, play_game
from game.ecs.components import ActionBudget
from game.engine import commands as C
from game.engine import turns
from game.ecs.scenario import FOREST, make_hexmap
from game.engine.battle import Battle
from game.hexgrid import DIRECTIONS as DIRS
from game.hexgrid import Hex, hex_linedraw, hexes_within
from game.rules.probability import chances, exact_expected_damage
from game.rules.situation import preview_weapon
from game.tiled.hexmap import UnitPlacement
from tests.helpers import loaded_map

REPO = Path(__file__).resolve().parent.parent
DUEL = REPO / "maps" / "duel.tmx"
SKIRMISH = REPO / "maps" / "skirmish.tmx"
shipped = loaded_map


def who(b):
    state = b.awaiting()
    return {"reaction": b.pending.reactor if b.pending else None, "choice": b.chooser,
            "turn": b.active}[state]


# ---- legality and purity --------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_every_command_is_legal_and_deciding_changes_nothing(difficulty):
    """docs/architecture.md "ai/": commands only through Battle.apply; no hidden dice: deciding draws
    nothing from the battle's dice and changes nothing (the state hash is the same)."""
    b = Battle(shipped(DUEL), seed=5)
    player = AIPlayer(difficulty, seed=1)
    for _ in range(60):
        if b.awaiting() == "over":
            break
        before = b.state_hash()
        cmd = player.command(b)
        assert b.state_hash() == before
        assert b.check(cmd) == "", cmd
        assert b.apply(cmd).ok
    assert player.rejected == 0


def test_choose_command_answers_turn_choice_and_reaction():
    """The next command for whoever the battle waits on: the active creature, the chooser
    (docs/rules/09-turns-and-actions.md selective initiative), a pending reaction (docs/rules/04-attacks-of-opportunity.md, `ask` policy).
    The battle is played until each of the three has been answered (the 22nd command)."""
    b = Battle(shipped(DUEL), seed=3, controllers={"blue": "human"})
    seen = set()
    for _ in range(400):
        state = b.awaiting()
        if state == "over" or seen == {"turn", "choice", "reaction"}:
            break
        seen.add(state)
        name = who(b)
        cmd = choose_command(b)
        assert cmd.unit == name
        if state == "reaction":
            assert isinstance(cmd, (C.React, C.ActiveParry, C.ActiveDodge))
        elif state == "choice":
            assert isinstance(cmd, C.ChooseNext) and cmd.next in turns.candidates(b)
        assert b.apply(cmd).ok, cmd
    assert seen == {"turn", "choice", "reaction"}


def test_choose_command_is_deterministic_and_checks_the_name():
    b = Battle(shipped(SKIRMISH), seed=2)
    first = choose_command(b)
    assert choose_command(b) == first
    assert choose_command(b, rng=random.Random(4)) == choose_command(b, rng=random.Random(4))
    assert choose_command(b, name=b.active) == first
    assert choose_command(b, name=b.teams_of[b.active]) == first
    with pytest.raises(ValueError):
        choose_command(b, name="Nobody")
    with pytest.raises(ValueError):
        choose_command(b, difficulty="impossible")


def test_the_ai_keeps_the_last_word_in_selective_initiative():
    """docs/rules/09-turns-and-actions.md: the last creature of a round picks who opens the next; with one creature
    of its own left and enemies still to act, the AI lets an enemy act."""
    b = Battle(arena_map(), seed=1)
    ai_team = "blue"
    checked = 0
    for _ in range(600):
        if b.awaiting() == "over" or checked >= 3:
            break
        if b.awaiting() == "choice" and b.teams_of[b.chooser] == ai_team:
            cands = turns.candidates(b)
            ours = [n for n in cands if b.teams_of[n] == ai_team]
            theirs = [n for n in cands if b.teams_of[n] != ai_team]
            cmd = choose_command(b)
            if len(ours) == 1 and theirs:
                assert cmd.next in theirs
                checked += 1
        else:
            player = choose_command if b.teams_of[who(b)] == ai_team else baseline
            cmd = player(b)
        assert b.apply(cmd).ok
    assert checked


def test_decisions_are_logged_with_their_scores(caplog):
    b = Battle(shipped(DUEL), seed=1)
    setup = choose_command(b)           # a creature's first decision: its defense policy
    assert setup == C.SetPolicy(b.active, "ask", reaction="defense")
    assert b.apply(setup).ok
    with caplog.at_level(logging.DEBUG, logger="game.ai"):
        choose_command(b)
    text = caplog.text
    assert b.active in text and "alternatives" in text and "danger" in text


# ---- the numbers it plays by ------------------------------------------------------------------

def test_float_chances_match_the_rules_exact_preview():
    """docs/rules/10-attacks-and-damage.md: the AI's float arithmetic gives the preview's exact hit chance and
    expected damage (game.rules.probability works in Fractions)."""
    b = Battle(shipped(SKIRMISH), seed=1)
    view = b.view()
    for a in view.units:
        for t in view.units:
            if a.team == t.team:
                continue
            for w in a.weapons:
                p = preview_weapon(view, a, t, w)
                if not p.possible:
                    continue
                est = estimate_plan(p.plan)
                assert est.hit == pytest.approx(float(chances(p.plan).hit), abs=1e-12)
                assert est.mean == pytest.approx(float(exact_expected_damage(p.plan)), abs=1e-9)
                assert sum(pr for _, pr in est.dist) == pytest.approx(1.0)


def test_kill_chance_combines_attacks():
    dist = ((0, 0.5), (4, 0.25), (8, 0.25))
    down, mean = combine([dist], 8)
    assert down == pytest.approx(0.25) and mean == pytest.approx(3.0)
    down, _ = combine([dist, dist], 8)
    # two attacks reach 8: one 8 (1 - 0.75^2), or two 4s
    assert down == pytest.approx(1 - 0.75 ** 2 + 0.25 * 0.25)


def test_the_quick_wall_test_follows_the_rules_hex_line():
    """The decision memo's wall test: a wall on the hex line between two hexes (ends
    excluded) blocks, nothing else does; lines that do not run along a seam are
    `hex_linedraw`'s."""
    hexmap = arena_map()
    walls = {h for h in hexmap.all_hexes() if hexmap.terrain_at(h).obstacle == "wall"}
    assert walls
    memo = Memo(hexmap)
    blocked = clear = 0
    for w in walls:
        for d in range(6):
            for n in range(1, 4):
                a = Hex(w.q - n * DIRS[d][0], w.r - n * DIRS[d][1])
                b = Hex(w.q + 2 * DIRS[d][0], w.r + 2 * DIRS[d][1])
                assert memo.walls_block(a, b) and memo.walls_block(b, a)
                assert not memo.walls_block(a, w)      # the end hexes do not count
                blocked += 1
    rng = random.Random(3)
    cells = list(hexmap.all_hexes())
    for _ in range(500):
        a, b = rng.choice(cells), rng.choice(cells)
        near = {h for c in hex_linedraw(a, b)[1:-1] for h in hexes_within(c, 1)}
        if not near & walls:
            assert not memo.walls_block(a, b)
            clear += 1
    assert blocked and clear > 100


def test_threat_heatmap_covers_the_map_and_peaks_near_the_enemy():
    b = Battle(arena_map(), seed=1)
    view = b.view()
    heat = threat_heatmap(view, "blue")
    hexmap = view.hexmap
    assert set(heat) == {h for h in hexmap.all_hexes() if not hexmap.terrain_at(h).impassable}
    assert all(v >= 0 for v in heat.values())
    red_fighter = view.unit("R0")
    next_to_red = [h for h in heat if 0 < max(abs(h.q - red_fighter.anchor.q),
                                              abs(h.r - red_fighter.anchor.r)) <= 1]
    far_left = hexmap.hex_at(0, 0)
    assert max(heat[h] for h in next_to_red) > heat[far_left]
    assert threat_heatmap(view, "blue") == heat


def test_quick_estimate_uses_the_attack_rules():
    b = Battle(shipped(DUEL), seed=1)
    view = b.view()
    fighter, goblin = view.unit("Aldric"), view.unit("Grik")
    sword = fighter.weapons[0]
    est = quick(fighter, sword, goblin, "melee", 1)
    p = preview_weapon(view, fighter, goblin, sword, None)
    # the preview at range is impossible for the sword; the quick estimate is the melee one
    assert est is not None and 0 < est.hit < 1 and est.mean > 0
    assert not p.possible or p.mode == "melee"


# ---- playing ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_ai_beats_the_baseline_on_a_mirrored_arena_without_refusals():
    """Sides swapped every other game; the AI must win the majority, never send a command
    the battle refuses, and every game must end (no stall)."""
    ai_wins = 0
    games = 6
    for i in range(games):
        ai = "blue" if i % 2 == 0 else "red"
        other = "red" if ai == "blue" else "blue"
        r = play_game(ARENA, {ai: "ai", other: "baseline"}, 40 + i)
        assert r["refusals"] == 0 and not r["stalled"], r
        assert r["winner"] in ("blue", "red", "draw")
        ai_wins += r["winner"] == ai
    assert ai_wins > games // 2


@pytest.mark.slow
def test_duel_games_terminate_without_refusals_and_the_ai_wins_most():
    """maps/duel.tmx, AI against the baseline with sides swapped: zero refusals, every game
    ends, and the AI wins most of them on either side (tools/ai_quality.py measures the rate
    over 200 games; these 12 seeds are a regression guard)."""
    ai_wins = 0
    for i in range(12):
        ai = "blue" if i % 2 == 0 else "red"
        other = "red" if ai == "blue" else "blue"
        r = play_game(DUEL, {ai: "ai", other: "baseline"}, 1 + i)
        assert r["refusals"] == 0 and not r["stalled"], r
        assert r["winner"] in ("blue", "red")
        ai_wins += r["winner"] == ai
    assert ai_wins > 12 // 2          # most of them: a Fight Defensively no longer repeats


@pytest.mark.slow
@pytest.mark.parametrize("name", ["duel.tmx", "skirmish.tmx", "battle.tmx", "keep.tmx"])
def test_shipped_maps_are_balanced_for_the_baseline(name):
    """The shipped rosters are balanced (tools/make_maps.py): with the baseline on both sides,
    neither side wins nearly always, so a win rate against the baseline measures play."""
    games = 40
    results = [play_game(REPO / "maps" / name, {"blue": "baseline", "red": "baseline"}, 1 + i)
               for i in range(games)]
    blue = sum(r["winner"] == "blue" for r in results)
    red = sum(r["winner"] == "red" for r in results)
    assert blue >= games // 4 and red >= games // 4, (blue, red)


def test_profiles_trade_search_and_noise():
    easy, normal, hard = PROFILES["easy"], PROFILES["normal"], PROFILES["hard"]
    assert easy.top_k < normal.top_k < hard.top_k
    assert easy.noise > normal.noise > hard.noise == 0
    assert easy.depth < normal.depth < hard.depth
    assert set(DESCRIPTIONS) == set(DIFFICULTIES)
    assert all(d.startswith(level.capitalize() + ":") and "RULES" not in d
               for level, d in DESCRIPTIONS.items())


# ---- the levels play differently ------------------------------------------------------------

def _planner(battle, difficulty: str) -> Planner:
    profile = PROFILES[difficulty]
    view = battle.view()
    ctx = Context(battle, view, view.unit(battle.active), weights=profile.weights,
                  exact_danger=profile.depth >= 3, sees_cover=profile.sees_cover)
    return Planner(battle, ctx, profile)


def _first_mover_battle(units, terrain=None, width=11, height=7) -> Battle:
    hexmap = make_hexmap(width, height, terrain or {}, units, teams=["blue", "red"])
    b = Battle(hexmap, seed=1)
    for _ in range(4):                      # to B's turn: B is picked, or R waits
        state = b.awaiting()
        if state == "turn" and b.active == "B":
            return b
        cmd = (C.ChooseNext(b.chooser, "B") if state == "choice" and "B" in
               turns.candidates(b) else C.EndTurn(b.active) if state == "turn" else None)
        assert cmd is not None and b.apply(cmd).ok
    raise AssertionError("B never got its turn")


def _on_duel(units, first: str = "B", seed: int = 2) -> Battle:
    """A battle on the duel map's terrain with these creatures instead of its own, brought
    to `first`'s turn (it is picked; the enemies that open end their turns)."""
    hexmap = dataclasses.replace(shipped(DUEL), units=[UnitPlacement(**u) for u in units])
    b = Battle(hexmap, seed=seed)
    for _ in range(6):
        state = b.awaiting()
        if state == "turn" and b.active == first:
            return b
        if state == "choice" and first in turns.candidates(b):
            cmd = C.ChooseNext(b.chooser, first)
        elif state == "turn" and b.teams_of[b.active] != b.teams_of[first]:
            cmd = C.EndTurn(b.active)
        else:
            break
        assert b.apply(cmd).ok
    raise AssertionError(f"{first} never got its turn")


def _row(col: int, name: str, unit: str, team: str, facing: int, hp: int | None = None):
    return dict(name=name, unit=unit, team=team, col=col, row=4, facing=facing,
                overrides={"hp": hp} if hp else {})


def test_easy_walks_through_an_attack_of_opportunity_that_normal_walks_around():
    """docs/rules/04-attacks-of-opportunity.md: "leaving a hex threatened by X provokes X". To reach the hex beyond the
    orc on the duel map, Easy sends the cheapest path, through the orc's reach, and the orc
    makes its attack of opportunity; Normal sends the detour that provokes no one."""
    # at column 4: from column 5 the low walls (two hexes to cross) make the way round the
    # orc as cheap as the way past it
    units = [_row(1, "B", "fighter", "blue", 0), _row(4, "R", "orc", "red", 3)]
    arrived = {}
    for level in ("easy", "normal"):
        b = _on_duel(units)
        p = _planner(b, level)
        goal = b.hexmap.hex_at(8, 4)
        total = p.budget.movement + p.budget.big * p.speed
        reach = p.reachable(total)
        path, cost, _, _ = p.path_to(reach, goal, reach.facing[goal], total)
        assert cost == 0.0                  # neither weighs an attack of opportunity here
        assert b.apply(p.move_command(path)).ok
        arrived[level] = b.view().unit("R").aoo_this_round, path.cost
        b.close()
    assert arrived["easy"][0] == 1 and arrived["normal"][0] == 0
    assert arrived["normal"][1] > arrived["easy"][1]


def test_hard_strikes_the_enemy_its_ally_can_also_reach_where_normal_takes_the_weaker():
    """Hard's focus fire: between two skeletons next to it, Normal (and Easy) strike the one
    with fewer hit points; Hard strikes the other, which the cleric still to act this round
    can reach too, so that the two of them are likelier to bring it down. Played on the
    duel map: the command each level sends is applied by the battle."""
    # a fighter without a shield: no Shield Bash in its options (rules: Wrestling)
    units = [dict(_row(4, "B", "fighter", "blue", 0), overrides={"shield": 0}),
             _row(11, "A", "cleric", "blue", 3),
             _row(3, "R1", "skeleton", "red", 0, hp=12), _row(5, "R2", "skeleton", "red", 3,
                                                                 hp=14)]
    struck = {}
    for level in DIFFICULTIES:
        b = _on_duel(units)
        # one Big Action left, for the attack: with two, a fighter next to its foes trips one
        # first and strikes after (rules: Wrestling, shoving and knockdown)
        b.update("B", ActionBudget, big=1)
        cmd = first_decision(b, AIPlayer(level, seed=1).command)
        # a blow of the turn: a weapon attack or the shield's bash (an attack action too)
        assert isinstance(cmd, (C.Attack, C.PowerAttack, C.ShieldBash)) and b.apply(cmd).ok
        struck[level] = cmd.target
        b.close()
    assert struck["normal"] == "R1" and struck["hard"] == "R2"   # Easy's pick is its noise


def test_hard_wastes_no_blow_on_an_enemy_its_ally_fells_anyway():
    """The other side of focus fire: an attack is worth what it adds to the allies' attacks
    still to come. With the cleric standing ready, Hard's value of striking the skeleton next
    to it is less than Normal's (the cleric would deal part of that damage anyway), while the
    chance that the skeleton falls this round, the cleric's blow included, is higher."""
    units = [_row(4, "B", "fighter", "blue", 0), _row(6, "A", "cleric", "blue", 3),
             _row(5, "R", "skeleton", "red", 3)]
    b = _on_duel(units, seed=5)          # the seed that has B act before the cleric
    hard, normal = _planner(b, "hard"), _planner(b, "normal")
    target = hard.view.unit("R")
    est = max(hard.ctx.attack_options(hard.view, hard.me, target), key=lambda e: e.mean)
    hard_value, hard_down = hard.ctx.attack_value(target, [est])
    normal_value, normal_down = normal.ctx.attack_value(target, [est])
    assert "R" in hard.ctx.support and not normal.ctx.support
    assert hard_value < normal_value and hard_down > normal_down
    b.close()


def test_hard_counts_an_allys_one_attack_once_however_many_enemies_it_can_reach():
    """Focus fire on a crowded map: an ally still to act strikes one enemy, so its attack
    counts split over the enemies it can reach. With a second skeleton in the cleric's
    reach, the cleric's share on the first halves (counted in full on each, every enemy of
    a large map looked doomed anyway, and Hard struck those no ally could reach)."""
    def cleric_share(units) -> float:
        b = _on_duel(units, seed=5)
        hard = _planner(b, "hard")
        (dist,) = hard.ctx.support["R"]
        b.close()
        return sum(p for damage, p in dist if damage > 0)
    alone = [_row(4, "B", "fighter", "blue", 0), _row(6, "A", "cleric", "blue", 3),
             _row(5, "R", "skeleton", "red", 3)]
    beside = alone + [dict(_row(7, "R2", "skeleton", "red", 3), row=3)]
    assert cleric_share(beside) == pytest.approx(cleric_share(alone) / 2)


def test_hard_looks_ahead_by_its_own_blows_not_its_allies_still_to_come():
    """Hard's lookahead counts an enemy's reply by the chance that the plan's own attacks
    leave it standing; the cleric's attack still to come may fall after that reply, so
    it raises the plan's kill chance but not the chance that the skeleton is felled first."""
    units = [_row(4, "B", "fighter", "blue", 0), _row(6, "A", "cleric", "blue", 3),
             _row(5, "R", "skeleton", "red", 3)]
    b = _on_duel(units, seed=5)
    hard = _planner(b, "hard")
    _, chosen = hard.attack_sequence(hard.view, hard.me, 1)
    (target, est, with_cleric), = chosen
    (name, felled), = hard.felled(chosen)
    assert name == "R" and felled == pytest.approx(combine([est.dist], target.hp)[0], abs=1e-3)
    assert 0 < felled < with_cleric
    b.close()


def test_easy_ignores_the_cover_and_concealment_normal_weighs():
    """docs/rules/07-concealment.md: a target in a forest hex is concealed (a miss chance after a hit): Normal's
    estimate of the archer's shot counts it, Easy's does not."""
    b = _first_mover_battle([
        dict(name="B", unit="archer", team="blue", col=1, row=3, facing=0),
        dict(name="R", unit="orc", team="red", col=6, row=3, facing=3)],
        terrain={(6, 3): FOREST})
    hits = {}
    for level in ("easy", "normal"):
        p = _planner(b, level)
        target = p.view.unit("R")
        ests = p.ctx.attack_options(p.view, p.me, target)
        hits[level] = max(e.hit for e in ests if e.mode == "ranged")
    assert hits["easy"] > hits["normal"] > 0
    b.close()


def test_hard_looks_ahead_an_enemy_it_fells_does_not_strike_back():
    """Hard's lookahead: the danger of standing next to an enemy counts its reply only by
    the chance it survives the plan's attacks; Normal counts it in full."""
    b = _first_mover_battle([
        dict(name="B", unit="fighter", team="blue", col=3, row=3, facing=0),
        dict(name="R", unit="goblin", team="red", col=4, row=3, facing=3)])
    hard, normal = _planner(b, "hard"), _planner(b, "normal")
    here = hard.me.anchor
    full, _ = hard.ctx.danger(here, exact=True)
    assert full > 0
    half, _ = hard.ctx.danger(here, exact=True, felled=(("R", 0.5),))
    gone, _ = hard.ctx.danger(here, exact=True, felled=(("R", 1.0),))
    assert gone == 0 < half < full
    value, chosen = hard.attack_sequence(hard.view, hard.me, 1)
    assert chosen and hard.felled(chosen) == (("R", chosen[0][2]),)
    assert normal.felled(chosen) == ()
    b.close()
