"""What the HUD shows, headless: game.ui.presenters (no pygame)."""
from __future__ import annotations

import pytest

from game.ecs.components import Health
from game.ecs.scenario import FOREST, LOW_WALL, make_hexmap
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.rules.situation import attack_preview
from game.tiled.loader import load_map
from game.ui import presenters as P
from game.ui.model import UIModel


def Model(**fields) -> UIModel:
    """The UI's own model, without animations."""
    return UIModel(**{"animations": False, **fields})


HUMANS = {"blue": "human", "red": "human"}


def duel(**kw) -> Battle:
    return Battle(load_map("maps/duel.tmx"), seed=1, controllers=kw.pop("controllers", HUMANS),
                  **kw)


def melee(seed: int = 3, extra=(), terrain=None) -> Battle:
    """Wulfric (blue) between two orcs (red): flanked, in reach of both."""
    units = [dict(name="Wulfric", unit="fighter", team="blue", col=3, row=3),
             dict(name="Orc 1", unit="orc", team="red", col=4, row=3),
             dict(name="Orc 2", unit="orc", team="red", col=2, row=3), *extra]
    return Battle(make_hexmap(10, 8, terrain=terrain, units=units, teams=["blue", "red"]),
                  seed=seed, controllers=HUMANS)


def states(b, model=None, human=None) -> dict[str, P.ActionState]:
    return {s.action: s for s in P.action_states(b, model or Model(), human)}


def until_turn_of(b: Battle, name: str) -> None:
    """End turns / pick until it is `name`'s turn (selective initiative)."""
    for _ in range(40):
        if b.active == name:
            return
        if b.awaiting() == "choice":
            from game.engine import turns
            options = turns.candidates(b)
            b.apply(C.ChooseNext(b.chooser, next=name if name in options else options[0]))
        elif b.awaiting() == "turn":
            assert b.apply(C.EndTurn(b.active)).ok
        else:
            raise AssertionError(b.awaiting())
    raise AssertionError(f"never {name}'s turn")


# ---- actions (docs/rules/03-movement.md, 9) -----------------------------------------------------------------

def test_action_states_cover_every_button_in_hotkey_order():
    b = duel()
    got = P.action_states(b, Model())
    assert [s.action for s in got] == [
        "move", "run", "charge", "step", "attack", "aim", "fight_defensively", "power_attack",
        "stand_up", "drop_prone", "retreat", "prepare_interrupt", "ignore_enemy", "defer",
        "draw_weapon", "sheathe_weapon", "pick_up", "protect", "trade_spaces", "use_ability",
        "more", "end_turn"]
    assert [s.hotkey for s in got] == list("1234567890RIOPQVFBXMJE")
    assert [s.label for s in got] == [
        "Move", "Run", "Charge", "5-Foot Step", "Attack", "Aim", "Fight Defensively",
        "Power Attack", "Stand Up", "Drop Prone", "Retreat", "Prepare Interrupt", "Ignore Enemy",
        "Defer", "Draw Weapon", "Sheathe Weapon", "Pick Up", "Protect", "Trade Spaces",
        "Special Ability", "More Actions", "End Turn"]
    by = {s.action: s for s in got}
    assert by["end_turn"].enabled and by["move"].enabled and by["step"].enabled
    assert not by["stand_up"].enabled and by["stand_up"].reason == "Not prone"
    for s in got:
        assert s.enabled == (s.reason == ""), s


def test_action_states_change_nothing_in_the_battle():
    b = duel()
    before, events, version = b.state_hash(), len(b.events), b.version
    P.action_states(b, Model())
    P.unit_card(b, b.active)
    P.initiative_entries(b)
    assert (b.state_hash(), len(b.events), b.version) == (before, events, version)


def test_not_your_turn_disables_every_action():
    b = duel(controllers={"blue": "ai", "red": "ai"})
    got = P.action_states(b, Model())
    assert all(not s.enabled and s.reason.startswith("Not your turn") for s in got)
    # the controller's word wins over the Controller component
    assert states(b, human=True)["end_turn"].enabled
    assert not states(duel(), human=False)["end_turn"].enabled


