"""The light rule profile (docs/rules/light/index.md): its commands, its turn, its actions
and their checks, K.O. and respawn. `game.engine.light.profile.LIGHT` assembles them."""
