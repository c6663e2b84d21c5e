"""The engine's legality query (game.engine.legality): what a creature may do now, and why not.

Property: over random battle states, every action the query reports enabled has a command that
`Battle.apply` accepts, and every action it reports disabled is refused by `apply` with the same
stable code. The HUD, the computer player and the `actions` command all read this query.
"""
from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from game.engine import commands as C
from game.engine.battle import Battle
from game.engine.legality import ACTION_IDS, KINDS, choices
from game.engine.minions import commandable
from tests.helpers import check_property, loaded_map, property_runs
from test_engine_turns import arena

REPO = Path(__file__).resolve().parent.parent
def shipped(name: str):
    return loaded_map(REPO / "maps" / f"{name}.tmx")


def replayed(b: Battle) -> Battle:
    """A second battle in the same state (same map, seed and command log)."""
    copy = Battle(b.hexmap, seed=b.seed)
    for cmd in b.log:
        assert copy.apply(cmd).ok
    return copy


def some_command(b: Battle, name: str, action: str):
    """A command of `action` for `name`, legal or not (to be refused with the action's code)."""
    u = b.view().unit(name)
    for cmd in KINDS[action].commands(b, u):
        return cmd
    enemy = next((t.name for t in b.view().units if t.team != u.team), name)
    kind = {"attack": C.Attack, "power_attack": C.PowerAttack, "coup_de_grace": C.CoupDeGrace,
            "charge": C.Charge, "knockout_strike": C.KnockoutStrike, "volley": C.Volley,
            "off_hand_attack": C.OffHandAttack, "grab": C.Grab, "trip": C.Trip,
            "shove": C.Shove, "pin": C.Pin, "shield_bash": C.ShieldBash,
            "demoralize": C.Demoralize, "dirty_trick": C.DirtyTrick,
            "combat_feint": C.CombatFeint, "insult": C.Insult,
            "swallow": C.Swallow}.get(action)
    if kind is not None:
        return kind(name, target=enemy)
    if action in ("tumble", "overpower"):
        return (C.Tumble if action == "tumble" else C.Overpower)(name, target=enemy,
                                                                to=b.cell(u.anchor))
    if action == "wake_up":
        return C.WakeUp(name, ally=name)
    weapon_kind = {"draw_weapon": C.DrawWeapon, "sheathe_weapon": C.SheatheWeapon,
                   "pick_up": C.PickUp, "load_crossbow": C.LoadCrossbow}.get(action)
    if weapon_kind is not None:
        return weapon_kind(name)
    if action == "take_cover":
        return C.TakeCover(name, to=b.cell(u.anchor))
    if action == "use_ability":
        return C.UseAbility(name, ability="")
    if action == "crushing_advance":
        return C.CrushingAdvance(name, to=b.cell(u.anchor))
    if action == "mount":
        return C.Mount(name, mount="")
    if action == "dismount":
        return C.Dismount(name, to=b.cell(u.anchor))
    at_hex = {"open_door": C.OpenDoor, "close_door": C.CloseDoor, "smash": C.Smash,
              "force_open": C.ForceOpen}.get(action)
    if at_hex is not None:
        return at_hex(name, to=b.cell(u.anchor))
    if action in ("move", "retreat"):
        return (C.Move if action == "move" else C.Retreat)(name, path=(b.cell(u.anchor),))
    return C.Step(name, to=b.cell(u.anchor)) if action == "step" else C.Run(name, to=(0, 0))


def check_state(b: Battle, name: str) -> None:
    for option in b.actions(name):
        started = b.can_start(name, option.action)
        assert (started is None) == (option.enabled or option.code == "no_target")
        assert started is None or started.code == option.code
        if option.enabled:
            legal = b.options(name, option.action)
            assert legal, f"{option.action} enabled without a legal command"
            copy = replayed(b)
            out = copy.apply(legal[0].command)
            assert out.ok, f"{legal[0].command} was refused: {out.reason}"
            copy.close()
        elif option.code != "no_target":
            cmd = some_command(b, name, option.action)
            refused = b.refusal(cmd)
            assert refused is not None and refused.code == option.code, (cmd, option, refused)
        else:
            assert b.options(name, option.action) == []


