"""What the HUD shows, as plain data: pure functions of a battle and the UI model (no pygame).

The UI turns input into the same commands the AI sends and draws the world and its events
(docs/architecture.md "Layers"); these functions are the part of the HUD that can be tested
headless and fast.

- `action_states(battle, model, human=None)` -> `ActionState` per action button
  (docs/rules/03-movement.md, 09-turns-and-actions.md): enabled or not, and when not, a short
  reason a player understands ("No Big Action left"). Legality comes from the engine's query
  `Battle.actions(name)`; the words come from a table keyed by the engine's stable refusal codes.
- `unit_card(battle, name, model=None)` -> `UnitCard`: stat block title, HP, AC, speed, reach,
  weapons (the chosen one marked), actions left, reaction, conditions (with the numbers of
  docs/rules/11-hit-points-and-conditions.md).
- `initiative_entries(battle)` -> `Entry` per creature in initiative order
  (docs/rules/09-turns-and-actions.md: in selective initiative the creatures that may be picked to
  act next are `can_pick`).
- `log_entries(events)` -> `LogEntry` per event: one short readable line, the itemised
  breakdown as `detail` (docs/rules/10-attacks-and-damage.md: every roll can be expanded into its
  modifiers). An attack that hits and the damage it deals make one line; an Action spent right
  before the move or attack it pays for is folded into that line's detail; consecutive condition
  changes of one creature make one line.
- `attack_tooltip(preview)` -> the text of the attack preview (docs/rules/10-attacks-and-damage.md:
  exact hit probability, cover, concealment, flanking, every modifier).
- `team_colour(team, teams)`, `team_marker(team, teams)`: the team palette (Okabe-Ito colours,
  safe for colour-blind players, always paired with a shape and a letter).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.engine import events as E
from game.ui.lines import ConditionLine, LogEntry, WeaponLine
from game.ui.steller_presenters import steller_card, steller_line, steller_turn_words
from game.ui.light_presenters import attack_line, light_card, light_line, lives_of, status_of, turn_words

# ---- actions ----------------------------------------------------------------------------------

#: (action, label, short label, hotkey label, what it does)
ACTIONS: tuple[tuple[str, str, str, str, str], ...] = (
    ("move", "Move", "Move", "1",
     "Big Action: move up to your speed; leftover movement stays for later this turn"),
    ("run", "Run", "Run", "2",
     "Big Action: up to 2 x speed in a straight line; -2 AC vs melee until your next turn"),
    ("charge", "Charge", "Charge", "3",
     "Both Big Actions: Run 2+ hexes straight at an enemy, then a melee attack at +2 damage"),
    ("step", "5-Foot Step", "5-ft Step", "4",
     "Little Action: 1 hex that never provokes; only if you have not moved this turn"),
    ("attack", "Attack", "Attack", "5",
     "Big Action: attack an enemy with the chosen weapon"),
    ("aim", "Aim", "Aim", "6",
     "Big Action: +1 on your next ranged attack this turn; provokes"),
    ("fight_defensively", "Fight Defensively", "Defend", "7",
     "Big Action: -4 attack, +2 dodge AC until your next turn"),
    ("power_attack", "Power Attack", "Power Atk", "8",
     "Big Action: melee attack at -2 with the damage die two sizes larger; -2 AC until your "
     "next turn"),
    ("stand_up", "Stand Up", "Stand Up", "9",
     "Big Action: stop being prone (provokes); you may move 1 hex as part of it"),
    ("drop_prone", "Drop Prone", "Prone", "0",
     "Little Action: drop prone (-4 AC vs melee, cover vs distant ranged attacks)"),
    ("retreat", "Retreat", "Retreat", "R",
     "Both Big Actions: move up to your speed, never nearer to an enemy that threatens you; a "
     "step away from a foe does not provoke it, a step toward another does (the path names "
     "whom it provokes); Unfortunate on attacks until your next turn"),
    ("prepare_interrupt", "Prepare Interrupt", "Ready", "I",
     "Big Action: choose a trigger (U) and a Big Action to keep for it (K), then Enter; the "
     "turn ends, and when the trigger comes you may act first"),
    ("ignore_enemy", "Ignore Enemy", "Ignore", "O",
     "Little Action: click enemies to ignore until your next turn: no AC penalties from them, "
     "but you are flat-footed against them and they are Fortunate"),
    ("defer", "Defer", "Defer", "P",
     "Picked by an ally, before doing anything: let the ally pick another; you act later"),
    ("draw_weapon", "Draw Weapon", "Draw", "Q",
     "Little Action: draw a sheathed weapon into a free hand; provokes"),
    ("sheathe_weapon", "Sheathe Weapon", "Sheathe", "V",
     "Little Action: sheathe the chosen weapon; provokes"),
    ("pick_up", "Pick Up", "Pick Up", "F",
     "Little Action: pick up your thrown weapon lying in your space; provokes"),
    ("protect", "Protect", "Protect", "B",
     "Big Action: guard an adjacent ally (click it): it has Good cover until your next turn "
     "while you stay next to it; you are Cramped"),
    ("trade_spaces", "Trade Spaces", "Trade", "X",
     "Big Action: swap hexes with an adjacent ally (click it), who spends its Reaction; "
     "leaving a threatened hex provokes"),
    ("use_ability", "Special Ability", "Ability", "M",
     "Use a special ability (its own action): the area follows the mouse; click to use it, "
     "Tab for the next ability"),
    ("more", "More Actions", "More", "J",
     "The rarer actions (coup de grace, leaving the map, and what your creatures' rules "
     "add): J again takes the next one; the menu lists them all, and why not"),
    ("end_turn", "End Turn", "End Turn", "E", "End this creature's turn"),
)

#: The actions without a button of their own, offered by the "More actions" menu (J) in this
#: order: (engine action id, label, what it does). The menu targets each through the engine's
#: options (a creature, an ally or a hex named by the command) and shows its forecast.
MORE_ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("coup_de_grace", "Coup de Grace",
     "Both Big Actions: slay a helpless enemy in reach; provokes"),
    ("knockout_strike", "Knockout Strike",
     "An attack with a bludgeoning weapon that may knock the enemy out instead"),
    ("volley", "Volley",
     "Loose a bow, javelin or spear in a high arc at an enemy or a hex (over walls too): "
     "-10, no critical"),
    ("off_hand_attack", "Off-Hand Attack",
     "Your Reaction: the off hand follows a main-hand hit on a flat-footed enemy"),
    ("take_cover", "Take Cover",
     "Little Action: hide behind the adjacent wall (total cover from beyond it)"),
    ("lean_out", "Lean Out",
     "Little Action: lean out from your wall to attack past it, with good cover"),
    ("hide", "Hide", "Little Action: with cover or concealment from every enemy in sight, a "
     "Hide check: unseen until found or you attack"),
    ("spot", "Spot", "Little Action: a Spot check against the Hide of every hidden enemy in "
     "sight"),
    ("first_aid", "First Aid", "A Big Action: a Heal check (DC 15) stops an adjacent ally's "
     "bleeding; provokes"),
    ("grab", "Grab", "Big Action: touch attack, then Wrestling against the foe's best; won, "
     "both are Grappled; provokes unless trained"),
    ("trip", "Trip", "Big Action: touch attack, then Wrestling; won, the foe is prone; "
     "provokes unless trained"),
    ("shove", "Shove", "Big Action: touch attack, then Wrestling; won, the foe is pushed 1 hex "
     "(+1 per 5 of the margin) through the hex you pick; provokes unless trained"),
    ("pin", "Pin", "Big Action: pin a foe you grapple (helpless against everyone else)"),
    ("escape", "Escape", "Big Action: Wrestling or Acrobatics against the strongest hold; "
     "won, free of the grapple"),
    ("shield_bash", "Shield Bash", "An attack: touch attack, then Wrestling; won, the foe is "
     "prone (by 5+: damage and a shove); your shield counts only against it until your turn"),
    ("crushing_advance", "Crushing Advance", "Big Action, provokes: trample foes 3+ sizes "
     "smaller in a straight line of half your speed"),
    ("open_door", "Open Door", "Little Action (Swift, no attack of opportunity): open an "
     "unlocked door next to you"),
    ("close_door", "Close Door", "Little Action (Swift): close an open door next to you when "
     "nothing lies in the doorway"),
    ("smash", "Smash", "An attack that always hits a door or obstacle in reach: its Hardness "
     "comes off the damage; at 0 HP it breaks"),
    ("force_open", "Force Open", "Big Action: a Strength check against the Break DC of a door "
     "or obstacle next to you; no second try"),
    ("leave_map", "Leave the Map", "Step off the map from an exit hex; ends the turn"),
    ("load_crossbow", "Load Crossbow", "Big Action: load the crossbow you shot; provokes "
     "(shooting a loaded crossbow is a Little Action)"),
    ("direct_minions", "Direct Minions",
     "Little Action: your minions may spend 3 shared actions this turn; click one of them, "
     "then command it as your own creature"),
    ("demoralize", "Demoralize", "Big Action, provokes: Intimidate against a foe within 6 "
     "hexes in sight; won, it is Frightened for 1d4 rounds"),
    ("dirty_trick", "Dirty Trick", "Big Action, provokes: Sleight of Hand against an adjacent "
     "foe; won, sand in its eyes blinds it until the end of your next turn"),
    ("combat_feint", "Combat Feint", "Big Action: Bluff against a foe in reach; won, it is "
     "flat-footed against your next attack"),
    ("insult", "Insult", "Big Action, provokes: Perform against a foe within 6 hexes in "
     "sight; won, it is Unfortunate until the end of your next turn"),
    ("wake_up", "Wake Up", "Big Action: shake an adjacent sleeping creature awake"),
    ("tumble", "Tumble Through", "Movement: Acrobatics against the adjacent foe's best; won, "
     "you pass through its hex to the hex beyond; provokes as a Move"),
    ("overpower", "Overpower", "Movement: Wrestling against the adjacent foe's best; won, "
     "you push through its hex to the hex beyond; provokes as a Move"),
    ("mount", "Mount", "Big Action, provokes: climb onto an allied mount beside you; you "
     "then move at its speed and strike from its back"),
    ("dismount", "Dismount", "Big Action, provokes: climb down into a free hex beside your "
     "mount"),
    ("stop_drop_roll", "Stop, Drop and Roll", "Full-round action of a creature on fire: drop "
     "prone and roll; the flames are out when your next turn starts"),
    ("swallow", "Swallow Whole", "Big Action: an opposed Wrestling check to swallow the "
     "creature held in your mouth since your turn began (2+ sizes smaller)"),
    ("cut_free", "Cut Free", "Big Action, swallowed: a DC 15 Acrobatics or Wrestling check "
     "to cut at your swallower from inside with a light blade"),
)

#: UI modes (UIModel.mode) that belong to an action button
MODE_OF_ACTION = {"move": "move", "run": "run", "charge": "charge", "step": "step",
                  "attack": "attack", "power_attack": "power", "retreat": "retreat",
                  "prepare_interrupt": "interrupt", "ignore_enemy": "ignore",
                  "protect": "protect", "trade_spaces": "trade", "use_ability": "ability",
                  "more": "more"}


@dataclass(frozen=True)
class ActionState:
    action: str              # the engine's action id ("move", "power_attack"; "more": the
    #                          More actions menu), as GameController.do_action takes it
    label: str               # "Fight Defensively"
    hotkey: str              # "7"
    enabled: bool
    reason: str = ""         # why not, for people ("No Big Action left"); "" when enabled
    short: str = ""          # a compact label for narrow buttons ("Defend")
    description: str = ""    # what it does (docs/rules/03-movement.md, 09-turns-and-actions.md)
    selected: bool = False   # the current mode of the UI
    detail: str = ""         # the engine's own words when it refused the probe
    cost: str = ""           # what it spends, in the engine's words ("1 Big Action")


#: the engine's refusal codes in a few words, for the buttons (the tooltip adds the engine's
#: own sentence); an unknown code shows the engine's sentence
SHORT_REASONS = {
    "battle_over": "The battle is over",
    "no_big_action": "No Big Action left",
    "needs_full_round": "Needs both Big Actions",
    "no_little_action": "No Little Action left",
    "no_swift_actions": "Cannot take Swift actions (Weakened 4+)",
    "stepped": "Took a 5-Foot Step: no more movement",
    "already_moved": "Already moved this turn: no 5-Foot Step",
    "prone": "Prone: Stand Up first",
    "not_prone": "Not prone",
    "already_prone": "Already prone",
    "mounted": "Riding: Dismount first",
    "no_mount": "No free mount beside you",
    "not_mounted": "Not riding",
    "already_mounted": "Already riding",
    "is_a_mount": "A mount carries, it does not ride",
    "no_room": "No free hex to climb down into",
    "cannot_run": "Cannot run in this condition",
    "no_attack_left": "No attack left this turn",
    "already_attacked": "Already attacked: too late to fight defensively",
    "already_defending": "Already fighting defensively",
    "no_ranged_weapon": "No ranged weapon to aim",
    "no_melee_weapon": "No melee weapon",
    "no_weapon": "No weapon",
    "too_slow": "Speed 5 ft or less: no 5-Foot Step",
    "no_speed": "Cannot move (speed 0)",
    "not_on_exit": "Not on an exit hex",
    "hands_full": "Both hands are full",
    "nothing_sheathed": "No sheathed weapon",
    "nothing_in_hand": "No weapon in hand",
    "nothing_here": "No weapon of yours lies here",
    "in_full_round": "In a full-round action until the next turn",
    "does_not_threaten": "Threatens no hex: no melee weapon in hand",
    "prepared_action_only": "This interrupt turn is for the prepared action",
    "not_picked_by_ally": "Only when picked by an ally, before acting",
    "last_to_act": "The last to act this round",
    "interrupt_turn": "Not in an interrupt turn",
    "not_preparable": "Cannot be prepared",
    "already_ignored": "Already ignored",
    "no_ally": "No ally to act with",
    "too_large": "Takes up more than one hex",
    "no_abilities": "No special abilities",
    "no_uses_left": "No uses left",
    "once_a_round": "Already used one this round",
    "must_flee": "Terrified: must flee first",
    "toward_fear": "Terrified: cannot move toward what it fears",
}

#: "no_target" in a few words, by button
NO_TARGET = {
    "move": "No hex to move to", "run": "No straight line to run along",
    "charge": "No enemy to charge: a straight run of 2+ hexes must end in reach",
    "step": "No free hex to step into (difficult or occupied)",
    "attack": "No enemy within reach or range", "power_attack": "No enemy within melee reach",
    "retreat": "Nowhere to retreat to", "coup_de_grace": "No helpless enemy in reach",
    "ignore_enemy": "No enemy to ignore",
    "protect": "No adjacent ally of your size or smaller",
    "trade_spaces": "No adjacent ally that can still react",
    "use_ability": "No creature within an ability's reach",
}


#: the light rules' action bar (docs/rules/light/actions.md): the buttons are the engine's
#: action ids; (action, label, short label, hotkey label, what it does)
LIGHT_ACTIONS: tuple[tuple[str, str, str, str, str], ...] = (
    ("shift", "Shift", "Shift", "1",
     "Move action: up to your shift score (1 hex for most); never provokes"),
    ("walk", "Walk", "Walk", "2",
     "Move action: farther than a Shift, up to your walk score; leaving an enemy's attack "
     "range provokes its Opportunity Attack"),
    ("run", "Run", "Run", "3", "Move action: up to your run score; provokes as a Walk does"),
    ("jump", "Jump", "Jump", "4",
     "Move action: until the end of the turn you may attack Airborne creatures"),
    ("light_attack", "Light Attack", "Light Atk", "5",
     "Major action: a melee attack at +5 to hit; a natural 18-20 adds a Basic Attack"),
    ("heavy_attack", "Heavy Attack", "Heavy Atk", "6",
     "Major action: a melee attack at +5 damage; a natural 19-20 that hits stuns"),
    ("volley_attack", "Volley Attack", "Volley", "7",
     "Major action: a plain attack with any weapon; a hit on a Stunned target is a critical"),
    ("dash_attack", "Dash Attack", "Dash", "8",
     "Major action: a shot, then a move of up to twice your shift score (click the hex to end "
     "on, or the target to stay); ending within 2 hexes of the target shoots again"),
    ("scope_attack", "Scope Attack", "Scope", "9",
     "Major action: a shot at +5 to hit; every enemy whose attack range you stand in strikes "
     "first"),
    ("throw_weapon", "Throw Weapon", "Throw", "0",
     "Major action: throw a throwing weapon up to 2 hexes at -5 to hit; it lands in the "
     "target's hex"),
    ("use_power", "Use Power", "Power", "M",
     "A power (its action, its MP and a use): click a highlighted target; Tab or M again: "
     "the next power"),
    ("block", "Block", "Block", "B",
     "Major action: +5 to your defenses until your next turn, not against guns"),
    ("handle_equipment", "Handle Equipment", "Equipment", "Q",
     "Major action: draw a put-away weapon (the one in hand is put away); picking up your "
     "weapon next to you is free"),
    ("consume_substance", "Consume Substance", "Drink", "F",
     "Major action: drink your healing draught (15 HP back)"),
    ("get_up", "Get Up", "Get Up", "R", "Move action: you are no longer Grounded"),
    ("wait", "Wait", "Wait", "P",
     "Before acting: take your turn just before or after an ally yet to act (click it; Tab: "
     "before or after)"),
    ("end_turn", "End Turn", "End Turn", "E", "End this creature's turn"),
)

#: the light rules' refusal codes in a few words (an unknown code shows the engine's sentence)
LIGHT_SHORT_REASONS = {
    "battle_over": "The battle is over",
    "awaiting_reaction": "Waiting for an Opportunity Attack's answer",
    "not_your_turn": "Not its turn",
    "stunned": "Stunned: no move actions this turn",
    "no_move_action": "No move action left",
    "no_major_action": "Major action used",
    "grounded": "Grounded: Get Up first",
    "not_grounded": "Not Grounded",
    "no_weapon": "No weapon in hand for it",
    "no_powers": "No power to use on its turn",
    "no_mp": "Not enough MP",
    "no_uses": "No uses left",
    "already_acted": "Already acted: too late to Wait",
    "nothing_to_drink": "No draught left",
    "unhurt": "Unhurt",
}

#: "no_target" in a few words, by light action (Handle Equipment, Consume Substance and Wait
#: show the engine's sentence: it names the first reason their commands were refused)
LIGHT_NO_TARGET = {
    "shift": "Nowhere to shift to", "walk": "Nowhere to walk to (farther than a Shift)",
    "run": "Nowhere to run to", "light_attack": "No enemy in reach",
    "heavy_attack": "No enemy in reach", "volley_attack": "No enemy in reach or range",
    "dash_attack": "No enemy in range", "scope_attack": "No enemy in range",
    "throw_weapon": "No enemy within 2 hexes", "use_power": "No target for a power",
}


#: the steller rules' action bar (docs/rules/steller/actions.md): (action, label, short label,
#: hotkey label, what it does)
STELLER_ACTIONS: tuple[tuple[str, str, str, str, str], ...] = (
    ("basic_attack", "Basic Attack", "Basic", "1",
     "Standard action: your melee or ranged basic attack (click a highlighted enemy)"),
    ("use_power", "Use Power", "Power", "M",
     "A power (its own action; encounter and daily powers once a battle): click a "
     "highlighted target; Tab or M again: the next power"),
    ("walk", "Walk", "Walk", "2",
     "Move action: up to your speed; leaving a hex next to an enemy provokes"),
    ("shift", "Shift", "Shift", "3", "Move action: 1 hex; never provokes"),
    ("run", "Run", "Run", "4",
     "Move action: speed + 2; -5 to your attacks and enemies gain combat advantage until "
     "your next turn"),
    ("charge", "Charge", "Charge", "5",
     "Standard action: move 2+ hexes straight at an enemy, then a melee basic attack at +1; "
     "no further action this turn"),
    ("stand_up", "Stand Up", "Stand Up", "R", "Move action: you are no longer prone"),
    ("crawl", "Crawl", "Crawl", "Q",
     "Move action, prone only: half your speed; leaving a hex next to an enemy provokes"),
    ("squeeze", "Squeeze", "Squeeze", "X",
     "Move action, bigger than one hex: half speed in the space one size smaller; -5 to your "
     "attacks and enemies gain combat advantage until you have room"),
    ("escape", "Escape", "Escape", "O",
     "Move action, grabbed: Acrobatics vs the grabber's Reflex or Athletics vs its "
     "Fortitude; success frees you and you may shift 1 (Tab: the other skill)"),
    ("second_wind", "Second Wind", "2nd Wind", "F",
     "Standard action, once a battle: spend a healing surge, +2 to all defenses until your "
     "next turn"),
    ("total_defense", "Total Defense", "Defend", "B",
     "Standard action: +2 to all defenses until your next turn"),
    ("coup_de_grace", "Coup de Grace", "Coup", "6",
     "Standard action: your melee basic attack on a helpless enemy next to you; a hit is a "
     "critical"),
    ("aid_another", "Aid Another", "Aid", "7",
     "Standard action: melee basic attack vs 10 on an enemy in reach; an ally gets +2 to its "
     "next attack on it, or +2 to defenses against its next attack (Tab: which)"),
    ("bull_rush", "Bull Rush", "Bull Rush", "8",
     "Standard action: Strength vs Fortitude on an adjacent enemy; a hit pushes it 1 hex and "
     "you step into its hex"),
    ("grab", "Grab", "Grab", "9",
     "Standard action: Strength vs Reflex on an enemy in reach; a hit holds it in place while "
     "you sustain the grab"),
    ("sustain_grab", "Sustain Grab", "Hold", "I", "Minor action: keep your grab this turn"),
    ("ready", "Ready an Action", "Ready", "0",
     "Standard action: an attack held for an enemy entering reach or attacking, made as an "
     "immediate reaction (Tab: which attack and trigger)"),
    ("delay", "Delay", "Delay", "J",
     "No action, before you act: your turn waits; you are asked after each later turn "
     "whether to come back"),
    ("action_point", "Action Point", "Act. Pt", "P",
     "Free action, once a battle: another standard (or move, or minor) action this turn"),
    ("throw_grenade", "Throw Grenade", "Grenade", "U",
     "Standard action: burst a grenade of yours on a hex within its range (each has its "
     "uses): click a highlighted hex"),
    ("end_turn", "End Turn", "End Turn", "E", "End this creature's turn"),
)

#: the steller rules' refusal codes in a few words
STELLER_SHORT_REASONS = {
    "battle_over": "The battle is over",
    "awaiting_reaction": "Waiting for a reaction's answer",
    "grenade": "A grenade: throw it",
    "not_a_grenade": "Not a grenade",
    "not_your_turn": "Not its turn",
    "no_actions": "It can take no action",
    "no_standard_action": "Standard action used",
    "no_move_action": "No move action left",
    "no_minor_action": "No minor action left",
    "prone": "Prone: stand up first",
    "not_prone": "Not prone",
    "immobilized": "Cannot leave its hex",
    "power_spent": "Used this battle",
    "second_wind_used": "Second wind used",
    "action_point_used": "Action point spent",
    "action_unspent": "Take this turn's action first",
    "no_surges": "No healing surge left",
    "surprise_round": "Surprise round: no action point",
    "already_acted": "Acted already: too late to delay",
    "delayed_already": "Delayed once this round",
    "dazed": "Dazed",
    "squeezing": "Squeezing: squeeze or shift",
    "too_small": "Fills one hex: nothing to squeeze into",
    "not_grabbing": "Holds no grab",
    "sustained": "Grab held this turn",
    "not_grabbed": "Not grabbed",
}

STELLER_NO_TARGET = {
    "basic_attack": "No enemy in reach or range", "use_power": "No target for a power",
    "walk": "Nowhere to walk to", "shift": "Nowhere to shift to", "run": "Nowhere to run to",
    "charge": "No enemy to charge", "coup_de_grace": "No helpless enemy next to it",
    "action_point": "No spent action to take again",
    "crawl": "Nowhere to crawl to", "squeeze": "Nowhere to squeeze to",
    "escape": "No way to escape now", "aid_another": "No enemy in reach to aid against",
    "bull_rush": "No enemy next to it", "grab": "No enemy in reach",
    "ready": "No attack to ready",
}


@dataclass(frozen=True)
class BarTable:
    """One rule profile's action bar: its buttons (each named by the engine's action id, the
    id its legality query answers for; "more" opens the More actions menu), the refusal codes
    in a few words, "no_target" by button, and whether the rarer actions have a menu of their
    own (More actions)."""
    actions: tuple
    reasons: dict
    no_target: dict
    more_menu: bool = False
    no_target_else: str = ""     # "no_target" of a button not in `no_target` ("": the
    #                              engine's sentence)

    def label(self, action: str) -> str:
        return next((row[1] for row in self.actions if row[0] == action),
                    action.replace("_", " ").capitalize())


BAR_TABLES = {
    "lfg": BarTable(ACTIONS, SHORT_REASONS, NO_TARGET, more_menu=True,
                    no_target_else="Not possible now"),
    "light": BarTable(LIGHT_ACTIONS, LIGHT_SHORT_REASONS, LIGHT_NO_TARGET),
    "steller": BarTable(STELLER_ACTIONS, STELLER_SHORT_REASONS, STELLER_NO_TARGET),
}


def bar_table(battle) -> BarTable:
    """The action bar of the battle's rule profile (by its name); a profile without a table
    of its own gets a button per action of its legality query, without hotkeys."""
    profile = getattr(battle, "profile", None)
    name = getattr(profile, "name", "lfg")
    if name in BAR_TABLES:
        return BAR_TABLES[name]
    rows = tuple((a, a.replace("_", " ").capitalize(), a.replace("_", " ").capitalize(), "",
                  "") for a in profile.action_ids)
    return BarTable(rows, {}, {})


def action_label(battle, action: str) -> str:
    """An engine action's name for people: the battle's bar, else the More actions menu."""
    table = bar_table(battle)
    if any(row[0] == action for row in table.actions):
        return table.label(action)
    return next((lbl for a, lbl, _ in MORE_ACTIONS if a == action),
                str(action).replace("_", " ").capitalize())


def light_rules(battle) -> bool:
    """Does the battle play the light rules (its profile's name says so)?"""
    return getattr(getattr(battle, "profile", None), "name", "") == "light"


def steller_rules(battle) -> bool:
    """Does the battle play the steller rules (its profile's name says so)?"""
    return getattr(getattr(battle, "profile", None), "name", "") == "steller"


def own_bar(battle) -> bool:
    """Does the battle play a rulebook with a bar of its own engine actions (light, steller):
    a click with no action chosen walks or attacks, as game.ui.light_play says?"""
    return light_rules(battle) or steller_rules(battle)


def turn_left(battle, name: str) -> str:
    """What the light or steller creature's turn has left ("move action ready · major action
    used", "standard ready · move used · minor ready")."""
    if steller_rules(battle):
        return steller_turn_words(battle, name)
    return turn_words(battle, name)


def mode_words(battle, model) -> str:
    """The UI mode in the words of a light or steller battle's bar ("Light Attack"; no action
    chosen: a click walks or attacks); "" for the default rules (their mode's name says it)."""
    if not own_bar(battle) or model is None:
        return ""
    more = getattr(model, "more", None)
    if getattr(model, "mode", None) == "more" and getattr(more, "action", None):
        label = action_label(battle, more.action)
        power = getattr(more, "power", None)
        return f"{label} ({power_name(battle, battle.active, power)})" if power else label
    return "click: walk or attack"


def power_name(battle, name: str | None, power_id: str | None) -> str:
    """A light creature's power by its id, as its stat block names it."""
    from game.engine.light.body import sheet_of
    if not name or name not in battle.eids or not power_id:
        return str(power_id or "")
    power = next((p for p in sheet_of(battle, name).powers if p.id == power_id), None)
    return power.name if power is not None else power_id


def short_reason(action: str, option, table: BarTable | None = None) -> str:
    """A disabled action of the engine's query in a few words ("No Big Action left")."""
    table = table or BAR_TABLES["lfg"]
    if option.code == "no_target" and (action in table.no_target or table.no_target_else):
        return table.no_target.get(action, table.no_target_else)
    text = table.reasons.get(option.code, option.reason)
    return text[:1].upper() + text[1:]


def _human(battle, human) -> bool:
    if human is not None:
        return bool(human)
    kind, name = battle.decider()
    return kind == "turn" and battle.controller(name).kind == "human"


def blocked_reason(battle, human: bool | None = None) -> str:
    """Why no action button can be used right now ("" when the active creature may act)."""
    kind, name = battle.decider()
    if kind == "over":
        return "The battle is over"
    if kind == "reaction":
        what = {"interrupt": "interrupt", "defense": "defense prompt",
                "return": "question whether it comes back from its delay",
                "ready": "readied action",
                "immediate": "immediate action"}.get(battle.pending.kind, aoo_name(battle))
        return f"Waiting for {name}'s answer to the {what}"
    if kind == "choice":
        return f"{name} must first pick who acts next"
    if not _human(battle, human):
        return f"Not your turn ({name} is played by the computer)"
    return ""


def aoo_name(battle) -> str:
    """The reaction to a creature leaving reach, in the battle's rules' words."""
    if steller_rules(battle):
        return "opportunity attack"
    return "Opportunity Attack" if light_rules(battle) else "attack of opportunity"


def acting(battle, model=None) -> str | None:
    """Whose actions the bar shows: the selected minion its leader has directed, else the
    creature whose turn it is (docs/rules/15-minions.md)."""
    from game.engine.minions import commandable
    selected = getattr(model, "selected", None) if model is not None else None
    return selected if commandable(battle, selected) else battle.active


def action_states(battle, model=None, human: bool | None = None) -> list[ActionState]:
    """One `ActionState` per action button, in hotkey order (1-9, 0, R, I, B, E).

    `human`: whether the people at this screen control the active creature (the controller's
    `is_human_turn()`); None reads the creature's Controller component."""
    blocked = blocked_reason(battle, human)
    table = bar_table(battle)
    engine = {} if blocked else {o.action: o for o in battle.actions(acting(battle, model))}
    out = []
    for action, label, short, key, text in table.actions:
        option = engine.get(action)
        if action == "more":
            reason, detail, cost = (blocked or _more_reason(engine)), "", ""
        elif option is None:
            reason, detail, cost = blocked, "", ""
        else:
            reason = "" if option.enabled else short_reason(action, option, table)
            detail, cost = option.reason, option.cost
        enabled = not reason
        out.append(ActionState(action, label, key, enabled, reason, short, text,
                               enabled and _selected(battle, model, action), detail, cost))
    return out


def _selected(battle, model, action: str) -> bool:
    """Is the button's action the UI's current mode (a light action: the mode's action)?"""
    mode = getattr(model, "mode", None) if model is not None else None
    if mode is None:
        return False
    if own_bar(battle):
        more = getattr(model, "more", None)
        return mode == "more" and getattr(more, "action", None) == action
    return MODE_OF_ACTION.get(action) == mode


def _more_reason(engine: dict) -> str:
    """Why the More actions menu has nothing to offer ("" when one of them is enabled)."""
    if any(engine.get(a) is not None and engine[a].enabled for a, _, _ in MORE_ACTIONS):
        return ""
    return "None of the rarer actions is possible now"


def more_states(battle, human: bool | None = None) -> list[ActionState]:
    """One `ActionState` per entry of the More actions menu (MORE_ACTIONS), from the engine's
    query: enabled, or why not in a few words and the engine's sentence."""
    blocked = blocked_reason(battle, human)
    engine = {} if blocked else {o.action: o for o in battle.actions(battle.active)}
    out = []
    for action, label, text in MORE_ACTIONS:
        option = engine.get(action)
        if option is None:
            out.append(ActionState(action, label, "J", False, blocked or "Not possible now",
                                   label, text))
            continue
        reason = "" if option.enabled else short_reason(action, option)
        out.append(ActionState(action, label, "J", not reason, reason, label, text,
                               detail=option.reason, cost=option.cost))
    return out


# ---- the unit card ------------------------------------------------------------------------------

@dataclass(frozen=True)
class UnitCard:
    name: str
    title: str               # the stat block's name ("Goblin Archer")
    team: str
    level: int
    size: str
    hp: int
    max_hp: int
    ac: int                  # the stat block's AC (docs/rules/10-attacks-and-damage.md)
    ac_now: int              # with the creature's own conditions, vs melee (not cover)
    speed_ft: int            # after conditions (docs/rules/11-hit-points-and-conditions.md)
    reach: int               # natural reach in hexes (docs/rules/02-size-and-reach.md)
    weapons: list[WeaponLine]        # the weapons in hand
    big: int
    little: int
    movement: int            # hexes of movement left from Move actions this turn
    active: bool
    acted: bool
    reaction: bool           # a Reaction is available (docs/rules/04-attacks-of-opportunity.md)
    reaction_note: str      # "ready", "used", "cannot react: Flat-Footed"
    policy: str              # AOO policy: always / never / ask
    controller: str          # human / ai
    conditions: list[ConditionLine]
    dead: bool = False
    status: str = ""         # "", "down", "dead"
    initiative: int | None = None
    sheathed: list[str] = field(default_factory=list)     # names of the weapons not in hand
    on_ground: list[str] = field(default_factory=list)    # "Javelin at 5,2"
    abilities: tuple[str, ...] = ()   # "Fear Burst: 2/3 per day"
    temp_hp: int = 0         # temporary hit points, lost first (rules: Healing and first aid)
    clots_in: int | None = None      # bleeding: rounds before the wound starts to clot
    group: str = ""          # a leader's or a minion's shared actions ("Minions: 2/3 ...")

    @property
    def condition_names(self) -> list[str]:
        return [c.name for c in self.conditions]


def _weapon_line(u, w, chosen: bool) -> WeaponLine:
    bits = []
    if w.id == u.unit.off_hand:       # rules: Special attacks and archery, the off hand
        hand = "right" if u.unit.handed == "left" else "left"
        bits.append(f"off hand ({hand})")
    if w.id in u.ammo:
        bits.append(f"{u.ammo[w.id]} shots left")
    if w.can_melee:
        reach = u.unit.reach_with(w)
        bits.append(f"reach {reach}" if reach is not None else "melee")
    if w.range_increment_ft:
        bits.append(("thrown " if w.can_melee or w.attack == "thrown" else "range ")
                    + f"{w.range_increment_ft} ft")
    return WeaponLine(w.id, w.name, w.stat_line(), ", ".join(bits), chosen)


def _bleed_effect(rule, bled_rounds: int) -> str:
    """Bleed X's line, with the rounds before the wound clots (rules: Hit points and
    conditions)."""
    from game.rules.health import rounds_to_clot
    left = rounds_to_clot(bled_rounds)
    when = f"clots in {left} round{'s' if left != 1 else ''}" if left else \
        "clotting: 1 less each round"
    return f"{when}; {rule.lfg}"


def _condition_lines(conditions, flanked: bool, bled_rounds: int = 0) -> list[ConditionLine]:
    from game.rules import conditions as cond
    out = []
    for key, value in conditions.items():
        rule = cond.ALL_RULES.get(key)
        if rule is None or not value:
            continue
        names = cond.describe({key: value})
        if not names:
            continue
        effect = rule.lfg
        if key == "bleed":
            effect = _bleed_effect(rule, bled_rounds)
        if key == "weakened":
            stage = cond.weakened_stage({key: value})
            effect = stage.lfg if stage else effect
        out.append(ConditionLine(names[0], effect))
    if flanked:
        out.append(ConditionLine("Flanked", cond.FLANKED.lfg))
    return out


def unit_card(battle, name: str, model=None) -> UnitCard | None:
    """The card of a creature on the map (None when there is none by that name)."""
    from game.ecs.components import Identity, Weapons
    from game.rules import conditions as cond
    from game.rules.flanking import flanking
    from game.rules.movement import effective_speed_ft
    from game.rules.situation import find_weapon
    if name is None or name not in getattr(battle, "eids", {}):
        return None
    if light_rules(battle):
        return light_card(battle, name, model)
    if steller_rules(battle):
        return steller_card(battle, name, model)
    view = battle.view()
    u = view.unit(name)
    title = battle.component(name, Identity).title or u.unit.name
    carried = battle.component(name, Weapons)
    chosen = None
    wanted = getattr(model, "weapon", None) if model is not None else None
    if wanted is not None and name == battle.active:
        chosen = find_weapon(u, wanted)
    if chosen is None and 0 <= carried.ready < len(carried.items):
        chosen = carried.items[carried.ready]
    weapons = [_weapon_line(u, w, chosen is not None and w.id == chosen.id) for w in u.weapons]
    flanked = not u.dead and flanking(view, u).flanked
    budget = battle.budget(name)
    active = name == battle.active or minion_acting(battle, name)
    eff = cond.effective(u.conditions)
    can_react = cond.can_react(u.conditions) and not u.dead
    if u.dead:
        note = "dead"
    elif not can_react:
        why = [cond.ALL_RULES[k].title for k in eff if k in cond.ALL_RULES
               and not cond.ALL_RULES[k].can_react]
        stage = cond.weakened_stage(eff)
        if stage and not stage.can_react:
            why.append(f"Weakened {stage.stage}")
        note = "cannot react" + (f": {', '.join(why)}" if why else "")
    elif u.reaction_available:
        note = "ready" if name not in battle.leader_of else "the group's kept one, ready"
    else:
        note = "used this round" if name not in battle.leader_of else "none kept by the group"
    controller = battle.controller(name)
    status = "dead" if u.dead else ("down" if "unconscious" in eff else "")
    return UnitCard(
        name=name, title=title, team=u.team, level=u.level, size=u.size, hp=u.hp,
        max_hp=u.max_hp, ac=u.ac, ac_now=u.ac + cond.ac_penalty(u.conditions, melee=True,
                                                                 flanked=flanked),
        speed_ft=effective_speed_ft(u), reach=u.reach,
        weapons=weapons, big=budget.big if active else 0,
        little=budget.little if active else 0, movement=budget.movement if active else 0,
        active=active, acted=budget.acted, reaction=can_react and u.reaction_available,
        reaction_note=note, policy=u.aoo_policy, controller=controller.kind,
        conditions=[] if u.dead else _condition_lines(u.conditions, flanked, u.bled_rounds),
        dead=u.dead, status=status,
        initiative=battle.initiative.get(name),
        sheathed=[w.name for w in u.sheathed],
        on_ground=[f"{w.name} at {battle.cell(h)[0]},{battle.cell(h)[1]}" for w, h in u.dropped],
        abilities=ability_lines(u), temp_hp=0 if u.dead else u.temp_hp,
        clots_in=_clots_in(u), group=group_line(battle, name))


def _clots_in(u) -> int | None:
    from game.rules.health import rounds_to_clot
    if u.dead or not u.conditions.get("bleed"):
        return None
    return rounds_to_clot(u.bled_rounds)


def minion_acting(battle, name: str) -> bool:
    from game.engine.minions import commandable
    return commandable(battle, name)


def group_line(battle, name: str) -> str:
    """The shared actions of the group `name` leads or belongs to (docs/rules/15-minions.md):
    "Minions: 2/3 actions left · Reaction kept" / "Minion of Vrask: 2/3 actions left"."""
    from game.engine.minions import group, pool_of
    held = pool_of(battle, name)
    if held is None:
        return ""
    leader, pool = held
    total = battle.ruleset.economy.minion_actions
    if pool.directed:
        state = f"{pool.actions}/{total} actions left"
    elif pool.holder:
        state = "not directed yet (Direct Minions)"
    else:
        state = "waiting for " + ("its" if leader == name else f"{leader}'s") + " turn"
    reaction = " · Reaction kept" if pool.reaction else ""
    if leader == name:
        return f"Minions ({len(group(battle, name))}): {state}{reaction}"
    return f"Minion of {leader}: {state}{reaction}"


def pool_text(battle, name: str) -> str:
    """The group's actions for the initiative list: "3/3", "-/3" (not directed), "R" (kept
    Reaction) or ""."""
    from game.engine.minions import pool_of
    held = pool_of(battle, name)
    if held is None:
        return ""
    _, pool = held
    total = battle.ruleset.economy.minion_actions
    if pool.directed:
        return f"{pool.actions}/{total}"
    return "R" if pool.reaction else f"-/{total}"


def ability_lines(u) -> tuple[str, ...]:
    """Each special ability of a creature with its uses left (rules: Special abilities)."""
    out = []
    for a in u.unit.abilities:
        left = "at will" if a.uses is None else f"{u.uses.get(a.id, 0)}/{a.uses} per {a.per}"
        out.append(f"{a.name}: {left}")
    return tuple(out)


# ---- initiative ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    name: str
    team: str
    initiative: int | None
    acted: bool              # has taken its turn this round
    active: bool             # its turn now
    can_pick: bool           # may be picked to act next (docs/rules/09-turns-and-actions.md)
    status: str = ""         # "", "down" (unconscious), "dead", "left"
    hp: int = 0
    max_hp: int = 0
    chooser: bool = False    # picks who acts next
    pool: str = ""           # its minion group's shared actions ("2/3"; game.engine.minions)
    leader: str = ""         # a minion: its leader (it acts in the leader's turn)
    lives: int | None = None  # the light rules: lives left (docs/rules/light/turns.md)


def initiative_entries(battle) -> list[Entry]:
    """The creatures in initiative order (highest first; those who left the map last)."""
    from game.engine import turns
    from game.rules import conditions as cond
    picking = battle.awaiting() == "choice"
    candidates = set(turns.candidates(battle)) if picking else set()
    names = list(battle.order) + [n for n in battle.eids if n not in battle.order]
    out = []
    light = light_rules(battle)
    for name in names:
        if name in battle.eids and light:
            out.append(_light_entry(battle, name))
        elif name in battle.eids:
            u = battle.unit(name)
            eff = cond.effective(u.conditions)
            status = "dead" if u.dead else ("down" if "unconscious" in eff else "")
            out.append(Entry(name, u.team, battle.initiative.get(name), battle.budget(name).acted,
                             name == battle.active, name in candidates, status, u.hp, u.max_hp,
                             picking and name == battle.chooser, pool_text(battle, name),
                             battle.leader_of.get(name, "")))
        elif name in battle.left:
            out.append(Entry(name, battle.left[name], battle.initiative.get(name), True, False,
                             False, "left"))
    return out


def _light_entry(battle, name: str) -> Entry:
    """A light creature's line: its lives, and K.O. (it comes back) or out."""
    u = battle.unit(name)
    return Entry(name, u.team, battle.initiative.get(name), battle.budget(name).acted,
                 name == battle.active, False, status_of(battle, name), u.hp, u.max_hp,
                 lives=lives_of(battle, name))


# ---- the combat log -----------------------------------------------------------------------------

def _cell(c) -> str:
    try:
        return f"{c[0]},{c[1]}"
    except (TypeError, IndexError):
        return str(c)


def _a(noun: str) -> str:
    noun = noun.lower()
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


_MOVE_VERB = {"move": "moves", "step": "takes a 5-Foot Step", "run": "runs",
              "charge": "charges", "retreat": "retreats", "stand": "stands and moves",
              "stand_up": "stands and moves", "shift": "shifts", "walk": "walks",
              "dash": "dashes"}

_POLICY_TEXT = {"always": "will always take its attacks of opportunity",
                "never": "will never take attacks of opportunity",
                "ask": "will ask before each attack of opportunity"}

_DEFENSE_POLICY_TEXT = {"always": "will parry or dodge whenever it helps",
                        "never": "will never parry or dodge",
                        "ask": "will ask before each parry or dodge"}

_INTERRUPT_POLICY_TEXT = {"always": "will try every Interrupt Turn it is offered",
                          "never": "will never try an Interrupt Turn",
                          "ask": "will ask before each Interrupt Turn"}

_TRIGGER_TEXT = {"enters_reach": "an enemy enters its reach", "attacks": "an enemy attacks",
                 "comes_into_sight": "an enemy comes into sight"}
TRIGGER_TEXT = _TRIGGER_TEXT        # Prepare to Interrupt's triggers, in the players' words


def _condition_title(condition: str, value: int = 1) -> str:
    from game.rules import conditions as cond
    names = cond.describe({condition: value or 1})
    return names[0] if names else condition.replace("_", " ").title()


def _condition_effect(condition: str) -> str:
    from game.rules import conditions as cond
    rule = cond.ALL_RULES.get(condition)
    return f"{rule.title}: {rule.lfg} ({rule.rule})" if rule else ""


def _attack_line(a: E.AttackRolled, dmg: E.Damaged | None) -> LogEntry:
    weapon = _a(a.weapon)
    tags = {"aoo": " (attack of opportunity)", "interrupt": " (interrupt)",
            "charge": " (charge)", "power attack": " (Power Attack)",
            "knockout": " (Knockout Strike)", "volley": " (volley)",
            "stray": " (stray missile)", "off hand": " (off hand)"}
    tag = tags.get(a.kind, "")
    units = (a.attacker, a.target)
    detail = a.breakdown
    if a.hit and not a.concealed_miss:
        if dmg is not None:
            crit = " (critical!)" if a.critical or dmg.critical else ""
            shield = f" ({dmg.absorbed} on temporary HP)" if dmg.absorbed else ""
            text = (f"{a.attacker} hits {a.target} with {weapon} for {dmg.amount}{shield}"
                    f"{crit}{tag}")
            detail = f"{a.breakdown}\n{dmg.breakdown}"
        else:
            crit = " (critical!)" if a.critical else ""
            text = f"{a.attacker} hits {a.target} with {weapon}{crit}{tag}"
        kind = "critical" if a.critical else "attack"
    elif a.concealed_miss:
        text = (f"{a.attacker} would hit {a.target} with {weapon}, but misses in the "
                f"concealment (d10 {a.miss_chance_roll}){tag}")
        kind = "miss"
    else:
        against = {"parry": "Active Parry", "dodge": "Active Dodge"}.get(a.defense, "AC")
        text = f"{a.attacker} misses {a.target} with {weapon} ({a.total} vs {against} {a.ac}){tag}"
        kind = "miss"
    events = (a, dmg) if dmg is not None else (a,)
    return LogEntry(text, detail, units, kind, events)


def _order_line(e: E.Event) -> LogEntry | None:
    """The line of initiative, a round, a turn or who acts next."""
    if isinstance(e, E.InitiativeRolled):
        return LogEntry(f"{e.unit} rolls {e.total} for initiative", e.breakdown, (e.unit,),
                        "initiative", (e,))
    if isinstance(e, E.RoundStarted):
        return LogEntry(f"Round {e.round}", "", (), "round", (e,))
    if isinstance(e, E.TurnStarted):
        return LogEntry(f"{e.unit}'s turn", "", (e.unit,), "turn", (e,))
    if isinstance(e, E.TurnEnded):
        return LogEntry(f"{e.unit} ends its turn", "", (e.unit,), "turn_end", (e,))
    if isinstance(e, E.NextChosen):
        if e.by == e.next:
            text = f"{e.by} acts next again"
        else:
            text = f"{e.by} picks {e.next} to act next"
        return LogEntry(text, "Selective initiative (rules: Turns, actions and initiative)", (e.by, e.next), "turn", (e,))
    if isinstance(e, E.ChoiceNeeded):
        options = list(e.candidates)
        listed = ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1] \
            if options else "nobody"
        return LogEntry(f"{e.chooser} picks who acts next: {listed}",
                        "Selective initiative: any creature that has not acted this round "
                        "(rules: Turns, actions and initiative)", (e.chooser, *options), "choice", (e,))
    return None


