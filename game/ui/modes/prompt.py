"""The prompts the battle puts to a person: may a creature react (an attack of opportunity,
an Interrupt Turn, an active defense), and which creature acts next. They are not modes a
player picks: `prompt_for` finds the one the battle waits on, and it takes the board's
clicks and its answer keys before any mode (docs/rules/16-reactions.md, 09-turns-and-actions.md)."""
from __future__ import annotations

from game.ui.presenters import aoo_name

#: the steller rules' other questions (docs/rules/steller/turns.md, actions.md)
STELLER_ASKS = {"return": "may come back from its delay now",
                "ready": "may use its readied action now"}
#: the answers of an active-defense prompt besides yes (the best) and no (none)
DEFENSES = ("parry", "dodge")


class ReactionPrompt:
    """A person's creature may react: Y / N (P parry, V dodge for a defense) answer; a click
    on the board only reminds what is asked."""

    def hint(self, ctl) -> str:
        p = ctl.battle.pending
        if p.kind == "defense":
            return (f"{p.reactor} may defend against {p.mover}'s attack: answer first "
                    "(P parry, V dodge, Y best, N none)")
        if p.kind in STELLER_ASKS:
            return f"{p.reactor} {STELLER_ASKS[p.kind]}: answer yes or no first (Y / N)"
        what = ("try an Interrupt Turn against" if p.kind == "interrupt" else
                "take its immediate action against" if p.kind == "immediate" else
                f"make an {aoo_name(ctl.battle)} on")
        return f"{p.reactor} may {what} {p.mover}: answer yes or no first (Y / N)"

    def on_click(self, ctl, cell, who: str | None):
        ctl._say(self.hint(ctl))
        return None

    def on_key(self, ctl, answer: str | None) -> bool:
        """An answer key ("yes", "no", "parry", "dodge"): True when it answered."""
        if answer in ("yes", "no"):
            ctl.react(answer == "yes")
            return True
        if answer in DEFENSES and ctl.battle.pending.kind == "defense":
            ctl.defend(answer)
            return True
        return False


class ChoicePrompt:
    """A person's side chooses which of its creatures acts next: a click on one does."""

    def on_click(self, ctl, cell, who: str | None):
        if who in ctl.model.choice_candidates:
            return ctl.choose_next(who)
        ctl.select(who if who is not None else ctl.model.selected)
        return None

    def on_key(self, ctl, answer: str | None) -> bool:
        return False


_PROMPTS = {"reaction": ReactionPrompt(), "choice": ChoicePrompt()}


def prompt_for(ctl):
    """The prompt the battle waits on a person to answer, None when it waits on none."""
    if not ctl.is_human_turn():
        return None
    return _PROMPTS.get(ctl.battle.awaiting())


__all__ = ["ChoicePrompt", "DEFENSES", "ReactionPrompt", "prompt_for"]
