"""The computer player and the default rules' later actions: it climbs down from a mount about
to fall, pins to rake, grabs what it can swallow and wakes a sleeping friend, each where it
helps, and not where it is pointless (docs/rules/03-movement.md "Riding a mount",
17-special-abilities.md "Pounce, Rake, Swallow Whole and poison", 11-hit-points-and-
conditions.md "Asleep"). Positions are real battles; every command is the engine's."""
from __future__ import annotations

from ai_helpers import first_decision, judgement
from game.engine import commands as C

from test_engine_turns import FIRST, SECOND, THIRD, arena, find_battle
from test_lfg_conditions import applied, toad_and_goblin
from test_lfg_mounted import LAST, field

DECIDE = judgement()


def turn_commands(b, name: str, limit: int = 8) -> list:
    """The commands `name`'s computer player sends this turn, applied one by one."""
    sent = []
    for _ in range(limit):
        if b.active != name or b.awaiting() != "turn":
            break
        cmd = DECIDE(b)
        assert b.apply(cmd).ok
        sent.append(cmd)
        if isinstance(cmd, C.EndTurn):
            break
    return sent


# ---- Dismount ----------------------------------------------------------------------------------

def knight_under_arrows(horse_hp: int):
    """A knight on its horse, two goblin archers across the field; the knight has made one
    short Move (one Big Action left: no charge, no attack in reach)."""
    b = field(("K", "mounted_knight", "blue", 1, 4, {"initiative": FIRST, "riding": "H"}),
              ("H", "warhorse", "blue", 1, 4, {"initiative": LAST, "hp": horse_hp}),
              ("O", "goblin_archer", "red", 13, 1, {"initiative": SECOND}),
              ("P", "goblin_archer", "red", 13, 7, {"initiative": THIRD}))
    move = next(o.command for o in b.options("K", "move") if len(o.command.path) == 1)
    assert b.apply(move).ok
    return b


def test_the_computer_rider_climbs_down_from_a_mount_about_to_fall():
    """The rulebook makes "Mounting or dismounting a horse" an action; the game throws the
    rider of a mount that falls, from its back to the ground (docs/rules/03-movement.md
    "Riding a mount"). The horse has 1 hit point left and two archers have it in range: the
    knight climbs down rather than be thrown."""
    b = knight_under_arrows(horse_hp=1)
    sent = turn_commands(b, "K")
    assert any(isinstance(c, C.Dismount) for c in sent), sent
    assert not b.view().unit("K").mount


def test_the_computer_rider_stays_in_the_saddle_of_a_sound_mount():
    """A horse with all its hit points is in no danger of falling this round: the knight
    keeps the saddle."""
    b = knight_under_arrows(horse_hp=30)
    sent = turn_commands(b, "K")
    assert not any(isinstance(c, C.Dismount) for c in sent), sent
    assert b.view().unit("K").mount == "H"


# ---- Rake ----------------------------------------------------------------------------------

def holding(key: str):
    """A `key` (red) that grabbed the fighter on its last turn and holds it still: its turn."""
    def make(seed):
        return arena(("C", key, "red", 2, 3, {"initiative": FIRST}),
                     ("F", "fighter", "blue", 3, 3, {"initiative": SECOND}),
                     seed=seed, initiative="top-down")
    return find_battle(make, lambda b: applied(b, C.Grab("C", "F"), C.EndTurn("C"),
                                               C.EndTurn("F")),
                       lambda b, ev: ev is not None and "F" in b.unit("C").grappling)[0]


def test_the_computer_great_cat_pins_the_foe_it_holds_to_rake_it():
    """The rulebook: "Rake Attack: While in a grapple, if you win a Wrestling check to damage
    or pin an opponent, you may spend a Reaction to deal the listed slashing damage to your
    foe." The cat that holds the fighter tries the pin (for the rake) and still bites."""
    b = holding("great_cat")
    sent = turn_commands(b, "C")
    assert C.Pin("C", target="F") in sent, sent
    assert any(isinstance(c, C.Attack) for c in sent)


def test_the_computer_without_rake_does_not_pin_with_no_friend_to_strike():
    """A pin makes the foe helpless only for creatures outside the grapple: with no friend
    next to the fighter and no rake dice, the warg that holds it spends no action pinning."""
    b = holding("warg")
    sent = turn_commands(b, "C")
    assert not any(isinstance(c, C.Pin) for c in sent), sent


# ---- Swallow Whole ---------------------------------------------------------------------------

def test_the_computer_toad_grabs_the_small_creature_it_can_swallow():
    """The rulebook: "Swallow Whole: If the larger creature begins a turn with a creature 2+
    size categories smaller than itself held with its mouth, it can attempt another Wrestling
    check as a Big Action." The toad beside a goblin grabs it, to swallow it next turn."""
    b = toad_and_goblin(0)
    assert isinstance(first_decision(b, DECIDE), C.Grab)


def test_the_computer_toad_does_not_grab_a_creature_too_large_to_swallow():
    """An orc is only one size smaller than the toad: no meal, so no grab for it."""
    b = arena(("T", "giant_toad", "red", 2, 3, {"initiative": FIRST}),
              ("O", "orc", "blue", 4, 3, {"initiative": SECOND}), initiative="top-down")
    assert not isinstance(first_decision(b, DECIDE), C.Grab)


# ---- Wake Up -------------------------------------------------------------------------------

def test_the_computer_wakes_a_sleeping_friend_beside_it():
    """The rulebook: "Wake Up: ... shake an adjacent sleeping creature awake" is a Big Action
    (docs/rules/11-hit-points-and-conditions.md "Asleep"). The fighter beside its sleeping
    friend, an orc on its way, shakes the friend awake this turn."""
    b = arena(("A", "fighter", "blue", 2, 3, {"initiative": FIRST}),
              ("S", "fighter", "blue", 3, 3, {"initiative": THIRD, "conditions": ["asleep"]}),
              ("O", "orc", "red", 9, 3, {"initiative": SECOND}))
    assert C.WakeUp("A", ally="S") in turn_commands(b, "A")
    assert not b.unit("S").has("asleep")


def test_the_computer_leaves_a_sleeping_foe_asleep():
    """Waking is allowed for any sleeper beside the creature; a sleeping orc is better left
    helpless."""
    b = arena(("A", "fighter", "blue", 2, 3, {"initiative": FIRST}),
              ("S", "orc", "red", 3, 3, {"initiative": THIRD, "conditions": ["asleep"]}),
              ("O", "orc", "red", 9, 3, {"initiative": SECOND}))
    assert not any(isinstance(c, C.WakeUp) for c in turn_commands(b, "A"))
    assert b.unit("S").has("asleep") or b.unit("S").dead or b.unit("S").hp < 15