def test_no_big_action_left_after_two_big_actions():
    b = duel()
    name = b.active                                    # Wren, an archer
    assert b.apply(C.Aim(name, confirm=True)).ok
    assert b.apply(C.Aim(name, confirm=True)).ok       # its dagger is sheathed: no defending
    s = states(b)
    assert b.budget(name).big == 0
    assert s["aim"].reason == "No Big Action left"
    assert s["move"].reason == "No Big Action left"
    assert s["run"].reason == "No Big Action left"
    assert s["charge"].reason == "Needs both Big Actions"
    assert s["retreat"].reason == "Threatens no hex: no melee weapon in hand"
    assert s["end_turn"].enabled
    assert s["drop_prone"].enabled                    # a Little Action is left


def test_five_foot_step_then_no_step_and_no_move():
    b = duel()
    name = b.active
    from game.rules.movement import five_foot_step_targets
    h = next(iter(five_foot_step_targets(b.view(), b.unit(name))))
    assert b.apply(C.Step(name, to=b.cell(h))).ok
    s = states(b)
    assert s["step"].reason == "Already moved this turn: no 5-Foot Step"
    assert s["move"].reason.startswith("Took a 5-Foot Step")
    assert not s["retreat"].enabled


def test_prone_creature_must_stand_up_first():
    b = duel()
    name = b.active
    assert b.apply(C.DropProne(name)).ok
    s = states(b)
    assert s["stand_up"].enabled
    assert s["drop_prone"].reason == "Already prone"
    assert s["move"].reason == "Prone: Stand Up first"
    assert s["step"].reason == "Prone: Stand Up first"


def test_waiting_for_a_choice_or_a_reaction_blocks_actions():
    b = duel()
    chooser = b.active
    assert b.apply(C.EndTurn(chooser)).ok
    assert b.awaiting() == "choice"
    assert all(s.reason == f"{chooser} must first pick who acts next"
               for s in P.action_states(b, Model()))


def test_attack_needs_an_enemy_in_reach_or_range_and_an_attack_left():
    b = melee()
    until_turn_of(b, "Wulfric")
    s = states(b)
    assert s["attack"].enabled and s["power_attack"].enabled and s["fight_defensively"].enabled
    assert b.apply(C.Attack("Wulfric", target="Orc 1")).ok
    while b.pending is not None:      # the orcs let an Interrupt Turn and an active defense go
        assert b.apply(C.React(b.pending.reactor, False)).ok
    s = states(b)
    assert s["attack"].reason.startswith("No attack left this turn")   # level 2: one per turn
    assert s["fight_defensively"].reason == "Already attacked: too late to fight defensively"
    far = duel()                                     # Wren's dagger is still sheathed
    assert states(far)["power_attack"].reason == "No melee weapon"


def test_selected_follows_the_ui_mode():
    b = duel()
    s = states(b, Model(mode="run"))
    assert s["run"].selected and not s["move"].selected
    assert not states(b, Model(mode="interrupt"))["end_turn"].selected


def test_buttons_word_the_engine_codes_and_keep_the_engine_sentence_as_detail():
    from game.engine.legality import ActionOption
    known = ActionOption("aim", False, "no_big_action", "Wren has no Big Action left for Aim")
    assert P.short_reason("aim", known) == "No Big Action left"
    unknown = ActionOption("aim", False, "some_new_code", "the sky is falling")
    assert P.short_reason("aim", unknown) == "The sky is falling"
    assert P.short_reason("step", ActionOption("step", False, "no_target", "x")) == \
        "No free hex to step into (difficult or occupied)"


def test_every_code_the_buttons_word_is_one_the_engine_raises():
    """A renamed code would silently fall back to the engine's sentence: the table and the
    engine's codes must agree."""
    import re
    from pathlib import Path
    engine = "".join(p.read_text() for p in Path("game/engine").glob("*.py"))
    raised = set(re.findall(r'Refused\("([a-z_]+)"', engine))
    assert set(P.SHORT_REASONS) <= raised | {"battle_over"}


# ---- unit card ---------------------------------------------------------------------------------