def _action_line(e: E.Event) -> LogEntry | None:
    """The line of an action, a move, a provocation, a reaction or an attack."""
    if isinstance(e, E.ActionSpent):
        return LogEntry(f"{e.unit}: {e.action}",
                        f"{e.unit} spends {e.action}: {e.big} Big, {e.little} Little Action"
                        f"{'s' if e.little != 1 else ''} left (rules: Turns, actions and initiative)", (e.unit,),
                        "action", (e,))
    if isinstance(e, E.Moved):
        verb = _MOVE_VERB.get(e.kind, "moves")
        hexes = len(e.path)
        if e.kind == "step":
            text = f"{e.unit} takes a 5-Foot Step to {_cell(e.end)}"
        else:
            text = (f"{e.unit} {verb} from {_cell(e.start)} to {_cell(e.end)} "
                    f"({hexes} hex{'es' if hexes != 1 else ''})")
        detail = (f"Path: {' > '.join(_cell(c) for c in (e.start, *e.path))}; "
                  f"cost {e.cost} hex{'es' if e.cost != 1 else ''} of movement (rules: Movement)")
        return LogEntry(text, detail, (e.unit,), "move", (e,))
    if isinstance(e, E.Provoked):
        how = {"movement": f"leaving {_cell(e.at)}",
               "standing up": f"by standing up at {_cell(e.at)}",
               "aiming": f"by aiming at {_cell(e.at)}",
               "ranged attack": f"with a ranged attack at {_cell(e.at)}",
               "coup de grace": f"with a coup de grace at {_cell(e.at)}"}.get(
            e.reason, f"({e.reason} at {_cell(e.at)})")
        return LogEntry(f"{e.unit} provokes {e.by} {how}",
                        f"{e.by} may make an attack of opportunity: {e.reason} (rules: Attacks of opportunity)",
                        (e.unit, e.by), "provoke", (e,))
    if isinstance(e, E.ReactionAsked) and e.kind == "interrupt":
        return LogEntry(f"{e.by} may take its turn now, in the middle of {e.unit}'s at "
                        f"{_cell(e.at)}: its player decides",
                        "An Interrupt Turn costs its Reaction (rules: Turns, actions and "
                        "initiative)", (e.by, e.unit), "interrupt", (e,))
    if isinstance(e, E.ReactionAsked) and e.kind == "immediate":
        return LogEntry(f"{e.by} may take an immediate action against {e.unit}: its player "
                        "decides", "One immediate action a round (steller rules: Powers)",
                        (e.by, e.unit), "reaction", (e,))
    if isinstance(e, E.ReactionAsked) and e.kind == "defense":
        return LogEntry(f"{e.by} may defend against {e.unit}'s attack: its player decides",
                        "Active Parry or Active Dodge (rules: Reactions)", (e.by, e.unit),
                        "reaction", (e,))
    if isinstance(e, E.ReactionAsked):
        return LogEntry(f"{e.by} may attack {e.unit} at {_cell(e.at)}: its player decides",
                        "The creature's AOO policy is 'ask' (rules: Attacks of opportunity)", (e.by, e.unit),
                        "reaction", (e,))
    if isinstance(e, E.ReactionDeclined):
        text, detail = {
            "interrupt": (f"{e.by} lets {e.unit}'s turn go on", "Interrupt Turn declined "
                          "(rules: Turns, actions and initiative)"),
            "defense": (f"{e.by} neither parries nor dodges {e.unit}'s attack",
                        "Active defense declined (rules: Reactions)")}.get(
            e.kind, (f"{e.by} lets {e.unit} go", "Attack of opportunity declined "
                     "(rules: Attacks of opportunity)"))
        return LogEntry(text, detail, (e.by, e.unit), "reaction", (e,))
    if isinstance(e, E.AttackRolled):
        return _attack_line(e, None)
    return None


