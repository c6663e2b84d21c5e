"""`python -m game inspect` and `python -m game path`: the tactical facts of a map, headless.

The JSON is a contract (tests/test_report.py pins its shape); the human form is a readable
table. Everything is read from the rules (docs/rules/01-hexes-and-distance.md to 08-flanking.md,
10-attacks-and-damage.md), so these commands show exactly what the game's previews show.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from game.cliargs import cell, creature_name
from game.ecs.view import BattleView, snapshot
from game.ecs.world import build_store
from game.errors import InputError, printable, printable_all
from game.hexgrid import Hex
from game.rules.aoo import forecast
from game.rules.concealment import concealment
from game.rules.cover import cover
from game.rules.flanking import flanking
from game.rules.movement import big_actions_for, cheapest_path, reachable, safe_path, speed_hexes
from game.rules.sight import line_of_effect, line_of_sight
from game.rules.situation import best_attack
from game.rules.threat import footprint_distance, threat_reach, threatened_hexes
from game.tiled.loader import load_map



def load_view(map_path) -> BattleView:
    hexmap = load_map(map_path)
    return snapshot(build_store(hexmap), hexmap)


def load_battle(map_path, rules: str | None):
    """The battle of the map with `rules` (None: the map's), for rules other than the
    default; None for the default rules, whose facts `load_view` gives as they always did."""
    from game.engine.battle import Battle
    from game.rulebooks import DEFAULT
    hexmap = load_map(map_path)
    battle = Battle(hexmap, rules=rules)
    if battle.profile.name == DEFAULT:
        battle.close()
        return None
    return battle


#: the facts of the default rules, null under other rules (`python -m game inspect --help`)
DEFAULT_UNIT_FACTS = ("ac", "reach", "speed", "threatens", "flanked")
DEFAULT_PAIR_FACTS = ("cover_bonus", "concealment", "flanked", "in_reach", "hit_chance")
DEFAULT_PATH_FACTS = ("reachable", "provokes", "big_actions", "safe_path", "safe_cost")
#: the attacks (with a target only) whose best forecast is a pair's hit chance, per rulebook
PAIR_ATTACKS = {"light": ("LightAttack", "HeavyAttack", "VolleyAttack", "ScopeAttack",
                          "ThrowWeapon")}


def cells(view: BattleView, hexes) -> list[list[int]]:
    return sorted([list(view.hexmap.tile_of(h)) for h in hexes], key=lambda c: (c[1], c[0]))


def unit_facts(view: BattleView, u) -> dict:
    return {
        "name": u.name, "team": u.team, "size": u.size, "hexes": cells(view, u.hexes),
        "reach": threat_reach(u), "speed": speed_hexes(u),
        "threatens": cells(view, threatened_hexes(view, u)),
        "flanked": flanking(view, u).flanked,
        "hp": u.hp, "ac": u.ac, "conditions": sorted(u.conditions),
        "in_hand": [w.id for w in u.weapons], "sheathed": [w.id for w in u.sheathed],
        "ammo": dict(u.ammo),
        "on_ground": [{"weapon": w.id, "hex": list(view.hexmap.tile_of(h))}
                      for w, h in u.dropped],
        **({"abilities": ability_facts(u)} if u.unit.abilities else {}),
    }


def ability_facts(u) -> list[dict]:
    """Each special ability of a creature with its uses left (None: at will)."""
    return [{"id": a.id, "name": a.name, "kind": a.kind, "shape": a.shape,
             "uses": a.uses, "per": a.per if a.uses is not None else None,
             "uses_left": u.uses.get(a.id) if a.uses is not None else None}
            for a in u.unit.abilities]


def pair_facts(view: BattleView, a, t, threats: frozenset | None = None) -> dict:
    """The facts of `a` attacking `t`; `threats` is `a`'s threatened hexes when known. The
    best attack's preview already holds its cover and concealment (the same rules calls),
    so they are computed again only when no attack is possible."""
    attack = best_attack(view, a, t)
    ranged = attack.mode in ("ranged", "thrown") if attack else footprint_distance(a, t) > threat_reach(a)
    cov = attack.cover if attack and attack.cover else cover(view, a, t, ranged=ranged)
    con = attack.concealment if attack and attack.concealment else concealment(view, a, t)
    threats = threats if threats is not None else frozenset(threatened_hexes(view, a))
    return {
        "attacker": a.name, "target": t.name, "distance": footprint_distance(a, t),
        "line_of_sight": line_of_sight(view, a, t), "line_of_effect": line_of_effect(view, a, t),
        "cover": cov.level, "cover_bonus": cov.bonus,
        "concealment": con.level,
        "flanked": flanking(view, t).flanked,
        "in_reach": any(h in threats for h in t.hexes),
        "hit_chance": round(attack.hit_chance, 4) if attack else None,
    }


def inspect_facts(view: BattleView) -> dict:
    m = view.hexmap
    living = view.living()
    threats = {u.name: frozenset(threatened_hexes(view, u)) for u in living}
    return {
        "map": {"width": m.width, "height": m.height, "stagger_axis": m.layout.axis,
                "stagger_index": m.layout.index},
        "units": [unit_facts(view, u) for u in living],
        "pairs": [pair_facts(view, a, t, threats[a.name]) for a in living for t in living
                  if a is not t],
    }


def profile_facts(battle) -> dict:
    """`inspect_facts` of a battle of other rules than the default: the shared facts (hexes,
    hit points, sight, cover), the default rules' own null, and a pair's hit chance: the best
    of the battle's forecasts of its rulebook's attacks (`PAIR_ATTACKS`) that the attacker
    could make on a turn of its own now (null: none)."""
    facts = inspect_facts(battle.view())
    for u in facts["units"]:
        u.update(dict.fromkeys(DEFAULT_UNIT_FACTS))
    types = battle.profile.command_types
    attacks = [types[n] for n in PAIR_ATTACKS.get(battle.profile.name, ()) if n in types]
    for p in facts["pairs"]:
        p.update(dict.fromkeys(DEFAULT_PAIR_FACTS))
        chances = [turn_chance(battle, kind(p["attacker"], target=p["target"]))
                   for kind in attacks]
        p["hit_chance"] = max((c for c in chances if c is not None), default=None)
    facts["rules"] = battle.profile.name
    return facts


def turn_chance(battle, command) -> float | None:
    """The forecast chance of `command` if its creature could give it at the start of a
    turn of its own now (in range, in sight, an enemy), else None. The battle is only asked:
    the turn is borrowed for the question (`Battle.borrowed`)."""
    with battle.borrowed(active=command.unit, chooser=None):
        if battle.refusal(command) is not None:
            return None
        guess = battle.forecast(command)
    return round(guess.chance, 4) if guess is not None and guess.chance is not None else None


def parse_cell(text: str, view: BattleView) -> Hex:
    col, row = cell(text, "hex")
    m = view.hexmap
    if not m.in_bounds(col, row):
        raise InputError(None, None, f"hex {col},{row} is outside the map "
                         f"(columns 0-{m.width - 1}, rows 0-{m.height - 1})")
    return m.hex_at(col, row)


def find_unit(view: BattleView, name: str):
    """The creature `name` names (in any case when only one creature matches that way)."""
    return view.unit(creature_name(name, [u.name for u in view.units]))


def path_facts(view: BattleView, u, to: Hex) -> dict:
    best = cheapest_path(view, u, to)
    safe = safe_path(view, u, to)
    reach = reachable(view, u, 2 * speed_hexes(u))
    provokes = forecast(view, u, best) if best else []
    return {
        "unit": u.name, "to": list(view.hexmap.tile_of(to)),
        "reachable": to in reach.cost and best is not None,
        "cost": best.cost if best else None,
        "path": cells_in_order(view, best.hexes) if best else [],
        "provokes": [{"hex": list(view.hexmap.tile_of(p.hex)), "by": [b.name for b in p.by]}
                     for p in provokes],
        "big_actions": big_actions_for(u, best.cost) if best else None,
        "safe_path": cells_in_order(view, safe.hexes) if safe else None,
        "safe_cost": safe.cost if safe else None,
    }


def shared_path_facts(battle, name: str, to: str) -> dict:
    """`path_facts` under other rules than the default: the shared path search (cost, path),
    the default rules' limits and provocations null (`DEFAULT_PATH_FACTS`)."""
    view = battle.view()
    u = find_unit(view, name)
    target = parse_cell(to, view)
    best = cheapest_path(view, u, target)
    return {"unit": u.name, "to": list(view.hexmap.tile_of(target)),
            "cost": best.cost if best else None,
            "path": cells_in_order(view, best.hexes) if best else [],
            **dict.fromkeys(DEFAULT_PATH_FACTS), "rules": battle.profile.name}


def cells_in_order(view: BattleView, hexes) -> list[list[int]]:
    return [list(view.hexmap.tile_of(h)) for h in hexes]


def print_inspect(facts: dict, out) -> None:
    facts = printable_all(facts)  # a unit or team name cannot forge a line or move the cursor
    m = facts["map"]
    print(f"Map {m['width']}x{m['height']}, stagger {m['stagger_axis']}/{m['stagger_index']}",
          file=out)
    print(f"{'unit':<18}{'team':<8}{'size':<8}{'hexes':<14}{'hp':>4}{'ac':>4}{'reach':>6}"
          f"{'speed':>6}  flanked  conditions", file=out)
    for u in facts["units"]:
        hexes = " ".join(f"{c},{r}" for c, r in u["hexes"][:3]) + (" ..." if len(u["hexes"]) > 3 else "")
        print(f"{u['name']:<18}{u['team']:<8}{u['size']:<8}{hexes:<14}{u['hp']:>4}"
              f"{_shown(u['ac']):>4}{_shown(u['reach']):>6}{_shown(u['speed']):>6}  "
              f"{_yes(u['flanked']):<7}  {', '.join(u['conditions']) or '-'}", file=out)
        for a in u.get("abilities", ()):
            left = "at will" if a["uses"] is None else f"{a['uses_left']}/{a['uses']} per {a['per']}"
            print(f"  {a['name']} ({a['kind']}, {a['shape'].replace('_', ' ')}): {left}",
                  file=out)
    print(file=out)
    print(f"{'attacker':<18}{'target':<18}{'dist':>5}  LoS  LoE  {'cover':<10}{'conceal':<9}"
          f"reach  hit", file=out)
    for p in facts["pairs"]:
        hit = f"{p['hit_chance'] * 100:.0f}%" if p["hit_chance"] is not None else "-"
        print(f"{p['attacker']:<18}{p['target']:<18}{p['distance']:>5}  "
              f"{'yes' if p['line_of_sight'] else 'no':<5}{'yes' if p['line_of_effect'] else 'no':<5}"
              f"{p['cover']:<10}{_shown(p['concealment']):<9}{_yes(p['in_reach']):<7}{hit}",
              file=out)
    if facts.get("rules"):
        print(f"\n(the {facts['rules']} rules: '-' marks a fact of the default rules; hit is "
              "the best forecast of the attacks it could make on a turn now)", file=out)


def _shown(value) -> str:
    """A fact for the table: '-' for a fact the battle's rules do not have (null)."""
    return "-" if value is None else str(value)


def _yes(value) -> str:
    return "-" if value is None else "yes" if value else "no"


def print_path(facts: dict, out) -> None:
    facts = printable_all(facts)
    to = "{},{}".format(*facts["to"])
    if facts.get("rules"):
        print_shared_path(facts, to, out)
        return
    if not facts["reachable"]:
        print(f"{facts['unit']} cannot reach {to} this turn", file=out)
        return
    steps = " -> ".join(f"{c},{r}" for c, r in facts["path"]) or "(already there)"
    print(f"{facts['unit']} to {to}: cost {facts['cost']} hexes, "
          f"{facts['big_actions']} Big Action(s)", file=out)
    print(f"  path: {steps}", file=out)
    for p in facts["provokes"]:
        print(f"  leaving {p['hex'][0]},{p['hex'][1]} provokes {', '.join(p['by'])}", file=out)
    if facts["provokes"]:
        if facts["safe_path"] is not None:
            safe = " -> ".join(f"{c},{r}" for c, r in facts["safe_path"])
            print(f"  safe path (no attack of opportunity), cost {facts['safe_cost']}: {safe}",
                  file=out)
        else:
            print("  no path there avoids every attack of opportunity", file=out)


def print_shared_path(facts: dict, to: str, out) -> None:
    """A path under other rules than the default: the shared search only."""
    if facts["cost"] is None:
        print(f"{facts['unit']} has no path to {to}", file=out)
        return
    steps = " -> ".join(f"{c},{r}" for c, r in facts["path"]) or "(already there)"
    print(f"{facts['unit']} to {to}: cost {facts['cost']} hexes of movement (the {facts['rules']} "
          "rules decide which move action goes that far and what it provokes)", file=out)
    print(f"  path: {steps}", file=out)


def run_inspect(map_path, as_json: bool = False, out=None, rules: str | None = None) -> int:
    out = out or sys.stdout
    battle = load_battle(map_path, rules)
    if battle is None:
        facts = inspect_facts(load_view(map_path))
    else:
        try:
            facts = profile_facts(battle)
        finally:
            battle.close()
    if as_json:
        json.dump(facts, out)
        out.write("\n")
    else:
        print_inspect(facts, out)
    return 0


def run_path(map_path, name: str, to: str, as_json: bool = False, out=None,
             rules: str | None = None) -> int:
    out = out or sys.stdout
    battle = load_battle(map_path, rules)
    if battle is None:
        view = load_view(map_path)
        u = find_unit(view, name)
        facts = path_facts(view, u, parse_cell(to, view))
    else:
        try:
            facts = shared_path_facts(battle, name, to)
        finally:
            battle.close()
    if as_json:
        json.dump(facts, out)
        out.write("\n")
    else:
        print_path(facts, out)
    return 0


# ---- replay ------------------------------------------------------------------------------------

def run_replay(file, verify: bool = False, as_json: bool = False, out=None) -> int:
    """`python -m game replay FILE [--verify] [--json]` (game.engine.replay reads the save):
    a one-line summary, or every event as JSON; `verify`: exit 2 with one line on stderr
    unless the replay ends in the state the save recorded. Every name, the seed and the
    saved hash come from the save or its map and go through `printable` (docs/security.md)."""
    from game.engine.replay import event_lines, load_replay
    out, path = out or sys.stdout, Path(file)
    if as_json:             # json.dumps writes every control character as an escape
        lines: list[str] = []
        battle = load_replay(path, lambda n, events: lines.extend(event_lines(n, events)))
        print("\n".join(lines), file=out)
    else:
        battle = load_replay(path)
        print(replay_summary(path, battle), file=out)
    if verify:
        mine, saved = battle.state_hash(), printable(battle.saved_hash)
        if mine != battle.saved_hash:
            print(f"{printable(path)}: state hash mismatch: the replay ends in {mine[:12]}, "
                  f"the save says {saved[:12]}", file=sys.stderr)
            return 2
        if not as_json:
            print(f"{printable(path)}: state hash verified ({mine[:12]})", file=out)
    return 0


def replay_summary(path: Path, battle) -> str:
    """`replay`'s line: where the battle stands after its commands."""
    from game.rulebooks import DEFAULT
    state = battle.awaiting()
    where = (f"won by {battle.winner}" if state == "over" else
             f"waiting for {battle.pending.reactor}'s reaction" if state == "reaction" else
             f"{battle.chooser} chooses who acts next" if state == "choice" else
             f"{battle.active}'s turn")
    unused = len(battle.dice.fixed) - battle.dice.fixed_used
    fixed = f", {unused} fixed roll(s) left unused" if unused else ""
    rules = f"{battle.profile.title}, " if battle.profile.name != DEFAULT else ""
    return printable(f"{path}: {len(battle.log)} commands replayed on "
                     f"{Path(battle.hexmap.path).name} ({rules}seed {battle.seed}{fixed}): "
                     f"round {battle.round}, {where}")
