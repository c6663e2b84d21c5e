"""The battle must be the map Tiled shows (docs/mapping.md "Layers", "Units").

Each check here is a way a map could load without a word and give a battle that differs from
what the designer sees in Tiled; each gives (line, what is wrong, how to fix it):
- a hidden tile layer (its walls would block but are not drawn), a tile layer with an offset
  (the drawn wall and the blocking hex would differ), a tile layer or a layer of units or
  respawn points with a parallax factor other than 1 (Tiled draws it sliding against the
  hexes as the view scrolls, so what stands where would depend on the view);
- a unit that is hidden, itself or by its layer (it would fight unseen), and the same for a
  respawn point (creatures would come back where the map shows nothing);
- a unit class written in another case (`Unit`: Tiled matches classes exactly, so the game
  would draw its token into the map and move a copy), an object with a unit's properties
  but no class (it would be left out); the same for the class `respawn`;
- a map without units, or a team without any (the battle would be a draw at once).
"""
from __future__ import annotations

UNIT_CLASS = "unit"
RESPAWN_CLASS = "respawn"     # game.tiled.profiles
BATTLE_CLASSES = (UNIT_CLASS, RESPAWN_CLASS)
TEMPLATE_FIX = "place units from the templates in maps/templates (docs/mapping.md \"Units\")"


def layer_problems(walked) -> list[tuple[int, str, str]]:
    """Tile layers that are hidden, offset or with parallax; `walked`: the loader's tuples
    (element, kind, visible, offset, parallax)."""
    out = []
    for elem, kind, visible, offset, parallax in walked:
        if kind != "tile":
            continue
        name, line = elem.get("name", ""), getattr(elem, "line", 1)
        if parallax != (1.0, 1.0):
            out.append((line, *parallax_problem("tile layer", name, parallax, "terrain")))
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


def parallax_problem(what: str, name: str, parallax, holds: str) -> tuple[str, str]:
    """(what is wrong, fix) for a layer of the battle with a Parallax Factor other than 1."""
    return (f"{what} '{name}' has the parallax factor {parallax[0]:g},{parallax[1]:g} (its "
            f"own, or its groups'): Tiled slides it against the hexes as the view scrolls, "
            f"so its {holds} would not stay on the hexes it is drawn on",
            "set the layer's Parallax Factor to 1,1 in Tiled (and its groups'); keep "
            "parallax for image layers and decoration")


def object_problem(mo, layer_visible: bool) -> tuple[str, str] | None:
    """What is wrong with an object that is, or looks meant to be, a unit or a respawn point
    (or None)."""
    cls, name = mo.cls.strip(), mo.attrib.get("name") or f"object {mo.attrib.get('id', '?')}"
    for exact in (UNIT_CLASS, RESPAWN_CLASS):
        if cls.lower() == exact and cls != exact:
            return (f"'{name}' has the class '{mo.cls}', not '{exact}'", "write the class (Type "
                    f"in Tiled 1.8) as {exact}, in lower case: Tiled and the game match it "
                    "exactly")
    if not cls and "unit" in mo.props:
        return (f"'{name}' has a unit's properties but no class, so it would be left out",
                f"set its class (Type in Tiled 1.8) to unit, or {TEMPLATE_FIX}")
    if not cls and "team" in mo.props:
        return (f"'{name}' has a team but no class, so it would be left out",
                "set its class (Type in Tiled 1.8) to unit (a creature) or respawn (where a "
                f"side comes back), or {TEMPLATE_FIX}")
    what = {UNIT_CLASS: ("unit", "would fight"),
            RESPAWN_CLASS: ("respawn point", "would bring creatures back")}.get(cls)
    if what and not layer_visible:
        return (f"{what[0]} '{name}' is on a hidden layer but {what[1]}",
                f"make the layer visible (and the groups around it) or delete the {what[0]}")
    if what and mo.attrib.get("visible", "1") == "0":
        return (f"{what[0]} '{name}' is hidden in Tiled but {what[1]}",
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
