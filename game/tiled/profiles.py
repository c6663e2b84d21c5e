"""What a map says for the rule profiles (docs/mapping.md "Rule profiles"; docs/rules/light/).

- The map property `rules` names the rulebook the battle plays: `lfg` (the default), `steller`
  or `light`. The map loader accepts all three; which ones a battle can play is the engine's
  business.
- The map property `lives` is how many lives each creature has (the light rules' K.O.: at 0
  HP a creature loses a life and comes back), default 3.
- Objects of class `respawn`, on any object layer, with a property `team`: where a creature
  of that team that was knocked out comes back. The hex of the object is found as for units.

Each check gives (line, what is wrong, how to fix it), like the rest of the map loader.
"""
from __future__ import annotations

import difflib

from game.data.light import load_light_units
from game.data.model import DataError
from game.data.steller import load_steller_units

from game.tiled.hexmap import RULE_PROFILES, HexMap, RespawnPoint
from game.tiled.shown import RESPAWN_CLASS

RESPAWN_PROPERTIES = ("team",)     # besides `notes` and `editor_...`, which the game ignores
#: the rulebooks whose creatures need a stat block of their own on a map that plays them
STAT_BLOCK_RULES = ("light", "steller")
LOADERS = {"light": load_light_units, "steller": load_steller_units}


def respawn_label(mo) -> str:
    name = mo.attrib.get("name", "")
    return f"respawn point '{name}'" if name else \
        f"respawn object {mo.attrib.get('id', '?')}"


def respawn_property_problems(mo, is_editor_only) -> list[tuple[int, str, str]]:
    """A respawn object without a team, or with a property the game does not know."""
    label, out = respawn_label(mo), []
    team = mo.props.get("team")
    if team is None or not team.value.strip():
        out.append((mo.line, f"{label} has no 'team' property", "add a string property team: "
                    "the side whose creatures come back here (e.g. blue)"))
    for name, p in mo.props.items():
        if name not in RESPAWN_PROPERTIES and not is_editor_only(name):
            close = difflib.get_close_matches(name, RESPAWN_PROPERTIES, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            out.append((p.line, f"{label}: unknown property '{name}'",
                        f"{hint}a respawn point has only team (and notes, editor_...)"))
    return out


def respawn_problems(hexmap: HexMap, respawns, units, need_units: bool = True
                     ) -> list[tuple[int, str, str]]:
    """Respawn points for a team without units (unless not `need_units`: a map looked at for
    its terrain only), off the map, or on a hex nobody may stand on."""
    teams = list(dict.fromkeys(u.team for u in units))
    out = []
    for r in respawns:
        label = f"respawn point '{r.name}'" if r.name else f"respawn object {r.object_id}"
        if need_units and r.team not in teams:
            close = difflib.get_close_matches(r.team, teams, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            out.append((r.line, f"{label} is for team '{r.team}', which has no unit on this "
                        "map", f"{hint}set team to the side of some units: {', '.join(teams)}"
                        if teams else "place the team's units first"))
        if not hexmap.in_bounds(r.col, r.row):
            out.append((r.line, f"{label} is outside the map (at {r.col},{r.row}; the map is "
                        f"{hexmap.width}x{hexmap.height})", "move it onto the map"))
            continue
        t = hexmap.terrain[r.row * hexmap.width + r.col] if hexmap.terrain else None
        if t is not None and (t.impassable or t.obstacle == "wall"):
            what = "a wall" if t.obstacle == "wall" else "impassable terrain"
            out.append((r.line, f"{label} is on {what} at {r.col},{r.row}"
                        f"{f' ({t.name})' if t.name else ''}: nobody could come back there",
                        "move it to a free, passable hex near its side's start"))
    return out


def kind_problems(units, db, rules: str) -> list[tuple[int, str, str]]:
    """On a map with rules = light or steller, every creature needs a stat block of that
    rulebook (`assets/units/<rules>/<kind>.toml`)."""
    out = []
    for u in units:
        if u.unit not in db:
            out.append((u.line, f"unit '{u.name}': creature kind '{u.unit}' has no {rules} "
                        f"stat block, and the map plays the {rules} rules (rules = {rules})",
                        f"add assets/units/{rules}/{u.unit}.toml, or use a kind that has one"))
    return out


def load_profile_db(rules: str, report) -> dict | None:
    """The stat blocks of rulebook `rules` (light or steller), or None after reporting their
    first problem as one map problem (`report(line, what, fix, path)`)."""
    try:
        return LOADERS[rules]()
    except DataError as err:
        where = str(err.where)
        place = "" if where.isdigit() or where in ("", "-") else f"{where}: "
        report(int(where) if where.isdigit() else 1, f"cannot load the {rules} stat blocks: "
               f"{place}{err.message}", err.fix or f"fix assets/units/{rules}/*.toml", err.path)
        return None


__all__ = ["RESPAWN_CLASS", "RULE_PROFILES", "STAT_BLOCK_RULES", "RespawnPoint",
           "kind_problems", "load_profile_db", "respawn_label", "respawn_problems",
           "respawn_property_problems"]
