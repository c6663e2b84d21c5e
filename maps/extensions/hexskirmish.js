/*
 * hexskirmish for Tiled (1.8 or newer): "Validate Map for hexskirmish" in the Map menu
 * (Ctrl+Shift+V) saves the current map, runs the game's `validate --json` on it and lists
 * every problem in Tiled's Issues panel (View > Views and Toolbars > Issues). Double-click a
 * problem to open its file; a problem of an object or a layer of the map selects it.
 * See docs/mapping.md "Tiled commands and extension".
 *
 * Tiled loads this file from the project's extensions folder. The copy the game writes into
 * your maps folder has the two lines below set to the interpreter and folder of the game
 * that wrote it; the shipped copy runs `python3` from the folder above the project (a
 * checkout's root).
 */

const PYTHON = "python3";
const GAME_FOLDER = "";

const EXTENSION_FILE = __filename;  // set while this file loads, not when the action runs

function gameFolder() {
    if (GAME_FOLDER)
        return GAME_FOLDER;
    // this file is PROJECT/extensions/hexskirmish.js: the project's parent folder
    return FileInfo.path(FileInfo.path(FileInfo.path(EXTENSION_FILE)));
}

function runValidate(mapFile) {
    const process = new Process();
    process.workingDirectory = gameFolder();
    process.setEnv("PYTHONIOENCODING", "utf-8");
    const status = process.exec(PYTHON, ["-m", "game", "validate", "--json", mapFile], false);
    const out = process.readStdOut();
    const err = process.readStdErr();
    process.close();
    if (status !== 0 && status !== 2) {
        tiled.error("hexskirmish: validate could not run (" + PYTHON + " -m game, exit " +
                    status + "): " + err.trim());
        return null;
    }
    try {
        return JSON.parse(out);
    } catch (e) {
        tiled.error("hexskirmish: validate gave no answer to read: " + (err || out).trim());
        return null;
    }
}

/* The layer or object a line of a .tmx file belongs to: the line itself, or the nearest line
   above that starts one (an object is left once its end tag is passed). */
function placeAt(file, line) {
    if (!file.toLowerCase().endsWith(".tmx") || typeof line !== "number")
        return null;
    let lines;
    try {
        const text = new TextFile(file, TextFile.ReadOnly);
        lines = text.readAll().split("\n");
        text.close();
    } catch (e) {
        return null;
    }
    let inObject = true;
    for (let i = Math.min(line, lines.length) - 1; i >= 0; --i) {
        const object = /<object\b[^>]*\bid="(\d+)"/.exec(lines[i]);
        if (object && inObject)
            return { object: Number(object[1]) };
        const layer = /<(layer|objectgroup|imagelayer|group)\b[^>]*\bid="(\d+)"/.exec(lines[i]);
        if (layer)
            return { layer: Number(layer[2]) };
        if (i < line - 1 && lines[i].indexOf("</object>") >= 0)
            inObject = false;
        if (/<map\b/.test(lines[i]))
            return null;
    }
    return null;
}

function findIn(layers, place) {
    for (const layer of layers) {
        if (place.layer !== undefined && layer.id === place.layer)
            return { layer: layer };
        if (layer.isObjectLayer && place.object !== undefined) {
            for (const object of layer.objects) {
                if (object.id === place.object)
                    return { layer: layer, object: object };
            }
        }
        if (layer.isGroupLayer) {
            const found = findIn(layer.layers, place);
            if (found)
                return found;
        }
    }
    return null;
}

function show(file, line) {
    const asset = tiled.open(file);
    if (!asset || !asset.isTileMap)
        return;
    const place = placeAt(file, line);
    const found = place ? findIn(asset.layers, place) : null;
    if (!found)
        return;
    asset.currentLayer = found.layer;
    if (found.object) {
        asset.selectedObjects = [found.object];
        const view = tiled.mapEditor.currentMapView;
        const at = asset.pixelToScreen(found.object.x, found.object.y);
        view.centerOn(at.x, at.y);
    }
}

function report(entry, severity) {
    const where = entry.file ? FileInfo.fileName(entry.file) + ":" + entry.line + ": " : "";
    const text = "hexskirmish: " + where + entry.message;
    const open = entry.file ? function () { show(entry.file, entry.line); } : undefined;
    if (severity === "error")
        tiled.error(text, open);
    else
        tiled.warn(text, open);
}

function validateCurrentMap() {
    const asset = tiled.activeAsset;
    if (!asset || !asset.isTileMap || !asset.fileName) {
        tiled.alert("Open a map saved as .tmx (or .tmj) first.", "hexskirmish");
        return;
    }
    if (asset.modified)
        tiled.trigger("Save");
    const answer = runValidate(asset.fileName);
    if (!answer)
        return;
    for (const map of answer.maps) {
        map.problems.forEach(function (p) { report(p, "error"); });
        map.warnings.forEach(function (w) { report(w, "warning"); });
        if (map.ok)
            tiled.log("hexskirmish: " + FileInfo.fileName(map.map) + ": ok (" + map.summary + ")");
        else
            tiled.log("hexskirmish: " + FileInfo.fileName(map.map) + ": " +
                      map.problems.length + " problem(s), listed in the Issues panel");
    }
}

const validateAction = tiled.registerAction("HexskirmishValidate", validateCurrentMap);
validateAction.text = "Validate Map for hexskirmish";
validateAction.shortcut = "Ctrl+Shift+V";

tiled.extendMenu("Map", [
    { separator: true },
    { action: "HexskirmishValidate" },
]);
