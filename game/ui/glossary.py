"""The glossary (F1, "Words of the game"): every game word a player meets on the screen, in
plain words.

Its entries come from two places:
- `TERMS`, written here: the words of the turn and of an attack that no table of the game
  defines (Big Action, Reaction, Interrupt Turn, gang up, Defer...);
- the game's own tables, so that a new action, condition or badge brings its entry: the
  action bars' buttons (the default, light and steller rules') and the More actions menu (`game.ui.presenters`: their label and what
  they do), the condition catalogue (`game.data.conditions.ALL_RULES`: title and numbers, the
  light rules' `game.rules.light.conditions`), the badges over the tokens
  (`game.ui.sprites.BADGES`: abbreviation -> condition) and the tags the log puts after an
  attack line (`ATTACK_TAGS`, the active defenses).
`lookup(word)` finds an entry whatever the case; `glossary()` lists them all, sorted.
"""
from __future__ import annotations

from functools import lru_cache

from game.data.conditions import ALL_RULES, WEAKENED_STAGES
from game.rules.light.conditions import CONDITIONS as LIGHT_CONDITIONS
from game.ui import presenters as P
from game.ui.light_presenters import ATTACK_TAGS, CONDITION_TITLES
from game.ui.sprites import BADGES, SAVE_ENDS_MARK

#: the words no table of the game defines, by section
TERMS: tuple[tuple[str, str], ...] = (
    ("Big Action", "Two a turn: a Move, an Attack, Aim, Fight Defensively, Stand Up. A "
                   "Charge or a Retreat takes both."),
    ("Little Action", "One a turn: a 5-Foot Step, Drop Prone, drawing a weapon."),
    ("Swift action", "A Little Action that provokes no attack of opportunity (opening a "
                     "door); none at Weakened 4 or worse."),
    ("Reaction", "One a round, outside your turn: an attack of opportunity, an Interrupt "
                 "Turn, an Active Parry or Dodge, an Off-Hand Attack, a Trade Spaces."),
    ("Attack of opportunity", "A free attack (your Reaction) on an enemy that leaves a hex "
                              "you threaten, stands up, aims or shoots next to you."),
    ("AOO", "Attack of opportunity."),
    ("Provoke", "Do something that gives threatening enemies an attack of opportunity; the "
                "path preview marks where with a warning triangle."),
    ("Threatened hex", "A hex within a creature's melee reach: leaving it provokes."),
    ("Reach", "How far a creature's melee weapon strikes, in hexes (5 ft each)."),
    ("Interrupt Turn", "A turn taken in the middle of an enemy's (your Reaction): when a "
                       "prepared trigger comes, the faster acts first, the other waits."),
    ("Interrupt", "An Interrupt Turn, or the prepared action that starts one."),
    ("Defer", "Picked by an ally to act next, let it pick another: you act later this round."),
    ("Selective initiative", "The creature that ends its turn picks who acts next among "
                             "those who have not acted this round."),
    ("Initiative", "The d20 roll that orders the turns of a round."),
    ("Round", "Every creature's turn once."),
    ("Flanking", "Two enemies on opposite sides of a creature (120 degrees apart or more): "
                 "it is Flanked, -2 AC against them."),
    ("Gang up", "Three or more enemies around one creature: each gets the flanking bonus "
                "against it (rules: Flanking and ganging up)."),
    ("HR", "Hit roll: d20 + attack bonus against the target's AC."),
    ("AC", "Armour Class: what a hit roll must reach."),
    ("DC", "Difficulty Class: what a save or a check must reach."),
    ("Save", "A d20 roll (FORT, REF, WILL) against a DC to resist an effect."),
    ("Critical hit", "A natural 20 that hits (or the weapon's critical range): extra damage, "
                     "shown as critical! in the log."),
    ("Miss", "A hit roll under the target's AC (or a hit lost in concealment)."),
    ("Cover", "Walls and creatures between attacker and target add to AC: partial +2, good "
              "+4, superior +8; total cover blocks the attack."),
    ("Concealment", "Fog, darkness or foliage: an attack that hits may still miss (partial "
                    "20%, total 50%)."),
    ("Line of sight", "A clear line from hex to hex; the L key greys what the selected "
                      "creature cannot see."),
    ("Difficult terrain", "Rubble, water, undergrowth: each hex costs two of movement."),
    ("Ledge", "A drop of 10 ft or more between two hexes: climbed or jumped down, never "
              "walked."),
    ("Hit points", "HP: at 0 or less a creature is Dying; the bar under each token shows them."),
    ("Temporary HP", "Hit points lost first; the higher pool stays."),
    ("Minion", "A weak creature acting in its leader's turn, from a shared pool of actions."),
    ("Fortunate", "Roll twice and keep the better."),
    ("Unfortunate", "Roll twice and keep the worse."),
    ("Weakened", "A lasting penalty in stages 1-5; each stage is worse (see Weakened 1-5)."),
    ("Off-balance", "After a Power Attack: -2 AC until your next turn."),
    ("Flat-footed", "Caught off guard: -2 AC or no DEX to AC; no reactions."),
    ("Exit hex", "The hex with the flag: a creature there may Leave the Map; it has fled "
                 "and counts as beaten for its side (rules: Winning)."),
    ("Respawn point", "Light rules: the hex where a side's knocked-out creature comes back."),
    ("Major action", "Light rules: one a turn, an attack or a big deed."),
    ("Move action", "Light rules: one a turn, a Shift, Walk, Run, Jump or Get Up."),
    ("Opportunity Attack", "Light rules: a free attack on an enemy that walks or runs out of "
                           "your attack range."),
    ("MP", "Light rules: the points a power costs."),
    ("Lives", "Light rules: how often a creature may come back after a K.O."),
    ("Basic Attack", "Light rules: the plain extra attack a Light Attack's 18-20 adds."),
    ("Standard action", "Steller rules: one a turn, an attack or a power; it may be spent "
                        "as a move or a minor action instead."),
    ("Minor action", "Steller rules: one a turn, a small deed (some powers)."),
    ("Immediate action", "Steller rules: one a round, outside your turn: a power that "
                         "interrupts or answers what a creature does."),
    ("Healing surge", "Steller rules: a quarter of the maximum hit points, spent by second "
                      "wind, a healing power or a death saving throw of 20."),
    ("Bloodied", "Steller rules: at half its hit points or fewer."),
    ("Save ends", "Steller rules: the condition lasts until a saving throw of 10 or more at "
                  "the end of the creature's turn."),
    ("Death saving throw", "Steller rules: a dying creature's d20 at the end of its turns: "
                           "under 10 a failure (the third kills), 20 wakes it."),
    ("Combat advantage", "Steller rules: +2 to hit a flanked, prone, dazed or otherwise "
                         "helpless target."),
)


