"""Casting a spell (docs/rules/17-special-abilities.md "Spellcasting"): the part of a UseAbility
command (game.engine.abilities) that only spells and spell-like abilities have.

Before the spell goes off the enemies may interrupt the caster (the "casts" moment of
game.engine.interrupts); then the action and the use are spent, the attacks of opportunity it
provoked come, and the caster rolls one Perseverance check against the hardest duress it is
under (game.rules.spellcasting: damage taken since it began casting, Injured, a Run this turn,
some conditions, the Wrestling check of a creature holding it), then its failure chance. A failed check or a failure roll loses the
spell: a SpellDisrupted event, the action and the use wasted.
"""
from __future__ import annotations

from game.engine import events as E
from game.engine import grapples
from game.engine.combat import opportunity_attacks, stopped
from game.rules import spellcasting
from game.rules.movement import is_injured
from game.rules.skills import skill_bonus


def vigour(b, name: str) -> int:
    """Hit points and temporary hit points: what damage takes away."""
    u = b.unit(name)
    return u.hp + u.temp_hp


def _perseverance(b, user: str, a, trouble) -> bool:
    u = b.unit(user)
    bd = skill_bonus(u.unit, "perseverance", u.conditions)
    natural = b.dice.d20()
    total = natural + bd.total
    ok = total >= trouble.dc
    b.emit(E.SpellChecked(user, a.id, a.name, trouble.reason, natural, total, trouble.dc, ok,
                          f"d20 {natural} {bd.text()} = {total} vs DC {trouble.dc}"))
    if not ok:
        b.emit(E.SpellDisrupted(user, a.id, a.name,
                                f"Perseverance {total} vs DC {trouble.dc} ({trouble.reason})"))
    return ok


def _failure_roll(b, user: str, a) -> bool:
    chance = spellcasting.failure_percent(a, b.unit(user).conditions)
    if not chance:
        return True
    rolled = b.dice.d(100)
    if rolled > chance:
        return True
    b.emit(E.SpellDisrupted(user, a.id, a.name,
                            f"spell failure: rolled {rolled} on d100, {chance}% fails"))
    return False


def _hold(b, user: str, a):
    """The Wrestling check of the strongest creature holding a grappled caster of a somatic
    spell, as the DC its Perseverance must meet (None when it is not needed)."""
    u = b.unit(user)
    holders = [h for h in grapples.partners(b, user) if h in b.eids]
    if not holders or not spellcasting.needs_hold_check(a, u.conditions):
        return None
    bonus, name = max((skill_bonus(b.unit(h).unit, "wrestling", b.unit(h).conditions).total, h)
                      for h in holders)
    natural = b.dice.d20()
    return spellcasting.Duress(f"held by {name}, Wrestling d20 {natural} {bonus:+d}",
                               natural + bonus + 1)     # a tie goes to the holder (the caster acts)


def keeps_spell(b, user: str, a, hurt: int, ran: bool) -> bool:
    """The caster's Perseverance check (when under duress) and failure roll: False when the
    spell is lost."""
    u = b.unit(user)
    trouble = spellcasting.hardest(spellcasting.duress(a, u.conditions, is_injured(u), ran,
                                                       hurt, _hold(b, user, a)))
    if trouble is not None and not _perseverance(b, user, a, trouble):
        return False
    return _failure_roll(b, user, a)


def cast(b, user: str, a, provokers, before: int, ran: bool):
    """After the action is spent: the provoked attacks, then the checks (a generator; True
    when the spell goes off). `before`: the caster's hit points when it began casting."""
    if provokers:
        here = b.cell(b.unit(user).anchor)
        yield from opportunity_attacks(b, user, here, provokers, f"casting {a.name}",
                                       stop_if_prone=False)
    if stopped(b, user, by_prone=False):
        return False
    return keeps_spell(b, user, a, max(0, before - vigour(b, user)), ran)


__all__ = ["cast", "keeps_spell", "vigour"]