def _state_line(e: E.Event) -> LogEntry | None:
    """The line of damage, a condition, a save, a death and the rest."""
    if isinstance(e, E.Damaged):
        shield = f", {e.absorbed} of it temporary HP" if e.absorbed else ""
        if e.damage_type == "biological" and e.breakdown.lower().startswith("bleed"):
            text = f"{e.unit} bleeds for {e.amount} (HP {e.hp}{shield})"
        else:
            kind = f" {e.damage_type}" if e.damage_type else ""
            text = f"{e.unit} takes {e.amount}{kind} damage (HP {e.hp}{shield})"
        return LogEntry(text, e.breakdown, (e.unit,), "damage", (e,))
    if isinstance(e, E.ConditionAdded):
        title = _condition_title(e.condition, e.value)
        return LogEntry(f"{e.unit} is now {title}", _condition_effect(e.condition), (e.unit,),
                        "condition", (e,))
    if isinstance(e, E.ConditionRemoved):
        title = _condition_title(e.condition)
        return LogEntry(f"{e.unit} is no longer {title}", _condition_effect(e.condition),
                        (e.unit,), "condition", (e,))
    if isinstance(e, E.SaveRolled):
        result = "succeeds" if e.success else "fails"
        return LogEntry(f"{e.unit}'s {e.save} save {result} ({e.total} vs DC {e.dc})",
                        e.breakdown, (e.unit,), "save", (e,))
    if isinstance(e, E.Died):
        if e.cause == "coup de grace" and e.by:
            text = f"{e.by} slays {e.unit} with a coup de grace"
        elif e.cause == "bleeding":
            text = f"{e.unit} bleeds to death"
        elif e.by:
            text = f"{e.unit} is killed by {e.by}"
        else:
            text = f"{e.unit} dies"
        units = (e.unit, e.by) if e.by else (e.unit,)
        return LogEntry(text, f"at {_cell(e.at)} (rules: Hit points and conditions)", units, "death", (e,))
    if isinstance(e, E.LeftMap):
        return LogEntry(f"{e.unit} leaves the map at {_cell(e.at)}",
                        "It counts as beaten for its side (rules: Winning)", (e.unit,), "move",
                        (e,))
    return None


