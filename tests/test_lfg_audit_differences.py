"""Seven places where the engine once differed from the default rules, each pinned down through
engine commands on a battle map (docs/rules/09-turns-and-actions.md, 10-attacks-and-damage.md,
16-reactions.md, 18-wrestling-and-knockdown.md, 03-movement.md). Each test quotes the
rulebook's sentence it holds the engine to; where a roll matters the dice are fixed (the first
d20s are the initiative rolls).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E

from helpers import refusal_code
from test_engine_turns import FIRST, SECOND, THIRD, arena, of, ok


def fixed(*units, dice=(), **kw):
    """A top-down battle of `units` whose dice after the initiative rolls are `dice` (an int is
    a d20)."""
    n = len(units)
    return arena(*units, fixed_dice=[("d20", 10)] * n + [("d20", v) if isinstance(v, int)
                                                          else v for v in dice],
                 initiative="top-down", **kw)


# ---- hands: count hands used, not weapons held -------------------------------------------------

def orc_swings_greataxe(sheathe_javelin: bool) -> int:
    """The damage of the orc's greataxe (d20 15 hits, d12 6) after walking up to the fighter,
    with or without sheathing its javelin first."""
    b = fixed(("O", "orc", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 6, 3, {"initiative": SECOND, "hp": 200}),
              dice=[15, ("d12", 6)])
    if sheathe_javelin:
        ok(b, C.SheatheWeapon("O", weapon="javelin"))
    ok(b, C.Move("O", path=((3, 3), (4, 3), (5, 3))))
    events = ok(b, C.Attack("O", target="F", weapon="greataxe"))
    return sum(e.amount for e in of(events, E.Damaged))


def test_heavy_attack_needs_both_hands_on_the_weapon():
    """"Weapons wielded in one hand, thrown weapons, and most other melee attacks strike as
    Basic Attacks"; "Weapons wielded in a two-handed fashion and certain powerful natural
    attacks strike as Heavy Attacks." An orc (STR +3) holding its javelin in one hand swings
    its greataxe with the other: 6 + 3. With the javelin sheathed: 6 + floor(1.5 x 3)."""
    assert orc_swings_greataxe(sheathe_javelin=False) == 6 + 3
    assert orc_swings_greataxe(sheathe_javelin=True) == 6 + 4


def test_shield_bash_needs_the_shield_hand_free_of_weapons():
    """"You must be wielding a Light or larger shield to attempt a Shield Bash." A fighter with
    a longsword in one hand and a javelin in the other has no hand left on its shield: it
    guards, but cannot bash until the javelin is put away."""
    b = fixed(("F", "fighter", "blue", 4, 3, {"initiative": FIRST}),
              ("A", "archer", "red", 5, 3, {"initiative": SECOND}))
    assert b.action("F", "shield_bash").code == "shield_hand_full"
    assert refusal_code(b, C.ShieldBash("F", target="A")) == "shield_hand_full"
    ok(b, C.SheatheWeapon("F", weapon="javelin"))
    assert b.action("F", "shield_bash").enabled
    events = ok(b, C.ShieldBash("F", target="A"))
    assert of(events, E.AttackRolled)
