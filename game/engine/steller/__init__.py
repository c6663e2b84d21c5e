"""The `steller` rule profile (docs/rules/steller/index.md): the 4e-style rules on hexes."""
