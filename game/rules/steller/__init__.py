"""The steller rules' own numbers (docs/rules/steller/): attacks against four defenses, combat
advantage, cover and concealment, damage dice with criticals, conditions, hit points and dying.
Pure functions, no battle."""