def _weapon_line_of(e: E.WeaponMoved) -> LogEntry:
    """Drawn, sheathed, thrown, picked up, or a shot spent."""
    if e.action == "shot":
        return LogEntry(f"{e.unit} has {e.left} shot{'s' if e.left != 1 else ''} left for "
                        f"{e.weapon}", "Ammunition (rules: Attack rolls and damage)", (e.unit,),
                        "info", (e,))
    text = {"drawn": f"{e.unit} draws its {e.weapon}",
            "sheathed": f"{e.unit} sheathes its {e.weapon}",
            "picked up": f"{e.unit} picks up its {e.weapon}",
            "loaded": f"{e.unit} loads its {e.weapon}",
            "dropped": f"{e.unit} drops its {e.weapon}"}.get(e.action)
    if text is None:
        text = f"{e.unit}'s {e.weapon} lands at {_cell(e.at)}" if e.at else \
            f"{e.unit}'s {e.weapon}: {e.action}"
    return LogEntry(text,
                    "Weapons in hand (rules: Turns, actions and initiative)", (e.unit,),
                    "action", (e,))


def _rare_line(e: E.Event) -> LogEntry | None:
    """The line of an interrupt, a policy, standing up, a weapon, a maimed limb, the end."""
    if isinstance(e, E.InterruptPrepared):
        trigger = _TRIGGER_TEXT.get(e.trigger, e.trigger)
        weapon = f" with {_a(e.weapon)}" if e.weapon and e.action == "attack" else ""
        what = "strike" if e.action == "attack" else e.action.replace("_", " ")
        return LogEntry(f"{e.unit} prepares to {what}{weapon} when {trigger}",
                        "Prepare to Interrupt (rules: Turns, actions and initiative)", (e.unit,), "interrupt", (e,))
    if isinstance(e, E.InterruptLapsed):
        return LogEntry(f"{e.unit}'s prepared interrupt lapses", "", (e.unit,), "interrupt",
                        (e,))
    if isinstance(e, E.InterruptTriggered):
        result = f"{e.unit} acts first" if e.won else f"{e.by} is faster"
        return LogEntry(f"{e.by} triggers {e.unit}'s interrupt: {result}", e.breakdown,
                        (e.unit, e.by), "interrupt", (e,))
    if isinstance(e, E.PolicySet):
        if e.reaction == "defense":
            return LogEntry(f"{e.unit} {_DEFENSE_POLICY_TEXT.get(e.policy, e.policy)}",
                            "Defense policy (rules: Reactions)", (e.unit,), "info", (e,))
        if e.reaction == "interrupt":
            return LogEntry(f"{e.unit} {_INTERRUPT_POLICY_TEXT.get(e.policy, e.policy)}",
                            "Interrupt policy (rules: Turns, actions and initiative)",
                            (e.unit,), "info", (e,))
        return LogEntry(f"{e.unit} {_POLICY_TEXT.get(e.policy, 'policy: ' + e.policy)}",
                        "AOO policy (rules: Attacks of opportunity)", (e.unit,), "info", (e,))
    if isinstance(e, E.Stood):
        return LogEntry(f"{e.unit} stands up", "Stand Up (rules: Movement)", (e.unit,), "move",
                        (e,))
    if isinstance(e, E.WeaponMoved):
        return _weapon_line_of(e)
    if isinstance(e, E.FullRoundStarted):
        aim = f" on {e.target}" if e.target else ""
        return LogEntry(f"{e.unit} begins a {e.action}{aim}: it completes when {e.unit}'s "
                        "next turn starts", "Full-round actions (rules: Turns, actions and "
                        "initiative)", tuple(n for n in (e.unit, e.target) if n), "action",
                        (e,))
    if isinstance(e, E.FullRoundInterrupted):
        return LogEntry(f"{e.unit}'s {e.action} is interrupted: {e.reason}",
                        "Full-round actions (rules: Turns, actions and initiative)",
                        tuple(n for n in (e.unit, e.target) if n), "info", (e,))
    if isinstance(e, E.VolleyLanded):
        return LogEntry(f"{e.unit}'s volley ({e.weapon}) falls at {_cell(e.at)}",
                        "Volley shots and indirect fire: a creature within 10 ft may be "
                        "struck (rules: Special attacks and archery)", (e.unit,), "action",
                        (e,))
    if isinstance(e, E.Maimed):
        return LogEntry(f"Perfect Critical! {e.unit}: {e.injury}", "An optional critical "
                        "rule (rules: Special attacks and archery)", (e.unit,), "critical",
                        (e,))
    if isinstance(e, E.BattleWon):
        if e.team == "draw":
            text = f"The battle ends in a draw (round {e.round})"
        else:
            text = f"{e.team.capitalize()} wins the battle in round {e.round}!"
        return LogEntry(text, "rules: Winning", (), "victory", (e,))
    return None


