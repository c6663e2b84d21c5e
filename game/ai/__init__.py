"""Computer players (docs/architecture.md "Layers"): they read a battle and produce commands; they
never touch its component store nor its dice. The window's computer decides on a detached copy
of the battle on a worker thread (`Battle.detached`).

- `choose_command(battle, name=None, difficulty="normal", rng=None)`: the next command for
  whoever the battle waits on (`game.ai.player`); `AIPlayer` keeps a difficulty and its own
  seeded noise generator across calls; `DESCRIPTIONS[difficulty]` says in one line what
  that level does differently (for the setup screen).
- `baseline(battle)`: the yardstick controller, walks to the nearest enemy and attacks it
  (`game.ai.baseline`).
- `threat_heatmap(view, team)`: expected damage the enemies of `team` could deal next turn on
  each hex, for the UI (`game.ai.heatmap`).
- `run_simulate(...)`: `python -m game simulate` (`game.ai.simulate`).
Decisions are logged on the `game.ai` logger (DEBUG) with their scores.
"""
from game.ai.baseline import BaselinePlayer, baseline
from game.ai.heatmap import threat_heatmap
from game.ai.player import DESCRIPTIONS, DIFFICULTIES, AIPlayer, choose_command

__all__ = ["AIPlayer", "BaselinePlayer", "DESCRIPTIONS", "DIFFICULTIES", "baseline",
           "choose_command", "threat_heatmap"]