def test_unit_card_shows_the_stat_block_and_the_turn():
    b = duel()
    card = P.unit_card(b, "Wren", Model())
    assert (card.name, card.title, card.team) == ("Wren", "Archer", "blue")
    assert (card.hp, card.max_hp, card.ac, card.speed_ft, card.reach) == (20, 20, 15, 30, 1)
    assert [w.name for w in card.weapons] == ["Shortbow"]        # in hand
    assert card.sheathed == ["Dagger"] and card.on_ground == []
    assert [w.chosen for w in card.weapons] == [True]
    assert "range 60 ft" in card.weapons[0].reach and "20 shots left" in card.weapons[0].reach
    assert card.active and (card.big, card.little) == (2, 1)
    assert card.reaction and card.reaction_note == "ready"
    assert card.conditions == []
    assert b.apply(C.DrawWeapon("Wren", "dagger", confirm=True)).ok
    chosen = P.unit_card(b, "Wren", Model(weapon="dagger"))
    assert [w.chosen for w in chosen.weapons] == [False, True]
    other = P.unit_card(b, "Grik", Model(weapon="dagger"))
    assert not other.active and other.big == 0 and other.weapons[0].chosen
    assert P.unit_card(b, "Nobody") is None


def test_unit_card_conditions_carry_their_numbers():
    b = duel()
    b.set_condition("Aldric", "bleed", 2)
    b.set_condition("Aldric", "weakened", 3)
    b.set_condition("Aldric", "prone", 1)
    card = P.unit_card(b, "Aldric")
    assert card.condition_names == ["Bleed 2", "Weakened 3", "Prone"]
    weakened = card.conditions[1]
    assert "-3" in weakened.effect and "half speed" in weakened.effect
    assert card.speed_ft == 15                    # Weakened 3: half speed (docs/rules/11-hit-points-and-conditions.md)


def test_unit_card_shows_flanked_and_the_lower_ac():
    b = melee()
    card = P.unit_card(b, "Wulfric")
    assert "Flanked" in card.condition_names
    assert card.ac_now == card.ac - 2


# ---- initiative (docs/rules/09-turns-and-actions.md) ------------------------------------------------------------------

def test_initiative_entries_in_order_with_the_active_marked():
    b = duel()
    entries = P.initiative_entries(b)
    assert [e.name for e in entries] == list(b.order)
    totals = [e.initiative for e in entries]
    assert totals == sorted(totals, reverse=True)
    assert [e.name for e in entries if e.active] == [b.active]
    assert not any(e.can_pick or e.acted for e in entries)
    assert {e.team for e in entries} == {"blue", "red"}


def test_selective_initiative_marks_who_may_be_picked():
    b = duel()
    first = b.active
    assert b.apply(C.EndTurn(first)).ok
    entries = {e.name: e for e in P.initiative_entries(b)}
    assert entries[first].acted and not entries[first].can_pick and entries[first].chooser
    picks = {n for n, e in entries.items() if e.can_pick}
    assert picks == set(b.order) - {first}
    pick = sorted(picks)[0]
    assert b.apply(C.ChooseNext(first, next=pick)).ok
    entries = {e.name: e for e in P.initiative_entries(b)}
    assert entries[pick].active and not any(e.can_pick for e in entries.values())


def test_dead_creatures_are_never_pickable():
    b = melee()
    b.update("Orc 2", Health, dead=True)
    until_turn_of(b, "Wulfric")
    assert b.apply(C.EndTurn("Wulfric")).ok
    entries = {e.name: e for e in P.initiative_entries(b)}
    assert entries["Orc 2"].status == "dead" and not entries["Orc 2"].can_pick


# ---- the combat log (docs/rules/10-attacks-and-damage.md: every roll expands into its modifiers) ------------------------

def hit(critical=False, kind="attack"):
    return E.AttackRolled("Orc 1", "Wulfric", "Greataxe", (19,), 19, 24, 15, True, critical,
                          critical, "Greataxe: d20 19 + HR 2 (rules: Attack rolls and damage) + STR 3 = 24 vs AC 15",
                          kind)