def _action_entries() -> list[tuple[str, str]]:
    """Every button of the action bars and every action of the More actions menu."""
    out = [(label, what) for table in (P.ACTIONS, P.LIGHT_ACTIONS, P.STELLER_ACTIONS)
           for _, label, _, _, what in table]
    out += [(label, f"Steller rules: {what}") for _, label, _, _, what in P.STELLER_ACTIONS]
    out += [(label, what) for _, label, what in P.MORE_ACTIONS]
    out += [(title, "Your Reaction: defend against an attack (rules: Reactions)")
            for title in P.DEFENSE_TITLES.values()]
    return out


def _condition_entries() -> list[tuple[str, str]]:
    """Every condition of the catalogue and of the light rules, and each Weakened stage."""
    out = [(rule.title, f"{rule.lfg} ({rule.rule})" if rule.rule else rule.lfg)
           for rule in ALL_RULES.values()]
    out += [(f"Weakened {s.stage}", s.lfg) for s in WEAKENED_STAGES.values()]
    out += [(CONDITION_TITLES.get(name, name.title()), f"Light rules: {what}")
            for name, what in LIGHT_CONDITIONS.items()]
    return out


def condition_title(condition: str) -> str:
    """The players' name of a condition id ("flat_footed" -> "Flat-Footed")."""
    rule = ALL_RULES.get(condition)
    if rule is not None:
        return rule.title
    return CONDITION_TITLES.get(condition, condition.replace("_", " ").title())


def _badge_entries() -> list[tuple[str, str]]:
    """The badge over a token: its abbreviation and the condition it stands for."""
    out = []
    for condition, label in BADGES.items():
        counted = " (its number: stages or turns left)" if label in ("B", "W", "Bu", "Po") \
            else ""
        out.append((f"{label} (badge)", f"{condition_title(condition)}{counted}"))
    out.append(("K.O. (badge)", "Light rules: knocked out, off the board until it respawns"))
    out.append((f"{SAVE_ENDS_MARK} (after a badge)", "Steller rules: the condition lasts "
                "until a saving throw ends it (save ends)"))
    out.append(("+N (badge)", "N more conditions than the badges shown: the unit card "
                              "lists them all"))
    return out


def _log_entries() -> list[tuple[str, str]]:
    """The tags the log puts after an attack line."""
    return [(tag, f"An attack made as a {tag} (see the action)") for tag in
            ATTACK_TAGS.values() if tag and tag[0].isupper()]


@lru_cache(maxsize=1)
def glossary() -> tuple[tuple[str, str], ...]:
    """(word, meaning) for every word of the game, sorted; the first meaning of a word
    written twice is kept (the hand-written `TERMS` first)."""
    seen: dict[str, tuple[str, str]] = {}
    for word, meaning in (*TERMS, *_action_entries(), *_condition_entries(),
                          *_badge_entries(), *_log_entries()):
        seen.setdefault(word.lower(), (word, meaning))
    return tuple(sorted(seen.values(), key=lambda e: e[0].lower()))


def lookup(word: str) -> str | None:
    """The meaning of `word` (any case), None when the glossary lacks it."""
    wanted = word.strip().lower()
    return next((m for w, m in glossary() if w.lower() == wanted), None)


__all__ = ["TERMS", "condition_title", "glossary", "lookup"]
