"""The handler modules of the default rules, listed once (docs/architecture.md "The engine":
"One registry of commands").

Each module below registers its command handlers with `@COMMANDS.handles(...)` and its
forecasts with `@FORECASTS.handles(...)` (game.engine.registry) where it defines them.
Importing this module imports them all: from then on both tables are complete, and nothing
else adds to them. The `lfg` profile imports it, and so does the legality query, whose
refusals dispatch through the same table. A new action's module goes into
`HANDLER_MODULES`.
"""
from __future__ import annotations

from game.engine import (abilities, allies, archery, crossbows, crushing, defense,
                         direct_minions, doors, equipment, handlers, healing, hiding, maneuvers,
                         mounted,
                         prepare_interrupt, selective, shield_bash, stances,
                         wrestling_forecast, wrestling_maneuvers)
from game.engine import passing, skill_actions, waking
from game.engine import smother, swallow
from game.engine.registry import COMMANDS, FORECASTS

#: every module that registers a command handler or a forecast of the default rules
HANDLER_MODULES = (
    handlers,               # Move, Step, Run, Charge, Retreat, Stand Up, Drop Prone, Attack,
                            # Power Attack, Aim, Fight Defensively, Coup de Grace, End Turn,
                            # ChooseNext, React, Leave Map, SetPolicy
    prepare_interrupt,      # Prepare to Interrupt
    selective,              # Defer, Ignore an Enemy
    defense,                # Active Parry, Active Dodge
    allies,                 # Protect, Trade Spaces
    direct_minions,         # Direct Minions
    abilities,              # Use Ability
    maneuvers,              # Knockout Strike, Off-Hand Attack
    archery,                # Volley
    stances,                # Take Cover, Lean Out
    equipment,              # Draw Weapon, Sheathe Weapon, Pick Up
    crossbows,              # Load Crossbow
    healing,                # First Aid
    wrestling_maneuvers,    # Grab, Trip, Shove, Pin, Escape
    wrestling_forecast,     # their forecasts, Shield Bash's and Crushing Advance's
    shield_bash,            # Shield Bash
    crushing,               # Crushing Advance
    doors,                  # Open Door, Close Door, Smash, Force Open
    hiding,                 # Hide, Spot
    skill_actions,          # Demoralize, Dirty Trick, Combat Feint, Insult
    waking,                 # Wake Up
    passing,                # Tumble, Overpower
    mounted,                # Mount, Dismount
    smother,                # Stop, Drop and Roll
    swallow,                # Swallow, Cut Free
)

__all__ = ["COMMANDS", "FORECASTS", "HANDLER_MODULES"]