def test_log_attack_and_its_damage_make_one_line_with_the_breakdown():
    dmg = E.Damaged("Wulfric", 9, 13, "slashing", "Greataxe damage 1d12+4: 5 + 4 = 9", True)
    (entry,) = P.log_entries([hit(critical=True), dmg])
    assert entry.text == "Orc 1 hits Wulfric with a greataxe for 9 (critical!)"
    assert "d20 19 + HR 2" in entry.detail and "1d12+4" in entry.detail
    assert entry.units == ("Orc 1", "Wulfric") and entry.kind == "critical"


def test_log_lines_read_well():
    miss = E.AttackRolled("Wren", "Grik", "Shortbow", (3,), 3, 8, 15, False, False, False,
                          "Shortbow: d20 3 + 5 = 8 vs AC 15: miss")
    lines = [e.text for e in P.log_entries([
        E.Provoked("Wulfric", "Orc 1", (4, 5)),
        miss,
        E.Moved("Wren", (1, 9), (3, 8), ((2, 9), (3, 8)), 2),
        E.NextChosen("Wren", "Grik"),
        E.RoundStarted(2),
        E.Died("Grik", (9, 1), "Wren", "damage"),
        E.BattleWon("blue", 3),
    ])]
    assert lines == ["Wulfric provokes Orc 1 leaving 4,5",
                     "Wren misses Grik with a shortbow (8 vs AC 15)",
                     "Wren moves from 1,9 to 3,8 (2 hexes)",
                     "Wren picks Grik to act next",
                     "Round 2",
                     "Grik is killed by Wren",
                     "Blue wins the battle in round 3!"]
    aoo = P.log_entries([hit(kind="aoo")])[0]
    assert "attack of opportunity" in aoo.text


def test_log_folds_action_and_merges_conditions():
    entries = P.log_entries([
        E.ActionSpent("Orc 1", "Attack", 1, 1), hit(),
        E.Damaged("Wulfric", 12, -4, "slashing", "12 slashing"),
        E.ConditionAdded("Wulfric", "unconscious"), E.ConditionAdded("Wulfric", "bleed", 1),
        E.ConditionAdded("Wulfric", "weakened", 1),
        E.ActionSpent("Wren", "Aim", 1, 1),
    ])
    assert [e.text for e in entries] == [
        "Orc 1 hits Wulfric with a greataxe for 12",
        "Wulfric is now Unconscious, Bleed 1, Weakened 1",
        "Wren: Aim"]
    assert entries[0].detail.startswith("Orc 1 spends Attack: 1 Big, 1 Little left")
    assert entries[1].kind == "condition" and "helpless" in entries[1].detail


def test_log_of_a_real_fight_covers_every_event_once_in_order():
    b = melee()
    for _ in range(8):
        if b.awaiting() == "over":
            break
        if b.awaiting() == "choice":
            from game.engine import turns
            b.apply(C.ChooseNext(b.chooser, next=turns.candidates(b)[0]))
            continue
        if b.awaiting() == "reaction":
            b.apply(C.React(b.pending.reactor, accept=True))
            continue
        me = b.active
        foe = next(u.name for u in b.view().units if u.team != b.unit(me).team and not u.dead)
        b.apply(C.Attack(me, target=foe))
        b.apply(C.EndTurn(me))
    entries = P.log_entries(b.events)
    flat = [e for entry in entries for e in entry.events]
    assert flat == b.events
    assert all(entry.text and "\n" not in entry.text for entry in entries)
    attacks = [entry for entry in entries if entry.kind in ("attack", "critical", "miss")]
    assert attacks and all("vs AC" in entry.detail or "vs Active Parry" in entry.detail
                           for entry in attacks)
    assert any(isinstance(e, E.AttackRolled) for e in b.events)


# ---- attack preview tooltip (docs/rules/06-cover.md, 7, 8, 10) ---------------------------------------------

def test_attack_tooltip_lists_chances_and_every_modifier():
    b = melee()
    p = attack_preview(b.view(), "Orc 1", "Wulfric")
    text = P.attack_tooltip(p)
    assert f"Hit {p.hit_chance * 100:.0f}%" in text
    assert f"Critical {p.crit_chance * 100:.0f}%" in text
    assert "Flanked by Orc 1 and Orc 2" in text
    assert "Cover: none" in text and "Concealment: none" in text
    for term in (*p.plan.bonus, *p.plan.ac):
        assert f"{term.value:+d} {term.label or 'base'}" in text
    assert "-2 flanked" in text