def _scenario_line(e: E.Event) -> LogEntry | None:
    """The lines of the map's objectives and events (docs/rules/12-winning.md "Objectives")."""
    why = "rules: Winning, Objectives"
    if isinstance(e, E.ObjectiveMet):
        return LogEntry(f"{e.team.capitalize()} meets its objective: {e.objective}", why, (),
                        "victory", (e,))
    if isinstance(e, E.ObjectiveFailed):
        return LogEntry(f"{e.team.capitalize()} has lost: {e.objective} failed", why, (),
                        "death", (e,))
    if isinstance(e, E.RoundLimitReached):
        who = "nobody wins" if e.team == "draw" else f"{e.team} wins"
        return LogEntry(f"Round {e.round} was the last: {who}", why, (), "victory", (e,))
    if isinstance(e, E.ReinforcementsArrived):
        return LogEntry(f"Reinforcements for {e.team}: {', '.join(e.units)}", why, e.units,
                        "turn", (e,))
    if isinstance(e, E.StoryTold):
        return LogEntry(" ".join(e.text.split()), "the map's story", (), "summary", (e,))
    return None


_R21 = "(rules: Climbing, swimming, flying and falling)"
_CHECK_PURPOSE = {"swim": "to swim", "climb": "to climb", "str": "to force it"}


