"""The computer player against the conditions that act on their own
(docs/rules/11-hit-points-and-conditions.md "Conditions that act on their own"), and with
Swallow Whole (docs/rules/17-special-abilities.md "Pounce, Rake, Swallow Whole and poison").

A burning creature weighs Stop, Drop and Roll: the fire it would still take (1d6 a round for
the rounds left, 3 when nothing says) as a share of its hit points, times its own value, on
top of staying where it is (the roll takes the whole turn and leaves it prone). The legality
query gives the command; nothing here re-derives the rule. A swallower swallows what it holds
in its mouth (a share of the prey's value); a swallowed creature cuts at its way out. A
Terrified creature that must flee (game.engine.fear) takes the legal movement that ends
farthest from what it fears, worth a share of its own value per hex gained.
"""
from __future__ import annotations

from game.ai.options import Option
from game.engine import fear as engine_fear
from game.rules import fear

FIRE_AVERAGE = 3.5          # 1d6 a round
ROUNDS_UNKNOWN = 3          # a fire with no end given burns on: count three rounds
PRONE_COST = 0.05           # lying prone afterwards, as a share of its own value
SWALLOW_SHARE = 0.6         # a swallowed foe, as a share of its value (it is out of the fight)
CUT_SHARE = 0.5             # a cut toward freedom, as a share of the swallowed creature's own
FLEE_SHARE = 0.1            # a hex farther from its fear, as a share of its own value
FLEE_ACTIONS = ("move", "run", "retreat")


def burns_left(b, name: str) -> int:
    """The rounds of fire still to come (its expiry counts them when it has one)."""
    expiry = b.conditions(name).expires.get("ablaze")
    return expiry[2] if expiry else ROUNDS_UNKNOWN


def smother_options(planner, stay_value: float) -> list:
    """Stop, Drop and Roll when the legality query offers it."""
    me = planner.me
    commands = [o.command for o in planner.b.options(me.name, "stop_drop_roll")]
    if not commands:
        return []
    hp = max(1, me.hp)
    share = min(1.0, FIRE_AVERAGE * burns_left(planner.b, me.name) / hp)
    worth = planner.ctx.value(me)
    gain = worth * (share - PRONE_COST)
    return [Option("stop drop roll", stay_value + gain, commands[0],
                   {"fire_share": round(share, 3), "gain": round(gain, 3)})]


def swallow_options(planner, stay_value: float) -> list:
    """Swallow the creature held in the mouth: worth a share of the prey's value (it leaves
    the fight and is digested), when the legality query offers it."""
    out = []
    for o in planner.b.options(planner.me.name, "swallow"):
        prey = planner.view.unit(o.command.target)
        gain = SWALLOW_SHARE * planner.ctx.value(prey)
        out.append(Option("swallow", stay_value + gain, o.command, {"gain": round(gain, 3)}))
    return out


def cut_free_options(planner, stay_value: float) -> list:
    """Cut its way out of a belly: nothing else is left to a swallowed creature."""
    commands = [o.command for o in planner.b.options(planner.me.name, "cut_free")]
    gain = CUT_SHARE * planner.ctx.value(planner.me)
    return [Option("cut free", stay_value + gain, cmd, {"gain": round(gain, 3)})
            for cmd in commands[:1]]


def _end_hex(b, cmd):
    cell = cmd.path[-1] if hasattr(cmd, "path") else cmd.to
    return b.hexmap.hex_at(*cell)


def flee_options(planner, stay_value: float) -> list:
    """The farthest flights the legality query offers a creature that must flee its fear."""
    b, me = planner.b, planner.me
    if not engine_fear.must_flee(b, me):
        return []
    source = fear.feared(planner.view, me)
    now = fear.distance_at(me, source, me.anchor)
    flights = [(fear.distance_at(me, source, _end_hex(b, o.command)), n, o.command)
               for n, action in enumerate(FLEE_ACTIONS) for o in b.options(me.name, action)]
    flights.sort(key=lambda f: (-f[0], f[1]))
    worth = planner.ctx.value(me)
    return [Option("flee", stay_value + worth * FLEE_SHARE * (far - now), cmd,
                   {"from": source.name, "hexes": far - now}) for far, _, cmd in flights[:3]]


def affliction_options(planner, stay_value: float) -> list:
    """Every option of the active creature against its own afflictions, or a swallower's."""
    return (smother_options(planner, stay_value) + swallow_options(planner, stay_value)
            + cut_free_options(planner, stay_value) + flee_options(planner, stay_value))


__all__ = ["affliction_options"]