def advance(b: Battle, pick) -> bool:
    """One decision of whoever must decide now, drawn from the query; False when over."""
    kind, name = b.decider()
    if kind == "over":
        return False
    if kind == "reaction":
        cmd = C.React(name, accept=pick([True, False]))
    elif kind == "choice":
        cmd = C.ChooseNext(name, pick(choices(b)))
    else:
        enabled = [a.action for a in b.actions(name) if a.enabled]
        cmd = pick(b.options(name, pick(enabled))).command
    out = b.apply(cmd)
    assert out.ok, f"{cmd}: {out.reason}"
    return True


@property_runs(plain=6, long=24)
def test_enabled_actions_are_accepted_and_disabled_ones_refused_with_their_code(examples):
    """In battles played a few decisions from the query's own answers: each enabled action is
    accepted and each disabled one refused with its code; `examples` battles (more in the run
    marked slow)."""
    def prop(map_name, seed, steps, data):
        b = Battle(shipped(map_name), seed=seed)

        def pick(seq):
            return data.draw(st.sampled_from(list(seq)))

        for _ in range(steps):
            if not advance(b, pick):
                break
        kind, name = b.decider()
        if kind == "turn":
            check_state(b, name)
        for other in b.eids:
            if (kind, name) != ("turn", other) and not commandable(b, other):
                assert not any(a.enabled for a in b.actions(other))
        b.close()

    check_property(examples, prop, map_name=st.sampled_from(["duel", "skirmish"]),
                   seed=st.integers(0, 10_000), steps=st.integers(0, 25), data=st.data())


def test_the_query_lists_every_action_in_a_fixed_order():
    b = Battle(shipped("duel"), seed=1)
    kind, name = b.decider()
    if kind == "choice":
        b.apply(C.ChooseNext(name, choices(b)[0]))
        kind, name = b.decider()
    assert [a.action for a in b.actions(name)] == list(ACTION_IDS)
    assert {"move", "end_turn"} <= {a.action for a in b.actions(name) if a.enabled}


def test_a_provoking_command_is_offered_confirmed_with_the_enemies_it_provokes():
    b = arena(("A", "fighter", "blue", 2, 2, {"initiative": 40}),
              ("B", "fighter", "red", 3, 2, {"initiative": 1}))
    refused = b.refusal(C.Move("A", ((1, 2),)))
    assert refused.code == "provokes" and refused.data["provokers"] == ["B"]
    moves = b.options("A", "move")
    provoking = [o for o in moves if o.provokes]
    assert provoking and all(o.command.confirm and o.provokes == ("B",) for o in provoking)
    assert all(not o.command.confirm for o in moves if not o.provokes)


def test_fighting_defensively_twice_in_a_turn_is_refused():
    b = arena(("A", "fighter", "blue", 2, 2, {"initiative": 40}),
              ("B", "fighter", "red", 6, 2, {"initiative": 1}))
    assert b.apply(C.FightDefensively("A")).ok
    option = next(a for a in b.actions("A") if a.action == "fight_defensively")
    assert not option.enabled and option.code == "already_defending"
    assert b.apply(C.FightDefensively("A")).code == "already_defending"


def test_a_ruleset_changes_what_actions_cost_and_the_attack_tables_without_new_handlers():
    """The seam for other rulebooks: the economy and the modifier tables come from the
    battle's ruleset (game.data.ruleset)."""
    from dataclasses import replace
    from types import MappingProxyType

    from game.data.ruleset import DEFAULT, ActionCost
    from game.rules.attack import plan_attack, with_options
    from game.rules.situation import situation
    costs = dict(DEFAULT.economy.costs)
    costs["fight_defensively"] = ActionCost(big=2)
    mods = replace(DEFAULT.modifiers, concealment_miss_on=MappingProxyType(
        {"none": 0, "partial": 9, "total": 10}))
    rules = replace(DEFAULT, name="test", economy=replace(DEFAULT.economy,
                                                          costs=MappingProxyType(costs)),
                    modifiers=mods)
    units = (("A", "fighter", "blue", 2, 2, {"initiative": 40}),
             ("B", "fighter", "red", 6, 2, {"initiative": 1}))
    b = arena(*units, ruleset=rules)
    option = next(a for a in b.actions("A") if a.action == "fight_defensively")
    assert option.cost == "2 Big Actions"
    assert b.apply(C.FightDefensively("A")).ok and b.budget("A").big == 0
    assert b.view().rules is rules
    view = b.view()
    a = view.unit("A")
    sit = situation(view, a, view.unit("B"), a.weapons[0]).situation
    assert sit.rules is rules
    assert plan_attack(with_options(sit, concealment="partial")).miss_on == 9
