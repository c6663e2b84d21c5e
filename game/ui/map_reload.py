"""Hot reload in the game window: the map file and its tilesets are watched while a battle
runs on it, and a save in Tiled reloads it (game.engine.map_reload says what applies). The
outcome is shown as the HUD's message; when the units changed, F6 restarts the battle on the
new map.
"""
from __future__ import annotations

from pathlib import Path

from game.engine.map_reload import Reload, reload_map
from game.tiled.watch import FileWatcher
from game.ui import campaign_play
from game.ui import setup_model as S

RESTART_HINT = " (press F6 to restart this battle on the new map)"


def watcher_for(battle, interval: float = 0.5) -> FileWatcher | None:
    """A watcher of the battle's map file and of the tilesets it names (terrain lives in
    their tile properties)."""
    path = Path(battle.hexmap.path)
    if not path.is_file():
        return None
    return FileWatcher([path] + tileset_files(path), interval)


def tileset_files(path: Path) -> list[Path]:
    from game.tiled.xmlsafe import XmlError, parse_file
    try:
        root = parse_file(path)
    except XmlError:
        return []
    sources = [t.get("source") for t in root.findall("tileset") if t.get("source")]
    return [p for p in (path.parent / s for s in sources) if p.is_file()]


def on_map_saved(screen) -> Reload:
    """Reload the battle's map and show what happened; a new background when it applied
    (`screen`: the game.ui.battle_screen.BattleScreen)."""
    result = reload_map(screen.battle)
    if result.kind == "applied":
        # lazy, no cycle: the board brings pygame, which this module needs only here
        from game.ui.battle_board import HeatBoard, map_surface
        surface, origin = map_surface(screen.battle.hexmap)
        screen.board = HeatBoard(screen.battle, surface, origin)
        screen._apply_heat()
    screen.restart_map = result.hexmap if result.kind == "restart" else None
    if result.kind != "unchanged":
        screen.model.message = result.message + (RESTART_HINT if screen.restart_map else "")
    screen._dirty = True
    screen.hud_layer.invalidate()
    return result


def restart_on_new_map(app) -> None:
    """F6 after a change of the map's units: the same setup (in a campaign, the same
    company), a new battle on the new map."""
    hexmap, app.restart_map = app.restart_map, None
    if app.campaign is not None and app.campaign.phase == "battle":
        campaign_play.restart_stage(app, hexmap)
        return
    battle = S.start_battle(app.setup, hexmap=hexmap)
    app.start_battle(battle, difficulties=S.difficulties(app.setup.sides), setup=app.setup,
                     owned=True)
