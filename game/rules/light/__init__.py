"""The light rules' own numbers (docs/rules/light/): attack rolls against twice a defense,
flat damage less Armor, and the nine conditions. Pure functions, no battle."""