def _terrain_line(e: E.Event) -> LogEntry | None:
    """The line of a terrain check, a fall, a door or a blow at an object."""
    if isinstance(e, E.SkillChecked):
        result = "succeeds" if e.success else "fails"
        what = "Strength" if e.skill == "str" else e.skill.capitalize()
        return LogEntry(f"{e.unit}'s {what} check {result} ({e.total} vs DC {e.dc}), "
                        f"{e.purpose}", f"{e.breakdown} {_R21}", (e.unit,), "save", (e,))
    if isinstance(e, E.Fell):
        how = {"jump": "jumps down", "knockdown": "is knocked out of the air"}.get(e.cause,
                                                                                "falls")
        hurt = f", {e.damage} damage" if e.damage else ", unhurt"
        return LogEntry(f"{e.unit} {how} {e.feet} ft at {_cell(e.at)}{hurt}", e.breakdown,
                        (e.unit,), "attack" if e.damage else "move", (e,))
    if isinstance(e, E.DoorChanged):
        verb = {"open": "opens", "closed": "closes", "broken": "breaks open"}.get(e.state,
                                                                                e.state)
        return LogEntry(f"{e.unit} {verb} the door at {_cell(e.at)}", f"Doors {_R21}",
                        (e.unit,), "action", (e,))
    if isinstance(e, E.ObjectStruck):
        left = "it breaks" if e.broken else f"{e.hp_left} HP left"
        return LogEntry(f"{e.unit} smashes at {_cell(e.at)}: {e.damage} damage, {left}",
                        e.breakdown, (e.unit,), "attack", (e,))
    return None


_R18 = "(rules: Wrestling, shoving and knockdown)"
_MANEUVER_VERB = {"grab": "grab", "trip": "trip", "shove": "shove", "pin": "pin",
                  "escape": "escape from", "shield_bash": "shield-bash",
                  "demoralize": "demoralize", "dirty_trick": "play a dirty trick on",
                  "combat_feint": "feint against", "insult": "insult",
                  "overpower": "overpower", "tumble": "tumble past"}


def _check_line(e) -> LogEntry:
    """A wrestling maneuver's opposed check, or a check against knockdown or trampling."""
    if isinstance(e, E.OpposedCheck):
        verb = _MANEUVER_VERB.get(e.maneuver, e.maneuver)
        result = f"succeeds by {e.margin}" if e.won else "fails"
        return LogEntry(f"{e.unit} tries to {verb} {e.target}: {result}", e.breakdown,
                        (e.unit, e.target), "action", (e,))
    result = "keeps its feet" if e.success else "fails"
    if "crushing" in e.cause:
        result = "gets out of the way" if e.success else "is trampled"
    return LogEntry(f"{e.unit} resists {e.cause}: {result} ({e.total} vs DC {e.dc})",
                    e.breakdown, (e.unit,), "save", (e,))


_R9 = "(rules: Turns, actions and initiative)"


def _turn_line(e: E.Event) -> LogEntry | None:
    """The line of an interrupted, resumed or deferred turn, an ignored foe, the surprise."""
    if isinstance(e, E.TurnPaused):
        return LogEntry(f"{e.by} interrupts {e.unit}'s turn", f"{e.unit} waits where it is "
                        f"until {e.by}'s turn ends {_R9}", (e.unit, e.by), "interrupt", (e,))
    if isinstance(e, E.TurnResumed):
        return LogEntry(f"{e.unit} goes on with its turn", _R9, (e.unit,), "initiative", (e,))
    if isinstance(e, E.Deferred):
        return LogEntry(f"{e.unit} defers: {e.chooser} picks another", f"{e.unit} acts later "
                        f"this round {_R9}", (e.unit, e.chooser), "initiative", (e,))
    if isinstance(e, E.EnemyIgnored):
        return LogEntry(f"{e.unit} ignores {e.target}", f"until its next turn: flat-footed "
                        f"against it, no flank nor gang-up from it {_R9}", (e.unit, e.target),
                        "info", (e,))
    if isinstance(e, E.SurpriseRound):
        return LogEntry(f"Surprise! {', '.join(e.unaware)} will not act this round",
                        f"they are flat-footed until round 2 {_R9}", tuple(e.unaware),
                        "initiative", (e,))
    if isinstance(e, E.Revealed):
        return LogEntry(f"{e.unit} is seen", f"it was hidden: its enemies may react to it now "
                        f"{_R9}", (e.unit,), "info", (e,))
    return _hiding_line(e)


_R22 = "(rules: Hiding, spotting and fog of war)"
_FOUND_HOW = {"spot": "spots", "passive": "notices", "exposed": "sees"}


def _hiding_line(e: E.Event) -> LogEntry | None:
    """The line of a Hide, a Spot check, a hider found."""
    if isinstance(e, E.Hid):
        return LogEntry(f"{e.unit} hides", f"{e.text}: its enemies lose sight of it {_R22}",
                        (e.unit,), "info", (e,))
    if isinstance(e, E.SpotRolled):
        what = ", ".join(e.found) if e.found else "nothing new"
        return LogEntry(f"{e.unit} looks around: {what}", f"{e.text} {_R22}", (e.unit,),
                        "info", (e,))
    if isinstance(e, E.Spotted):
        return LogEntry(f"{e.by} {_FOUND_HOW.get(e.how, 'finds')} {e.unit}",
                        f"{e.text}: it is hidden no more {_R22}", (e.by, e.unit), "info", (e,))
    return None


def _minion_line(e) -> LogEntry | None:
    """The line of Direct Minions or a kept Reaction (rules: Minions)."""
    if isinstance(e, E.MinionsDirected):
        who = ", ".join(e.minions) or "no minion"
        text = (f"{who} fight on without their leader: {e.actions} shared actions"
                if e.leaderless else f"{e.unit} directs its minions: {e.actions} shared "
                f"actions for {who}")
        return LogEntry(text, "each worth a Big Action, in any split; a minion attacks once "
                        "a round (rules: Minions)", (e.unit, *e.minions), "action", (e,))
    if isinstance(e, E.MinionReactionKept):
        return LogEntry(f"{e.leader}'s minions keep an unused action as a Reaction",
                        f"one Reaction for any of them until {e.leader}'s next turn (rules: "
                        "Minions)", (e.leader,), "info", (e,))
    return None


def _ally_line(e: E.Event) -> LogEntry | None:
    """The line of Protect or Trade Spaces (rules: Reactions)."""
    if isinstance(e, E.Protected):
        return LogEntry(f"{e.unit} protects {e.ally}", f"{e.ally} has {e.cover} cover while "
                        f"{e.unit} stays next to it, until {e.unit}'s next turn (rules: "
                        "Reactions)", (e.unit, e.ally), "action", (e,))
    if isinstance(e, E.TradedSpaces):
        return LogEntry(f"{e.unit} and {e.ally} trade spaces",
                        f"{e.unit} now at {_cell(e.at)}, {e.ally} at {_cell(e.ally_at)}; "
                        f"{e.ally} spent its Reaction (rules: Reactions)", (e.unit, e.ally),
                        "move", (e,))
    return None


_R20 = "(rules: Healing and first aid)"


def _recovery_line(e: E.Event) -> LogEntry | None:
    """The line of a heal, temporary hit points, first aid or a wound that clots."""
    if isinstance(e, E.Healed):
        by = f"{e.by}'s " if e.by and e.by != e.unit else ""
        text = f"{e.unit} regains {e.amount} HP from {by}{e.source} (HP {e.hp})" if e.amount \
            else f"{e.unit} has no hit points to regain from {by}{e.source}"
        return LogEntry(text, e.breakdown, (e.unit, e.by) if e.by else (e.unit,), "heal", (e,))
    if isinstance(e, E.TempHPGained):
        return LogEntry(f"{e.unit} gains {e.gained} temporary HP ({e.temp} in all)",
                        f"from {e.by}'s {e.source}; lost before hit points, the higher pool "
                        f"stays, at most a quarter of its HP {_R20}", (e.unit,), "heal", (e,))
    if isinstance(e, E.FirstAidGiven):
        result = "the bleeding stops" if e.success else "the bleeding goes on"
        return LogEntry(f"{e.unit} gives {e.ally} first aid: {result} ({e.total} vs DC {e.dc})",
                        e.breakdown, (e.unit, e.ally), "heal", (e,))
    if isinstance(e, E.Clotted):
        result = f"Bleed {e.bleed}" if e.bleed else "the bleeding stops"
        return LogEntry(f"{e.unit}'s wound clots: {result}",
                        f"after {e.rounds} rounds of bleeding, 1 less each round (rules: Hit "
                        "points and conditions)", (e.unit,), "heal", (e,))
    return None


def _ability_line(e) -> LogEntry:
    """A special ability used, or the push it gave (rules: Special abilities)."""
    if isinstance(e, E.ForcedMoved):
        return LogEntry(f"{e.unit} is {e.kind}ed to {_cell(e.end)}",
                        f"{e.kind} from {_cell(e.start)} by {e.by}: no attack of opportunity "
                        "(rules: Movement)", (e.unit,), "move", (e,))
    who = ", ".join(e.caught) or "nobody"
    left = "" if e.uses_left is None else f"; {e.uses_left} use(s) left"
    return LogEntry(f"{e.unit} uses {e.name}, catching {who}",
                    f"origin {_cell(e.origin)}, {len(e.area)} hexes{left} "
                    "(rules: Special abilities)", (e.unit, *e.caught), "action", (e,))


def _spell_line(e) -> LogEntry:
    """A caster's Perseverance check, or a spell lost (rules: Special abilities)."""
    if isinstance(e, E.SpellDisrupted):
        return LogEntry(f"{e.unit}'s {e.name} is disrupted: the spell is lost",
                        f"{e.cause}; the action and the use are spent (rules: Special "
                        "abilities)", (e.unit,), "attack", (e,))
    result = "keeps" if e.success else "loses"
    return LogEntry(f"{e.unit} {result} its focus on {e.name} (Perseverance {e.total} vs "
                    f"DC {e.dc}: {e.reason})", f"{e.breakdown} (rules: Special abilities)",
                    (e.unit,), "save", (e,))


