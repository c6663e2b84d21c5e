"""The battle must be the map Tiled shows (docs/mapping.md "Layers", "Units").

Each check here is a way a map could load without a word and give a battle that differs from
what the designer sees in Tiled; each gives (line, what is wrong, how to fix it):
- a hidden tile layer (its walls would block but are not drawn), a tile layer with an offset
  (the drawn wall and the blocking hex would differ);
- a unit that is hidden, itself or by its layer (it would fight unseen);
- a unit class written in another case (`Unit`: Tiled matches classes exactly, so the game
  would draw its token into the map and move a copy), an object with a unit's properties
  but no class (it would be left out);
- a map without units, or a team without any (the battle would be a draw at once).
"""
from __future__ import annotations

UNIT_CLASS = "unit"
TEMPLATE_FIX = "place units from the templates in maps/templates (docs/mapping.md \"Units\")"


def layer_problems(walked) -> list[tuple[int, str, str]]:
    """Tile layers that are hidden or offset; `walked`: loader.walk_layers' tuples."""
    out = []
    for elem, kind, visible, offset, _groups in walked:
        if kind != "tile":
            continue
        name, line = elem.get("name", ""), getattr(elem, "line", 1)
        if not visible:
            out.append((line, f"tile layer '{name}' is hidden in Tiled but its terrain would "
                        "count in battle", "make it visible (it or the group around it) or "
                        "delete it"))
        if offset != (0.0, 0.0):
            out.append((line, f"tile layer '{name}' is drawn shifted by {offset[0]:g},"
                        f"{offset[1]:g} px (its offset, or its group's), so its tiles would not "
                        "be on the hexes they block", "set the layer's Offset to 0,0 (and its "
                        "groups'); move tiles with the stamp instead"))
    return out


def object_problem(mo, layer_visible: bool) -> tuple[str, str] | None:
    """What is wrong with an object that is, or looks meant to be, a unit (or None)."""
    cls, name = mo.cls.strip(), mo.attrib.get("name") or f"object {mo.attrib.get('id', '?')}"
    if cls.lower() == UNIT_CLASS and cls != UNIT_CLASS:
        return (f"'{name}' has the class '{mo.cls}', not 'unit'", "write the class (Type in "
                "Tiled 1.8) as unit, in lower case: Tiled and the game match it exactly")
    if not cls and ("unit" in mo.props or "team" in mo.props):
        return (f"'{name}' has a unit's properties but no class, so it would be left out",
                f"set its class (Type in Tiled 1.8) to unit, or {TEMPLATE_FIX}")
    if cls == UNIT_CLASS and not layer_visible:
        return (f"unit '{name}' is on a hidden layer but would fight",
                "make the layer visible (and the groups around it) or delete the unit")
    if cls == UNIT_CLASS and mo.attrib.get("visible", "1") == "0":
        return (f"unit '{name}' is hidden in Tiled but would fight",
                "show it (the eye in the Objects panel) or delete it")
    return None


def side_problems(declared_teams, units) -> list[str]:
    """Sides that have nothing to fight with: messages with their fix."""
    if not units:
        return [f"the map has no units — {TEMPLATE_FIX}, at least one per team"]
    with_units = {u.team for u in units}
    missing = [t for t in (declared_teams or []) if t not in with_units]
    out = [f"team '{t}' (in the map property teams) has no units — place at least one unit "
           f"with team {t}, or remove {t} from teams" for t in missing]
    if not declared_teams and len(with_units) < 2:
        out.append(f"every unit is on team '{next(iter(with_units))}', so nobody fights — "
                   "give the other side's units their own team")
    return out
