"""What the window shows of a steller battle that the other rulebooks do not
(docs/rules/steller/index.md): what a creature's turn has left, for the top bar. No pygame."""
from __future__ import annotations

from game.engine.steller.body import turn_of


def steller_turn_words(battle, name: str) -> str:
    """"standard ready · move used · minor ready" (docs/rules/steller/turns.md)."""
    turn = turn_of(battle, name)
    if turn.charged:
        return "charged: no further action"
    if turn.dazed:
        return "dazed: " + ("its one action used" if turn.acted else "one action")
    return " · ".join(f"{slot} {'used' if getattr(turn, slot) else 'ready'}"
                      for slot in ("standard", "move", "minor"))


__all__ = ["steller_turn_words"]