def _light_event_line(e) -> LogEntry | None:
    """A light rules' event (a K.O., a respawn, a power, a wait) met outside a light log."""
    from game.ui.light_presenters import light_line
    return light_line(e)


def _riding_line(e: E.Event) -> LogEntry:
    """A rider climbs on, climbs down or is thrown (rules: Movement, "Riding a mount")."""
    about = "Riding a mount (rules: Movement)"
    if isinstance(e, E.Mounted):
        return LogEntry(f"{e.unit} climbs onto {e.mount}", about, (e.unit, e.mount), "move",
                        (e,))
    if e.thrown:
        return LogEntry(f"{e.mount} goes down and throws {e.unit} to {_cell(e.to)}", about,
                        (e.unit, e.mount), "move", (e,))
    return LogEntry(f"{e.unit} climbs down from {e.mount} to {_cell(e.to)}", about,
                    (e.unit, e.mount), "move", (e,))


# The formatter of each event type: every class in game.engine.events has its line here
# (tests/test_ui_presenters.py builds one of each).
_LINE_OF = {kind: line for line, kinds in (
    (_order_line, (E.InitiativeRolled, E.RoundStarted, E.TurnStarted, E.TurnEnded,
                   E.NextChosen, E.ChoiceNeeded)),
    (_action_line, (E.ActionSpent, E.Moved, E.Provoked, E.ReactionAsked, E.ReactionDeclined,
                    E.AttackRolled)),
    (_state_line, (E.Damaged, E.ConditionAdded, E.ConditionRemoved, E.SaveRolled, E.Died,
                   E.LeftMap)),
    (_rare_line, (E.InterruptPrepared, E.InterruptLapsed, E.InterruptTriggered, E.PolicySet,
                  E.Stood, E.WeaponMoved, E.VolleyLanded, E.FullRoundStarted,
                  E.FullRoundInterrupted, E.Maimed, E.BattleWon)),
    (_ally_line, (E.Protected, E.TradedSpaces)),
    (_recovery_line, (E.Healed, E.TempHPGained, E.FirstAidGiven, E.Clotted)),
    (_ability_line, (E.AbilityUsed, E.ForcedMoved)),
    (_spell_line, (E.SpellChecked, E.SpellDisrupted)),
    (_check_line, (E.OpposedCheck, E.CheckRolled)),
    (_terrain_line, (E.SkillChecked, E.Fell, E.DoorChanged, E.ObjectStruck)),
    (_turn_line, (E.TurnPaused, E.TurnResumed, E.Deferred, E.EnemyIgnored, E.SurpriseRound,
                  E.Revealed, E.Hid, E.SpotRolled, E.Spotted)),
    (_minion_line, (E.MinionsDirected, E.MinionReactionKept)),
    (_scenario_line, (E.ObjectiveMet, E.ObjectiveFailed, E.RoundLimitReached,
                      E.ReinforcementsArrived, E.StoryTold)),
    (_light_event_line, (E.KnockedOut, E.Respawned, E.PowerUsed, E.Waited)),
    (_riding_line, (E.Mounted, E.Dismounted)),
) for kind in kinds}


def _one(e: E.Event) -> LogEntry:
    """The line of one event, by its type's formatter (a plain line if it has none)."""
    line = _LINE_OF.get(type(e))
    entry = line(e) if line is not None else None
    return entry or LogEntry(type(e).__name__, str(e), (), "info", (e,))


def _condition_run(events, n: int) -> tuple[LogEntry, int]:
    """One line for the conditions one creature gains (or loses) at once from events[n]:
    (the line, how many events it stands for)."""
    e = events[n]
    cls = type(e)
    run = [e]
    while n + len(run) < len(events) and type(events[n + len(run)]) is cls \
            and events[n + len(run)].unit == e.unit:
        run.append(events[n + len(run)])
    if len(run) == 1:
        return _one(e), 1
    if cls is E.ConditionAdded:
        titles = [_condition_title(x.condition, x.value) for x in run]
        text = f"{e.unit} is now {', '.join(titles)}"
    else:
        titles = [_condition_title(x.condition) for x in run]
        text = f"{e.unit} is no longer {', '.join(titles)}"
    detail = "\n".join(d for d in (_condition_effect(x.condition) for x in run) if d)
    return LogEntry(text, detail, (e.unit,), "condition", tuple(run)), len(run)


_POLICY_WORD = {"ask": "ask first", "always": "always", "never": "never"}
# what happens before the battle's first move: a policy set among these is a setting
_AT_THE_START = (E.RoundStarted, E.InitiativeRolled, E.TurnStarted, E.SurpriseRound,
                 E.ChoiceNeeded, E.PolicySet)


def log_events(battle) -> list:
    """The events the combat log shows: a reaction policy is a setting, not news, so the
    policies set before the first move and those of the computer's creatures are left out;
    a person's own change later stays (one line for the run: `_policy_run`)."""
    teams, controllers = battle.teams_of, battle.controllers
    started, out = False, []
    for e in battle.events:
        if isinstance(e, E.PolicySet):
            if started and controllers.get(teams.get(e.unit), "human") != "ai":
                out.append(e)
            continue
        started = started or not isinstance(e, _AT_THE_START)
        out.append(e)
    return out


def _policy_run(events, n: int, line=None) -> tuple[LogEntry, int]:
    """One short line for the policies set at once from events[n] (a person's new setting
    for each reaction of each creature): (the line, how many events it stands for)."""
    line = line or _one
    run = []
    while n + len(run) < len(events) and isinstance(events[n + len(run)], E.PolicySet):
        run.append(events[n + len(run)])
    if len(run) == 1:
        return line(run[0]), 1
    names = list(dict.fromkeys(x.unit for x in run))
    who = ", ".join(names) if len(names) <= 3 else f"{names[0]} and {len(names) - 1} others"
    words = " / ".join(dict.fromkeys(_POLICY_WORD.get(x.policy, x.policy) for x in run))
    return LogEntry(f"Reactions for {who}: {words}", "\n".join(line(x).text for x in run),
                    tuple(names), "info", tuple(run)), len(run)


def log_entries(events, rules: str = "lfg") -> list[LogEntry]:
    """One `LogEntry` per event, in order (see the module docstring for what is merged);
    `rules` names the battle's rule profile (the light rules' events read their own way, and
    so do the steller rules' saving throws)."""
    if rules == "light":
        return light_log_entries(events)
    if rules == "steller":
        return [steller_line(x.events[0]) if len(x.events) == 1 and steller_line(x.events[0])
                else x for x in _shared_log_entries(events)]
    return _shared_log_entries(events)


def _shared_log_entries(events) -> list[LogEntry]:
    """The log of the default rules, and of the others' events they share."""
    events, out, n = list(events), [], 0
    pending_action: E.ActionSpent | None = None
    fallen: set[str] = set()       # dead creatures: their side picks who acts next
    asked: dict = {}               # (reactor, mover) -> the kind of reaction last asked

    def fold(entry: LogEntry) -> LogEntry:
        nonlocal pending_action
        a, pending_action = pending_action, None
        if a is None:
            return entry
        spent = (f"{a.unit} spends {a.action}: {a.big} Big, {a.little} Little left "
                 "(rules: Turns, actions and initiative)")
        detail = f"{spent}\n{entry.detail}" if entry.detail else spent
        return LogEntry(entry.text, detail, entry.units, entry.kind, (a, *entry.events))

    while n < len(events):
        e = events[n]
        if isinstance(e, E.ActionSpent):
            nxt = events[n + 1] if n + 1 < len(events) else None
            if pending_action is not None:
                out.append(_one(pending_action))
                pending_action = None
            if isinstance(nxt, (E.Moved, E.AttackRolled, E.Provoked)) and \
                    getattr(nxt, "unit", getattr(nxt, "attacker", None)) == e.unit:
                pending_action = e
            else:
                out.append(_one(e))
            n += 1
            continue
        if isinstance(e, E.AttackRolled):
            nxt = events[n + 1] if n + 1 < len(events) else None
            if isinstance(nxt, E.Damaged) and nxt.unit == e.target and e.hit:
                out.append(fold(_attack_line(e, nxt)))
                n += 2
                continue
            out.append(fold(_attack_line(e, None)))
            n += 1
            continue
        if isinstance(e, (E.ConditionAdded, E.ConditionRemoved, E.PolicySet)):
            run = _policy_run if isinstance(e, E.PolicySet) else _condition_run
            entry, used = run(events, n)
            out.append(fold(entry))
            n += used
            continue
        entry = _reaction_aware(e, asked)
        if isinstance(e, E.ChoiceNeeded) and e.chooser in fallen:
            entry = replace(entry, text=entry.text.replace(
                f"{e.chooser} picks", f"{e.chooser}'s side picks", 1))
        fallen.update([e.unit] if isinstance(e, E.Died) else ())
        out.append(fold(entry))
        n += 1
    if pending_action is not None:
        out.append(_one(pending_action))
    return out


def light_log_entries(events) -> list[LogEntry]:
    """The log of a light battle: an attack that hits and its damage make one line; the light
    events read as docs/rules/light/ says (game.ui.light_presenters); the rest as the
    shared lines."""
    events = list(events)
    out: list[LogEntry] = []
    n = 0
    while n < len(events):
        e = events[n]
        if isinstance(e, E.AttackRolled):
            nxt = events[n + 1] if n + 1 < len(events) else None
            dmg = nxt if isinstance(nxt, E.Damaged) and nxt.unit == e.target and e.hit \
                else None
            out.append(attack_line(e, dmg))
            n += 2 if dmg is not None else 1
            continue
        if isinstance(e, E.PolicySet):
            entry, used = _policy_run(events, n, lambda x: light_line(x) or _one(x))
            out.append(entry)
            n += used
            continue
        out.append(light_line(e) or _one(e))
        n += 1
    return out


# ---- the attack preview -------------------------------------------------------------------------

def _pct(x: float) -> str:
    value = 100.0 * x
    if 0 < value < 1:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"{value}"


def _term_line(t) -> str:
    label = t.label or "base"
    rule = f" ({t.rule})" if getattr(t, "rule", "") else ""
    return f"{_signed(t.value)} {label}{rule}"


DEFENSE_TITLES = {"parry": "Active Parry", "dodge": "Active Dodge"}


def defense_lines(odds: dict) -> list[str]:
    """The engine's odds of an attack against each active defense the target could use
    (game.engine.defense.odds): one line each, when it changes the hit chance."""
    base = odds.get("none")
    verb = {"parry": "parries", "dodge": "dodges"}
    return [f"If the target {verb[k]} (its Reaction): hit {_pct(float(c.hit))} "
            f"instead of {_pct(float(base.hit))}{_defense_note(k, c.hit > base.hit)} "
            "(rules: Reactions)"
            for k, c in odds.items() if k != "none" and base is not None and c.hit != base.hit]


def _defense_note(kind: str, worse: bool) -> str:
    """Why a defense may raise the hit chance: it replaces the AC with an opposed roll."""
    if worse:
        return f": a {kind} replaces its AC with a roll, here a weaker one"
    return ""


def declined_words(battle) -> str:
    """What declining the pending reaction does, in words ("" when none is pending)."""
    if battle.awaiting() != "reaction":
        return ""
    p = battle.pending
    if p.kind == "defense":
        return f"{p.reactor} takes no defense against {p.mover}'s attack"
    if p.kind == "interrupt":
        return f"{p.reactor} does not interrupt {p.mover}"
    if p.kind == "immediate":
        return f"{p.reactor} takes no immediate action against {p.mover}"
    return f"{p.reactor} lets {p.mover} go without an {aoo_name(battle)}"


