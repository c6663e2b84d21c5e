"""docs/rules/09-turns-and-actions.md "Turns, actions, initiative": the initiative check, ties, selective initiative
(the rulebook "Taking Turns in Combat"), top-down and round-by-round, attacks per turn by level."""
import pytest

from game.engine.dice import Dice
from game.rules.initiative import (LAST_ACTOR_BONUS, TurnOrder, attacks_per_turn,
                                   initiative_bonus, initiative_check, initiative_order,
                                   roll_initiative)
from tests.helpers import unit_type


unit = unit_type


def coins(*values):
    it = iter(values)
    return lambda: next(it)


def test_initiative_check_is_d20_plus_rating_dex_mod_wis_mod():
    scout = unit(key="scout", initiative=2, dex=16, wis=12)
    bonus = initiative_bonus(scout)
    assert bonus.total == 2 + 3 + 1 and bonus.labels() == ["initiative", "DEX", "WIS"]
    assert all(t.rule == "rules: Turns, actions and initiative" for t in bonus)
    check = initiative_check("Scout", scout, 11)
    assert check.total == 17
    assert check.describe() == ("Scout initiative: d20 11 + initiative 2 (rules: Turns, actions and initiative) "
                                "+ DEX 3 + WIS 1 = 17")
    assert initiative_bonus(scout, {"injured": 1}).total == 4          # all d20 rolls
    assert initiative_bonus(scout, last_actor=True).total == 6 + LAST_ACTOR_BONUS


def test_initiative_roll_uses_the_battle_dice_and_fortune():
    scout = unit(key="scout")
    check = roll_initiative("Scout", scout, Dice(1), {"fortunate": 1})
    assert len(check.faces) == 2 and check.natural == max(check.faces)
    again = roll_initiative("Scout", scout, Dice(1), {"fortunate": 1})
    assert again == check


def test_initiative_ties_higher_bonus_first_then_seeded_coin():
    fast, slow = unit(key="fast", dex=14), unit(key="slow", dex=10)
    a = initiative_check("A", fast, 8)          # 10
    b = initiative_check("B", slow, 10)         # 10: lower bonus
    c = initiative_check("C", slow, 15)
    assert initiative_order([b, a, c], coins()) == ("C", "A", "B")
    d = initiative_check("D", slow, 10)         # same total, same bonus as B
    assert initiative_order([b, d], coins(True, False)) == ("B", "D")
    assert initiative_order([b, d], coins(False, True)) == ("D", "B")
    # three-way tie: the coins decide a full order, reproducibly from the seed
    e = initiative_check("E", slow, 10)
    dice = Dice(3)
    first = initiative_order([b, d, e], dice.coin)
    assert sorted(first) == ["B", "D", "E"]
    assert initiative_order([b, d, e], Dice(3).coin) == first
    seen = {initiative_order([b, d, e], Dice(s).coin) for s in range(60)}
    assert len(seen) == 6                       # every order can happen


# ---- selective initiative ------------------------------------------------------------------

LIVING = ("Wulfric", "Orc 1", "Mayat", "Orc 2")


def test_selective_initiative_highest_acts_first_and_cannot_be_interrupted():
    t = TurnOrder.begin(("Orc 1", "Wulfric", "Mayat", "Orc 2"))
    assert t.current == "Orc 1" and t.first == "Orc 1" and t.round == 1
    assert not t.can_be_interrupted("Orc 1")
    ok, reason = t.may_interrupt("Wulfric", "Orc 1")
    assert not ok and "cannot be interrupted" in reason and "rules: Turns, actions and initiative" in reason