def test_attack_tooltip_names_cover_and_concealment():
    units = [dict(name="Wren", unit="archer", team="blue", col=1, row=3),
             dict(name="Grik", unit="goblin", team="red", col=6, row=3)]
    terrain = {(4, 3): LOW_WALL, (6, 3): FOREST}
    b = Battle(make_hexmap(10, 8, terrain=terrain, units=units, teams=["blue", "red"]), seed=1)
    p = attack_preview(b.view(), "Wren", "Grik", "shortbow")
    assert p.possible
    text = P.attack_tooltip(p)
    assert f"Cover: {p.cover.level} (+{p.cover.bonus} AC)" in text
    assert "Concealment: partial (20% miss" in text


def test_attack_tooltip_says_why_not():
    b = duel()
    p = attack_preview(b.view(), "Wren", "Grik")
    assert not p.possible
    assert "Cannot attack: no line of effect" in P.attack_tooltip(p)
    assert P.attack_tooltip(None) == ""


# ---- teams -------------------------------------------------------------------------------------

def test_team_colours_and_markers_differ():
    teams = ["blue", "red", "undead", "beasts"]
    colours = {P.team_colour(t, teams) for t in teams}
    markers = {P.team_marker(t, teams) for t in teams}
    assert len(colours) == len(teams) and len(markers) == len(teams)


@pytest.mark.parametrize("team", ["blue", "red"])
def test_team_colours_are_light_enough_on_dark_panels(team):
    r, g, bl = P.team_colour(team)
    assert 0.2126 * r + 0.7152 * g + 0.0722 * bl > 90


# ---- every event type has its log line ---------------------------------------------------------

_PLAUSIBLE = {"unit": "Goblin 1", "by": "Fighter", "target": "Fighter", "ally": "Cleric",
              "attacker": "Goblin 1", "chooser": "Fighter", "next": "Goblin 1",
              "leader": "Hobgoblin", "team": "red", "weapon": "longsword", "skill": "swim",
              "save": "reflex", "check": "acrobatics", "maneuver": "trip", "state": "open",
              "condition": "prone", "policy": "ask", "trigger": "enters_reach",
              "injury": "broken arm", "cause": "fall", "purpose": "to swim", "reaction": "aoo",
              "action": "drawn", "kind": "aoo", "damage_type": "slashing", "power": "Blink",
              "source": "healing draught", "ability": "burning_hands",
              "name": "Burning Hands", "cover": "good", "target_skill": "acrobatics",
              "breakdown": "d20 12 + 3"}


def _plausible(field_):
    """A plausible value for one field of an event, by its name and then its type."""
    if field_.name in _PLAUSIBLE:
        return _PLAUSIBLE[field_.name]
    kind = str(field_.type)
    if "tuple[str" in kind:
        return ("Goblin 1", "Goblin 2")
    if "tuple[Cell" in kind or "tuple[int" in kind:
        return ((3, 4), (4, 4)) if "Cell" in kind else (12,)
    if "Cell" in kind:
        return (3, 4)
    if "bool" in kind:
        return True
    if "int" in kind:
        return 3
    return "something"


def _one_of_each_event():
    import dataclasses
    import inspect
    classes = [c for _, c in inspect.getmembers(E, inspect.isclass)
               if issubclass(c, E.Event) and c is not E.Event and c.__module__ == E.__name__]
    return [c(**{f.name: _plausible(f) for f in dataclasses.fields(c)}) for c in classes]


@pytest.mark.parametrize("rules", ["lfg", "light"])
def test_every_event_type_has_its_own_log_line(rules):
    events = _one_of_each_event()
    assert len(events) > 50
    for e in events:
        entries = P.log_entries([e], rules=rules)
        assert entries, type(e).__name__
        for entry in entries:
            assert entry.text and type(e).__name__ not in entry.text, (type(e).__name__,
                                                                      entry.text)