DECLINED = {
    "defense": ("{by} takes no defense against {unit}'s attack",
                "Active Parry and Active Dodge declined: the attack is rolled against the AC "
                "(rules: Reactions)"),
    "interrupt": ("{by} does not interrupt {unit}",
                  "Interrupt Turn declined; the Reaction is kept (rules: Turns, actions and "
                  "initiative)"),
}


def _reaction_aware(e, asked: dict) -> LogEntry:
    """An event's line; a declined reaction's in the words of the reaction asked before
    (`asked`: (reactor, mover) -> kind, kept up to date here)."""
    if isinstance(e, E.ReactionAsked):
        asked[(e.by, e.unit)] = e.kind
    if isinstance(e, E.ReactionDeclined):
        return declined_line(e, asked.get((e.by, e.unit), ""))
    return _one(e)


def declined_line(e, kind: str) -> LogEntry:
    """The log line of a declined reaction, in the words of the reaction that was asked."""
    if kind not in DECLINED:
        return _action_line(e)
    text, detail = DECLINED[kind]
    return LogEntry(text.format(by=e.by, unit=e.unit), detail, (e.by, e.unit), "reaction",
                    (e,))


def defense_prompt(battle) -> tuple[str, list[str]]:
    """The title and lines of a pending defense prompt: who attacks whom with what, the hit
    chance without a defense and with each possible one (the engine's numbers), the keys."""
    from game.engine.defense import pending_odds
    p = battle.pending
    odds, usable, weapon = pending_odds(battle)
    lines = [f"{p.mover} attacks {p.reactor} with {_a(weapon.name)}.",
             f"No defense (N): hit {_pct(float(odds['none'].hit))} against AC"]
    for kind, key in (("parry", "P"), ("dodge", "V")):
        d = usable[kind]
        lines.append(f"{DEFENSE_TITLES[kind]} ({key}): hit {_pct(float(odds[kind].hit))}, "
                     f"d20 {_signed(d.bonus.total)} against the attack roll" if d.possible
                     else f"{DEFENSE_TITLES[kind]}: not possible ({d.reason})")
    lines.append("Y: the defense with the lower hit chance. A defense spends the Reaction "
                 "and replaces the AC (rules: Reactions)")
    return f"Defend: {p.reactor}", lines


STRAY_HEAD = "If it misses"


PROVOKES_HEAD = "Provokes"


def chance_lines(preview, defenses: dict | None, provokes=()) -> list[str]:
    """The hit chance against the AC first, then against each active defense the target
    could use, then whom the attack provokes (the engine's answers)."""
    defended = defense_lines(defenses or {})
    lines = [f"Hit {_pct(preview.hit_chance)}  |  Critical {_pct(preview.crit_chance)}"
             + ("  (against its AC, no defense)" if defended else "")] + defended
    if provokes:
        lines.append(f"{PROVOKES_HEAD} {', '.join(provokes)}: attacking from here draws "
                     f"{'an attack' if len(provokes) == 1 else 'attacks'} of opportunity "
                     "first (rules: Attacks of opportunity)")
    return lines


def attack_tooltip(preview, defenses: dict | None = None, stray=(), provokes=()) -> str:
    """The attack preview as lines of text: weapon and mode, hit and critical chances, the
    attack bonus and the AC with every modifier, cover, concealment, flanking, fortune,
    (`defenses`: the engine's odds) the hit chance against each active defense, and
    (`stray`: the engine's lines) who a missed missile may strike (firing into melee), and
    (`provokes`: the engine's answer for the command) whom the attack provokes."""
    if preview is None:
        return ""
    sit = preview.situation
    attacker = sit.attacker.name if sit is not None else ""
    target = sit.target.name if sit is not None else ""
    weapon = getattr(preview.weapon, "name", "") or "attack"
    head = f"{attacker} -> {target}" if attacker and target else "Attack"
    lines = [f"{head}: {weapon} ({preview.mode or 'attack'}, {preview.distance} "
             f"hex{'es' if preview.distance != 1 else ''})"]
    if not preview.possible:
        lines.append(f"Cannot attack: {preview.reason}")
        return "\n".join(lines)
    plan = preview.plan
    lines += chance_lines(preview, defenses, provokes)
    lines.append(f"Expected damage {preview.expected_damage:.1f}")
    if stray:
        lines.append(f"{STRAY_HEAD}, the missile may strike:")
        lines += [f"  {line}" for line in stray]
    if plan is not None:
        fortune = {1: " (Fortunate: best of 2d20)", -1: " (Unfortunate: worse of 2d20)"}.get(
            plan.fortune, "")
        lines.append(f"Attack d20 {_signed(plan.bonus.total)}{fortune} vs AC {plan.ac.total}")
        for t in plan.bonus:
            lines.append(f"  {_term_line(t)}")
        lines.append(f"AC {plan.ac.total}:")
        for t in plan.ac:
            lines.append(f"  {_term_line(t)}")
        for t in plan.fortune_reasons:
            word = "Fortunate" if t.value > 0 else "Unfortunate"
            lines.append(f"{word}: {t.label} ({t.rule})")
        threat = "20" if plan.threat >= 20 else f"{plan.threat}-20"
        lines.append(f"Critical threat on {threat}, x{plan.multiplier} (rules: Attack rolls and damage)")
    cov = preview.cover
    if cov is not None:
        if cov.level == "none":
            lines.append("Cover: none")
        else:
            bonus = f" (+{cov.bonus} AC)" if cov.bonus else ""
            lines.append(f"Cover: {cov.level}{bonus}, {cov.obstructed} of {cov.line_count} "
                         "lines obstructed (rules: Cover)")
    con = preview.concealment
    level = plan.concealment if plan is not None else (con.level if con else "none")
    if level and level != "none":
        miss = plan.miss_on * 10 if plan is not None else int(round(con.miss_chance * 100))
        lines.append(f"Concealment: {level} ({miss}% miss after a hit, rules: Concealment)")
    else:
        lines.append("Concealment: none")
    flank = preview.flanking
    if flank is not None and flank.flanked:
        pair = " and ".join(flank.pair) if flank.pair else "two enemies"
        lines.append(f"Flanked by {pair} (-2 AC, rules: Flanking and ganging up)")
    return "\n".join(lines)


# ---- teams ----------------------------------------------------------------------------------

# Okabe-Ito colours (distinguishable with the common colour-vision deficiencies), lightened
# a little where needed to read on a dark background.
NAMED_TEAM_COLOURS = {
    "blue": (86, 180, 233), "red": (230, 110, 40), "orange": (230, 159, 0),
    "green": (0, 170, 125), "yellow": (240, 228, 66), "purple": (204, 121, 167),
    "pink": (204, 121, 167), "black": (170, 170, 170), "white": (235, 235, 235),
}
TEAM_PALETTE = ((86, 180, 233), (230, 110, 40), (204, 121, 167), (240, 228, 66),
                (0, 170, 125), (230, 159, 0))
#: a shape per team (index in the map's team list), so that colour is never the only cue
TEAM_SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "cross")


def _team_index(team: str, teams) -> int:
    teams = list(teams or [])
    if team in teams:
        return teams.index(team)
    return sum(map(ord, team)) % len(TEAM_PALETTE)


def team_colour(team: str, teams=()) -> tuple[int, int, int]:
    if team.lower() in NAMED_TEAM_COLOURS:
        return NAMED_TEAM_COLOURS[team.lower()]
    return TEAM_PALETTE[_team_index(team, teams) % len(TEAM_PALETTE)]


def team_marker(team: str, teams=()) -> str:
    """The shape drawn with the team colour (circle, square, diamond, ...)."""
    return TEAM_SHAPES[_team_index(team, teams) % len(TEAM_SHAPES)]


# ---- the terrain tooltip ---------------------------------------------------------------------

_OBSTACLE_WORDS = {"none": "", "low": "a low obstacle, cover to a creature behind it",
                   "wall": "a wall, full cover"}


def terrain_lines(battle, cell) -> list[str]:
    """What the hovered hex is, in the player's words: its name and col,row, the cost of
    entering it, the cover and concealment it gives, its elevation."""
    h = battle.hexmap.hex_at(*cell)
    t = battle.hexmap.terrain_at(h)
    name = (t.name or "open ground").replace("_", " ")
    lines = [f"{name[:1].upper()}{name[1:]} · {cell[0]},{cell[1]}"]
    if t.impassable:
        lines.append("Impassable")
    else:
        lines.append("Difficult: 2 hexes of movement to enter, no 5-Foot Step"
                     if t.difficult else "Move: 1 hex of movement")
    obstacle = _OBSTACLE_WORDS.get(t.obstacle, t.obstacle.replace("_", " "))
    if obstacle:
        lines.append(f"Cover: {obstacle}")
    if t.blocks_sight:
        lines.append("Blocks line of sight")
    if t.concealment != "none":
        lines.append(f"Concealment: {t.concealment} (a hit may still miss)")
    if t.elevation:
        lines.append(f"Elevation {t.elevation:+d} (higher ground: +1 to hit in melee)")
    lines += _terrain_extras(battle, cell, t)
    if t.exit:
        lines.append("Map exit: a creature may leave the battle here")
    if light_rules(battle):
        lines += [f"Respawn point of {p.team}: a K.O.'d creature of that side comes back here"
                  for p in getattr(battle.hexmap, "respawns", ()) if (p.col, p.row) == cell]
    return lines


_WATER_WORDS = {"shallow": "Shallow water: difficult terrain",
                "deep": "Deep water: swum (2 hexes a hex and a DC 10 Swim check without a "
                        "swim speed; no stopping in it)"}
_DOOR_WORDS = {"open": "Door: open", "closed": "Door: closed (blocks like a wall; opens as a "
                                                "Little Action)",
               "locked": "Door: locked (Smash it or Force Open it)",
               "broken": "Door: broken open"}


def _terrain_extras(battle, cell, t) -> list[str]:
    """Water, climbing, doors and what can be broken (rules: Climbing, swimming, flying and
    falling)."""
    from game.rules import obstacles
    lines = []
    if t.water in _WATER_WORDS:
        lines.append(_WATER_WORDS[t.water])
    if t.climb_dc:
        lines.append(f"Ledge: climbed with a DC {t.climb_dc} Climb check, jumped down")
    if t.door in _DOOR_WORDS:
        lines.append(_DOOR_WORDS[t.door])
    s = obstacles.stats(t)
    if s is not None and t.door != "open":
        left = s.hp - battle.terrain_change(cell)[1]
        force = f", Break DC {s.break_dc}" if s.break_dc else ""
        lines.append(f"Breakable: Hardness {s.hardness}, {left}/{s.hp} HP{force}")
    if t.impassable and t.obstacle == "wall" and t.elevation > 0 and t.door == "none":
        lines.append(f"A flyer passes over it ({5 * t.elevation} ft high)")
    return lines


__all__ = ["ACTIONS", "BAR_TABLES", "LIGHT_ACTIONS", "MORE_ACTIONS", "more_states",
           "ActionState", "BarTable", "ConditionLine", "Entry", "action_label", "aoo_name",
           "bar_table", "light_log_entries", "light_rules", "own_bar", "steller_rules",
           "LogEntry", "UnitCard",
           "WeaponLine", "action_states", "attack_tooltip", "blocked_reason",
           "initiative_entries", "log_entries", "log_events", "short_reason", "team_colour", "team_marker",
           "terrain_lines", "unit_card"]