def test_selective_initiative_the_actor_picks_anyone_who_has_not_acted_of_any_side():
    t = TurnOrder.begin(("Orc 1", "Wulfric", "Mayat", "Orc 2"))
    t = t.end_turn("Orc 1")
    assert t.picker == "Orc 1"
    assert set(t.eligible(LIVING)) == {"Wulfric", "Mayat", "Orc 2"}
    t = t.pick("Orc 2", LIVING)                          # its own side is allowed
    assert t.current == "Orc 2" and t.can_be_interrupted("Orc 2")
    assert t.may_interrupt("Wulfric", "Orc 2") == (True, "")
    t = t.end_turn("Orc 2")
    with pytest.raises(ValueError, match="cannot act next"):
        t.pick("Orc 1", LIVING)                          # already acted this round
    ok, reason = t.may_interrupt("Orc 1", "Mayat")
    assert not ok and "already acted" in reason
    assert t.may_interrupt("Orc 1", "Mayat", prepared=True) == (True, "")
    assert set(t.eligible(LIVING)) == {"Wulfric", "Mayat"}


def test_selective_initiative_last_actor_picks_who_opens_the_next_round_itself_allowed():
    t = TurnOrder.begin(("Orc 1", "Wulfric", "Mayat", "Orc 2"))
    for who in ("Orc 1", "Wulfric", "Mayat"):
        t = t.end_turn(who)
        nxt = [w for w in ("Wulfric", "Mayat", "Orc 2") if w not in t.acted][0]
        t = t.pick(nxt, LIVING)
    t = t.end_turn("Orc 2")
    assert t.round_over(LIVING) and t.picker == "Orc 2"
    assert set(t.eligible(LIVING)) == set(LIVING)
    t2 = t.pick("Orc 2", LIVING)                         # itself
    assert t2.round == 2 and t2.current == "Orc 2" and t2.first == "Orc 2"
    assert t2.acted == frozenset() and not t2.can_be_interrupted("Orc 2")
    t3 = t.pick("Mayat", LIVING)
    assert t3.first == "Mayat" and t3.can_be_interrupted("Orc 2")


def test_selective_initiative_nobody_is_picked_during_a_turn():
    t = TurnOrder.begin(("A", "B"))
    assert t.eligible(("A", "B")) == ()
    with pytest.raises(ValueError):
        t.end_turn("B")


def test_top_down_initiative_goes_highest_to_lowest_every_round():
    t = TurnOrder.begin(("A", "B", "C"), mode="top-down")
    seen = [t.current]
    for _ in range(5):
        t = t.end_turn(t.current).advance(("A", "B", "C"))
        seen.append(t.current)
    assert seen == ["A", "B", "C", "A", "B", "C"] and t.round == 2
    assert not t.may_interrupt("C", "B")[0]                 # only Prepare to Interrupt
    assert t.may_interrupt("C", "B", prepared=True)[0]


def test_round_by_round_initiative_rolls_each_round_last_actor_plus_5():
    t = TurnOrder.begin(("A", "B"), mode="round-by-round")
    t = t.end_turn("A").pick("B", ("A", "B")).end_turn("B")
    assert t.round_over(("A", "B")) and t.eligible(("A", "B")) == ()
    plain = unit(key="plain")
    a = initiative_check("A", plain, 14)
    b = initiative_check("B", plain, 10, last_actor=(t.picker == "B"))
    order = initiative_order([a, b], coins())
    assert order == ("B", "A")                             # 10 + 5 beats 14
    t = t.new_round(order)
    assert t.round == 2 and t.current == "B" and not t.can_be_interrupted("B")


def test_turn_order_rejects_unknown_modes_and_empty_orders():
    with pytest.raises(ValueError):
        TurnOrder.begin(("A",), mode="random")
    with pytest.raises(ValueError):
        TurnOrder.begin(())


# ---- attacks per turn ------------------------------------------------------------------------

@pytest.mark.parametrize("level, per_action, total", [
    (0, (1,), 1), (4, (1,), 1), (5, (1, 1), 2), (9, (1, 1), 2), (10, (2, 1), 3),
    (14, (2, 1), 3), (15, (2, 2), 4), (20, (2, 2), 4)])
def test_turns_actions_attacks_per_turn_by_level(level, per_action, total):
    allowance = attacks_per_turn(level)
    assert allowance.per_action == per_action and allowance.max_attacks == total
    used = [allowance.attacks_in_action(n) for n in range(3)]
    assert used[:len(per_action)] == list(per_action) and used[len(per_action)] == 0
